import type { Submission } from "@conform-to/react";
import { useSearchParams } from "react-router";
import { TwoFactorCard } from "~/components/account/two-factor-card";
import { EmailCard, PasswordCard, SessionsCard, SignInMethodsCard } from "~/components/account/security-cards";
import type { SecurityActionResult } from "~/components/account/use-security-form";
import {
  changeEmailSchemaFor,
  changePasswordSchema,
  emailChangeCodeSchema,
  confirmTwoFactorSchema,
  disableTwoFactorSchema,
  enableTwoFactorSchema,
  SECURITY_MESSAGES,
} from "~/domain/account-security";
import { brand } from "~/domain/brand";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import type { FlashToast } from "~/domain/toast";
import { type I18nHandle, type MessageKey, translator, useT } from "~/i18n/i18n";
import { directionOf } from "~/i18n/locales";
import { withCatalogues } from "~/i18n/route-catalogues";
import { answerFormPage } from "~/server/http/form-page.server";
import { actorOf, requireViewer } from "~/server/security/session.server";
import {
  changePassword,
  confirmTwoFactorEnrolment,
  loadSecurityOverview,
  redrawTwoFactorEnrolment,
  signOutOtherSessions,
  startTwoFactorEnrolment,
  turnOffTwoFactor,
} from "~/server/services/account-security.server";
import { emailChangeProofFor, requestEmailChange, sendEmailChangeCode } from "~/server/services/email-change.server";
import type { Route } from "./+types/account.security";

/**
 * The page's words; a new password and a new address follow the sign-up rules, whose
 * messages are the auth catalogue's, as are the password fields' show and hide buttons.
 * The sessions list says its dates in words.
 */
export const handle = { catalogues: ["account", "auth"], dates: true } satisfies I18nHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

/** /account/security (issue 13): two-factor sign-in, password, e-mail, sign-in methods, sessions. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  const overview = await loadSecurityOverview(context, actorOf(viewer), { currentSessionId: viewer.sessionId });
  return { overview, timeZone: context.config.firmTimeZone };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context);
  const actor = actorOf(viewer);
  const t = translator(context.locale);
  const failed = (description: string): FlashToast => ({ type: "error", title: t("account.security.toast.notSaved"), description });
  const saved = (title: MessageKey, description: MessageKey, values?: Record<string, string | number>): FlashToast => ({
    type: "success",
    title: t(title),
    description: t(description, values),
  });
  // A refused first code shows the setup's key again.
  let redrawn: Pick<SecurityActionResult, "enrolment"> = {};
  // A refusal comes back on the form, its passwords and code cleared.
  const refused = (message: string, _error: unknown, submission: Submission<unknown> | undefined): SecurityActionResult => ({
    ...redrawn,
    toast: failed(message),
    result: submission?.reply({ formErrors: [message], hideFields: ["password", "currentPassword", "newPassword", "confirmPassword", "code"] }),
  });
  return answerFormPage(request, context, { failure: SECURITY_MESSAGES.failed, refused }, async ({ form, intent, parse, invalid, answered }) => {
    switch (intent) {
      case "two-factor-enable": {
        const s = parse(enableTwoFactorSchema);
        if (s.status !== "success") return invalid();
        const enrolment = await startTwoFactorEnrolment(context, actor, s.value);
        return answered({ enrolment, result: s.reply({ resetForm: true }) });
      }
      case "two-factor-confirm": {
        const s = parse(confirmTwoFactorSchema);
        const enrolment = await redrawTwoFactorEnrolment(context, actor, { key: String(form.get("key") ?? "") });
        if (enrolment) redrawn = { enrolment };
        if (s.status !== "success") return invalid(redrawn);
        const { headers, backupCodes } = await confirmTwoFactorEnrolment(context, actor, s.value);
        return answered({ backupCodes, toast: saved("account.security.toast.twoFactorOnTitle", "account.security.toast.twoFactorOnDescription") }, { headers });
      }
      case "two-factor-disable": {
        const s = parse(disableTwoFactorSchema);
        if (s.status !== "success") return invalid();
        const headers = await turnOffTwoFactor(context, actor, s.value);
        return answered({ toast: saved("account.security.toast.twoFactorOffTitle", "account.security.toast.twoFactorOffDescription") }, { headers });
      }
      case "change-password": {
        const s = parse(changePasswordSchema);
        if (s.status !== "success") return invalid();
        const headers = await changePassword(context, actor, s.value);
        return answered(
          { result: s.reply({ resetForm: true }), toast: saved("account.security.toast.passwordChangedTitle", "account.security.toast.passwordChangedDescription") },
          { headers },
        );
      }
      case "email-change-code": {
        const s = parse(emailChangeCodeSchema);
        if (s.status !== "success") return invalid();
        const { sentTo } = await sendEmailChangeCode(context, actor);
        return answered({
          toast: saved("account.security.toast.codeSentTitle", "account.security.toast.codeSentDescription", {
            email: directionOf(context.locale) === "rtl" ? `\u2066${sentTo}\u2069` : sentTo,
          }),
        });
      }
      case "change-email": {
        // The account's own way of proving the change (issue 52, item 1): the password (and a
        // second-factor code), or a code mailed to the current address; a cookie alone never.
        const s = parse(changeEmailSchemaFor(await emailChangeProofFor(context, actor)));
        if (s.status !== "success") return invalid();
        await requestEmailChange(context, actor, s.value);
        return answered({
          result: s.reply({ resetForm: true }),
          // The address kept left to right inside right-to-left words (an isolate).
          toast: saved("account.security.toast.emailSentTitle", "account.security.toast.emailSentDescription", {
            email: directionOf(context.locale) === "rtl" ? `\u2066${s.value.newEmail}\u2069` : s.value.newEmail,
          }),
        });
      }
      case "sign-out-others": {
        const ended = await signOutOtherSessions(context, actor, { currentSessionId: viewer.sessionId });
        return answered({
          toast: saved("account.security.toast.signedOutTitle", "account.security.toast.signedOutDescription", { count: ended }),
        });
      }
      default:
        return answered({ toast: failed(t("account.security.toast.unknownAction")) }, { status: 400 });
    }
  });
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, { title: t("account.security.metaTitle", { brand: brand.name }), noindex: true });
}

export default function AccountSecurity({ loaderData }: Route.ComponentProps) {
  const { overview, timeZone } = loaderData;
  const [searchParams] = useSearchParams();
  const t = useT();
  // better-auth adds `error` to the link's way back when it refused the link itself.
  const emailParam = searchParams.get("email");
  const emailNotice = emailParam === "changed" && searchParams.has("error") ? "link-failed" : emailParam;
  return (
    <>
      {emailNotice === "changed" && (
        <p role="status" className="rounded-md border border-success/50 bg-success/10 p-3 text-sm">
          {t("account.security.emailChanged", { email: overview.email })}
        </p>
      )}
      {emailNotice === "link-expired" || emailNotice === "link-failed" ? (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm">
          {t(emailNotice === "link-expired" ? "account.security.email.linkExpired" : "account.security.email.linkFailed")}
        </p>
      ) : null}
      <TwoFactorCard overview={overview} required={searchParams.get("required") === "two-factor"} />
      <PasswordCard hasPassword={overview.hasPassword} />
      <EmailCard email={overview.email} proof={overview.emailChangeProof} />
      <SignInMethodsCard methods={overview.methods} />
      <SessionsCard sessions={overview.sessions} timeZone={timeZone} />
    </>
  );
}
