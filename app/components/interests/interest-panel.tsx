import { opportunityPath } from "~/domain/site-map";
import { CheckCircle2, LoaderCircle } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { InterestStatusBadge } from "~/components/interests/interest-status-badge";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import type { FieldErrors } from "~/domain/action-result";
import { formatUsd } from "~/domain/format";
import { INTEREST_LIMITS, INTEREST_MESSAGES, WITHDRAWABLE_STATUSES, type InterestPanel as Panel } from "~/domain/interests";
import { useT } from "~/i18n/i18n";

/** What the opportunity page's action answers about an interest: its messages already in the page's language. */
export type InterestActionData = { ok: true; message: string } | { ok: false; message: string; fieldErrors?: FieldErrors; values?: Record<string, string> };

/**
 * "Register your interest" on an opportunity's page (issue 15): for a visitor, the way to
 * sign in; for an investor, their interest as it stands (and withdrawing it), or the form,
 * with how many of this month's expressions of interest they have left. A plain form: it
 * works before (and without) JavaScript, and the server checks everything.
 */
export function InterestPanel({
  panel,
  opportunitySlug,
  opportunityTitle,
  actionData,
}: {
  panel: Panel;
  opportunitySlug: string;
  opportunityTitle: string;
  actionData?: InterestActionData;
}) {
  const t = useT();
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const failed = actionData && !actionData.ok ? actionData : undefined;
  const amountRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (failed?.fieldErrors) amountRef.current?.form?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [failed]);

  if (!panel.signedIn) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-foreground/85">{t("opportunities.interest.signedOutText")}</p>
        <Button asChild className="w-full">
          <Link to={`/auth?redirectTo=${encodeURIComponent(opportunityPath(opportunitySlug))}`}>{t("opportunities.interest.signIn")}</Link>
        </Button>
      </div>
    );
  }

  if (panel.current) {
    const c = panel.current;
    return (
      <div className="space-y-3" data-testid="current-interest">
        <p className="flex items-center gap-2 font-medium">
          <CheckCircle2 className="size-5 text-success" aria-hidden="true" /> {t("opportunities.interest.current")}
        </p>
        <p className="text-sm">
          {c.units ? t("opportunities.interest.amountUnits", { amount: formatUsd(c.amountUsd), count: c.units }) : formatUsd(c.amountUsd)}{" "}
          <InterestStatusBadge status={c.status} withdrawn={false} />
        </p>
        {actionData?.ok ? (
          <p role="status" className="text-sm text-success">
            {actionData.message}
          </p>
        ) : null}
        {WITHDRAWABLE_STATUSES.includes(c.status) ? (
          <Form method="post">
            <input type="hidden" name="intent" value="interest-withdraw" />
            <input type="hidden" name="interestId" value={c.id} />
            <Button type="submit" variant="outline" size="sm" disabled={sending === "interest-withdraw"} aria-label={t("opportunities.interest.withdrawLabel", { title: opportunityTitle })}>
              {sending === "interest-withdraw" ? <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
              {sending === "interest-withdraw" ? t("opportunities.interest.withdrawing") : t("opportunities.interest.withdraw")}
            </Button>
          </Form>
        ) : null}
        <Link to="/dashboard/interests" className="block text-sm font-medium text-primary underline-offset-4 hover:underline">
          {t("opportunities.interest.all")}
        </Link>
      </div>
    );
  }

  const left = panel.limit === null ? null : Math.max(0, panel.limit - panel.usedThisMonth);
  if (left === 0) {
    return (
      <div className="space-y-3" data-testid="interest-limit">
        <p role="status" className="text-sm text-foreground/85">
          {t(INTEREST_MESSAGES.limitReached, { limit: panel.limit ?? 0 })}
        </p>
        <Button asChild variant="outline" className="w-full">
          <Link to="/pricing">{t("opportunities.interest.comparePlans")}</Link>
        </Button>
      </div>
    );
  }

  const values = failed?.values ?? {};
  const errors = failed?.fieldErrors ?? {};
  const invalid = (name: string) => (errors[name]?.length ? { "aria-invalid": true, "aria-describedby": `interest-${name}-error` } : {});
  const amountInvalid = invalid("amountUsd");
  const unitsInvalid = invalid("units");
  const noteInvalid = invalid("note");
  return (
    <Form method="post" className="space-y-4" aria-label={t("opportunities.interest.formLabel", { title: opportunityTitle })}>
      <input type="hidden" name="intent" value="interest-register" />
      {actionData?.ok ? (
        // The interest just withdrawn: said here, where the form is back.
        <p role="status" className="text-sm text-success">
          {actionData.message}
        </p>
      ) : null}
      <p className="text-sm text-muted-foreground">
        {left === null ? t("opportunities.interest.unlimited") : t("opportunities.interest.left", { left, limit: panel.limit ?? 0 })}{" "}
        {t("opportunities.interest.notAnOffer")}
      </p>
      {failed && !failed.fieldErrors ? (
        <p role="alert" className="text-sm text-destructive">
          {failed.message}
        </p>
      ) : null}
      <Field id="interest-amountUsd" label={t("opportunities.interest.amountLabel")} errors={errors.amountUsd}>
        <Input
          ref={amountRef}
          id="interest-amountUsd"
          name="amountUsd"
          inputMode="decimal"
          required
          defaultValue={values.amountUsd ?? ""}
          placeholder={t("opportunities.interest.amountPlaceholder")}
          autoComplete="off"
          {...amountInvalid}
        />
      </Field>
      <Field id="interest-units" label={t("opportunities.interest.unitsLabel")} errors={errors.units}>
        <Input id="interest-units" name="units" inputMode="numeric" defaultValue={values.units ?? ""} autoComplete="off" {...unitsInvalid} />
      </Field>
      <Field id="interest-note" label={t("opportunities.interest.noteLabel")} errors={errors.note}>
        <Textarea id="interest-note" name="note" rows={3} maxLength={INTEREST_LIMITS.note} defaultValue={values.note ?? ""} {...noteInvalid} />
      </Field>
      <Button type="submit" className="w-full" disabled={sending === "interest-register"}>
        {sending === "interest-register" ? <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
        {sending === "interest-register" ? t("opportunities.interest.registering") : t("opportunities.interest.register")}
      </Button>
    </Form>
  );
}
