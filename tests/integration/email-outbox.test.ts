import { mkdtempSync, rmSync } from "node:fs";
import { createServer as createTcpServer, type AddressInfo, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { type AddressObject, simpleParser } from "mailparser";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { brand } from "~/domain/brand";
import {
  adminBookingNoticeEmail,
  bookingConfirmedEmail,
  bookingReceiptEmail,
  type BookingMailInput,
} from "~/server/email/booking-emails.server";
import { createMailer, type Mailer } from "~/server/email/mailer.server";
import {
  deliverDueEmails,
  enqueueEmail,
  KEEP_DAYS,
  MAX_ATTEMPTS,
  pruneOutbox,
  RETRY_DELAYS_MS,
  startOutboxWorker,
} from "~/server/email/outbox.server";
import { consultationBookings, contactMessages, emailOutbox } from "~/server/db/schema.server";
import { action as homeAction } from "~/routes/home";
import { enquiryForm } from "../support/enquiry-form";
import { createTestContext, formRequest, routeArgs } from "./app-context";
import { createTestDatabase, testDriver, type TestDatabase } from "./test-database";

const from = `${brand.name} <${brand.noReplyEmail}>`;
const MINUTE = 60_000;

let t: TestDatabase;
let dataDir: string;
beforeAll(async () => {
  t = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), "outbox-test-"));
});
afterAll(async () => {
  await t?.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A pino logger whose JSON lines are kept in `lines`. */
function capturingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level: "debug" }, { write: (chunk: string) => void lines.push(JSON.parse(chunk)) });
  return { logger, lines };
}

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((a) => a.value.map((v) => v.address ?? ""));
}

interface Delivery {
  raw: Buffer;
  rcptTo: string[];
}

/** A real SMTP server on a free port. `mode.refuse` makes it answer 451 to every recipient. */
const servers: SMTPServer[] = [];
async function startSmtp(options: { delayMs?: number } = {}) {
  const received: Delivery[] = [];
  const mode = { refuse: false, rcptAttempts: 0 };
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      mode.rcptAttempts++;
      if (mode.refuse) {
        callback(Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        setTimeout(() => {
          received.push({ raw: Buffer.concat(chunks), rcptTo: session.envelope.rcptTo.map((r) => r.address) });
          callback();
        }, options.delayMs ?? 0);
      });
    },
  });
  servers.push(smtp);
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return { received, mode, smtpUrl: `smtp://127.0.0.1:${port}` };
}

function smtpMailer(smtpUrl: string, timeoutMs?: number): Mailer {
  return createMailer({ smtpUrl, from, dataDir, logger: pino({ level: "silent" }), timeoutMs });
}

/**
 * Mail servers that never finish: `silent` accepts the connection and never says a word;
 * `stalls` talks normally until the message is sent and then never answers it.
 */
async function startHangingSmtp(kind: "silent" | "stalls") {
  const sockets = new Set<Socket>();
  const close = (server: { close(cb: () => void): void }) => () => {
    for (const socket of sockets) socket.destroy();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  if (kind === "silent") {
    const server = createTcpServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    return { smtpUrl: `smtp://127.0.0.1:${port}`, close: close(server) };
  }
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onConnect(session, callback) {
      callback();
    },
    onData(stream) {
      stream.resume(); // read the message, then never answer it
    },
  });
  smtp.server.on("connection", (socket: Socket) => void sockets.add(socket));
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return { smtpUrl: `smtp://127.0.0.1:${port}`, close: close(smtp) };
}

beforeEach(async () => {
  await t.db.delete(emailOutbox);
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
});

async function rows() {
  return t.db.select().from(emailOutbox).orderBy(emailOutbox.createdAt);
}

function mail(n: number | string, to = "jane@example.com") {
  return { kind: "test", to, subject: `Test ${n}`, html: `<p>Secret body ${n}</p>`, text: `Secret body ${n}` };
}

