import { BadgeCheck, Download, Info, ShieldCheck } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { useFormatDay } from "~/components/dashboard/format-day";
import { Button, buttonVariants } from "~/components/ui/button";
import type { FieldErrors } from "~/domain/action-result";
import type { NdaAcceptanceView, NdaVersionView } from "~/domain/confidentiality";
import { documentPath } from "~/domain/documents";
import { opportunityPath } from "~/domain/site-map";
import { useT, useTranslateMessage } from "~/i18n/i18n";

/** The action's answer: accepted, or refused with a message (and the box to tick). */
export type NdaAnswerResult = { ok: true } | { ok: false; message: string; fieldErrors?: FieldErrors };

/**
 * An opportunity's confidentiality agreement (issue 35): the current version in the
 * reader's language, their acceptance on record, the identity check that must also be
 * approved before a confidential file opens, and a plain form that accepts the version shown.
 */
export function NdaPage({
  opportunity,
  current,
  acceptance,
  identityApproved,
  documentId,
  timeZone,
  result,
}: {
  opportunity: { id: string; title: string; slug: string };
  current: NdaVersionView | null;
  acceptance: NdaAcceptanceView | null;
  identityApproved: boolean;
  documentId: string | null;
  timeZone: string;
  result: NdaAnswerResult | undefined;
}) {
  const t = useT();
  const say = useTranslateMessage();
  const formatDay = useFormatDay(timeZone);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const refused = result && !result.ok ? result : null;
  const acceptError = refused?.fieldErrors?.accept?.[0];
  return (
    <div className="bg-muted/40">
      <div className="container mx-auto max-w-3xl space-y-6 px-4 py-10">
        <Link to={opportunityPath(opportunity.slug)} className="text-sm font-medium text-primary underline underline-offset-4">
          {t("verification.nda.back", { title: opportunity.title })}
        </Link>
        <h1 className="font-serif text-3xl font-semibold text-primary">{t("verification.nda.title")}</h1>
        <p className="text-muted-foreground" dir="auto">
          {opportunity.title}
        </p>
        {result?.ok ? (
          <p role="status" className="flex items-center gap-2 rounded-md border border-success/40 bg-success/10 p-3 text-sm font-medium">
            <BadgeCheck className="size-4 shrink-0" aria-hidden="true" /> {t("verification.nda.accepted")}
          </p>
        ) : null}
        {refused && !refused.fieldErrors ? (
          <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive">
            {say(refused.message)}
          </p>
        ) : null}
        {acceptance ? (
          <p className="flex flex-wrap items-start gap-2 rounded-md border bg-card p-3 text-sm" data-testid="nda-accepted">
            <ShieldCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
            <span className="flex-1">{t("verification.nda.acceptedOn", { version: acceptance.version, date: formatDay(acceptance.acceptedAt) })}</span>
            <a href={`${opportunityPath(opportunity.slug)}/confidentiality/copy.pdf`} className="inline-flex items-center gap-1 font-medium text-primary underline underline-offset-4" download>
              <Download className="size-4" aria-hidden="true" /> {t("verification.nda.copy.download")}
            </a>
          </p>
        ) : null}
        {!identityApproved ? (
          <p className="flex items-start gap-2 rounded-md border bg-card p-3 text-sm" data-testid="nda-identity-first">
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              {t("verification.nda.identityFirst")}{" "}
              <Link to="/account/identity" className="font-medium text-primary underline underline-offset-4">
                {t("verification.nda.identityLink")}
              </Link>
            </span>
          </p>
        ) : null}
        {acceptance && identityApproved && documentId ? (
          <Link to={documentPath(documentId)} className={buttonVariants()}>
            {t("verification.nda.openDocument")}
          </Link>
        ) : null}
        {current ? (
          <section aria-labelledby="nda-text-heading" className="space-y-4 rounded-xl border bg-card p-5 sm:p-8">
            <h2 id="nda-text-heading" className="font-serif text-xl font-semibold">
              {t("verification.nda.version", { version: current.version })}
            </h2>
            <div className="max-h-[28rem] overflow-y-auto whitespace-pre-line rounded-md bg-muted/40 p-4 text-sm leading-relaxed" lang={current.locale} tabIndex={0} data-testid="nda-text">
              {current.body}
            </div>
            {acceptance?.version === current.version ? null : (
              <Form method="post" className="space-y-4" noValidate>
                <input type="hidden" name="versionId" value={current.id} />
                <div className="space-y-1">
                  <label className="flex items-start gap-2 text-sm font-medium">
                    <input type="checkbox" name="accept" value="yes" className="mt-0.5 size-4 shrink-0 accent-primary" aria-invalid={Boolean(acceptError)} aria-describedby={acceptError ? "nda-accept-error" : undefined} />
                    {t("verification.nda.acceptLabel")}
                  </label>
                  {acceptError ? (
                    <p id="nda-accept-error" role="alert" className="text-sm text-destructive">
                      {say(acceptError)}
                    </p>
                  ) : null}
                </div>
                <p className="text-xs text-muted-foreground">{t("verification.nda.recordNote")}</p>
                <Button type="submit" disabled={busy}>
                  {busy ? t("verification.nda.accepting") : t("verification.nda.accept")}
                </Button>
              </Form>
            )}
          </section>
        ) : (
          <p className="rounded-xl border border-dashed bg-card p-8 text-center">{t("verification.nda.none")}</p>
        )}
      </div>
    </div>
  );
}
