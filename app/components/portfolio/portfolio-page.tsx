import { ArrowLeft, BadgeCheck, Building2, Download, FileText, Landmark, Send, ShieldAlert } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Fact } from "~/components/ui/fact";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import type { FieldErrors } from "~/domain/action-result";
import { escrowAccountKey, printIban, PROGRESS_STATUS_KEYS, TRANSFER_REFERENCE_MAX, type PaymentStatus } from "~/domain/escrow";
import { moneyToDecimal } from "~/domain/money";
import { signedPdfPath } from "~/domain/signing";
import type { EscrowChangeNotice } from "~/domain/escrow-changes";
import { meetingTime } from "~/domain/notification-text";
import { type MessageKey, useLocale, useT, useTranslateMessage } from "~/i18n/i18n";
import { useCalendarDay, useIsolates, useMoney } from "./use-money";
import { portfolioFile, progressUpdatePath, type Portfolio, type PortfolioCommitment } from "~/domain/portfolio";
import { NATIVE_SELECT } from "~/components/ui/native-select";

/** What recording a transfer answered: done, or refused with the fields to correct (what was typed comes back). */
export type TransferAnswer = { ok: true; message: string } | { ok: false; message: string; fieldErrors?: FieldErrors; values?: Record<string, string>; commitmentId?: string };

const PAYMENT_STATUS_KEYS = {
  recorded: "escrow.portfolio.payment.recorded",
  confirmed: "escrow.portfolio.payment.confirmed",
  rejected: "escrow.portfolio.payment.rejected",
} as const satisfies Record<PaymentStatus, MessageKey>;

const PAYMENT_BADGE: Record<PaymentStatus, "secondary" | "success" | "destructive"> = { recorded: "secondary", confirmed: "success", rejected: "destructive" };


/**
 * /portfolio (issue 36, item 7): each commitment with its project's status, the figures,
 * the calls, the escrow account and the transfers recorded (with receipts), and the form to
 * record another; the statements; the progress updates. A plain page: every form posts
 * without scripts too.
 */
