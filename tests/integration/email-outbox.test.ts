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
import { deliverEmail, enqueueEmail, enqueueEmails, KEEP_DAYS, pruneOutbox, requeueUnsentEmails, workEmails } from "~/server/email/outbox.server";
import { openJobQueue, type JobQueue } from "~/server/jobs/queue.server";
import { consultationBookings, contactMessages, emailOutbox } from "~/server/db/schema.server";
import { action as homeAction } from "~/routes/home";
import { enquiryForm } from "../support/enquiry-form";
import { createTestContext, deliverWaitingMail, formRequest, routeArgs } from "./app-context";
import { createTestDatabase, testDriver, type TestDatabase } from "./test-database";

const from = `${brand.name} <${brand.noReplyEmail}>`;
const silent = pino({ level: "silent" });

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

/** Job queues opened by a test (another instance's, as it were), stopped after it. */
const opened: JobQueue[] = [];

/** Another instance on the test database: its own job queue with an e-mail worker on `mailer`. */
async function instanceWith(
  mailer: Mailer,
  options: { log?: pino.Logger; onFailure?: (final: boolean) => void; pollingIntervalSeconds?: number } = {},
): Promise<JobQueue> {
  const jobs = await openJobQueue(t, { log: silent, schedule: false, supervise: false, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 0.5 });
  opened.push(jobs);
  await workEmails(jobs, { db: t.db, mailer, log: options.log ?? silent, onFailure: options.onFailure });
  return jobs;
}

/** The email job of an outbox row, as the queue holds it. */
async function jobOf(outboxId: string) {
  const [job, ...more] = await t.jobs.boss.findJobs("email", { key: outboxId });
  expect(more).toHaveLength(0);
  return job;
}

