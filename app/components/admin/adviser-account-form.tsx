import { KeyRound, ShieldAlert, ShieldCheck } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { ADVISER_ACCOUNT_MESSAGES, ADVISER_INVITE_DAYS } from "~/domain/adviser-accounts";
import type { AdminAdviser } from "~/domain/advisers";
import { useT } from "~/i18n/i18n";
import { useWrite } from "./use-write";
import { StepUpField } from "./step-up-field";
import { STEP_UP_FIELD } from "~/domain/step-up";

/**
 * An adviser's own sign-in (issue 37), below their profile when an admin edits one: the
 * address to invite them at, or the account they have (invited or active, with its
 * two-factor sign-in) with "send again" while invited and "remove access".
 */
export function AdviserAccountForm({ adviser }: { adviser: AdminAdviser }) {
  const t = useT();
  const invite = useWrite("adviser-invite", () => t(ADVISER_ACCOUNT_MESSAGES.invited, { days: ADVISER_INVITE_DAYS }));
  const remove = useWrite("adviser-access-remove", () => t(ADVISER_ACCOUNT_MESSAGES.removed));
  const own = adviser.account;
  return (
    <section id="adviser-account" aria-labelledby="adviser-account-heading" className="scroll-mt-24 space-y-4 rounded-xl border bg-card p-5 shadow-sm sm:p-8">
      <h2 id="adviser-account-heading" className="flex items-center gap-2 font-serif text-2xl font-semibold">
        <KeyRound className="size-5" aria-hidden="true" /> {t("team.admin.account.title", { name: adviser.name })}
      </h2>
      <p className="text-sm text-muted-foreground">{t("team.admin.account.lead")}</p>
      {own ? (
        <div className="space-y-3 rounded-lg border p-4 text-sm" data-testid="adviser-account">
          <p>{t(own.state === "active" ? "team.admin.account.stateActive" : "team.admin.account.stateInvited", { email: `\u2068${own.email}\u2069` })}</p>
          {own.state === "active" ? (
            <p className="flex items-center gap-2">
              {own.twoFactor ? <ShieldCheck className="size-4 text-success" aria-hidden="true" /> : <ShieldAlert className="size-4 text-destructive" aria-hidden="true" />}
              {t(own.twoFactor ? "team.admin.account.twoFactorOn" : "team.admin.account.twoFactorOff")}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            {own.state === "invited" ? (
              <invite.fetcher.Form method="post" className="space-y-2">
                {invite.hidden}
                {invite.notice}
                <input type="hidden" name="id" value={adviser.id} />
                <input type="hidden" name="email" value={own.email} />
                <StepUpField id="adviser-resend-code" errors={invite.errors(STEP_UP_FIELD)} />
                <Button type="submit" variant="outline" size="sm" disabled={invite.busy}>
                  {t("team.admin.account.resend")}
                </Button>
              </invite.fetcher.Form>
            ) : null}
            <remove.fetcher.Form method="post" className="space-y-2">
              {remove.hidden}
              {remove.notice}
              <input type="hidden" name="id" value={adviser.id} />
              <StepUpField id="adviser-remove-code" errors={remove.errors(STEP_UP_FIELD)} />
              <Button type="submit" variant="outline" size="sm" disabled={remove.busy}>
                {t("team.admin.account.remove")}
              </Button>
            </remove.fetcher.Form>
          </div>
        </div>
      ) : (
        <invite.fetcher.Form method="post" className="space-y-3" noValidate>
          {invite.hidden}
          {invite.notice}
          <input type="hidden" name="id" value={adviser.id} />
          <Field id="adviser-account-email" label={t("team.admin.account.email")} errors={invite.errors("email")}>
            <Input id="adviser-account-email" name="email" type="email" dir="ltr" autoComplete="off" defaultValue={invite.value("email", "")} required />
          </Field>
          <StepUpField id="adviser-invite-code" errors={invite.errors(STEP_UP_FIELD)} />
          <Button type="submit" disabled={invite.busy}>
            {t("team.admin.account.invite")}
          </Button>
        </invite.fetcher.Form>
      )}
    </section>
  );
}
