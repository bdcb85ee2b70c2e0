import { getFormProps, getInputProps } from "@conform-to/react";
import { Check, Copy, Download, ShieldAlert, ShieldCheck } from "lucide-react";
import { useState } from "react";
import { PasswordInput } from "~/components/auth/password-input";
import { AnswerNotice, FormKey } from "~/components/forms/form-answer";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import {
  confirmTwoFactorSchema,
  disableTwoFactorSchema,
  enableTwoFactorSchema,
  SECURITY_MESSAGES,
  type SecurityOverview,
} from "~/domain/account-security";
import { brand } from "~/domain/brand";
import { useT } from "~/i18n/i18n";
import { passwordProps, useSecurityForm } from "./use-security-form";

/** The code inputs' type, for Conform's `getInputProps`. */
const TEXT = { type: "text" } as const;

/**
 * Two-factor sign-in (issue 13): set it up in two steps (password, then the first code
 * from the app, after which the ten backup codes are shown once), or turn it off with the
 * password and a code. Admins must have it; the card says so when they were sent here.
 *
 * Step two's form posts step one's key back (a hidden field): a wrong code is answered
 * with the same key and QR code, so a page posted without scripts, which remembers
 * nothing between its answers, stays on step two (decision record 034).
 */
export function TwoFactorCard({ overview, required }: { overview: SecurityOverview; required: boolean }) {
  const enable = useSecurityForm("two-factor-enable", enableTwoFactorSchema);
  const confirm = useSecurityForm("two-factor-confirm", confirmTwoFactorSchema);
  const enrolment = confirm.answer?.enrolment ?? enable.answer?.enrolment;
  const backupCodes = confirm.answer?.backupCodes;
  const [savedCodes, setSavedCodes] = useState(false);
  const t = useT();

  return (
    <Card id="two-factor" aria-labelledby="two-factor-title">
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle id="two-factor-title" className="text-xl">
            {t("account.twoFactor.title")}
          </CardTitle>
          {overview.twoFactorEnabled ? (
            <Badge variant="success">{t("account.twoFactor.on")}</Badge>
          ) : (
            <Badge variant="outline">{t("account.twoFactor.off")}</Badge>
          )}
          {overview.isAdmin && <Badge variant="secondary">{t("account.twoFactor.requiredForAdmins")}</Badge>}
        </div>
        <CardDescription>{t("account.twoFactor.description")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <AnswerNotice toast={enable.posted?.toast} />
        <AnswerNotice toast={confirm.posted?.toast} />
        {required && !overview.twoFactorEnabled && (
          <div role="alert" className="flex gap-3 rounded-md border border-warning/60 bg-warning/10 p-3 text-sm">
            <ShieldAlert className="size-5 shrink-0" aria-hidden="true" />
            <p>{t("account.twoFactor.requiredNotice")}</p>
          </div>
        )}

        {backupCodes && !savedCodes ? (
          <BackupCodes codes={backupCodes} onDone={() => setSavedCodes(true)} />
        ) : overview.twoFactorEnabled ? (
          overview.isAdmin ? (
            <p className="flex items-center gap-2 text-sm">
              <ShieldCheck className="size-4 text-success" aria-hidden="true" /> {t("account.twoFactor.isOn")} {t(SECURITY_MESSAGES.adminKeepsTwoFactor)}
            </p>
          ) : (
            <TurnOff />
          )
        ) : !overview.hasPassword ? (
          <p className="text-sm text-muted-foreground">{t(SECURITY_MESSAGES.needsPassword)}</p>
        ) : enrolment ? (
          <div className="grid gap-6 sm:grid-cols-[auto_1fr]">
            <img
              src={enrolment.qrDataUrl}
              alt={t("account.twoFactor.qrAlt")}
              width={176}
              height={176}
              className="size-44 rounded-md border bg-white p-1"
            />
            <div className="space-y-4">
              <ol className="list-decimal space-y-1 ps-5 text-sm">
                <li>{t("account.twoFactor.stepScan")}</li>
                <li>
                  {t("account.twoFactor.stepKey")}{" "}
                  <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-sm break-all" data-testid="two-factor-key" dir="ltr">
                    {enrolment.manualKey}
                  </code>
                </li>
                <li>{t("account.twoFactor.stepCode")}</li>
              </ol>
              <confirm.fetcher.Form method="post" {...getFormProps(confirm.form)} className="space-y-3">
                <input type="hidden" name="intent" value="two-factor-confirm" />
                <FormKey name="two-factor-confirm" />
                <input type="hidden" name="key" value={enrolment.manualKey} />
                <Field id={confirm.fields.code!.id} label={t("account.twoFactor.codeLabel")} errors={confirm.fields.code!.errors}>
                  <Input
                    {...getInputProps(confirm.fields.code!, TEXT)}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    dir="ltr"
                    className="max-w-40 font-mono tracking-widest"
                  />
                </Field>
                <Button type="submit" disabled={confirm.busy}>
                  {confirm.busy ? t("account.twoFactor.verifying") : t("account.twoFactor.turnOn")}
                </Button>
              </confirm.fetcher.Form>
            </div>
          </div>
        ) : (
          <enable.fetcher.Form method="post" {...getFormProps(enable.form)} className="max-w-sm space-y-3">
            <input type="hidden" name="intent" value="two-factor-enable" />
            <FormKey name="two-factor-enable" />
            <Field id={enable.fields.password!.id} label={t("account.twoFactor.password")} errors={enable.fields.password!.errors}>
              <PasswordInput {...passwordProps(enable.fields.password!)} autoComplete="current-password" />
            </Field>
            <Button type="submit" disabled={enable.busy}>
              {enable.busy ? t("account.twoFactor.processing") : t("account.twoFactor.setUp")}
            </Button>
          </enable.fetcher.Form>
        )}
      </CardContent>
    </Card>
  );
}


function TurnOff() {
  const off = useSecurityForm("two-factor-disable", disableTwoFactorSchema);
  // Open with the answer to a post made as a document (a refusal to put right).
  const [open, setOpen] = useState(() => off.answer !== undefined);
  const t = useT();
  if (!open) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-center gap-2 text-sm">
          <ShieldCheck className="size-4 text-success" aria-hidden="true" /> {t("account.twoFactor.isOn")}
        </p>
        <Button type="button" variant="outline" onClick={() => setOpen(true)}>
          {t("account.twoFactor.turnOffOpen")}
        </Button>
      </div>
    );
  }
  return (
    <off.fetcher.Form method="post" {...getFormProps(off.form)} className="max-w-sm space-y-3">
      <input type="hidden" name="intent" value="two-factor-disable" />
      <FormKey name="two-factor-disable" />
      <AnswerNotice toast={off.posted?.toast} />
      <p className="text-sm text-muted-foreground">{t("account.twoFactor.turnOffText")}</p>
      <Field id={off.fields.password!.id} label={t("account.twoFactor.password")} errors={off.fields.password!.errors}>
        <PasswordInput {...passwordProps(off.fields.password!)} autoComplete="current-password" />
      </Field>
      <Field id={off.fields.code!.id} label={t("account.twoFactor.codeOrBackupLabel")} errors={off.fields.code!.errors}>
        <Input {...getInputProps(off.fields.code!, TEXT)} autoComplete="one-time-code" dir="ltr" className="max-w-48 font-mono" />
      </Field>
      <div className="flex gap-2">
        <Button type="submit" variant="destructive" disabled={off.busy}>
          {off.busy ? t("account.twoFactor.processing") : t("account.twoFactor.turnOff")}
        </Button>
        <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
          {t("account.cancel")}
        </Button>
      </div>
    </off.fetcher.Form>
  );
}

