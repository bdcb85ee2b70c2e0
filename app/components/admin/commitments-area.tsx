import { Check, Download, FileText, PlusCircle, X } from "lucide-react";
import { useEffect } from "react";
import { Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Fact } from "~/components/ui/fact";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/toaster";
import { ESCROW_MESSAGES, PAYMENT_MESSAGES, type PaymentStatus } from "~/domain/escrow";
import { CURRENCIES, moneyToDecimal, totalsByCurrency, type Currency } from "~/domain/money";
import type { PendingEscrowChange } from "~/domain/escrow-changes";
import { portfolioFile, type AdminPaymentRow, type AdminProgressUpdate, type CommitmentPosition, type PaymentPlan } from "~/domain/portfolio";
import { STEP_UP_FIELD } from "~/domain/step-up";
import { type MessageKey, useT } from "~/i18n/i18n";
import { EscrowChangeSection, MilestonesSection, PlanSection } from "./escrow-plan-form";
import { StepUpField } from "./step-up-field";
import { ProgressSection } from "./progress-updates-area";
import { useWrite } from "./use-write";
import { useCalendarDay, useMoney } from "~/components/portfolio/use-money";
import { NATIVE_SELECT } from "~/components/ui/native-select";

const PAYMENT_STATUS_KEYS = {
  recorded: "escrow.admin.payment.recorded",
  confirmed: "escrow.admin.payment.confirmed",
  rejected: "escrow.admin.payment.rejected",
} as const satisfies Record<PaymentStatus, MessageKey>;

export interface CommitmentsData {
  opportunities: Array<{ id: string; title: string }>;
  today: string;
  timeZone: string;
  /** The signed-in admin: a change they asked for is approved by another (decision 058). */
  viewerId: string;
  error: MessageKey | null;
  opportunity:
    | {
        id: string;
        title: string;
        plan: PaymentPlan | null;
        change: PendingEscrowChange | null;
        ledger: CommitmentPosition[];
        payments: AdminPaymentRow[];
        updates: AdminProgressUpdate[];
      }
    | null;
}

/**
 * /admin/commitments (issue 36): an opportunity chosen, its transfers to confirm first (what
 * waits on the firm), then the ledger with its CSV and the form to record a commitment by
 * hand, the milestones to certify, the payment plan and escrow account, and the progress
 * updates.
 */