beforeEach(async () => {
  await t.db.delete(emailOutbox);
  await t.jobs.boss.deleteAllJobs("email");
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((q) => q.stop(0)));
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
  reference: "TA-7K3F9Q",
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

describe(`e-mail outbox on the job queue (${testDriver})`, () => {
  it("commits the booking's mails and their delivery jobs with it; a worker delivers them through SMTP, the invite included", async () => {
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
      await enqueueEmail(tx, t.jobs, { kind: "booking-receipt", bookingId: booking!.id, to: input.email, ...bookingReceiptEmail(input) });
      await enqueueEmail(tx, t.jobs, {
        kind: "booking-admin-notice",
        bookingId: booking!.id,
        to: "admin@tigrisadvisory.com",
        ...adminBookingNoticeEmail(input),
      });
      await enqueueEmail(tx, t.jobs, {
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
    // One delivery job per mail, keyed by the row.
    for (const row of queued) expect(await jobOf(row.id)).toMatchObject({ state: "created", data: { outboxId: row.id } });

    await instanceWith(smtpMailer(smtpUrl));
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(3);

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

    await expect.poll(async () => (await rows()).every((r) => r.sentAt !== null && r.attempts === 1 && r.lastError === null), { timeout: 5_000 }).toBe(true);
    for (const row of await rows()) await expect.poll(async () => (await jobOf(row.id))?.state, { timeout: 5_000 }).toBe("completed");
    // A job that runs again (a retry after a crash) sends nothing twice.
    expect(await deliverEmail(t.db, smtpMailer(smtpUrl), silent, { outboxId: queued[0]!.id, final: false })).toBe("already sent");
    expect(received).toHaveLength(3);

    // The mail outlives its booking.
    await t.db.delete(consultationBookings).where(eq(consultationBookings.id, bookingId));
    expect((await rows()).map((r) => r.bookingId)).toEqual([null, null, null]);
  });

  it("keeps a refused mail and leaves its job to the queue's back-off; logs no body or full address", async () => {
    const { received, mode, smtpUrl } = await startSmtp();
    const { logger, lines } = capturingLogger();
    const failures: boolean[] = [];
    const id = await enqueueEmail(t.db, t.jobs, mail("retry"));

    mode.refuse = true;
    const before = Date.now();
    await instanceWith(smtpMailer(smtpUrl), { log: logger, onFailure: (final) => failures.push(final) });
    await expect.poll(async () => (await jobOf(id))?.state, { timeout: 15_000 }).toBe("retry");
    const job = (await jobOf(id))!;
    // Not tried again at once: the first retry waits about half a minute (back-off with jitter).
    expect(job.startAfter.getTime()).toBeGreaterThan(before + 10_000);
    expect(failures).toEqual([false]);

    const [row] = await rows();
    expect(row).toMatchObject({ attempts: 1, sentAt: null, givenUpAt: null });
    expect(row!.lastError).toMatch(/451/);
    expect(row!.lastError).not.toContain("jane@example.com");
    const warnings = lines.filter((l) => l.msg === "e-mail not delivered: will retry");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 40, outboxId: id, kind: "test", to: "j***@example.com", attempt: 1 });
    const logged = JSON.stringify(lines);
    expect(logged).not.toContain("jane@example.com");
    expect(logged).not.toContain("Secret body");
    expect(received).toHaveLength(0);

    // When its time comes (brought forward here), the retry delivers it.
    mode.refuse = false;
    await t.jobs.boss.update("email", undefined, { id: job.id, startAfter: new Date() });
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
    expect((await simpleParser(received[0]!.raw)).subject).toBe("Test retry");
    await expect.poll(async () => (await rows())[0]?.sentAt ?? null, { timeout: 5_000 }).not.toBeNull();
    expect((await rows())[0]).toMatchObject({ attempts: 2 });
  });

  it("gives a mail up after its last attempt: kept unsent, its job failed, an error in the log", async () => {
    const { mode, smtpUrl } = await startSmtp();
    mode.refuse = true;
    const { logger, lines } = capturingLogger();
    const failures: boolean[] = [];
    const id = await enqueueEmail(t.db, t.jobs, mail("doomed"));
    // This job's last attempt is its first.
    await t.jobs.boss.update("email", undefined, { id: (await jobOf(id))!.id, retryLimit: 0 });

    await instanceWith(smtpMailer(smtpUrl), { log: logger, onFailure: (final) => failures.push(final) });
    await expect.poll(async () => (await jobOf(id))?.state, { timeout: 15_000 }).toBe("failed");
    expect(failures).toEqual([true]);
    const [row] = await rows();
    expect(row).toMatchObject({ attempts: 1, sentAt: null });
    expect(row!.givenUpAt).not.toBeNull();
    const errors = lines.filter((l) => l.level === 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ outboxId: id, kind: "test", to: "j***@example.com", attempt: 1 });
    expect(String(errors[0]!.msg)).toMatch(/giving up/);
    expect(mode.rcptAttempts).toBe(1);
  });

  it("treats a closed port as a failure to retry", async () => {
    const { smtpUrl } = await startSmtp();
    await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
    await enqueueEmail(t.db, t.jobs, mail("closed"));
    expect(await deliverWaitingMail(t.db, smtpMailer(smtpUrl), silent)).toEqual({ sent: 0, failed: 1 });
    const [row] = await rows();
    expect(row).toMatchObject({ attempts: 1, sentAt: null, givenUpAt: null });
    expect(row!.lastError).toMatch(/ECONNREFUSED|connect/i);
  });

  for (const kind of ["silent", "stalls"] as const) {
    it(`gives up an attempt on a mail server that ${kind === "silent" ? "accepts and says nothing" : "takes the message and never answers"} after SMTP_TIMEOUT_MS`, async () => {
      const smtp = await startHangingSmtp(kind);
      try {
        const id = await enqueueEmail(t.db, t.jobs, mail(kind));
        const { logger, lines } = capturingLogger();
        await expect(deliverEmail(t.db, smtpMailer(smtp.smtpUrl, 300), logger, { outboxId: id, final: false })).rejects.toThrow();
        const [row] = await rows();
        expect(row).toMatchObject({ sentAt: null, attempts: 1 });
        expect(row!.lastError).toMatch(/timeout|timed out|did not finish|greeting never received/i);
        expect(lines.find((l) => l.msg === "e-mail not delivered: will retry")).toBeTruthy();
      } finally {
        await smtp.close();
      }
    });
  }

  it("answers an enquiry at once while the mail server hangs: the worker holds the mail, not the request", async () => {
    const smtp = await startHangingSmtp("stalls");
    await instanceWith(smtpMailer(smtp.smtpUrl, 5_000));
    const context = createTestContext(t);
    const email = `hang-${Date.now()}@example.com`;
    try {
      const request = formRequest("/?index", enquiryForm(email));
      const answer = (await homeAction(routeArgs(request, context))) as { data?: { status?: string }; init?: { status?: number } | null };
      expect(answer.init?.status ?? 200).toBe(200);
      expect(answer.data).toMatchObject({ status: "sent", reference: expect.stringMatching(/^TA-/) });
      expect(await t.db.select().from(contactMessages).where(eq(contactMessages.email, email))).toHaveLength(1);
      // Meanwhile a worker has taken the receipt's job and is still waiting on the server.
      const receipt = (await rows()).find((r) => r.toAddress === email)!;
      await expect.poll(async () => (await jobOf(receipt.id))?.state, { timeout: 10_000 }).toBe("active");
      expect((await rows()).find((r) => r.toAddress === email)?.sentAt).toBeNull();
    } finally {
      await smtp.close();
    }
  });

  it("delivers each mail once when two instances work the queue", async () => {
    const { received, smtpUrl } = await startSmtp({ delayMs: 50 });
    const count = 12;
    const sentBy = { a: 0, b: 0 };
    const counting = (who: "a" | "b"): Mailer => {
      const mailer = smtpMailer(smtpUrl);
      return { ...mailer, send: async (message) => { await mailer.send(message); sentBy[who]++; } };
    };
    await instanceWith(counting("a"));
    await instanceWith(counting("b"));
    for (let i = 0; i < count; i++) await enqueueEmail(t.db, t.jobs, mail(i, `investor${i}@example.com`));
    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(count);
    // Give a second delivery, were there one, the time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(received).toHaveLength(count);
    expect(new Set(received.flatMap((d) => d.rcptTo)).size).toBe(count);
    expect(sentBy.a + sentBy.b).toBe(count);
    await expect.poll(async () => (await rows()).every((r) => r.sentAt !== null && r.attempts === 1), { timeout: 5_000 }).toBe(true);
    // Both instances really worked side by side.
    expect(sentBy.a).toBeGreaterThan(0);
    expect(sentBy.b).toBeGreaterThan(0);
  });

  it("sends a backlog in one go rather than one mail per polling interval (a booking's mails to every admin)", async () => {
    const { received, smtpUrl } = await startSmtp();
    const count = 15;
    // Queued while no worker runs, so no notification is left to wake one: only the
    // worker's own fetching brings them in.
    for (let i = 0; i < count; i++) await enqueueEmail(t.db, t.jobs, mail(i, `admin${i}@example.com`));
    // A poll a minute apart: mail after the first fetch's only arrives this side of it if
    // a full fetch is followed at once by the next.
    await instanceWith(smtpMailer(smtpUrl), { pollingIntervalSeconds: 60 });
    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(count);
  });

  it("leaves no mail and no job behind when the transaction that queued it rolls back", async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await enqueueEmail(tx, t.jobs, mail("rolled back"));
        throw new Error("booking failed");
      }),
    ).rejects.toThrow("booking failed");
    expect(await rows()).toHaveLength(0);
    const [{ n } = { n: -1 }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox);
    expect(n).toBe(0);
    expect(await t.jobs.waiting("email")).toHaveLength(0);
  });

  it("queues a change's mails together (one insert of rows, one of jobs): each with its own job, all or none", async () => {
    const { received, smtpUrl } = await startSmtp();
    await expect(
      t.db.transaction(async (tx) => {
        await enqueueEmails(tx, t.jobs, [mail("investor"), mail("admin a", "a@example.com"), mail("admin b", "b@example.com")]);
        throw new Error("booking failed");
      }),
    ).rejects.toThrow("booking failed");
    expect(await rows()).toHaveLength(0);
    expect(await t.jobs.waiting("email")).toHaveLength(0);

    const ids = await t.db.transaction((tx) =>
      enqueueEmails(tx, t.jobs, [mail("investor"), mail("admin a", "a@example.com"), mail("admin b", "b@example.com")]),
    );
    expect(ids).toHaveLength(3);
    const waiting = await t.jobs.waiting("email");
    expect(waiting.map((j) => j.data.outboxId).sort()).toEqual([...ids].sort());
    expect(waiting.map((j) => j.key).sort()).toEqual([...ids].sort());
    expect(await enqueueEmails(t.db, t.jobs, [])).toEqual([]);

    await instanceWith(smtpMailer(smtpUrl));
    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(3);
    expect(received.flatMap((d) => d.rcptTo).sort()).toEqual(["a@example.com", "b@example.com", mail("investor").to].sort());
  });

  it("queues again, once, each waiting mail whose job is gone (a database restored from a backup)", async () => {
    const ids = [await enqueueEmail(t.db, t.jobs, mail(1)), await enqueueEmail(t.db, t.jobs, mail(2))];
    const sent = await enqueueEmail(t.db, t.jobs, mail(3));
    await t.db.update(emailOutbox).set({ sentAt: new Date() }).where(eq(emailOutbox.id, sent));
    // A restore brings back the mails, not the queue's jobs.
    await t.jobs.boss.deleteAllJobs("email");
    expect(await requeueUnsentEmails(t.db, t.jobs)).toBe(2);
    expect(await requeueUnsentEmails(t.db, t.jobs)).toBe(0);
    expect((await t.jobs.waiting("email")).map((j) => j.data.outboxId).sort()).toEqual([...ids].sort());
  });

  it("drops a waiting job by its key, in the caller's transaction", async () => {
    const [keep, drop] = [await enqueueEmail(t.db, t.jobs, mail("keep")), await enqueueEmail(t.db, t.jobs, mail("drop"))];
    await expect(
      t.db.transaction(async (tx) => {
        expect(await t.jobs.drop(tx, "email", drop)).toBe(1);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await t.jobs.waiting("email", drop)).toHaveLength(1);
    expect(await t.db.transaction((tx) => t.jobs.drop(tx, "email", drop))).toBe(1);
    expect((await t.jobs.waiting("email")).map((j) => j.key)).toEqual([keep]);
  });

  it("forgets sent and given-up mails after KEEP_DAYS, and keeps everything still pending", async () => {
    for (const n of [1, 2, 3, 4]) await enqueueEmail(t.db, t.jobs, mail(n));
    const [sentLongAgo, gaveUpLongAgo, sentRecently, pending] = await rows();
    const old = new Date(Date.now() - (KEEP_DAYS + 1) * 24 * 3_600_000);
    await t.db.update(emailOutbox).set({ sentAt: old }).where(eq(emailOutbox.id, sentLongAgo!.id));
    await t.db.update(emailOutbox).set({ givenUpAt: old, createdAt: old }).where(eq(emailOutbox.id, gaveUpLongAgo!.id));
    await t.db.update(emailOutbox).set({ sentAt: new Date() }).where(eq(emailOutbox.id, sentRecently!.id));
    await t.db.update(emailOutbox).set({ createdAt: old }).where(eq(emailOutbox.id, pending!.id));

    expect(await pruneOutbox(t.db)).toBe(2);
    expect((await rows()).map((r) => r.id).sort()).toEqual([sentRecently!.id, pending!.id].sort());
  });
});
