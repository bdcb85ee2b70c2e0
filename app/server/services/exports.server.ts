import { Readable, pipeline } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { stringify } from "csv-stringify";
import { and, desc, eq, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Logger } from "pino";
import { bookingStatusLabel, bookingTypeLabel } from "~/domain/booking-labels";
import type { BookingStatus } from "~/domain/constants";
import { csvRecord, type CsvValue } from "~/domain/csv";
import { hhmm } from "~/domain/slots";
import { requireAdmin, type Actor } from "../security/actor.server";
import type { Database } from "../db/client.server";
import { messageSearch } from "./messages.server";
import { availabilitySlots, consultationBookings, contactMessages } from "../db/schema.server";

/**
 * The admin CSV exports (issue 6): every booking of the Bookings tab's filter, or every
 * message of the Messages tab's search, newest first. Rows are read in batches by keyset
 * (created_at desc, id desc), so an export of any size holds one batch in memory and
 * never skips or repeats a row the way offset paging would while rows are being added.
 * The admin check, and the first batch, come before the stream exists: a refusal or a
 * database that is down is answered with a status, not a broken file. A failure later is
 * logged and aborts the stream, so the download fails instead of ending short.
 */

/** Rows per database read. */
export const EXPORT_BATCH_SIZE = 500;

export interface ExportOptions {
  /** The request's logger: where a failure after the first byte is reported. */
  log: Logger;
  /** Rows per read; tests use a small one. */
  batchSize?: number;
}

/** Where the last batch ended: created_at as Postgres prints it (to the microsecond, which a Date is not), and the id. */
interface Cursor {
  at: string;
  id: string;
}

/** A column of an export: its header and its cell for a row. */
interface Column<Row> {
  header: string;
  cell: (row: Row) => CsvValue;
}

/** Rows after `cursor` in (created_at desc, id desc) order. */
function after(table: { createdAt: PgColumn; id: PgColumn }, cursor: Cursor | null): SQL | undefined {
  if (!cursor) return undefined;
  const at = sql`${cursor.at}::timestamptz`;
  // `created_at <= at` lets the created_at index bound the scan; the `or` breaks ties by id.
  return and(lte(table.createdAt, at), or(lt(table.createdAt, at), lt(table.id, cursor.id)));
}

const yesNo = (value: boolean) => (value ? "yes" : "no");

const BOOKING_COLUMNS: Column<ExportedBooking>[] = [
  { header: "Created at", cell: (b) => b.createdAt.toISOString() },
  { header: "First name", cell: (b) => b.firstName },
  { header: "Last name", cell: (b) => b.lastName },
  { header: "E-mail", cell: (b) => b.email },
  { header: "Phone", cell: (b) => b.phone },
  { header: "Investment amount", cell: (b) => b.investmentAmount },
  { header: "Type", cell: (b) => bookingTypeLabel(b.bookingType) },
  { header: "Status", cell: (b) => bookingStatusLabel(b.status) },
  { header: "Slot date", cell: (b) => b.slotDate },
  { header: "Slot start", cell: (b) => (b.slotStart ? hhmm(b.slotStart) : null) },
  { header: "Slot end", cell: (b) => (b.slotEnd ? hhmm(b.slotEnd) : null) },
  { header: "Preferred time", cell: (b) => b.preferredTime },
  { header: "Message", cell: (b) => b.message },
];

type ExportedBooking = Awaited<ReturnType<typeof readBookings>>[number];

