import { getFormProps, getInputProps } from "@conform-to/react";
import { TZDate } from "@date-fns/tz";
import { format, type Locale as DateFnsLocale } from "date-fns";
import { Check, Mail, Minus } from "lucide-react";
import { Link } from "react-router";
import { PasswordInput } from "~/components/auth/password-input";
import { AnswerNotice, FormKey } from "~/components/forms/form-answer";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import {
  changeEmailSchemaFor,
  changePasswordSchema,
  EMAIL_CHANGE_CODE_MINUTES,
  emailChangeCodeSchema,
  type EmailChangeProof,
  SIGN_IN_METHOD_LABELS,
  SIGN_IN_METHODS,
  signOutOthersSchema,
  type SecurityOverview,
} from "~/domain/account-security";
import { translateDeviceLabel } from "~/domain/devices";
import { useDateLocale } from "~/i18n/date-locales";
import { datePattern } from "~/i18n/date-patterns";
import { type MessageKey, useT } from "~/i18n/i18n";
import { RichText, standIns } from "~/i18n/rich-text";
import { passwordProps, useSecurityForm } from "./use-security-form";

/** The inputs' types, for Conform's `getInputProps`. */
const EMAIL = { type: "email" } as const;
const TEXT = { type: "text" } as const;

export function PasswordCard({ hasPassword }: { hasPassword: boolean }) {
  const change = useSecurityForm("change-password", changePasswordSchema);
  const { fields } = change;
  const t = useT();
  return (
    <Card aria-labelledby="password-title">
      <CardHeader>
        <CardTitle id="password-title" className="text-xl">
          {t("account.security.password.title")}
        </CardTitle>
        <CardDescription>
          {hasPassword ? t("account.security.password.description") : t("account.security.password.noPassword")}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {hasPassword ? (
          <change.fetcher.Form method="post" {...getFormProps(change.form)} className="max-w-sm space-y-3">
            <input type="hidden" name="intent" value="change-password" />
            <FormKey name="change-password" />
            <AnswerNotice toast={change.posted?.toast} />
            <Field id={fields.currentPassword!.id} label={t("account.security.password.current")} errors={fields.currentPassword!.errors}>
              <PasswordInput {...passwordProps(fields.currentPassword!)} autoComplete="current-password" />
            </Field>
            <Field id={fields.newPassword!.id} label={t("account.security.password.new")} errors={fields.newPassword!.errors}>
              <PasswordInput {...passwordProps(fields.newPassword!)} autoComplete="new-password" />
            </Field>
            <Field id={fields.confirmPassword!.id} label={t("account.security.password.repeat")} errors={fields.confirmPassword!.errors}>
              <PasswordInput {...passwordProps(fields.confirmPassword!)} autoComplete="new-password" />
            </Field>
            <Button type="submit" disabled={change.busy}>
              {change.busy ? t("account.security.saving") : t("account.security.password.submit")}
            </Button>
          </change.fetcher.Form>
        ) : (
          <p className="text-sm">
            <RichText
              message={t("account.security.password.addOne", standIns("link"))}
              elements={{
                link: (
                  <Link to="/auth/forgot-password" className="font-medium text-primary hover:underline">
                    {t("account.security.password.forgotLink")}
                  </Link>
                ),
              }}
            />
          </p>
        )}
      </CardContent>
    </Card>
  );
}

/** The hint under the e-mail card's title: how this account proves a change of address. */
const PROOF_HINTS = {
  password: "account.security.email.proofPassword",
  "password-and-code": "account.security.email.proofPasswordAndCode",
  "mailed-code": "account.security.email.proofMailedCode",
} as const satisfies Record<EmailChangeProof, MessageKey>;

/**
 * The e-mail address (issue 13; issue 52, item 1): a new address needs the password (and a
 * code from the authenticator app where two-factor sign-in is on), or, on an account without
 * a password, a code e-mailed to the current address first (its own small form). Both are
 * plain forms that post without scripts.
 */