const mailInput = (bookingId: string): BookingMailInput => ({
  bookingId,
  firstName: "Layla",
  lastName: "Hassan",
  email: "layla@example.com",
  phone: null,
  investmentAmount: "$500,000",
  bookingType: "consultation",
  message: "I would like to discuss the Erbil project.",
  slot: { date: "2026-07-14", startTime: "09:00:00", endTime: "09:30:00" },
  timeZone: "Europe/London",
  siteUrl: "https://tigris.example",
  firmName: brand.name,
});

describe(`e-mail outbox (${testDriver})`, () => {
  it("commits the booking's mails with it and delivers them through SMTP, the invite included", async () => {
    const { received, smtpUrl } = await startSmtp();
    const bookingId = await t.db.transaction(async (tx) => {
      const [booking] = await tx
        .insert(consultationBookings)
        .values({
          firstName: "Layla",
          lastName: "Hassan",
          email: "layla@example.com",
          investmentAmount: "$500,000",
          message: "I would like to discuss the Erbil project.",
        })
        .returning({ id: consultationBookings.id });
      const input = mailInput(booking!.id);
      await enqueueEmail(tx, { kind: "booking-receipt", bookingId: booking!.id, to: input.email, ...bookingReceiptEmail(input) });
      await enqueueEmail(tx, {
        kind: "booking-admin-notice",
        bookingId: booking!.id,
        to: "admin@tigrisadvisory.com",
        ...adminBookingNoticeEmail(input),
      });
      await enqueueEmail(tx, {
        kind: "booking-confirmed",
        bookingId: booking!.id,
        to: input.email,
        ...bookingConfirmedEmail(input, { name: brand.name, email: brand.email }),
      });
      return booking!.id;
    });

    const queued = await rows();
    expect(queued.map((r) => r.kind).sort()).toEqual(["booking-admin-notice", "booking-confirmed", "booking-receipt"]);
    expect(queued.every((r) => r.bookingId === bookingId && r.sentAt === null && r.attempts === 0)).toBe(true);
    expect(queued.find((r) => r.kind === "booking-confirmed")?.ical).toContain("METHOD:REQUEST");
    expect(queued.find((r) => r.kind === "booking-receipt")?.ical).toBeNull();

    const { logger } = capturingLogger();
    expect(await deliverDueEmails(t.db, smtpMailer(smtpUrl), logger)).toEqual({ sent: 3, failed: 0 });
    expect(received).toHaveLength(3);

    const parsed = await Promise.all(received.map((d) => simpleParser(d.raw)));
    const bySubject = new Map(parsed.map((p) => [p.subject ?? "", p]));
    const receipt = bySubject.get(`Your consultation request with ${brand.name}`);
    expect(addresses(receipt?.to)).toEqual(["layla@example.com"]);
    expect(receipt?.text).toContain("within 24 hours");
    const notice = bySubject.get("New consultation request from Layla Hassan");
    expect(addresses(notice?.to)).toEqual(["admin@tigrisadvisory.com"]);
    expect(notice?.html).toContain("https://tigris.example/admin");
    expect(bySubject.get(`Your consultation request with ${brand.name}`)?.attachments ?? []).toHaveLength(0);

    const confirmed = bySubject.get(`Your consultation with ${brand.name} is confirmed`);
    expect(addresses(confirmed?.to)).toEqual(["layla@example.com"]);
    // The invite twice, as nodemailer sends an iCalendar event: the calendar part mail apps
    // act on, and the same file as a download.
    expect(confirmed?.attachments.map((a) => [a.contentType, a.filename])).toEqual([
      ["text/calendar", undefined],
      ["application/ics", "consultation.ics"],
    ]);
    expect(confirmed!.attachments[1]!.content.toString("utf8")).toBe(confirmed!.attachments[0]!.content.toString("utf8"));
    const ics = confirmed!.attachments[0]!.content.toString("utf8");
    expect(ics).toContain("METHOD:REQUEST");
    expect(ics).toContain("DTSTART;TZID=Europe/London:20260714T090000");
    expect(ics).toContain("DTEND;TZID=Europe/London:20260714T093000");
    expect(ics).toContain("BEGIN:VTIMEZONE");
    const rawConfirmed = received.find((d) => d.raw.toString("utf8").includes("is confirmed"))!.raw.toString("utf8");
    expect(rawConfirmed).toMatch(/^Content-Type: text\/calendar; charset=utf-8; method=REQUEST/im);

    const after = await rows();
    expect(after.every((r) => r.sentAt !== null && r.attempts === 1 && r.lastError === null)).toBe(true);
    // Nothing is sent twice.
    expect(await deliverDueEmails(t.db, smtpMailer(smtpUrl), logger)).toEqual({ sent: 0, failed: 0 });
    expect(received).toHaveLength(3);

    // The mail outlives its booking.
    await t.db.delete(consultationBookings).where(eq(consultationBookings.id, bookingId));
    expect((await rows()).map((r) => r.bookingId)).toEqual([null, null, null]);
  });

  it("keeps a refused mail, retries it when its time has come, and logs no body or full address", async () => {
    const { received, mode, smtpUrl } = await startSmtp();
    const mailer = smtpMailer(smtpUrl);
    const { logger, lines } = capturingLogger();
    await enqueueEmail(t.db, mail("retry"));

    mode.refuse = true;
    const start = new Date();
    expect(await deliverDueEmails(t.db, mailer, logger, { now: start })).toEqual({ sent: 0, failed: 1 });
    const [row] = await rows();
    expect(row).toMatchObject({ attempts: 1, sentAt: null });
    expect(row!.lastError).toMatch(/451/);
    expect(row!.lastError).not.toContain("jane@example.com");
    expect(row!.nextAttemptAt.getTime()).toBe(start.getTime() + RETRY_DELAYS_MS[0]);
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, outboxId: row!.id, kind: "test", to: "j***@example.com", attempt: 1 });
    const logged = JSON.stringify(lines);
    expect(logged).not.toContain("jane@example.com");
    expect(logged).not.toContain("Secret body");

    // Not yet due: nothing happens.
    mode.refuse = false;
    expect(await deliverDueEmails(t.db, mailer, logger, { now: new Date(start.getTime() + 30_000) })).toEqual({ sent: 0, failed: 0 });
    expect(received).toHaveLength(0);

    // Due: delivered.
    const later = new Date(start.getTime() + 2 * MINUTE);
    expect(await deliverDueEmails(t.db, mailer, logger, { now: later })).toEqual({ sent: 1, failed: 0 });
    expect(received).toHaveLength(1);
    expect((await simpleParser(received[0]!.raw)).subject).toBe("Test retry");
    const [sent] = await rows();
    expect(sent).toMatchObject({ attempts: 2 });
    expect(sent!.sentAt?.getTime()).toBe(later.getTime());
  });

  it("backs off and gives up after MAX_ATTEMPTS failures, with an error in the log", async () => {
    const { mode, smtpUrl } = await startSmtp();
    mode.refuse = true;
    const mailer = smtpMailer(smtpUrl);
    const { logger, lines } = capturingLogger();
    await enqueueEmail(t.db, mail("doomed"));

    let now = new Date();
    const waits: number[] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await deliverDueEmails(t.db, mailer, logger, { now })).toEqual({ sent: 0, failed: 1 });
      const [row] = await rows();
      expect(row!.attempts).toBe(attempt);
      waits.push(row!.nextAttemptAt.getTime() - now.getTime());
      now = new Date(Math.max(row!.nextAttemptAt.getTime(), now.getTime()) + 1);
    }
    expect(waits.slice(0, -1)).toEqual([...RETRY_DELAYS_MS]);
    expect(mode.rcptAttempts).toBe(MAX_ATTEMPTS);

    // Given up: even a year later, no further attempt.
    const yearLater = new Date(now.getTime() + 365 * 24 * 60 * MINUTE);
    expect(await deliverDueEmails(t.db, mailer, logger, { now: yearLater })).toEqual({ sent: 0, failed: 0 });
    expect(mode.rcptAttempts).toBe(MAX_ATTEMPTS);
    const [row] = await rows();
    expect(row).toMatchObject({ attempts: MAX_ATTEMPTS, sentAt: null });

    expect(lines.filter((l) => l.level === 40)).toHaveLength(MAX_ATTEMPTS - 1);
    const errors = lines.filter((l) => l.level === 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ outboxId: row!.id, kind: "test", to: "j***@example.com", attempt: MAX_ATTEMPTS });
    expect(String(errors[0]!.msg)).toMatch(/giving up/);
  });

  it("treats a closed port as a failure to retry", async () => {
    const { smtpUrl } = await startSmtp();
    await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
    await enqueueEmail(t.db, mail("closed"));
    const { logger } = capturingLogger();
    expect(await deliverDueEmails(t.db, smtpMailer(smtpUrl), logger)).toEqual({ sent: 0, failed: 1 });
    const [row] = await rows();
    expect(row).toMatchObject({ attempts: 1, sentAt: null });
    expect(row!.lastError).toMatch(/ECONNREFUSED|connect/i);
  });

  for (const kind of ["silent", "stalls"] as const) {
    it(`gives up an attempt on a mail server that ${kind === "silent" ? "accepts and says nothing" : "takes the message and never answers"} after SMTP_TIMEOUT_MS, and retries later`, async () => {
      const smtp = await startHangingSmtp(kind);
      try {
        await enqueueEmail(t.db, mail(kind));
        const { logger, lines } = capturingLogger();
        const claimedAt = new Date();
        expect(await deliverDueEmails(t.db, smtpMailer(smtp.smtpUrl, 300), logger, { now: claimedAt })).toEqual({ sent: 0, failed: 1 });
        const [row] = await rows();
        expect(row).toMatchObject({ sentAt: null, attempts: 1 });
        expect(row!.lastError).toMatch(/timeout|timed out|did not finish|greeting never received/i);
        expect(row!.nextAttemptAt.getTime()).toBe(claimedAt.getTime() + RETRY_DELAYS_MS[0]);
        expect(lines.find((l) => l.msg === "e-mail not delivered: will retry")).toBeTruthy();
      } finally {
        await smtp.close();
      }
    });
  }

  it("answers an enquiry at once while the mail server hangs: the worker holds the mail, not the request", async () => {
    const smtp = await startHangingSmtp("stalls");
    const worker = startOutboxWorker({ db: t.db, mailer: smtpMailer(smtp.smtpUrl, 2_000), log: pino({ level: "silent" }), intervalMs: 60 * MINUTE });
    const context = { ...createTestContext(t), outbox: worker };
    const email = `hang-${Date.now()}@example.com`;
    try {
      const request = formRequest("/?index", enquiryForm(email));
      const answer = (await homeAction(routeArgs(request, context))) as { data?: { status?: string }; init?: { status?: number } | null };
      expect(answer.init?.status ?? 200).toBe(200);
      expect(answer.data).toEqual({ status: "sent" });
      expect(await t.db.select().from(contactMessages).where(eq(contactMessages.email, email))).toHaveLength(1);
      // Meanwhile the worker (kicked by the action) has claimed the receipt and is still
      // waiting on the server: claimed means its next attempt was pushed out by the lease.
      const receipt = async () => (await rows()).find((r) => r.toAddress === email);
      await expect.poll(async () => (await receipt())?.nextAttemptAt.getTime() ?? 0, { timeout: 5_000 }).toBeGreaterThan(Date.now() + 10 * MINUTE);
      expect((await receipt())?.sentAt).toBeNull();
    } finally {
      await smtp.close();
      await worker.stop();
    }
  });

  it("never sends one row twice when two runs deliver at once", async () => {
    const { received, smtpUrl } = await startSmtp({ delayMs: 15 });
    const count = 12;
    for (let i = 0; i < count; i++) await enqueueEmail(t.db, mail(i, `investor${i}@example.com`));
    const { logger } = capturingLogger();
    const [a, b] = await Promise.all([
      deliverDueEmails(t.db, smtpMailer(smtpUrl), logger),
      deliverDueEmails(t.db, smtpMailer(smtpUrl), logger),
    ]);
    expect(a.failed + b.failed).toBe(0);
    expect(a.sent + b.sent).toBe(count);
    expect(received).toHaveLength(count);
    const recipients = received.flatMap((d) => d.rcptTo);
    expect(new Set(recipients).size).toBe(count);
    expect((await rows()).every((r) => r.sentAt !== null && r.attempts === 1)).toBe(true);
    if (testDriver === "postgres") {
      // Both runs really worked side by side on their own connections.
      expect(a.sent).toBeGreaterThan(0);
      expect(b.sent).toBeGreaterThan(0);
    }
  });

  it("leaves no mail behind when the transaction that queued it rolls back", async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await enqueueEmail(tx, mail("rolled back"));
        throw new Error("booking failed");
      }),
    ).rejects.toThrow("booking failed");
    expect(await rows()).toHaveLength(0);
    const [{ n } = { n: -1 }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox);
    expect(n).toBe(0);
  });

  it("forgets sent and given-up mails after KEEP_DAYS, and keeps everything still pending", async () => {
    for (const n of [1, 2, 3, 4]) await enqueueEmail(t.db, mail(n));
    const [sentLongAgo, gaveUpLongAgo, sentRecently, pending] = await rows();
    const old = new Date(Date.now() - (KEEP_DAYS + 1) * 24 * 3_600_000);
    await t.db.update(emailOutbox).set({ sentAt: old }).where(eq(emailOutbox.id, sentLongAgo!.id));
    await t.db.update(emailOutbox).set({ attempts: MAX_ATTEMPTS, createdAt: old }).where(eq(emailOutbox.id, gaveUpLongAgo!.id));
    await t.db.update(emailOutbox).set({ sentAt: new Date() }).where(eq(emailOutbox.id, sentRecently!.id));
    await t.db.update(emailOutbox).set({ createdAt: old }).where(eq(emailOutbox.id, pending!.id));

    expect(await pruneOutbox(t.db)).toBe(2);
    expect((await rows()).map((r) => r.id).sort()).toEqual([sentRecently!.id, pending!.id].sort());
  });

  it("runs as a worker: a kick delivers soon, stop waits for the run", async () => {
    const { received, smtpUrl } = await startSmtp();
    const { logger, lines } = capturingLogger();
    const worker = startOutboxWorker({ db: t.db, mailer: smtpMailer(smtpUrl), log: logger, intervalMs: 60 * MINUTE });
    try {
      await enqueueEmail(t.db, mail("kicked"));
      worker.kick();
      worker.kick();
      await expect.poll(() => received.length, { timeout: 10_000 }).toBe(1);
      await expect.poll(async () => (await rows())[0]?.sentAt ?? null, { timeout: 5_000 }).not.toBeNull();
    } finally {
      await worker.stop();
    }
    worker.kick();
    await enqueueEmail(t.db, mail("after stop"));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received).toHaveLength(1);
    expect(lines.filter((l) => Number(l.level) >= 50)).toHaveLength(0);
  });

  it("logs a failed run and keeps going", async () => {
    const { logger, lines } = capturingLogger();
    // The real database, except that every update fails.
    const broken = Object.assign(Object.create(t.db) as typeof t.db, {
      update: () => {
        throw new Error("database unavailable");
      },
    });
    const worker = startOutboxWorker({ db: broken, mailer: smtpMailer("smtp://127.0.0.1:1"), log: logger, intervalMs: 60 * MINUTE });
    try {
      await expect.poll(() => lines.filter((l) => l.level === 50).length, { timeout: 5_000 }).toBe(1);
      expect(lines.find((l) => l.level === 50)?.msg).toBe("e-mail outbox run failed");
      worker.kick();
      await expect.poll(() => lines.filter((l) => l.level === 50).length, { timeout: 5_000 }).toBe(2);
    } finally {
      await worker.stop();
    }
  });
});