function readBookings(db: Database, status: BookingStatus | undefined, cursor: Cursor | null, limit: number) {
  return db
    .select({
      id: consultationBookings.id,
      at: sql<string>`${consultationBookings.createdAt}::text`,
      createdAt: consultationBookings.createdAt,
      firstName: consultationBookings.firstName,
      lastName: consultationBookings.lastName,
      email: consultationBookings.email,
      phone: consultationBookings.phone,
      investmentAmount: consultationBookings.investmentAmount,
      bookingType: consultationBookings.bookingType,
      status: consultationBookings.status,
      slotDate: availabilitySlots.date,
      slotStart: availabilitySlots.startTime,
      slotEnd: availabilitySlots.endTime,
      preferredTime: consultationBookings.preferredTime,
      message: consultationBookings.message,
    })
    .from(consultationBookings)
    .leftJoin(availabilitySlots, eq(availabilitySlots.id, consultationBookings.availabilitySlotId))
    .where(and(status ? eq(consultationBookings.status, status) : undefined, after(consultationBookings, cursor)))
    .orderBy(desc(consultationBookings.createdAt), desc(consultationBookings.id))
    .limit(limit);
}

/** Every booking with `status` (all when it is undefined), as CSV. Admins only. */
export async function exportBookingsCsv(
  db: Database,
  actor: Actor,
  query: { status?: BookingStatus },
  options: ExportOptions,
): Promise<ReadableStream<Uint8Array>> {
  requireAdmin(actor);
  return csvStream("bookings", BOOKING_COLUMNS, (cursor, limit) => readBookings(db, query.status, cursor, limit), options);
}

const MESSAGE_COLUMNS: Column<ExportedMessage>[] = [
  { header: "Created at", cell: (m) => m.createdAt.toISOString() },
  { header: "First name", cell: (m) => m.firstName },
  { header: "Last name", cell: (m) => m.lastName },
  { header: "E-mail", cell: (m) => m.email },
  { header: "Investment amount", cell: (m) => m.investmentAmount },
  { header: "Message", cell: (m) => m.message },
  { header: "Read", cell: (m) => yesNo(m.isRead) },
  { header: "Booking type", cell: (m) => (m.bookingType ? bookingTypeLabel(m.bookingType) : null) },
  { header: "Booking status", cell: (m) => (m.bookingStatus ? bookingStatusLabel(m.bookingStatus) : null) },
  { header: "Phone", cell: (m) => m.phone },
  { header: "Preferred time", cell: (m) => m.preferredTime },
];

type ExportedMessage = Awaited<ReturnType<typeof readMessages>>[number];

function readMessages(db: Database, q: string, cursor: Cursor | null, limit: number) {
  return db
    .select({
      id: contactMessages.id,
      at: sql<string>`${contactMessages.createdAt}::text`,
      createdAt: contactMessages.createdAt,
      firstName: contactMessages.firstName,
      lastName: contactMessages.lastName,
      email: contactMessages.email,
      investmentAmount: contactMessages.investmentAmount,
      message: contactMessages.message,
      isRead: contactMessages.isRead,
      bookingType: consultationBookings.bookingType,
      bookingStatus: consultationBookings.status,
      phone: consultationBookings.phone,
      preferredTime: consultationBookings.preferredTime,
    })
    .from(contactMessages)
    .leftJoin(consultationBookings, eq(consultationBookings.id, contactMessages.consultationBookingId))
    .where(and(messageSearch(q), after(contactMessages, cursor)))
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(limit);
}

/** Every message matching the search `q` (all when it is empty), as CSV. Admins only. */
export async function exportMessagesCsv(db: Database, actor: Actor, query: { q: string }, options: ExportOptions): Promise<ReadableStream<Uint8Array>> {
  requireAdmin(actor);
  return csvStream("messages", MESSAGE_COLUMNS, (cursor, limit) => readMessages(db, query.q, cursor, limit), options);
}

/**
 * The CSV as a web stream: a UTF-8 BOM (so Excel reads Arabic and accented names right),
 * the header row, then the rows, read a batch at a time as the client takes them. When
 * the client goes away, the stream is cancelled and no further batch is read.
 */
async function csvStream<Row extends Cursor>(
  what: string,
  columns: Column<Row>[],
  read: (cursor: Cursor | null, limit: number) => Promise<Row[]>,
  { log, batchSize = EXPORT_BATCH_SIZE }: ExportOptions,
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
