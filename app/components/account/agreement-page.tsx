import { BadgeCheck, Download, FileSignature, Mail, ShieldCheck } from "lucide-react";
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { useFormatDay } from "~/components/dashboard/format-day";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Field } from "~/components/ui/field";
import type { FieldErrors } from "~/domain/action-result";
import { SIGNING_CODE_MINUTES, SIGNING_KIND_KEYS, SIGNING_STATUS_KEYS, signedPdfPath, type AgreementForSigner, type SigningStatus, type SigningSummary } from "~/domain/signing";
import { useLocale, useT, useTranslateMessage } from "~/i18n/i18n";
import { directionOf } from "~/i18n/locales";
import { SignatureField } from "./signature-field";

/** The action's answer: a code sent, the agreement signed, or a refusal with a message (and the fields to correct). */
export type SigningAnswerResult =
  | { ok: true; intent: "code"; sentTo: string }
  | { ok: true; intent: "sign"; signedSha256: string }
  | { ok: false; intent: "code" | "sign"; message: string; fieldErrors?: FieldErrors };

const BADGE: Record<SigningStatus, "success" | "secondary" | "outline"> = { awaiting: "secondary", signed: "success", withdrawn: "outline" };


/**
 * One agreement (issue 35, item 4): the terms and the text in the language it was prepared
 * in, the PDF to read, and while it waits for its investor: the code to ask for, then the
 * form (the code, the name typed, a signature drawn or the typed name adopted, the box
 * that says they sign). Once signed: the sealed copy and its SHA-256.
 */
export function AgreementPage({ agreement, timeZone, result }: { agreement: AgreementForSigner; timeZone: string; result: SigningAnswerResult | undefined }) {
  const t = useT();
  const say = useTranslateMessage();
  const locale = useLocale();
  const formatDay = useFormatDay(timeZone);
  const { summary, text } = agreement;
  const signedNow = result?.ok && result.intent === "sign";
  const status: SigningStatus = signedNow ? "signed" : summary.status;
  const otherLanguage = agreement.locale !== locale;
  return (
    <div className="space-y-6">
      <Link to="/account/agreements" className="text-sm font-medium text-primary underline underline-offset-4">
        {t("verification.signing.back")}
      </Link>
      {signedNow ? (
        <p role="status" className="flex items-center gap-2 rounded-md border border-success/40 bg-success/10 p-3 text-sm font-medium">
          <BadgeCheck className="size-4 shrink-0" aria-hidden="true" /> {t("verification.signing.signed")}
        </p>
      ) : null}
      <Card role="region" aria-labelledby="agreement-heading" className="gap-4">
        <CardHeader className="space-y-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-xs font-semibold uppercase tracking-wide text-accent-foreground">{t(SIGNING_KIND_KEYS[summary.kind])}</p>
            <Badge variant={BADGE[status]} data-testid="agreement-status">
              {t(SIGNING_STATUS_KEYS[status])}
            </Badge>
          </div>
          <h2 id="agreement-heading" className="font-serif text-2xl font-semibold text-primary" dir="auto">
            {summary.opportunityTitle}
          </h2>
          <p className="text-sm text-muted-foreground">
            {t("verification.signing.referenceLine", { reference: summary.reference, date: formatDay(summary.preparedAt) })}
          </p>
        </CardHeader>
        <CardContent className="space-y-5">
          {/* The agreement in its own language (which may not be the page's). */}
          <article lang={agreement.locale} dir={directionOf(agreement.locale)} className="space-y-4 rounded-lg border bg-background p-4 sm:p-6" data-testid="agreement-text">
            <h3 className="font-serif text-xl font-semibold text-primary">{text.title}</h3>
            <ul className="text-xs text-muted-foreground">
              {text.meta.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <dl className="grid gap-x-4 gap-y-2 rounded-md bg-muted/50 p-3 text-sm sm:grid-cols-[10rem_1fr]">
              {text.fields.map((field) => (
                <div key={field.label} className="contents">
                  <dt className="text-muted-foreground">{field.label}</dt>
                  <dd className="font-medium [overflow-wrap:anywhere]">{field.value}</dd>
                </div>
              ))}
            </dl>
            <div className="max-h-[28rem] space-y-3 overflow-y-auto pe-2 text-sm leading-relaxed" tabIndex={0} aria-label={text.title}>
              {text.paragraphs.map((paragraph, i) => (
                <p key={i}>{paragraph}</p>
              ))}
            </div>
          </article>
          {otherLanguage ? <p className="text-xs text-muted-foreground">{t("verification.signing.languageNote")}</p> : null}
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <a href={signedPdfPath(summary.id)} className={buttonVariants({ variant: "outline", size: "sm" })} download>
              <Download aria-hidden="true" /> {status === "signed" ? t("verification.signing.downloadSigned") : t("verification.signing.downloadPrepared")}
            </a>
            <span className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
              {t("verification.signing.preparedSha", { sha: agreement.preparedSha256 })}
            </span>
          </div>
        </CardContent>
      </Card>
      {status === "signed" ? <SignedPanel sha={signedNow ? result.signedSha256 : (summary.signedSha256 ?? "")} signedAt={summary.signedAt} timeZone={timeZone} /> : null}
      {status === "withdrawn" ? (
        <p className="rounded-md border bg-card p-4 text-sm" role="status">
          {t("verification.signing.withdrawnText")}
        </p>
      ) : null}
      {status === "awaiting" && agreement.mine ? (
        agreement.identityApproved ? (
          <SignForm agreement={agreement} result={result} say={say} />
        ) : (
          <p className="rounded-md border border-destructive/40 bg-destructive/10 p-4 text-sm" role="alert">
            {t("verification.signing.identityExpired")}{" "}
            <Link to="/account/identity" className="font-medium underline underline-offset-4">
              {t("verification.signing.identityLink")}
            </Link>
          </p>
        )
      ) : null}
    </div>
  );
}

function SignedPanel({ sha, signedAt, timeZone }: { sha: string; signedAt: string | null; timeZone: string }) {
  const t = useT();
  const formatDay = useFormatDay(timeZone);
  return (
    <Card role="region" aria-labelledby="agreement-signed-heading" className="gap-3">
      <CardHeader>
        <h2 id="agreement-signed-heading" className="flex items-center gap-2 font-serif text-xl font-semibold text-primary">
          <ShieldCheck className="size-5" aria-hidden="true" /> {t("verification.signing.signedTitle")}
        </h2>
      </CardHeader>
      <CardContent className="space-y-2 text-sm">
        {signedAt ? <p data-testid="agreement-signed-on">{t("verification.signing.signedOn", { date: formatDay(signedAt) })}</p> : null}
        <p>{t("verification.signing.sealExplained")}</p>
        <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]" dir="ltr">
          {t("verification.signing.shaLabel")} <span data-testid="agreement-sha">{sha}</span>
        </p>
      </CardContent>
    </Card>
  );
}

