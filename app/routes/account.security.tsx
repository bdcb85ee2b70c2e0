import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, useSearchParams } from "react-router";
import type { z } from "zod";
import { TwoFactorCard } from "~/components/account/two-factor-card";
import { EmailCard, PasswordCard, SessionsCard, SignInMethodsCard } from "~/components/account/security-cards";
import type { SecurityActionResult } from "~/components/account/use-security-form";
import {
  changeEmailSchema,
  changePasswordSchema,
  confirmTwoFactorSchema,
  disableTwoFactorSchema,
  enableTwoFactorSchema,
  SECURITY_MESSAGES,
} from "~/domain/account-security";
import { brand } from "~/domain/brand";
import { routeMeta } from "~/domain/seo";
import type { FlashToast } from "~/domain/toast";
import { answer, readForm } from "~/server/http/answer.server";
import { actorOf, requireViewer } from "~/server/security/session.server";
import {
  changePassword,
  confirmTwoFactorEnrolment,
  loadSecurityOverview,
  requestEmailChange,
  signOutOtherSessions,
  startTwoFactorEnrolment,
  turnOffTwoFactor,
} from "~/server/services/account-security.server";
import type { Route } from "./+types/account.security";

/** /account/security (issue 13): two-factor sign-in, password, e-mail, sign-in methods, sessions. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  const overview = await loadSecurityOverview(context, actorOf(viewer), { currentSessionId: viewer.sessionId });
  return { overview, timeZone: context.config.firmTimeZone };
}

const failed = (description: string): FlashToast => ({ type: "error", title: "Not saved", description });
const saved = (title: string, description: string): FlashToast => ({ type: "success", title, description });

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context);
  const actor = actorOf(viewer);
  // The form being answered, so a refusal comes back on its fields (passwords cleared).
  let submission: { reply: Submission<unknown>["reply"] } | undefined;
  const reply = (message: string): SecurityActionResult => ({
    toast: failed(message),
    result: submission?.reply({ formErrors: [message], hideFields: ["password", "currentPassword", "newPassword", "confirmPassword", "code"] }),
  });
  return answer(context, { failure: SECURITY_MESSAGES.failed, reply }, async () => {
    const form = await readForm(request);
    const parse = <S extends z.ZodType>(schema: S) => {
      const parsed = parseWithZod(form, { schema });
      submission = parsed;
      return parsed;
    };
    const invalid = () => data<SecurityActionResult>({ result: submission!.reply() }, { status: 400 });

    switch (form.get("intent")) {
      case "two-factor-enable": {
        const s = parse(enableTwoFactorSchema);
        if (s.status !== "success") return invalid();
        const enrolment = await startTwoFactorEnrolment(context, actor, s.value);
        return data<SecurityActionResult>({ enrolment, result: s.reply({ resetForm: true }) });
      }
      case "two-factor-confirm": {
        const s = parse(confirmTwoFactorSchema);
        if (s.status !== "success") return invalid();
        const { headers, backupCodes } = await confirmTwoFactorEnrolment(context, actor, s.value);
        return data<SecurityActionResult>(
          { backupCodes, toast: saved("Two-factor sign-in is on", "Signing in now also asks for a code from your app.") },
          { headers },
        );
      }
      case "two-factor-disable": {
        const s = parse(disableTwoFactorSchema);
        if (s.status !== "success") return invalid();
        const headers = await turnOffTwoFactor(context, actor, s.value);
        return data<SecurityActionResult>({ toast: saved("Two-factor sign-in is off", "Signing in now needs only your password.") }, { headers });
      }
      case "change-password": {
        const s = parse(changePasswordSchema);
        if (s.status !== "success") return invalid();
        const headers = await changePassword(context, actor, s.value);
        return data<SecurityActionResult>(
          { result: s.reply({ resetForm: true }), toast: saved("Password changed", "You have been signed out on every other device.") },
          { headers },
        );
      }
      case "change-email": {
        const s = parse(changeEmailSchema);
        if (s.status !== "success") return invalid();
        await requestEmailChange(context, actor, s.value);
        return data<SecurityActionResult>({
          result: s.reply({ resetForm: true }),
          toast: saved("Confirmation sent", `Open the link we sent to ${s.value.newEmail} to finish the change.`),
        });
      }
      case "sign-out-others": {
        const ended = await signOutOtherSessions(context, actor, { currentSessionId: viewer.sessionId });
        return data<SecurityActionResult>({
          toast: saved("Signed out elsewhere", ended === 1 ? "1 other session was ended." : `${ended} other sessions were ended.`),
        });
      }
      default:
        return data<SecurityActionResult>({ toast: failed("Unknown action") }, { status: 400 });
    }
  });
}

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, { title: `Sign-in & security | ${brand.name}`, noindex: true });
}

export default function AccountSecurity({ loaderData }: Route.ComponentProps) {
  const { overview, timeZone } = loaderData;
  const [searchParams] = useSearchParams();
  return (
    <>
      {searchParams.get("email") === "changed" && (
        <p role="status" className="rounded-md border border-success/50 bg-success/10 p-3 text-sm">
          Your e-mail address is now {overview.email}.
        </p>
      )}
      <TwoFactorCard overview={overview} required={searchParams.get("required") === "two-factor"} />
      <PasswordCard hasPassword={overview.hasPassword} />
      <EmailCard email={overview.email} />
      <SignInMethodsCard methods={overview.methods} />
      <SessionsCard sessions={overview.sessions} timeZone={timeZone} />
    </>
  );
}
