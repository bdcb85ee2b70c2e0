import { getFormProps, getInputProps } from "@conform-to/react";
import { Check, Minus } from "lucide-react";
import { Link } from "react-router";
import { PasswordInput } from "~/components/auth/password-input";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import {
  changeEmailSchema,
  changePasswordSchema,
  SIGN_IN_METHOD_LABELS,
  SIGN_IN_METHODS,
  signOutOthersSchema,
  type SecurityOverview,
} from "~/domain/account-security";
import { passwordProps, useSecurityForm } from "./use-security-form";


export function PasswordCard({ hasPassword }: { hasPassword: boolean }) {
  const change = useSecurityForm("change-password", changePasswordSchema);
  const { fields } = change;
  return (
    <Card aria-labelledby="password-title">
      <CardHeader>
        <CardTitle id="password-title" className="text-xl">
          Password
        </CardTitle>
        <CardDescription>
          {hasPassword
            ? "Changing your password signs you out everywhere else."
            : "Your account signs in with Google or LinkedIn and has no password."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {hasPassword ? (
          <change.fetcher.Form method="post" {...getFormProps(change.form)} className="max-w-sm space-y-3">
            <input type="hidden" name="intent" value="change-password" />
            <Field id={fields.currentPassword!.id} label="Current password" errors={fields.currentPassword!.errors}>
              <PasswordInput {...passwordProps(fields.currentPassword!)} autoComplete="current-password" />
            </Field>
            <Field id={fields.newPassword!.id} label="New password" errors={fields.newPassword!.errors}>
              <PasswordInput {...passwordProps(fields.newPassword!)} autoComplete="new-password" />
            </Field>
            <Field id={fields.confirmPassword!.id} label="Repeat new password" errors={fields.confirmPassword!.errors}>
              <PasswordInput {...passwordProps(fields.confirmPassword!)} autoComplete="new-password" />
            </Field>
            <Button type="submit" disabled={change.busy}>
              {change.busy ? "Saving..." : "Change password"}
            </Button>
          </change.fetcher.Form>
        ) : (
          <p className="text-sm">
            To add one, use{" "}
            <Link to="/auth/forgot-password" className="font-medium text-primary hover:underline">
              Forgot password?
            </Link>{" "}
            with your e-mail address.
          </p>
        )}
      </CardContent>
    </Card>
  );
}

export function EmailCard({ email }: { email: string }) {
  const change = useSecurityForm("change-email", changeEmailSchema);
  const sent = change.fetcher.state === "idle" && change.fetcher.data?.toast?.type === "success";
  return (
    <Card aria-labelledby="email-title">
      <CardHeader>
        <CardTitle id="email-title" className="text-xl">
          E-mail address
        </CardTitle>
        <CardDescription>
          Your address is <strong className="text-foreground">{email}</strong>. A new address takes effect once you open the
          link we send to it; we also let your current address know.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <change.fetcher.Form method="post" {...getFormProps(change.form)} className="max-w-sm space-y-3">
          <input type="hidden" name="intent" value="change-email" />
          <Field id={change.fields.newEmail!.id} label="New e-mail address" errors={change.fields.newEmail!.errors}>
            <Input {...getInputProps(change.fields.newEmail!, { type: "email" })} autoComplete="email" />
          </Field>
          <Button type="submit" disabled={change.busy}>
            {change.busy ? "Sending..." : "Change e-mail address"}
          </Button>
          {sent && (
            <p role="status" className="text-sm text-success">
              Check the new inbox for the confirmation link.
            </p>
          )}
        </change.fetcher.Form>
      </CardContent>
    </Card>
  );
}

export function SignInMethodsCard({ methods }: { methods: SecurityOverview["methods"] }) {
  return (
    <Card aria-labelledby="methods-title">
      <CardHeader>
        <CardTitle id="methods-title" className="text-xl">
          Sign-in methods
        </CardTitle>
        <CardDescription>The ways you can sign in to this account.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y rounded-md border">
          {SIGN_IN_METHODS.map((method) => {
            const linked = methods.includes(method);
            return (
              <li key={method} className="flex items-center justify-between gap-3 px-4 py-3 text-sm">
                <span>{SIGN_IN_METHOD_LABELS[method]}</span>
                {linked ? (
                  <span className="flex items-center gap-1 font-medium text-success">
                    <Check className="size-4" aria-hidden="true" /> Linked
                  </span>
                ) : (
                  <span className="flex items-center gap-1 text-muted-foreground">
                    <Minus className="size-4" aria-hidden="true" /> Not linked
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

const when = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone }).format(new Date(iso));

export function SessionsCard({ sessions, timeZone }: { sessions: SecurityOverview["sessions"]; timeZone: string }) {
  const others = useSecurityForm("sign-out-others", signOutOthersSchema);
  const otherCount = sessions.filter((s) => !s.current).length;
  return (
    <Card aria-labelledby="sessions-title">
      <CardHeader>
        <CardTitle id="sessions-title" className="text-xl">
          Where you are signed in
        </CardTitle>
        <CardDescription>Browsers and devices with an active session on your account.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <ul className="divide-y rounded-md border" aria-label="Active sessions">
          {sessions.map((s) => (
            <li key={s.id} className="flex flex-wrap items-start justify-between gap-2 px-4 py-3 text-sm" data-testid="session-row">
              <div className="min-w-0">
                <p className="font-medium">
                  {s.device} {s.current && <Badge variant="secondary">This device</Badge>}
                </p>
                <p className="text-muted-foreground">
                  {s.ipAddress ? `${s.ipAddress} · ` : ""}Signed in {when(s.signedInAt, timeZone)} · Last active{" "}
                  {when(s.lastSeenAt, timeZone)}
                </p>
              </div>
            </li>
          ))}
        </ul>
        <others.fetcher.Form method="post" {...getFormProps(others.form)}>
          <input type="hidden" name="intent" value="sign-out-others" />
          <Button type="submit" variant="outline" disabled={others.busy || otherCount === 0}>
            {others.busy ? "Signing out..." : "Sign out other sessions"}
          </Button>
          {otherCount === 0 && <p className="mt-2 text-sm text-muted-foreground">You are signed in on this device only.</p>}
        </others.fetcher.Form>
      </CardContent>
    </Card>
  );
}