export function EmailCard({ email, proof }: { email: string; proof: EmailChangeProof }) {
  const change = useSecurityForm("change-email", changeEmailSchemaFor(proof));
  const sendCode = useSecurityForm("email-change-code", emailChangeCodeSchema);
  const sent = !change.busy && change.answer?.toast?.type === "success";
  const codeSent = !sendCode.busy && sendCode.answer?.toast?.type === "success";
  const fields = change.fields as Record<"newEmail" | "password" | "code", (typeof change.fields)[string]>;
  const t = useT();
  return (
    <Card aria-labelledby="email-title">
      <CardHeader>
        <CardTitle id="email-title" className="text-xl">
          {t("account.security.email.title")}
        </CardTitle>
        <CardDescription>
          <RichText
            message={t("account.security.email.description", standIns("email"))}
            elements={{
              email: (
                <strong className="text-foreground [overflow-wrap:anywhere]" dir="ltr">
                  {email}
                </strong>
              ),
            }}
          />
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="max-w-prose text-sm text-muted-foreground">
          <RichText message={t(PROOF_HINTS[proof], standIns("email"))} elements={{ email: <bdi className="[overflow-wrap:anywhere]">{email}</bdi> }} />
        </p>
        {proof === "mailed-code" ? (
          <sendCode.fetcher.Form method="post" {...getFormProps(sendCode.form)} className="max-w-sm space-y-3">
            <input type="hidden" name="intent" value="email-change-code" />
            <FormKey name="email-change-code" />
            <AnswerNotice toast={sendCode.posted?.toast} />
            <Button type="submit" variant={codeSent ? "outline" : "default"} disabled={sendCode.busy}>
              <Mail aria-hidden="true" /> {sendCode.busy ? t("account.security.email.sending") : t("account.security.email.sendCode")}
            </Button>
            {codeSent && (
              <p role="status" className="text-sm text-success [overflow-wrap:anywhere]">
                {t("account.security.email.codeSent", { email: `\u2066${email}\u2069`, minutes: EMAIL_CHANGE_CODE_MINUTES })}
              </p>
            )}
          </sendCode.fetcher.Form>
        ) : null}
        <change.fetcher.Form method="post" {...getFormProps(change.form)} className="max-w-sm space-y-3">
          <input type="hidden" name="intent" value="change-email" />
          <FormKey name="change-email" />
          <AnswerNotice toast={change.posted?.toast} />
          <Field id={fields.newEmail!.id} label={t("account.security.email.new")} errors={fields.newEmail!.errors}>
            <Input {...getInputProps(fields.newEmail!, EMAIL)} autoComplete="email" dir="ltr" />
          </Field>
          {proof !== "mailed-code" ? (
            <Field id={fields.password!.id} label={t("account.security.email.password")} errors={fields.password!.errors}>
              <PasswordInput {...passwordProps(fields.password!)} autoComplete="current-password" />
            </Field>
          ) : null}
          {proof !== "password" ? (
            <Field
              id={fields.code!.id}
              label={proof === "mailed-code" ? t("account.security.email.mailedCode") : t("account.security.email.twoFactorCode")}
              errors={fields.code!.errors}
            >
              <Input {...getInputProps(fields.code!, TEXT)} inputMode={proof === "mailed-code" ? "numeric" : "text"} autoComplete="one-time-code" dir="ltr" className="max-w-48" />
            </Field>
          ) : null}
          <Button type="submit" disabled={change.busy}>
            {change.busy ? t("account.security.email.sending") : t("account.security.email.submit")}
          </Button>
          {sent && (
            <p role="status" className="text-sm text-success">
              {t("account.security.email.sent")}
            </p>
          )}
        </change.fetcher.Form>
      </CardContent>
    </Card>
  );
}

export function SignInMethodsCard({ methods }: { methods: SecurityOverview["methods"] }) {
  const t = useT();
  return (
    <Card aria-labelledby="methods-title">
      <CardHeader>
        <CardTitle id="methods-title" className="text-xl">
          {t("account.security.methods.title")}
        </CardTitle>
        <CardDescription>{t("account.security.methods.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y rounded-md border">
          {SIGN_IN_METHODS.map((method) => {
            const linked = methods.includes(method);
            return (
              <li key={method} className="flex items-center justify-between gap-3 px-4 py-3 text-sm">
                <span>{t(SIGN_IN_METHOD_LABELS[method])}</span>
                {linked ? (
                  <span className="flex items-center gap-1 font-medium text-success">
                    <Check className="size-4" aria-hidden="true" /> {t("account.security.methods.linked")}
                  </span>
                ) : (
                  <span className="flex items-center gap-1 text-muted-foreground">
                    <Minus className="size-4" aria-hidden="true" /> {t("account.security.methods.notLinked")}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}

/** "25 Nov 2026, 14:30" on the firm's wall clock, the month in the reader's language. */
const when = (iso: string, timeZone: string, locale: DateFnsLocale | undefined) =>
  format(new TZDate(new Date(iso).getTime(), timeZone), datePattern("dateTime", locale), { locale });

export function SessionsCard({ sessions, timeZone }: { sessions: SecurityOverview["sessions"]; timeZone: string }) {
  const others = useSecurityForm("sign-out-others", signOutOthersSchema);
  const otherCount = sessions.filter((s) => !s.current).length;
  const t = useT();
  const dateLocale = useDateLocale();
  return (
    <Card aria-labelledby="sessions-title">
      <CardHeader>
        <CardTitle id="sessions-title" className="text-xl">
          {t("account.security.sessions.title")}
        </CardTitle>
        <CardDescription>{t("account.security.sessions.description")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <ul className="divide-y rounded-md border" aria-label={t("account.security.sessions.list")}>
          {sessions.map((s) => (
            <li key={s.id} className="flex flex-wrap items-start justify-between gap-2 px-4 py-3 text-sm" data-testid="session-row">
              <div className="min-w-0">
                <p className="font-medium">
                  {translateDeviceLabel(s.device, t)} {s.current && <Badge variant="secondary">{t("account.security.sessions.thisDevice")}</Badge>}
                </p>
                <p className="text-muted-foreground">
                  {s.ipAddress ? (
                    <>
                      <span dir="ltr">{s.ipAddress}</span>
                      {" · "}
                    </>
                  ) : null}
                  {t("account.security.sessions.times", {
                    signedIn: when(s.signedInAt, timeZone, dateLocale),
                    lastActive: when(s.lastSeenAt, timeZone, dateLocale),
                  })}
                </p>
              </div>
            </li>
          ))}
        </ul>
        <others.fetcher.Form method="post" {...getFormProps(others.form)}>
          <input type="hidden" name="intent" value="sign-out-others" />
          <FormKey name="sign-out-others" />
          <AnswerNotice toast={others.posted?.toast} className="mb-3" />
          <Button type="submit" variant="outline" disabled={others.busy || otherCount === 0}>
            {others.busy ? t("account.security.sessions.signingOut") : t("account.security.sessions.signOutOthers")}
          </Button>
          {otherCount === 0 && <p className="mt-2 text-sm text-muted-foreground">{t("account.security.sessions.onlyThisDevice")}</p>}
        </others.fetcher.Form>
      </CardContent>
    </Card>
  );
}