export function PortfolioPage({ portfolio, answer }: { portfolio: Portfolio; answer: TransferAnswer | undefined }) {
  const t = useT();
  const say = useTranslateMessage();
  const day = useCalendarDay();
  return (
    <div className="bg-muted/40 pb-16">
      <div className="mx-auto max-w-5xl space-y-8 px-4 pt-8 sm:px-6">
        <div>
          <Link to="/dashboard" className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-primary">
            <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" /> {t("escrow.portfolio.back")}
          </Link>
          <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
            <div>
              <h1 className="font-serif text-3xl font-semibold text-primary">{t("escrow.portfolio.title")}</h1>
              <p className="mt-1 max-w-2xl text-muted-foreground">{t("escrow.portfolio.lead")}</p>
            </div>
            <a href={portfolioFile("statement", "today")} className={buttonVariants({ variant: "outline" })} download>
              <Download aria-hidden="true" /> {t("escrow.portfolio.statementToday")}
            </a>
          </div>
        </div>
        {answer ? (
          <p role={answer.ok ? "status" : "alert"} className={answer.ok ? "flex items-center gap-2 rounded-md border border-success/40 bg-success/10 p-3 font-medium" : "rounded-md border border-destructive/40 bg-destructive/10 p-3 text-destructive"}>
            {answer.ok ? <BadgeCheck className="size-4 shrink-0" aria-hidden="true" /> : null}
            {say(answer.message)}
          </p>
        ) : null}

        {portfolio.commitments.length === 0 ? (
          <p className="rounded-xl border border-dashed bg-card p-10 text-center text-lg">{t("escrow.portfolio.empty")}</p>
        ) : (
          <ol className="space-y-8">
            {portfolio.commitments.map((c) => (
              <li key={c.id}>
                <CommitmentCard commitment={c} today={portfolio.today} answer={answer && !answer.ok && answer.commitmentId === c.id ? answer : undefined} />
              </li>
            ))}
          </ol>
        )}

        <div className="grid gap-6 md:grid-cols-2">
          <Card role="region" aria-labelledby="updates-heading" className="gap-3">
            <CardHeader>
              <h2 id="updates-heading" className="font-serif text-xl font-semibold text-primary">
                {t("escrow.portfolio.updatesTitle")}
              </h2>
            </CardHeader>
            <CardContent>
              {portfolio.updates.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t("escrow.portfolio.updatesEmpty")}</p>
              ) : (
                <ul className="divide-y">
                  {portfolio.updates.map((u) => (
                    <li key={u.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="progress-update-row">
                      <Link to={progressUpdatePath(u.id)} className="font-medium text-primary underline-offset-4 hover:underline [overflow-wrap:anywhere]">
                        {t("escrow.portfolio.updateLink", { opportunity: u.opportunityTitle, status: t(PROGRESS_STATUS_KEYS[u.status]), percent: u.percent })}
                      </Link>
                      {u.read ? null : <Badge variant="info">{t("escrow.portfolio.unread")}</Badge>}
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
          <Card role="region" aria-labelledby="statements-heading" className="gap-3">
            <CardHeader>
              <h2 id="statements-heading" className="font-serif text-xl font-semibold text-primary">
                {t("escrow.portfolio.statementsTitle")}
              </h2>
            </CardHeader>
            <CardContent>
              {portfolio.statements.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t("escrow.portfolio.statementsEmpty")}</p>
              ) : (
                <ul className="divide-y">
                  {portfolio.statements.map((s) => (
                    <li key={s.id} className="py-2">
                      <a href={portfolioFile("statement", s.id)} className="inline-flex items-center gap-2 font-medium text-primary underline-offset-4 hover:underline" download>
                        <FileText className="size-4" aria-hidden="true" /> {t("escrow.portfolio.statementPeriod", { period: s.period, date: day(s.asOf) })}
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
        </div>
      </div>
    </div>
  );
}

/**
 * A change of this escrow account on its 24-hour hold (issue 52, decision 058): said beside
 * the account in force, never in its place. The new account is named only by its bank, its
 * name and its IBAN's last four characters, so nothing here reads as the account to pay.
 */
function EscrowChangeWarning({ change }: { change: EscrowChangeNotice }) {
  const t = useT();
  const locale = useLocale();
  const { own, ltr } = useIsolates();
  return (
    <div role="note" className="space-y-1.5 rounded-md border-2 border-warning/70 bg-warning/10 p-3 text-sm" data-testid="escrow-change-notice">
      <p className="flex items-start gap-2 font-semibold">
        <ShieldAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" /> {t("escrow.portfolio.changeTitle")}
      </p>
      <p>{t("escrow.portfolio.changeText", { when: meetingTime({ startsAt: change.takesEffectAt.toISOString(), timeZone: change.timeZone }, locale) })}</p>
      <p>{t("escrow.portfolio.changeAccount", { bank: own(change.bank), name: own(change.accountName), ending: ltr(change.ibanEnding) })}</p>
      <p className="font-medium">{t("escrow.portfolio.changeUntil")}</p>
    </div>
  );
}

function CommitmentCard({ commitment: c, today, answer }: { commitment: PortfolioCommitment; today: string; answer: Extract<TransferAnswer, { ok: false }> | undefined }) {
  const t = useT();
  const money = useMoney();
  const { ltr, own } = useIsolates();
  const day = useCalendarDay();
  const headingId = `commitment-${c.id}`;
  return (
    <Card role="region" aria-labelledby={headingId} className="gap-5" data-testid="commitment">
      <CardHeader className="space-y-2">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={headingId} className="flex items-center gap-2 font-serif text-2xl font-semibold text-primary [overflow-wrap:anywhere]">
              <Building2 className="size-5 shrink-0" aria-hidden="true" /> <bdi>{c.opportunityTitle}</bdi>
            </h2>
            <p className="text-sm text-muted-foreground">
              {t("escrow.portfolio.unit", { unit: c.unit })}
              {c.entityName ? <> · <bdi>{c.entityName}</bdi></> : null}
            </p>
          </div>
          {c.progress ? (
            <div className="text-end">
              <Badge variant={c.progress.status === "on_track" || c.progress.status === "completed" ? "success" : c.progress.status === "delayed" ? "warning" : "secondary"} data-testid="project-status">
                {t("escrow.portfolio.progress", { status: t(PROGRESS_STATUS_KEYS[c.progress.status]), percent: c.progress.percent })}
              </Badge>
              <p className="mt-1 text-xs text-muted-foreground">{t("escrow.portfolio.progressOn", { date: day(c.progress.postedAt.toISOString().slice(0, 10)) })}</p>
            </div>
          ) : (
            <Badge variant="outline">{t("escrow.portfolio.noProgress")}</Badge>
          )}
        </div>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-3 lg:grid-cols-6" data-testid="commitment-figures">
          <Fact term={t("escrow.portfolio.committed")} value={money(c.committed, c.currency)} />
          <Fact term={t("escrow.portfolio.called")} value={money(c.called, c.currency)} />
          <Fact term={t("escrow.portfolio.paid")} value={money(c.paid, c.currency)} />
          <Fact term={t("escrow.portfolio.outstanding")} value={money(c.outstanding, c.currency)} strong={c.outstanding > 0n} />
          <Fact term={t("escrow.portfolio.notYetCalled")} value={money(c.notYetCalled, c.currency)} />
          <Fact
            term={t("escrow.portfolio.nextDue")}
            value={c.nextDue ? t("escrow.portfolio.nextDueValue", { label: own(c.nextDue.label), amount: money(c.nextDue.remaining, c.currency), date: day(c.nextDue.dueOn) }) : t("escrow.portfolio.nothingDue")}
          />
        </dl>
      </CardHeader>
      <CardContent className="space-y-6">
        <section aria-labelledby={`${headingId}-calls`} className="space-y-2">
          <h3 id={`${headingId}-calls`} className="font-semibold">
            {t("escrow.portfolio.callsTitle")}
          </h3>
          {c.calls.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("escrow.portfolio.callsEmpty")}</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <thead>
                  <tr className="border-b text-start text-xs text-muted-foreground">
                    <th scope="col" className="py-2 pe-3 text-start font-medium">{t("escrow.portfolio.callInstalment")}</th>
                    <th scope="col" className="py-2 pe-3 text-start font-medium">{t("escrow.portfolio.callAmount")}</th>
                    <th scope="col" className="py-2 pe-3 text-start font-medium">{t("escrow.portfolio.callDue")}</th>
                    <th scope="col" className="py-2 text-start font-medium">{t("escrow.portfolio.callState")}</th>
                  </tr>
                </thead>
                <tbody>
                  {c.calls.map((k) => (
                    <tr key={k.id} className="border-b last:border-0" data-testid="call-row">
                      <th scope="row" className="py-2 pe-3 text-start font-medium">
                        <bdi>{k.label}</bdi>
                      </th>
                      <td className="py-2 pe-3 whitespace-nowrap">{money(k.amountMinor, c.currency)}</td>
                      <td className="py-2 pe-3">{day(k.dueOn)}</td>
                      <td className="py-2">
                        {k.remaining === 0n ? (
                          <Badge variant="success">{t("escrow.portfolio.callPaid")}</Badge>
                        ) : k.dueOn < today ? (
                          <Badge variant="destructive">{t("escrow.portfolio.callOverdue")}</Badge>
                        ) : k.remaining < k.amountMinor ? (
                          <Badge variant="warning">{t("escrow.portfolio.callPart", { remaining: money(k.remaining, c.currency) })}</Badge>
                        ) : (
                          <Badge variant="secondary">{t("escrow.portfolio.callOpen")}</Badge>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>

        <section aria-labelledby={`${headingId}-escrow`} className="space-y-3 rounded-lg border bg-muted/40 p-4">
          <h3 id={`${headingId}-escrow`} className="flex items-center gap-2 font-semibold">
            <Landmark className="size-4" aria-hidden="true" /> {t("escrow.portfolio.escrowTitle")}
          </h3>
          {c.escrow ? (
            <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2" data-testid="escrow-account">
              <Fact term={t("escrow.portfolio.bank")} value={c.escrow.bank} />
              <Fact term={t("escrow.portfolio.accountName")} value={c.escrow.accountName} />
              <Fact term={t("escrow.portfolio.iban")} value={printIban(c.escrow.iban)} ltr />
              <Fact term={t("escrow.portfolio.bic")} value={c.escrow.bic} ltr />
            </dl>
          ) : (
            <p className="text-sm text-muted-foreground">{t("escrow.portfolio.noEscrow")}</p>
          )}
          {c.escrowChange ? <EscrowChangeWarning change={c.escrowChange} /> : null}
          <p className="flex items-start gap-2 text-sm font-medium">
            <ShieldAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" /> {t("escrow.portfolio.neverByEmail")}
          </p>
        </section>

        <section aria-labelledby={`${headingId}-payments`} className="space-y-2">
          <h3 id={`${headingId}-payments`} className="font-semibold">
            {t("escrow.portfolio.paymentsTitle")}
          </h3>
          {c.payments.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("escrow.portfolio.paymentsEmpty")}</p>
          ) : (
            <ul className="divide-y text-sm">
              {c.payments.map((p) => (
                <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="payment-row">
                  <div className="min-w-0 space-y-0.5">
                    <p className="[overflow-wrap:anywhere]">{t("escrow.portfolio.paymentLine", { amount: money(p.amountMinor, p.currency), date: day(p.transferredOn), reference: ltr(p.reference) })}</p>
                    {p.receivedMinor !== null ? <p className="text-muted-foreground">{t("escrow.portfolio.receivedLine", { amount: money(p.receivedMinor, p.currency) })}</p> : null}
                    {p.status === "rejected" && p.reviewNote ? (
                      <p className="text-destructive" dir="auto">
                        {p.reviewNote}
                      </p>
                    ) : null}
                    <p className="flex flex-wrap gap-3">
                      {p.receiptNumber ? (
                        <a href={portfolioFile("receipt", p.id)} className="font-medium text-primary underline-offset-4 hover:underline" download>
                          {t("escrow.portfolio.receipt", { number: p.receiptNumber })}
                        </a>
                      ) : null}
                      <a href={portfolioFile("proof", p.id)} className="text-muted-foreground underline-offset-4 hover:underline" download>
                        {t("escrow.portfolio.proof")}
                      </a>
                    </p>
                  </div>
                  <Badge variant={PAYMENT_BADGE[p.status]}>{t(PAYMENT_STATUS_KEYS[p.status])}</Badge>
                </li>
              ))}
            </ul>
          )}
        </section>

        <RecordTransfer commitment={c} today={today} answer={answer} />

        {c.signingRequestId ? (
          <a href={signedPdfPath(c.signingRequestId)} className="inline-flex items-center gap-2 text-sm font-medium text-primary underline-offset-4 hover:underline" download>
            <FileText className="size-4" aria-hidden="true" /> {t("escrow.portfolio.agreement")}
          </a>
        ) : null}
      </CardContent>
    </Card>
  );
}

function RecordTransfer({ commitment: c, today, answer }: { commitment: PortfolioCommitment; today: string; answer: Extract<TransferAnswer, { ok: false }> | undefined }) {
  const t = useT();
  const money = useMoney();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("commitmentId") === c.id;
  const id = (name: string) => `transfer-${c.id}-${name}`;
  const errors = (name: string) => answer?.fieldErrors?.[name];
  const value = (name: string, fallback = "") => answer?.values?.[name] ?? fallback;
  const open = c.calls.filter((k) => k.remaining > 0n);
  return (
    <details className="group rounded-lg border p-4" open={Boolean(answer)}>
      <summary className="cursor-pointer font-semibold text-primary">
        <Send className="me-2 inline size-4 rtl:-scale-x-100" aria-hidden="true" />
        {t("escrow.portfolio.recordTitle")}
      </summary>
      <p className="mt-2 text-sm text-muted-foreground">{t("escrow.portfolio.recordLead")}</p>
      <Form method="post" encType="multipart/form-data" className="mt-4 space-y-4" noValidate>
        <input type="hidden" name="commitmentId" value={c.id} />
        {/* The account this page shows: the transfer is recorded against it, or not at all if it changed meanwhile. */}
        <input type="hidden" name="escrowShown" value={escrowAccountKey(c.escrow)} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={id("date")} label={t("escrow.portfolio.transferredOn")} errors={errors("transferredOn")}>
            <Input id={id("date")} name="transferredOn" type="date" max={today} defaultValue={value("transferredOn", today)} required aria-invalid={Boolean(errors("transferredOn"))} />
          </Field>
          <Field id={id("amount")} label={t("escrow.portfolio.amount", { currency: c.currency })} errors={errors("amount")}>
            <Input id={id("amount")} name="amount" inputMode="decimal" dir="ltr" defaultValue={value("amount", open[0] ? moneyToDecimal(open[0].remaining, c.currency) : "")} required aria-invalid={Boolean(errors("amount"))} />
          </Field>
          <Field id={id("reference")} label={t("escrow.portfolio.reference")} errors={errors("reference")}>
            <Input id={id("reference")} name="reference" dir="ltr" maxLength={TRANSFER_REFERENCE_MAX} defaultValue={value("reference")} required aria-invalid={Boolean(errors("reference"))} />
          </Field>
          <Field id={id("call")} label={t("escrow.portfolio.call")} errors={errors("callId")}>
            <select id={id("call")} name="callId" defaultValue={value("callId", open[0]?.id ?? "")} className={NATIVE_SELECT}>
              {open.map((k) => (
                <option key={k.id} value={k.id}>
                  {k.label} · {money(k.remaining, c.currency)}
                </option>
              ))}
              <option value="">{t("escrow.portfolio.callNone")}</option>
            </select>
          </Field>
        </div>
        <Field id={id("proof")} label={t("escrow.portfolio.proofFile")} errors={errors("proof")}>
          <Input id={id("proof")} name="proof" type="file" accept="application/pdf,image/jpeg,image/png" required aria-invalid={Boolean(errors("proof"))} />
        </Field>
        <Button type="submit" disabled={busy}>
          <Send aria-hidden="true" className="rtl:-scale-x-100" /> {busy ? t("escrow.portfolio.sending") : t("escrow.portfolio.submit")}
        </Button>
      </Form>
    </details>
  );
}