function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const t = useT();
  const text = codes.join("\n");
  const heading = t("account.twoFactor.backupFileHeading", { brand: brand.name });
  const download = `data:text/plain;charset=utf-8,${encodeURIComponent(`${heading}\n\n${text}\n`)}`;
  return (
    <div className="space-y-4" role="status">
      <p className="flex items-center gap-2 font-medium">
        <Check className="size-5 text-success" aria-hidden="true" /> {t("account.twoFactor.isOn")}
      </p>
      <p className="text-sm">{t("account.twoFactor.backupText")}</p>
      <ul className="grid max-w-md grid-cols-2 gap-2 rounded-md border bg-muted/50 p-4 font-mono text-sm" aria-label={t("account.twoFactor.backupCodes")} dir="ltr">
        {codes.map((code) => (
          <li key={code} data-testid="backup-code">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            void navigator.clipboard?.writeText(text).then(() => setCopied(true));
          }}
        >
          <Copy aria-hidden="true" /> {copied ? t("account.twoFactor.copied") : t("account.twoFactor.copy")}
        </Button>
        <Button asChild variant="outline">
          <a href={download} download="tigris-backup-codes.txt">
            <Download aria-hidden="true" /> {t("account.twoFactor.download")}
          </a>
        </Button>
        <Button type="button" onClick={onDone}>
          {t("account.twoFactor.savedCodes")}
        </Button>
      </div>
    </div>
  );
}
