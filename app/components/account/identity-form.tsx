import { BadgeCheck, Lock } from "lucide-react";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { useFormatDay } from "~/components/dashboard/format-day";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import type { FieldErrors } from "~/domain/action-result";
import {
  IDENTITY_DOCUMENT_TYPE_KEYS,
  IDENTITY_DOCUMENT_TYPES,
  IDENTITY_FILE_ACCEPT,
  IDENTITY_FILE_KIND_KEYS,
  IDENTITY_STATUS_KEYS,
  identityFileSizeProblem,
  type IdentityFileKind,
  type OwnIdentityCheck,
} from "~/domain/identity-checks";
import { IdentityFileList } from "~/components/identity/identity-file-list";
import { useT, useTranslateMessage } from "~/i18n/i18n";

/** The action's answer: sent, or refused with a message and the fields to correct. */
export type IdentityAnswerResult = { ok: true } | { ok: false; message: string; fieldErrors?: FieldErrors };

const BADGE: Record<OwnIdentityCheck["status"], "success" | "secondary" | "destructive" | "outline"> = {
  not_started: "outline",
  submitted: "secondary",
  approved: "success",
  rejected: "destructive",
  expired: "outline",
};

/**
 * /account/identity (issue 35): where the investor's identity check stands, the files they
 * sent (theirs to open), and, when a check is needed (none yet, rejected or expired), the
 * form: the document's type, the identity document, a proof of address and, through a
 * company, its facts and registration document. A plain multipart form: it works without
 * scripts, and the company's fields show by CSS when its box is ticked.
 */
export function IdentityPage({ check, timeZone, retentionYears, result }: { check: OwnIdentityCheck; timeZone: string; retentionYears: number; result: IdentityAnswerResult | undefined }) {
  const t = useT();
  const say = useTranslateMessage();
  const formatDay = useFormatDay(timeZone);
  const canSend = check.status === "not_started" || check.status === "rejected" || check.status === "expired";
  return (
    <>
      <Card role="region" aria-labelledby="identity-status-heading" className="gap-4">
        <CardHeader>
          <h2 id="identity-status-heading" className="font-serif text-xl font-semibold text-primary">
            {t("verification.identity.title")}
          </h2>
        </CardHeader>
        <CardContent className="space-y-4 text-sm">
          {result && !result.ok && !result.fieldErrors ? (
            <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-destructive">
              {say(result.message)}
            </p>
          ) : null}
          {result?.ok ? (
            <p role="status" className="flex items-center gap-2 rounded-md border border-success/40 bg-success/10 p-3 font-medium">
              <BadgeCheck className="size-4 shrink-0" aria-hidden="true" /> {t("verification.identity.sent")}
            </p>
          ) : null}
          <p className="flex flex-wrap items-center gap-2">
            <span className="text-muted-foreground">{t("verification.identity.statusLabel")}</span>
            <Badge variant={BADGE[check.status]} data-testid="identity-status">
              {t(IDENTITY_STATUS_KEYS[check.status])}
            </Badge>
          </p>
          <p>
            {check.status === "not_started"
              ? t("verification.identity.notStartedText")
              : check.status === "submitted"
                ? t("verification.identity.submittedText", { date: formatDay(check.submittedAt!) })
                : check.status === "approved"
                  ? t("verification.identity.approvedText", { date: formatDay(check.expiresAt!) })
                  : check.status === "rejected"
                    ? t("verification.identity.rejectedText")
                    : t("verification.identity.expiredText", { date: formatDay(check.expiresAt!) })}
          </p>
          {check.status === "rejected" && check.rejectionReason ? (
            <figure className="rounded-md border-s-4 border-destructive bg-destructive/5 p-3" data-testid="rejection-reason">
              <figcaption className="text-xs font-semibold text-muted-foreground">{t("verification.identity.reasonLabel")}</figcaption>
              <blockquote className="mt-1 whitespace-pre-line" dir="auto">
                {check.rejectionReason}
              </blockquote>
            </figure>
          ) : null}
          {check.files.length > 0 ? (
            <div className="space-y-2">
              <h3 className="font-semibold">{t("verification.identity.filesSent")}</h3>
              <IdentityFileList files={check.files} />
            </div>
          ) : null}
          <p className="flex gap-2 rounded-md bg-muted/50 p-3 text-muted-foreground">
            <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>{t("verification.identity.privacy", { years: retentionYears })}</span>
          </p>
        </CardContent>
      </Card>
      {canSend ? <IdentityForm result={result} renewing={check.status !== "not_started"} /> : null}
    </>
  );
}

