import { Readable, pipeline } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { stringify } from "csv-stringify";
import type { AdminMessage } from "~/domain/admin-messages";
import { bookingStatusLabel, bookingTypeLabel } from "~/domain/booking-words";
import type { BookingWithSlot } from "~/domain/bookings";
import type { BookingStatus } from "~/domain/constants";
import { ALERT_TOPIC_LABELS, type AlertTopic } from "~/domain/alerts";
import { INTEREST_STATUS_LABELS, type AdminInterest, type InterestStatus } from "~/domain/interests";
import { csvRecord, type CsvValue } from "~/domain/csv";
import { hhmm } from "~/domain/slots";
import type { Cursor } from "../db/keyset.server";
import type { ServiceContext } from "../context/service-context.server";
import { requireAdmin, type Actor } from "../security/actor.server";
import { requireFreshSecondFactor } from "../security/step-up.server";
import { listBookingsForExport } from "./bookings.server";
import { listMessagesForExport } from "./messages.server";
import { listInterestsForExport } from "./interests.server";
import { listSubscribersForExport, type SubscriberRow } from "./alerts.server";
import { getInvestorPipelineForAdmin, listPipelineForAdmin } from "./pipeline.server";
import { PIPELINE_STAGE_LABELS, type InvestorPipeline, type PipelineRow } from "~/domain/pipeline";
import { moneyToDecimal } from "~/domain/money";
import type { CommitmentPosition } from "~/domain/portfolio";
import { opportunityLedger } from "./statements.server";

/**
 * The admin CSV exports (issue 6): every booking of the Bookings tab's filter, or every
 * message of the Messages tab's search, newest first. This module only batches and
 * streams: the rows come from the bookings and messages modules, a keyset batch at a time
 * (app/server/db/keyset.server.ts), so an export of any size holds one batch in memory.
 * The admin check, and the first batch, come before the stream exists: a refusal or a
 * database that is down is answered with a status, not a broken file. A failure later is
 * logged and aborts the stream, so the download fails instead of ending short.
 */

/**
 * Every export here is investors' (or enquirers') personal data: an admin, with a second
 * factor proved in the last five minutes (issue 52, decision 058). The route sends an admin
 * whose step-up is stale to prove one first (app/routes/admin.export.tsx).
 */
function requireExporter(actor: Actor): void {
  requireAdmin(actor);
  requireFreshSecondFactor(actor);
}

/** Rows per database read. */
export const EXPORT_BATCH_SIZE = 500;

export interface ExportQuery {
  /** Rows per read; tests use a small one. */
  batchSize?: number;
}

/** A column of an export: its header and its cell for a row. */
interface Column<Row> {
  header: string;
  cell: (row: Row) => CsvValue;
}

const yesNo = (value: boolean) => (value ? "yes" : "no");

const BOOKING_COLUMNS: Column<BookingWithSlot>[] = [
  { header: "Created at", cell: (b) => b.createdAt.toISOString() },
  { header: "First name", cell: (b) => b.firstName },
  { header: "Last name", cell: (b) => b.lastName },
  { header: "E-mail", cell: (b) => b.email },
  { header: "Phone", cell: (b) => b.phone },
  { header: "Investment amount", cell: (b) => b.investmentAmount },
  { header: "Type", cell: (b) => bookingTypeLabel(b.bookingType) },
  { header: "Status", cell: (b) => bookingStatusLabel(b.status) },
  { header: "Slot date", cell: (b) => b.slot?.date ?? null },
  { header: "Slot start", cell: (b) => (b.slot ? hhmm(b.slot.startTime) : null) },
  { header: "Slot end", cell: (b) => (b.slot ? hhmm(b.slot.endTime) : null) },
  { header: "Preferred time", cell: (b) => b.preferredTime },
  { header: "Message", cell: (b) => b.message },
  { header: "Reference", cell: (b) => b.reference },
];

