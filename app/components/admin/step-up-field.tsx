import { ShieldCheck } from "lucide-react";
import { Link, useRouteLoaderData } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { STEP_UP_FIELD, STEP_UP_MINUTES, stepUpPath } from "~/domain/step-up";
import { type MessageKey, useT } from "~/i18n/i18n";

/*
 * Step-up in the admin's forms (issue 52 item 3, decision 058). A guarded form (an escrow
 * account, a payment's confirmation, an identity decision, an agreement, an adviser's access)
 * carries a code field while the session's second factor is stale: the code goes with the
 * form, so nothing typed is lost, and the write runs once it is proved. A control that cannot
 * carry one (the role list, a download) links to the step-up page instead. The root loader
 * says whether the step-up is fresh; the services refuse a stale one whatever the page shows.
 */

/** Whether this session proved a second factor in the last five minutes (the root loader's word). */
export function useStepUpFresh(): boolean {
  const viewer = (useRouteLoaderData("root") as { viewer?: { stepUpFresh?: boolean } | null } | undefined)?.viewer;
  return viewer?.stepUpFresh === true;
}

/**
 * The code field of a guarded form: shown while the step-up is stale, or when the form's
 * answer asked for a code (`errors`); nothing once it is fresh. `id` must be unique on the page.
 */
export function StepUpField({ id, errors }: { id: string; errors?: string[] }) {
  const fresh = useStepUpFresh();
  if (fresh && !errors?.length) return null;
  return (
    <div className="max-w-sm rounded-lg border border-primary/30 bg-primary/5 p-3" data-testid="step-up-field">
      <StepUpCodeField id={id} errors={errors} />
    </div>
  );
}

/** The code's label, input, hint and message (the step-up page shows it on its own). */
export function StepUpCodeField({ id, errors }: { id: string; errors?: string[] }) {
  const t = useT();
  const described = `${id}-hint${errors?.length ? ` ${id}-error` : ""}`;
  return (
    <Field id={id} label={t("admin.stepUp.label")} errors={errors} hint={t("admin.stepUp.hint", { minutes: STEP_UP_MINUTES })}>
      <Input
        id={id}
        name={STEP_UP_FIELD}
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        placeholder="123456"
        dir="ltr"
        className="max-w-48 font-mono tracking-widest"
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={described}
      />
    </Field>
  );
}

/**
 * For controls that cannot carry a code (the Users list's role menus): while the step-up is
 * stale, a note that sends the admin to prove one and brings them back to `back`.
 */
export function StepUpNotice({ back, message }: { back: string; message: MessageKey }) {
  const t = useT();
  if (useStepUpFresh()) return null;
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-lg border border-primary/30 bg-primary/5 p-3 text-sm" data-testid="step-up-notice">
      <ShieldCheck className="size-4 shrink-0 text-primary" aria-hidden="true" />
      <p className="min-w-0 flex-1">{t(message)}</p>
      <Link to={stepUpPath(back)} className={buttonVariants({ size: "sm", variant: "outline" })}>
        {t("admin.stepUp.confirm")}
      </Link>
    </div>
  );
}