function IdentityForm({ result, renewing }: { result: IdentityAnswerResult | undefined; renewing: boolean }) {
  const t = useT();
  const say = useTranslateMessage();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.endsWith("/account/identity") === true;
  const refused = result && !result.ok ? result : null;
  const errors = (name: string) => refused?.fieldErrors?.[name];
  // A file over the limit is said before it is sent.
  const [tooLarge, setTooLarge] = useState<Partial<Record<IdentityFileKind, string>>>({});
  const fileError = (kind: IdentityFileKind) => tooLarge[kind] ?? errors(kind)?.[0];
  const onSize = (kind: IdentityFileKind, problem: string | null) => setTooLarge((current) => ({ ...current, [kind]: problem ?? undefined }));

  const typeError = errors("documentType")?.[0];
  return (
    <Card role="region" aria-labelledby="identity-form-heading" className="gap-4">
      <CardHeader>
        <h2 id="identity-form-heading" className="font-serif text-xl font-semibold text-primary">
          {renewing ? t("verification.identity.formTitleAgain") : t("verification.identity.formTitle")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("verification.identity.formIntro")}</p>
      </CardHeader>
      <CardContent>
        <Form method="post" encType="multipart/form-data" className="space-y-6" noValidate>
          <fieldset className="space-y-2" aria-describedby={typeError ? "identity-type-error" : undefined}>
            <legend className="text-sm font-medium">{t("verification.identity.documentType")}</legend>
            <div className="flex flex-wrap gap-4">
              {IDENTITY_DOCUMENT_TYPES.map((type) => (
                <label key={type} className="flex items-center gap-2 text-sm">
                  <input type="radio" name="documentType" value={type} required className="size-4 accent-primary" />
                  {t(IDENTITY_DOCUMENT_TYPE_KEYS[type])}
                </label>
              ))}
            </div>
            {typeError ? (
              <p id="identity-type-error" role="alert" className="text-sm text-destructive">
                {say(typeError)}
              </p>
            ) : null}
          </fieldset>
          <div className="grid gap-5 md:grid-cols-2">
            <FileField kind="identity_document" hint={t("verification.identity.identityHint")} problem={fileError("identity_document")} onSize={onSize} />
            <FileField kind="proof_of_address" hint={t("verification.identity.addressHint")} problem={fileError("proof_of_address")} onSize={onSize} />
          </div>
          <div className="group space-y-4 rounded-lg border p-4">
            <label className="flex items-start gap-2 text-sm font-medium">
              <input type="checkbox" name="throughEntity" className="mt-0.5 size-4 shrink-0 accent-primary" />
              <span>
                {t("verification.identity.throughEntity")}
                <span className="block font-normal text-muted-foreground">{t("verification.identity.throughEntityHint")}</span>
              </span>
            </label>
            {/* Shown by CSS when the box is ticked: no scripts needed. */}
            <fieldset className="hidden space-y-4 group-has-[:checked]:block" data-testid="entity-fields">
              <legend className="sr-only">{t("verification.identity.entityLegend")}</legend>
              <div className="grid gap-4 md:grid-cols-3">
                <TextField name="entityName" label={t("verification.identity.entityName")} problem={errors("entityName")?.[0]} />
                <TextField name="entityNumber" label={t("verification.identity.entityNumber")} problem={errors("entityNumber")?.[0]} />
                <TextField name="entityCountry" label={t("verification.identity.entityCountry")} problem={errors("entityCountry")?.[0]} />
              </div>
              <FileField kind="entity_registration" hint={t("verification.identity.registrationHint")} problem={fileError("entity_registration")} onSize={onSize} />
            </fieldset>
          </div>
          <Button type="submit" disabled={busy || Object.values(tooLarge).some(Boolean)} className="w-full sm:w-auto">
            {busy ? t("verification.identity.sending") : t("verification.identity.send")}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

/** One file of the form, its size checked as soon as it is chosen. */
function FileField({ kind, hint, problem, onSize }: { kind: IdentityFileKind; hint: string; problem: string | undefined; onSize: (kind: IdentityFileKind, problem: string | null) => void }) {
  const t = useT();
  const say = useTranslateMessage();
  const id = `identity-${kind}`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {t(IDENTITY_FILE_KIND_KEYS[kind])}
      </label>
      <Input
        id={id}
        name={kind}
        type="file"
        accept={IDENTITY_FILE_ACCEPT}
        aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ""}`}
        aria-invalid={Boolean(problem)}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          onSize(kind, file ? identityFileSizeProblem(file.size) : null);
        }}
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
      {problem ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {say(problem)}
        </p>
      ) : null}
    </div>
  );
}

/** One of the company's facts. */
function TextField({ name, label, problem }: { name: "entityName" | "entityNumber" | "entityCountry"; label: string; problem: string | undefined }) {
  const say = useTranslateMessage();
  const id = `identity-${name}`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <Input id={id} name={name} dir="auto" maxLength={name === "entityName" ? 200 : 80} aria-invalid={Boolean(problem)} aria-describedby={problem ? `${id}-error` : undefined} />
      {problem ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {say(problem)}
        </p>
      ) : null}
    </div>
  );
}