/** Every booking with `status` (all when it is undefined) matching the search `q`, or only the selected `ids`, as CSV. Admins only. */
export async function exportBookingsCsv(
  ctx: ServiceContext,
  actor: Actor,
  query: ExportQuery & { status?: BookingStatus; q?: string; ids?: string[] },
): Promise<ReadableStream<Uint8Array>> {
  requireExporter(actor);
  const read = (cursor: Cursor | null, limit: number) => listBookingsForExport(ctx, actor, { status: query.status, q: query.q, ids: query.ids, cursor, limit });
  return csvStream(ctx, "bookings", BOOKING_COLUMNS, read, query.batchSize);
}

const MESSAGE_COLUMNS: Column<AdminMessage>[] = [
  { header: "Created at", cell: (m) => m.createdAt.toISOString() },
  { header: "First name", cell: (m) => m.firstName },
  { header: "Last name", cell: (m) => m.lastName },
  { header: "E-mail", cell: (m) => m.email },
  { header: "Investment amount", cell: (m) => m.investmentAmount },
  { header: "Message", cell: (m) => m.message },
  { header: "Read", cell: (m) => yesNo(m.isRead) },
  { header: "Booking type", cell: (m) => (m.booking ? bookingTypeLabel(m.booking.bookingType) : null) },
  { header: "Booking status", cell: (m) => (m.booking ? bookingStatusLabel(m.booking.status) : null) },
  { header: "Phone", cell: (m) => m.booking?.phone ?? null },
  { header: "Preferred time", cell: (m) => m.booking?.preferredTime ?? null },
];

/** Every message matching the search `q` (all when it is empty), or only the selected `ids`, as CSV. Admins only. */
export async function exportMessagesCsv(ctx: ServiceContext, actor: Actor, query: ExportQuery & { q: string; ids?: string[] }): Promise<ReadableStream<Uint8Array>> {
  requireExporter(actor);
  const read = (cursor: Cursor | null, limit: number) => listMessagesForExport(ctx, actor, { q: query.q, ids: query.ids, cursor, limit });
  return csvStream(ctx, "messages", MESSAGE_COLUMNS, read, query.batchSize);
}

const INTEREST_COLUMNS: Column<AdminInterest>[] = [
  { header: "Registered at", cell: (i) => i.createdAt },
  { header: "Opportunity", cell: (i) => i.opportunityTitle },
  { header: "Investor", cell: (i) => i.investorName },
  { header: "E-mail", cell: (i) => i.investorEmail },
  { header: "Indicative amount (USD)", cell: (i) => i.amountUsd.toFixed(2) },
  { header: "Units", cell: (i) => (i.units === null ? null : String(i.units)) },
  { header: "Status", cell: (i) => INTEREST_STATUS_LABELS[i.status] },
  { header: "Withdrawn at", cell: (i) => i.withdrawnAt },
  { header: "Note", cell: (i) => i.note },
];

/** Every expression of interest (of an opportunity, of a status, of the investors matching the search `q`), as CSV. Admins only. */
export async function exportInterestsCsv(
  ctx: ServiceContext,
  actor: Actor,
  query: ExportQuery & { opportunityId?: string; status?: InterestStatus; q?: string },
): Promise<ReadableStream<Uint8Array>> {
  requireExporter(actor);
  const read = (cursor: Cursor | null, limit: number) => listInterestsForExport(ctx, actor, { opportunityId: query.opportunityId, status: query.status, q: query.q, cursor, limit });
  return csvStream(ctx, "interests", INTEREST_COLUMNS, read, query.batchSize);
}

const SUBSCRIBER_COLUMNS: Column<SubscriberRow>[] = [
  { header: "Alert", cell: (s) => ALERT_TOPIC_LABELS[s.topic] },
  { header: "E-mail", cell: (s) => s.email },
  { header: "Confirmed at", cell: (s) => s.confirmedAt?.toISOString() ?? null },
  { header: "Subscribed at", cell: (s) => s.createdAt.toISOString() },
];