/** Step one, the code by mail; step two, the signature. Plain forms: both post without scripts (drawing needs them; adopting does not). */
function SignForm({ agreement, result, say }: { agreement: AgreementForSigner; result: SigningAnswerResult | undefined; say: (message: string) => string }) {
  const t = useT();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const [style, setStyle] = useState<"drawn" | "adopted">("drawn");
  const codeSent = (result?.ok && result.intent === "code") || agreement.codeSentAt !== null;
  const refused = result && !result.ok ? result : null;
  const errors = refused?.intent === "sign" ? (refused.fieldErrors ?? {}) : {};
  const signatureError = errors.signature?.[0];
  const agreeError = errors.agree?.[0];
  return (
    <Card role="region" aria-labelledby="agreement-sign-heading" className="gap-4">
      <CardHeader>
        <h2 id="agreement-sign-heading" className="flex items-center gap-2 font-serif text-xl font-semibold text-primary">
          <FileSignature className="size-5" aria-hidden="true" /> {t("verification.signing.signTitle")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("verification.signing.signLead")}</p>
      </CardHeader>
      <CardContent className="space-y-6">
        {refused && !refused.fieldErrors ? (
          <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive">
            {say(refused.message)}
          </p>
        ) : null}
        <Form method="post" className="space-y-2">
          <input type="hidden" name="intent" value="code" />
          <p className="text-sm font-medium">{t("verification.signing.stepCode")}</p>
          {codeSent ? (
            <p role="status" className="flex items-center gap-2 text-sm" data-testid="code-sent">
              <Mail className="size-4 shrink-0" aria-hidden="true" />
              {t("verification.signing.codeSentTo", { email: result?.ok && result.intent === "code" ? result.sentTo : (agreement.codeSentTo ?? agreement.email), minutes: SIGNING_CODE_MINUTES })}
            </p>
          ) : null}
          <Button type="submit" variant={codeSent ? "outline" : "default"} disabled={sending === "code"}>
            <Mail aria-hidden="true" /> {codeSent ? t("verification.signing.resendCode") : t("verification.signing.sendCode")}
          </Button>
        </Form>
        <Form method="post" className="space-y-5 border-t pt-5" noValidate>
          <input type="hidden" name="intent" value="sign" />
          <p className="text-sm font-medium">{t("verification.signing.stepSign")}</p>
          <Field id="signing-code" label={t("verification.signing.codeLabel")} errors={errors.code}>
            <Input
              id="signing-code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              className="max-w-40 tracking-[0.3em]"
              dir="ltr"
              aria-invalid={Boolean(errors.code) || undefined}
              aria-describedby={errors.code ? "signing-code-error" : undefined}
            />
          </Field>
          <Field id="signing-name" label={t("verification.signing.nameLabel")} errors={errors.typedName} hint={t("verification.signing.nameHint", { name: agreement.investorName })}>
            <Input
              id="signing-name"
              name="typedName"
              autoComplete="name"
              dir="auto"
              aria-invalid={Boolean(errors.typedName) || undefined}
              aria-describedby={`signing-name-hint${errors.typedName ? " signing-name-error" : ""}`}
            />
          </Field>
          <fieldset className="space-y-3">
            <legend className="text-sm font-medium">{t("verification.signing.signatureLegend")}</legend>
            <div className="flex flex-wrap gap-4 text-sm">
              <label className="flex items-center gap-2">
                <input type="radio" name="style" value="drawn" checked={style === "drawn"} onChange={() => setStyle("drawn")} className="size-4 accent-primary" />
                {t("verification.signing.styleDrawn")}
              </label>
              <label className="flex items-center gap-2">
                <input type="radio" name="style" value="adopted" checked={style === "adopted"} onChange={() => setStyle("adopted")} className="size-4 accent-primary" />
                {t("verification.signing.styleAdopted")}
              </label>
            </div>
            {style === "drawn" ? (
              <SignatureField describedBy="signing-signature-hint" invalid={Boolean(signatureError)} />
            ) : (
              <p className="rounded-md border bg-background p-4 font-serif text-3xl italic text-primary" data-testid="adopted-signature">
                {agreement.investorName}
              </p>
            )}
            <p id="signing-signature-hint" className="text-xs text-muted-foreground">
              {style === "drawn" ? t("verification.signing.drawHint") : t("verification.signing.adoptHint")}
            </p>
            {signatureError ? (
              <p className="text-sm text-destructive" role="alert">
                {say(signatureError)}
              </p>
            ) : null}
          </fieldset>
          <div className="space-y-1.5">
            <label className="flex items-start gap-2 text-sm">
              <input type="checkbox" name="agree" value="yes" className="mt-0.5 size-4 accent-primary" aria-invalid={Boolean(agreeError) || undefined} />
              <span>{t("verification.signing.agreeLabel")}</span>
            </label>
            {agreeError ? (
              <p className="text-sm text-destructive" role="alert">
                {say(agreeError)}
              </p>
            ) : null}
          </div>
          <Button type="submit" disabled={sending === "sign"}>
            <FileSignature aria-hidden="true" /> {sending === "sign" ? t("verification.signing.signing") : t("verification.signing.signButton")}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

/** /account/agreements: every agreement prepared for the investor, newest first, each to open. */
export function AgreementList({ agreements, timeZone }: { agreements: SigningSummary[]; timeZone: string }) {
  const t = useT();
  const formatDay = useFormatDay(timeZone);
  return (
    <Card role="region" aria-labelledby="agreements-heading" className="gap-4">
      <CardHeader>
        <h2 id="agreements-heading" className="font-serif text-xl font-semibold text-primary">
          {t("verification.signing.listTitle")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("verification.signing.listLead")}</p>
      </CardHeader>
      <CardContent>
        {agreements.length === 0 ? (
          <p className="rounded-lg border border-dashed p-8 text-center text-sm">{t("verification.signing.listEmpty")}</p>
        ) : (
          <ul className="divide-y">
            {agreements.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="agreement-row">
                <div className="min-w-0">
                  <Link to={`/account/agreements/${a.id}`} className="font-medium text-primary underline-offset-4 hover:underline [overflow-wrap:anywhere]">
                    {t(SIGNING_KIND_KEYS[a.kind])}: <span dir="auto">{a.opportunityTitle}</span>
                  </Link>
                  <p className="text-xs text-muted-foreground">
                    {a.signedAt ? t("verification.signing.signedOn", { date: formatDay(a.signedAt) }) : t("verification.signing.referenceLine", { reference: a.reference, date: formatDay(a.preparedAt) })}
                  </p>
                </div>
                <Badge variant={BADGE[a.status]}>{t(SIGNING_STATUS_KEYS[a.status])}</Badge>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
