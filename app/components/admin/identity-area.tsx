import { Check, X } from "lucide-react";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { AnswerNotice, FormKey, useFormAnswer } from "~/components/forms/form-answer";
import { useFormatDay } from "~/components/dashboard/format-day";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/components/ui/toaster";
import type { AdminActionResult } from "~/domain/action-result";
import { IDENTITY_DOCUMENT_TYPE_KEYS, IDENTITY_MESSAGES, IDENTITY_STATUS_KEYS, type AdminIdentityCheck } from "~/domain/identity-checks";
import type { FlashToast } from "~/domain/toast";
import { IdentityFileList } from "~/components/identity/identity-file-list";
import { type MessageKey, useT, useTranslateMessage } from "~/i18n/i18n";
import { useActionResult } from "./use-action-result";
import { StepUpField } from "./step-up-field";
import { STEP_UP_FIELD } from "~/domain/step-up";
import { Fact } from "~/components/ui/fact";

const KEY = "identity-review";

/** The review's answer: a toast, or (posted as a document) what it would say, for the page to show. */
function useReviewAnswer(): FlashToast | null {
  const t = useT();
  const say = useTranslateMessage();
  const notice = (result: AdminActionResult, sent: FormData | undefined): FlashToast =>
    result.ok
      ? { type: "success", title: t(sent?.get("decision") === "reject" ? IDENTITY_MESSAGES.rejected : IDENTITY_MESSAGES.approved) }
      : { type: "error", title: t(IDENTITY_MESSAGES.reviewFailed), description: result.fieldErrors ? t("admin.form.correctFields") : say(result.message) };
  const { posted } = useActionResult(KEY, (result, sent) => {
    const { type, title, description } = notice(result, sent);
    if (type === "success") toast.success(title);
    else toast.error(title, { description });
  });
  return posted ? notice(posted, undefined) : null;
}

/**
 * /admin/identity (issue 35): checks waiting for a decision first, oldest first, then the
 * latest decided. Each shows the investor, the document's type, the company when there is
 * one, and the files (opened in the product; each opening is audited); a waiting one has
 * Approve and Reject, the latter with the reason the investor will read.
 */