/** Every confirmed, still-subscribed address (of a topic), as CSV. Admins only. */
export async function exportSubscribersCsv(ctx: ServiceContext, actor: Actor, query: ExportQuery & { topic?: AlertTopic }): Promise<ReadableStream<Uint8Array>> {
  requireExporter(actor);
  const read = (cursor: Cursor | null, limit: number) => listSubscribersForExport(ctx, actor, { topic: query.topic, cursor, limit });
  return csvStream(ctx, "subscribers", SUBSCRIBER_COLUMNS, read, query.batchSize);
}

const PIPELINE_COLUMNS: Column<PipelineRow>[] = [
  { header: "Investor", cell: (r) => r.name },
  { header: "E-mail", cell: (r) => r.email },
  { header: "Stage", cell: (r) => PIPELINE_STAGE_LABELS[r.stage] },
  { header: "Interest status", cell: (r) => (r.interest ? INTEREST_STATUS_LABELS[r.interest.status] : null) },
  { header: "Indicative amount (USD)", cell: (r) => (r.interest ? r.interest.amountUsd.toFixed(2) : null) },
  { header: "Interest registered at", cell: (r) => r.interest?.at ?? null },
  { header: "Investor category", cell: (r) => r.qualification },
  { header: "Identity check", cell: (r) => r.identity },
  { header: "Agreement version", cell: (r) => (r.agreement ? String(r.agreement.version) : null) },
  { header: "Agreement accepted at", cell: (r) => r.agreement?.at ?? null },
  { header: "Document to sign", cell: (r) => r.signing?.reference ?? null },
  { header: "Document status", cell: (r) => (r.signing ? (r.signing.status === "signed" ? "Signed" : "Awaiting signature") : null) },
  { header: "Signed at", cell: (r) => (r.signing?.status === "signed" ? r.signing.at : null) },
];

type InvestorPathRow = InvestorPipeline["opportunities"][number] & { investor: InvestorPipeline["investor"] };

const INVESTOR_PATH_COLUMNS: Column<InvestorPathRow>[] = [
  { header: "Investor", cell: (r) => r.investor.name },
  { header: "E-mail", cell: (r) => r.investor.email },
  { header: "Investor category", cell: (r) => r.investor.qualification },
  { header: "Identity check", cell: (r) => r.investor.identity },
  { header: "Opportunity", cell: (r) => r.title },
  { header: "Stage", cell: (r) => PIPELINE_STAGE_LABELS[r.stage] },
  { header: "Interest status", cell: (r) => (r.interest ? INTEREST_STATUS_LABELS[r.interest.status] : null) },
  { header: "Indicative amount (USD)", cell: (r) => (r.interest ? r.interest.amountUsd.toFixed(2) : null) },
  { header: "Agreement version", cell: (r) => (r.agreement ? String(r.agreement.version) : null) },
  { header: "Agreement accepted at", cell: (r) => r.agreement?.at ?? null },
  { header: "Document to sign", cell: (r) => r.signing?.reference ?? null },
  { header: "Document status", cell: (r) => (r.signing ? (r.signing.status === "signed" ? "Signed" : "Awaiting signature") : null) },
  { header: "Signed at", cell: (r) => (r.signing?.status === "signed" ? r.signing.at : null) },
];

/** One investor's path (issue 35, "per investor"), a row per opportunity, as CSV; undefined for no such account. Admins only. */
export async function exportInvestorPipelineCsv(ctx: ServiceContext, actor: Actor, query: { userId: string }): Promise<ReadableStream<Uint8Array> | undefined> {
  requireExporter(actor);
  const path = await getInvestorPipelineForAdmin(ctx, actor, query);
  if (!path) return undefined;
  const batch = path.opportunities.map((o) => ({ ...o, investor: path.investor, at: "", id: o.id }));
  return csvStream(ctx, "investor pipeline", INVESTOR_PATH_COLUMNS, async (cursor) => (cursor ? [] : batch), batch.length + 1);
}