export function AdminCommitments({ opportunities, opportunity, today, timeZone, viewerId, error }: CommitmentsData) {
  const t = useT();
  useEffect(() => {
    if (error) toast.error(t(error), { id: "admin-commitments-error" });
  }, [error, t]);
  if (!opportunities.length) return <p className="rounded-xl border border-dashed bg-card p-10 text-center text-lg">{t("escrow.admin.noOpportunities")}</p>;
  return (
    <div className="space-y-10">
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <label className="space-y-1.5 text-sm font-medium">
          <span className="block">{t("escrow.admin.opportunity")}</span>
          <select name="opportunity" defaultValue={opportunity?.id ?? ""} className={`${NATIVE_SELECT} min-w-64`}>
            <option value="">{t("escrow.admin.chooseOpportunity")}</option>
            {opportunities.map((o) => (
              <option key={o.id} value={o.id}>
                {o.title}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" variant="outline">
          {t("escrow.admin.show")}
        </Button>
      </Form>
      {!opportunity ? (
        <p className="rounded-xl border border-dashed bg-card p-10 text-center text-lg">{t("escrow.admin.choose")}</p>
      ) : (
        <>
          {error ? <p className="rounded-xl border border-dashed bg-card p-10 text-center text-lg">{t(error)}</p> : null}
          <TransfersSection payments={opportunity.payments} />
          <LedgerSection opportunityId={opportunity.id} ledger={opportunity.ledger} />
          <MilestonesSection plan={opportunity.plan} today={today} />
          {opportunity.change ? <EscrowChangeSection change={opportunity.change} current={opportunity.plan?.escrow ?? null} viewerId={viewerId} timeZone={timeZone} /> : null}
          <PlanSection key={`plan-${opportunity.id}`} opportunityId={opportunity.id} plan={opportunity.plan} timeZone={timeZone} />
          <ProgressSection key={`progress-${opportunity.id}`} opportunityId={opportunity.id} updates={opportunity.updates} timeZone={timeZone} />
        </>
      )}
    </div>
  );
}

type Write = ReturnType<typeof useWrite>;

/** Transfers investors recorded: those waiting first, each with its proof, to confirm (in full or in part) or reject; then the rest. */
function TransfersSection({ payments }: { payments: AdminPaymentRow[] }) {
  const t = useT();
  const confirm = useWrite("payment-confirm", (r) => t(PAYMENT_MESSAGES.confirmed, { number: r.receipt ?? "" }));
  const reject = useWrite("payment-reject", () => t(PAYMENT_MESSAGES.rejected));
  const waiting = payments.filter((p) => p.status === "recorded");
  const done = payments.filter((p) => p.status !== "recorded");
  return (
    <section aria-labelledby="transfers-heading" className="space-y-4">
      <h2 id="transfers-heading" className="font-serif text-2xl font-semibold">
        {t("escrow.admin.transfersTitle")} <span className="text-base font-normal text-muted-foreground">({waiting.length})</span>
      </h2>
      {confirm.notice}
      {reject.notice}
      {waiting.length === 0 ? <p className="rounded-xl border border-dashed bg-card p-6 text-center">{t("escrow.admin.transfersNone")}</p> : null}
      <ol className="space-y-3">
        {[...waiting, ...done].map((p) => (
          <li key={p.id}>
            <TransferCard payment={p} confirm={confirm} reject={reject} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function TransferCard({ payment: p, confirm, reject }: { payment: AdminPaymentRow; confirm: Write; reject: Write }) {
  const t = useT();
  const amount = useMoney();
  const day = useCalendarDay();
  const headingId = `transfer-${p.id}`;
  // A refusal names the payment it was about: its messages go beside that card's fields only.
  const errorsHere = (write: Write, name: string) => (write.value("paymentId", "") === p.id ? write.errors(name) : undefined);
  // And what was typed in that card comes back with it (a page posted without scripts is drawn anew).
  const typed = (write: Write, name: string, fallback: string) => (write.value("paymentId", "") === p.id ? write.value(name, fallback) : fallback);
  return (
    <article aria-labelledby={headingId} className="space-y-3 rounded-xl border bg-card p-4 shadow-sm sm:p-5" data-testid="admin-transfer">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 id={headingId} className="font-serif text-lg font-semibold [overflow-wrap:anywhere]">
          <bdi>{p.investorName}</bdi>: <bdi dir="ltr">{amount(p.amountMinor, p.currency)}</bdi>
        </h3>
        <Badge variant={p.status === "confirmed" ? "success" : p.status === "rejected" ? "destructive" : "secondary"}>{t(PAYMENT_STATUS_KEYS[p.status])}</Badge>
      </div>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <Fact term={t("escrow.admin.transferredOn")} value={day(p.transferredOn)} />
        <Fact term={t("escrow.admin.reference")} value={p.reference} ltr />
        <Fact term={t("escrow.admin.instalment")} value={p.callLabel ?? t("escrow.admin.onAccount")} />
        <Fact term={t("escrow.admin.received")} value={p.receivedMinor === null ? "—" : amount(p.receivedMinor, p.currency)} ltr />
        {p.paidInto ? (
          <Fact
            term={t("escrow.admin.paidInto")}
            value={
              <>
                <bdi>{p.paidInto.bank}</bdi> <bdi dir="ltr">{p.paidInto.iban}</bdi>
              </>
            }
          />
        ) : null}
      </dl>
      {p.reviewNote ? (
        <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]" dir="auto">
          {p.reviewNote}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2 border-t pt-3">
        <a href={portfolioFile("proof", p.id)} className={buttonVariants({ size: "sm", variant: "outline" })} aria-describedby={headingId}>
          <FileText aria-hidden="true" /> {t("escrow.admin.proof")}
        </a>
        {p.receiptNumber ? (
          <a href={portfolioFile("receipt", p.id)} className={buttonVariants({ size: "sm", variant: "outline" })} aria-describedby={headingId} download>
            <Download aria-hidden="true" /> {t("escrow.admin.receipt", { number: p.receiptNumber })}
          </a>
        ) : null}
      </div>
      {p.status === "recorded" && p.own ? (
        <p className="border-t pt-3 text-sm text-muted-foreground" data-testid="own-transfer">
          {t("escrow.admin.ownTransfer")}
        </p>
      ) : p.status === "recorded" ? (
        <div className="grid gap-4 border-t pt-3 lg:grid-cols-2">
          <confirm.fetcher.Form method="post" className="space-y-3" noValidate>
            {confirm.hidden}
            <input type="hidden" name="paymentId" value={p.id} />
            <Field id={`received-${p.id}`} label={t("escrow.admin.receivedAmount", { currency: p.currency })} errors={errorsHere(confirm, "received")}>
              <Input id={`received-${p.id}`} name="received" inputMode="decimal" dir="ltr" defaultValue={typed(confirm, "received", moneyToDecimal(p.amountMinor, p.currency))} required />
            </Field>
            <Field id={`confirm-note-${p.id}`} label={t("escrow.admin.confirmNote")}>
              <Input id={`confirm-note-${p.id}`} name="note" maxLength={500} defaultValue={typed(confirm, "note", "")} />
            </Field>
            <StepUpField id={`confirm-code-${p.id}`} errors={errorsHere(confirm, STEP_UP_FIELD)} />
            <Button type="submit" size="sm" disabled={confirm.busy} aria-describedby={headingId}>
              <Check aria-hidden="true" /> {t("escrow.admin.confirm")}
            </Button>
          </confirm.fetcher.Form>
          <reject.fetcher.Form method="post" className="space-y-3" noValidate>
            {reject.hidden}
            <input type="hidden" name="paymentId" value={p.id} />
            <Field id={`reject-note-${p.id}`} label={t("escrow.admin.rejectNote")} errors={errorsHere(reject, "note")}>
              <Input id={`reject-note-${p.id}`} name="note" maxLength={500} defaultValue={typed(reject, "note", "")} required />
            </Field>
            <Button type="submit" size="sm" variant="outline" className="text-destructive" disabled={reject.busy} aria-describedby={headingId}>
              <X aria-hidden="true" /> {t("escrow.admin.reject")}
            </Button>
          </reject.fetcher.Form>
        </div>
      ) : null}
    </article>
  );
}

const COLUMNS = ["committed", "called", "paid", "outstanding", "overdue"] as const;

/** The ledger's sums, a row per currency (never converted). */
function ledgerTotals(ledger: CommitmentPosition[]): Array<{ currency: Currency } & Record<(typeof COLUMNS)[number], bigint>> {
  const sums = COLUMNS.map((column) => totalsByCurrency(ledger.map((c) => ({ minor: c[column], currency: c.currency }))));
  return [...sums[0]!.keys()].map((currency) => ({ currency, ...(Object.fromEntries(COLUMNS.map((column, i) => [column, sums[i]!.get(currency) ?? 0n])) as Record<(typeof COLUMNS)[number], bigint>) }));
}

/** Each commitment's position (committed, called, received, outstanding, overdue, next due), totals per currency, the CSV, and a commitment recorded by hand. */
function LedgerSection({ opportunityId, ledger }: { opportunityId: string; ledger: CommitmentPosition[] }) {
  const t = useT();
  const amount = useMoney();
  const day = useCalendarDay();
  const totals = ledgerTotals(ledger);
  const cell = "p-3 text-end tabular-nums whitespace-nowrap";
  return (
    <section aria-labelledby="ledger-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="ledger-heading" className="font-serif text-2xl font-semibold">
          {t("escrow.admin.ledgerTitle")} <span className="text-base font-normal text-muted-foreground">({ledger.length})</span>
        </h2>
        <a href={`/admin/export/ledger.csv?opportunity=${opportunityId}`} className={buttonVariants({ variant: "outline", size: "sm" })}>
          <Download aria-hidden="true" /> {t("escrow.admin.csv")}
        </a>
      </div>
      {ledger.length === 0 ? (
        <p className="rounded-xl border border-dashed bg-card p-6 text-center">{t("escrow.admin.ledgerNone")}</p>
      ) : (
        // A table wider than a phone scrolls sideways: reachable by keyboard (axe: scrollable-region-focusable).
        <div className="overflow-x-auto rounded-xl border bg-card focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:outline-none" tabIndex={0} role="region" aria-labelledby="ledger-heading">
          <table className="w-full text-sm">
            <thead className="bg-muted/50 text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="p-3 text-start font-medium">{t("escrow.admin.investor")}</th>
                <th scope="col" className="p-3 text-end font-medium">{t("escrow.portfolio.committed")}</th>
                <th scope="col" className="p-3 text-end font-medium">{t("escrow.portfolio.called")}</th>
                <th scope="col" className="p-3 text-end font-medium">{t("escrow.admin.received")}</th>
                <th scope="col" className="p-3 text-end font-medium">{t("escrow.portfolio.outstanding")}</th>
                <th scope="col" className="p-3 text-end font-medium">{t("escrow.portfolio.callOverdue")}</th>
                <th scope="col" className="p-3 text-start font-medium">{t("escrow.portfolio.nextDue")}</th>
              </tr>
            </thead>
            <tbody>
              {ledger.map((c) => (
                <tr key={c.id} className="border-t" data-testid="ledger-row">
                  <th scope="row" className="p-3 text-start font-medium">
                    <span dir="auto">{c.entityName ? `${c.investorName} (${c.entityName})` : c.investorName}</span>
                    <span className="block text-xs font-normal text-muted-foreground" dir="auto">
                      {t("escrow.portfolio.unit", { unit: c.unit })}
                    </span>
                  </th>
                  <td className={cell} dir="ltr">{amount(c.committed, c.currency)}</td>
                  <td className={cell} dir="ltr">{amount(c.called, c.currency)}</td>
                  <td className={cell} dir="ltr">{amount(c.paid, c.currency)}</td>
                  <td className={cell} dir="ltr">{amount(c.outstanding, c.currency)}</td>
                  <td className={`${cell} ${c.overdue > 0n ? "font-semibold text-destructive" : ""}`} dir="ltr">{amount(c.overdue, c.currency)}</td>
                  <td className="p-3">{c.nextDue ? `${c.nextDue.label}: ${amount(c.nextDue.remaining, c.currency)}, ${day(c.nextDue.dueOn)}` : t("escrow.portfolio.nothingDue")}</td>
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t-2 font-semibold">
              {totals.map((total) => (
                <tr key={total.currency} data-testid="ledger-total">
                  <th scope="row" className="p-3 text-start">{t("escrow.admin.total", { currency: total.currency })}</th>
                  <td className={cell} dir="ltr">{amount(total.committed, total.currency)}</td>
                  <td className={cell} dir="ltr">{amount(total.called, total.currency)}</td>
                  <td className={cell} dir="ltr">{amount(total.paid, total.currency)}</td>
                  <td className={cell} dir="ltr">{amount(total.outstanding, total.currency)}</td>
                  <td className={cell} dir="ltr">{amount(total.overdue, total.currency)}</td>
                  <td />
                </tr>
              ))}
            </tfoot>
          </table>
        </div>
      )}
      <RecordCommitment opportunityId={opportunityId} />
    </section>
  );
}

/** A commitment made outside the product, recorded by hand (audited); instalments already certified are called at once. */
function RecordCommitment({ opportunityId }: { opportunityId: string }) {
  const t = useT();
  const write = useWrite("commitment-record", () => t(ESCROW_MESSAGES.commitmentRecorded));
  const { errors, value } = write;
  return (
    <details className="rounded-xl border bg-card p-4 shadow-sm sm:p-5" open={Boolean(write.notice)}>
      <summary className="flex cursor-pointer items-center gap-2 font-medium">
        <PlusCircle className="size-4" aria-hidden="true" /> {t("escrow.admin.recordTitle")}
      </summary>
      <write.fetcher.Form method="post" className="mt-4 space-y-4" noValidate>
        {write.hidden}
        {write.notice}
        <input type="hidden" name="opportunityId" value={opportunityId} />
        <p className="text-sm text-muted-foreground">{t("escrow.admin.recordLead")}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="commitment-email" label={t("escrow.admin.investorEmail")} errors={errors("investorEmail")}>
            <Input id="commitment-email" name="investorEmail" type="email" dir="ltr" defaultValue={value("investorEmail", "")} required />
          </Field>
          <Field id="commitment-entity" label={t("escrow.admin.entityName")} errors={errors("entityName")}>
            <Input id="commitment-entity" name="entityName" maxLength={160} defaultValue={value("entityName", "")} />
          </Field>
          <Field id="commitment-unit" label={t("escrow.admin.unit")} errors={errors("unit")}>
            <Input id="commitment-unit" name="unit" maxLength={120} defaultValue={value("unit", "")} required />
          </Field>
          <div className="grid grid-cols-[1fr_7rem] gap-3">
            <Field id="commitment-amount" label={t("escrow.admin.amount")} errors={errors("amount")}>
              <Input id="commitment-amount" name="amount" inputMode="decimal" dir="ltr" defaultValue={value("amount", "")} required />
            </Field>
            <Field id="commitment-currency" label={t("escrow.admin.currency")}>
              <select id="commitment-currency" name="currency" defaultValue={value("currency", "USD")} className={NATIVE_SELECT}>
                {CURRENCIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </Field>
          </div>
        </div>
        <Button type="submit" disabled={write.busy}>
          <PlusCircle aria-hidden="true" /> {t("escrow.admin.record")}
        </Button>
      </write.fetcher.Form>
    </details>
  );
}