export function AdminIdentity({ checks, error, timeZone, viewerId }: { checks: AdminIdentityCheck[]; error: MessageKey | null; timeZone: string; viewerId: string }) {
  const t = useT();
  useEffect(() => {
    if (error) toast.error(t(error), { id: "admin-identity-error" });
  }, [error, t]);
  const answer = useReviewAnswer();
  const waiting = checks.filter((c) => c.status === "submitted");
  const decided = checks.filter((c) => c.status !== "submitted");
  return (
    <div className="space-y-10">
      {answer ? <AnswerNotice toast={answer} /> : null}
      <section aria-labelledby="identity-waiting-heading" className="space-y-4">
        <h2 id="identity-waiting-heading" className="font-serif text-2xl font-semibold">
          {t("verification.admin.waiting")} <span className="text-base font-normal text-muted-foreground">({waiting.length})</span>
        </h2>
        {waiting.length === 0 ? (
          <p className="rounded-xl border border-dashed bg-card p-10 text-center text-lg">{error ? t(error) : t("verification.admin.noneWaiting")}</p>
        ) : (
          <ol className="space-y-3">
            {waiting.map((check) => (
              <li key={check.id}>
                <CheckCard check={check} timeZone={timeZone} own={check.investor.id === viewerId} />
              </li>
            ))}
          </ol>
        )}
      </section>
      {decided.length > 0 ? (
        <section aria-labelledby="identity-decided-heading" className="space-y-4">
          <h2 id="identity-decided-heading" className="font-serif text-2xl font-semibold">
            {t("verification.admin.decided")}
          </h2>
          <ol className="space-y-3">
            {decided.map((check) => (
              <li key={check.id}>
                <CheckCard check={check} timeZone={timeZone} own={check.investor.id === viewerId} />
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}

function CheckCard({ check, timeZone, own }: { check: AdminIdentityCheck; timeZone: string; own: boolean }) {
  const t = useT();
  const formatDay = useFormatDay(timeZone);
  const headingId = `identity-check-${check.id}`;
  const who = check.investor.email ? check.investor.name || check.investor.email : t("verification.admin.deletedAccount");
  return (
    <article aria-labelledby={headingId} className="space-y-4 rounded-xl border bg-card p-4 shadow-sm sm:p-5" data-testid="identity-check">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h3 id={headingId} className="font-serif text-lg font-semibold [overflow-wrap:anywhere]" dir="auto">
            {who}
          </h3>
          {check.investor.email ? (
            <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]" dir="ltr">
              {check.investor.email}
            </p>
          ) : null}
        </div>
        <Badge variant={check.status === "approved" ? "success" : check.status === "rejected" ? "destructive" : "secondary"}>{t(IDENTITY_STATUS_KEYS[check.status])}</Badge>
      </div>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <Fact term={t("verification.admin.sentOn")} value={check.submittedAt ? formatDay(check.submittedAt) : "—"} />
        <Fact term={t("verification.identity.documentType")} value={check.documentType ? t(IDENTITY_DOCUMENT_TYPE_KEYS[check.documentType]) : "—"} />
        {check.entity ? <Fact term={t("verification.admin.entity")} value={`${check.entity.name} · ${check.entity.number} · ${check.entity.country}`} /> : null}
        {check.status === "approved" && check.expiresAt ? <Fact term={t("verification.admin.approvedUntil")} value={formatDay(check.expiresAt)} /> : null}
      </dl>
      <IdentityFileList files={check.files} />
      {check.status === "rejected" && check.rejectionReason ? (
        <p className="rounded-md bg-muted/50 p-3 text-sm" dir="auto">
          <span className="font-semibold">{t("verification.identity.reasonLabel")} </span>
          {check.rejectionReason}
        </p>
      ) : null}
      {check.status === "submitted" && own ? (
        <p className="border-t pt-4 text-sm text-muted-foreground" data-testid="own-check">
          {t("verification.admin.ownCheck")}
        </p>
      ) : check.status === "submitted" ? (
        <ReviewForms check={check} describedBy={headingId} />
      ) : null}
    </article>
  );
}

/** Approve at once, or reject with a reason (a disclosure opens its form, with or without scripts). */
function ReviewForms({ check, describedBy }: { check: AdminIdentityCheck; describedBy: string }) {
  const t = useT();
  const approve = useFetcher<AdminActionResult>({ key: KEY });
  const { fetcher: reject, answer, busy } = useFormAnswer<AdminActionResult>(KEY);
  const refused = answer && !answer.ok && answer.values?.id === check.id ? answer : null;
  const reasonError = refused?.fieldErrors?.reason?.[0];
  // A decision needs a fresh second factor (decision 058): each form carries its own code field while it is stale.
  const codeErrors = (decision: "approve" | "reject") => (refused?.values?.decision === decision ? refused.fieldErrors?.[STEP_UP_FIELD] : undefined);
  return (
    <div className="flex flex-col gap-3 border-t pt-4 sm:flex-row sm:items-start">
      <approve.Form method="post" className="space-y-3">
        <FormKey name={KEY} />
        <input type="hidden" name="intent" value="identity-review" />
        <input type="hidden" name="id" value={check.id} />
        <input type="hidden" name="decision" value="approve" />
        <StepUpField id={`approve-code-${check.id}`} errors={codeErrors("approve")} />
        <Button type="submit" aria-describedby={describedBy} disabled={approve.state !== "idle" || busy}>
          <Check aria-hidden="true" /> {t("verification.admin.approve")}
        </Button>
      </approve.Form>
      <details className="flex-1" open={refused?.values?.decision === "reject"}>
        <summary className="inline-flex h-9 cursor-pointer list-none items-center gap-2 rounded-md border px-4 text-sm font-medium text-destructive [&::-webkit-details-marker]:hidden" aria-describedby={describedBy}>
          <X className="size-4" aria-hidden="true" /> {t("verification.admin.reject")}
        </summary>
        <reject.Form method="post" className="mt-3 space-y-2">
          <FormKey name={KEY} />
          <input type="hidden" name="intent" value="identity-review" />
          <input type="hidden" name="id" value={check.id} />
          <input type="hidden" name="decision" value="reject" />
          <label htmlFor={`reason-${check.id}`} className="text-sm font-medium">
            {t("verification.admin.reason")}
          </label>
          <Textarea
            id={`reason-${check.id}`}
            name="reason"
            rows={3}
            maxLength={1000}
            defaultValue={refused?.values?.reason ?? ""}
            aria-invalid={Boolean(reasonError)}
            aria-describedby={`reason-${check.id}-hint${reasonError ? ` reason-${check.id}-error` : ""}`}
          />
          <p id={`reason-${check.id}-hint`} className="text-xs text-muted-foreground">
            {t("verification.admin.reasonHint")}
          </p>
          {reasonError ? (
            <p id={`reason-${check.id}-error`} role="alert" className="text-sm text-destructive">
              {reasonError}
            </p>
          ) : null}
          <StepUpField id={`reject-code-${check.id}`} errors={codeErrors("reject")} />
          <Button type="submit" variant="destructive" disabled={busy}>
            {t("verification.admin.rejectConfirm")}
          </Button>
        </reject.Form>
      </details>
    </div>
  );
}