/** An opportunity's pipeline (issue 35), as its page shows it, as CSV. Admins only. */
export async function exportPipelineCsv(ctx: ServiceContext, actor: Actor, query: { opportunityId: string }): Promise<ReadableStream<Uint8Array>> {
  requireExporter(actor);
  const rows = await listPipelineForAdmin(ctx, actor, query);
  // One read (at most PIPELINE_LIMIT rows), handed over as a single batch.
  const batch = rows.map((row) => ({ ...row, at: "", id: row.userId }));
  return csvStream(ctx, "pipeline", PIPELINE_COLUMNS, async (cursor) => (cursor ? [] : batch), batch.length + 1);
}

const amount = (column: "committed" | "called" | "paid" | "outstanding" | "overdue") => (r: CommitmentPosition) => moneyToDecimal(r[column], r.currency);

/** The ledger (issue 36): exact decimal amounts in each commitment's own currency, never converted. */
const LEDGER_COLUMNS: Column<CommitmentPosition>[] = [
  { header: "Investor", cell: (r) => r.investorName },
  { header: "Entity", cell: (r) => r.entityName },
  { header: "Unit", cell: (r) => r.unit },
  { header: "Currency", cell: (r) => r.currency },
  { header: "Committed", cell: amount("committed") },
  { header: "Called", cell: amount("called") },
  { header: "Received", cell: amount("paid") },
  { header: "Outstanding", cell: amount("outstanding") },
  { header: "Overdue", cell: amount("overdue") },
  { header: "Next instalment", cell: (r) => r.nextDue?.label ?? null },
  { header: "Next amount due", cell: (r) => (r.nextDue ? moneyToDecimal(r.nextDue.remaining, r.currency) : null) },
  { header: "Next due date", cell: (r) => r.nextDue?.dueOn ?? null },
];

/** An opportunity's ledger as a CSV: one read (an opportunity's commitments), one batch. */
export async function exportLedgerCsv(ctx: ServiceContext, actor: Actor, query: { opportunityId: string }): Promise<ReadableStream<Uint8Array>> {
  requireExporter(actor);
  const rows = await opportunityLedger(ctx, actor, query);
  const batch = rows.map((row) => ({ ...row, at: "" }));
  return csvStream(ctx, "ledger", LEDGER_COLUMNS, async (cursor) => (cursor ? [] : batch), batch.length + 1);
}

/**
 * The CSV as a web stream: a UTF-8 BOM (so Excel reads Arabic and accented names right),
 * the header row, then the rows, read a batch at a time as the client takes them. When
 * the client goes away, the stream is cancelled and no further batch is read.
 */
async function csvStream<Row>(
  { log }: ServiceContext,
  what: string,
  columns: Column<Row>[],
  read: (cursor: Cursor | null, limit: number) => Promise<(Row & Cursor)[]>,
  batchSize = EXPORT_BATCH_SIZE,
): Promise<ReadableStream<Uint8Array>> {
  const first = await read(null, batchSize);

  async function* records() {
    let batch = first;
    for (;;) {
      for (const row of batch) yield csvRecord(columns.map((column) => column.cell(row)));
      const last = batch.at(-1);
      if (!last || batch.length < batchSize) return;
      batch = await read({ at: last.at, id: last.id }, batchSize);
    }
  }

  const csv = stringify({
    bom: true,
    header: true,
    columns: columns.map((column) => column.header),
    // RFC 4180: CRLF between records; a line break inside a cell is quoted all the same.
    record_delimiter: "windows",
    quote_record_delimiter: true,
  });
  // A cancelled download destroys `csv`, and the pipeline then stops the reads.
  pipeline(Readable.from(records()), csv, (error) => {
    if (!error) return;
    if (error.code === "ERR_STREAM_PREMATURE_CLOSE" || error.name === "AbortError") {
      log.info({ export: what }, "export: the download was cancelled");
    } else {
      log.error({ err: error, export: what }, "export: failed while streaming; the download was aborted");
    }
  });
  return Readable.toWeb(csv) as NodeReadableStream<Uint8Array> as unknown as ReadableStream<Uint8Array>;
}
