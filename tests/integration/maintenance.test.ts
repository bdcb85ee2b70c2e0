import { eq, inArray } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "~/server/seed/factories.server";
import { emailOutbox, rateLimit, requestLimits, session, storedFiles, verification, whatsappInboundMessages } from "~/server/db/schema.server";
import { enqueueEmail } from "~/server/email/outbox.server";
import { openJobQueue, SCHEDULES } from "~/server/jobs/queue.server";
import { runMaintenance, workMaintenance } from "~/server/ops/maintenance.server";
import { findFile, storeFile, storeStampedCopy } from "~/server/storage/files.server";
import { createTestDatabase, testDriver, type TestDatabase } from "./test-database";

/**
 * Issue 16: the hourly `maintenance` job removes what has served its time, and only that:
 * old mails, rate-limit windows, sessions past their expiry or their 30-day lifetime,
 * expired verification and reset tokens.
 */

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t?.destroy());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);
const from = (ms: number) => new Date(Date.now() + ms);

async function seed() {
  const { id: userId } = await createUser(t.db, { email: `maintenance-${Date.now()}-${Math.random()}@example.com` });
  const sessions = await t.db
    .insert(session)
    .values([
      { id: `live-${userId}`, token: `live-${userId}`, userId, expiresAt: from(DAY), createdAt: ago(DAY) },
      { id: `expired-${userId}`, token: `expired-${userId}`, userId, expiresAt: ago(HOUR), createdAt: ago(8 * DAY) },
      // Kept sliding forward, but signed in more than 30 days ago (decision 011).
      { id: `ancient-${userId}`, token: `ancient-${userId}`, userId, expiresAt: from(DAY), createdAt: ago(31 * DAY) },
    ])
    .returning({ id: session.id });
  await t.db.insert(verification).values([
    { id: `fresh-${userId}`, identifier: "reset", value: "a", expiresAt: from(HOUR) },
    { id: `stale-${userId}`, identifier: "reset", value: "b", expiresAt: ago(HOUR) },
  ]);
  await t.db.insert(rateLimit).values([
    { id: `recent-${userId}`, key: `recent-${userId}`, count: 3, lastRequest: Date.now() - HOUR },
    { id: `old-${userId}`, key: `old-${userId}`, count: 3, lastRequest: Date.now() - 2 * DAY },
  ]);
  await t.db.insert(requestLimits).values([
    { key: `recent-${userId}`, windowStartedAt: ago(HOUR), hits: 1 },
    { key: `old-${userId}`, windowStartedAt: ago(2 * DAY), hits: 1 },
  ]);
  const mail = { kind: "test", to: "jane@example.com", subject: "s", html: "<p>x</p>", text: "x" };
  const [oldSent, recentSent, waiting] = [await enqueueEmail(t.db, t.jobs, mail), await enqueueEmail(t.db, t.jobs, mail), await enqueueEmail(t.db, t.jobs, mail)];
  await t.db.update(emailOutbox).set({ sentAt: ago(31 * DAY) }).where(eq(emailOutbox.id, oldSent));
  await t.db.update(emailOutbox).set({ sentAt: ago(DAY) }).where(eq(emailOutbox.id, recentSent));
  await t.db.update(emailOutbox).set({ createdAt: ago(40 * DAY) }).where(eq(emailOutbox.id, waiting));
  // Readers' stamped copies of a document (decision 031): one made an hour ago, one three days ago.
  const source = await storeFile(t.db, { bytes: new Uint8Array([1, 2, 3]), contentType: "application/pdf" });
  const copy = (key: string) => storeStampedCopy(t.db, { bytes: new Uint8Array([4, 5, 6]), contentType: "application/pdf", stampOf: source.id, stampedFor: userId, stampKey: `${key}-${userId}` });
  const recentCopy = await copy("recent");
  const oldCopy = await copy("old");
  await t.db.update(storedFiles).set({ createdAt: ago(3 * DAY) }).where(eq(storedFiles.id, oldCopy.id));
  // Investors' WhatsApp messages the webhook acted on: forgotten after 30 days (Meta retries for 7).
  await t.db.insert(whatsappInboundMessages).values([
    { id: `wamid.recent-${userId}`, sentAt: ago(8 * DAY), receivedAt: ago(8 * DAY) },
    { id: `wamid.old-${userId}`, sentAt: ago(31 * DAY), receivedAt: ago(31 * DAY) },
  ]);
  return { userId, sessions: sessions.map((s) => s.id), mails: { oldSent, recentSent, waiting }, files: { source: source.id, recentCopy: recentCopy.id, oldCopy: oldCopy.id } };
}

describe(`maintenance (${testDriver})`, () => {
  it("removes expired sessions, tokens, rate-limit windows and old mails, and keeps everything still in use", async () => {
    const { userId, mails, files } = await seed();
    const removed = await runMaintenance(t.db);
    expect(removed).toMatchObject({ mails: 1, requestLimits: 1, authRateLimits: 1, sessions: 2, verificationTokens: 1, stampedCopies: 1, whatsappMessageIds: 1 });
    expect((await t.db.select({ id: whatsappInboundMessages.id }).from(whatsappInboundMessages).where(inArray(whatsappInboundMessages.id, [`wamid.recent-${userId}`, `wamid.old-${userId}`]))).map((m) => m.id)).toEqual([`wamid.recent-${userId}`]);
    // A stamped copy past its day goes; today's copy and the document's own file stay.
    expect(await findFile(t.db, files.oldCopy)).toBeUndefined();
    expect(await findFile(t.db, files.recentCopy)).toBeDefined();
    expect(await findFile(t.db, files.source)).toBeDefined();

    expect((await t.db.select({ id: session.id }).from(session).where(eq(session.userId, userId))).map((s) => s.id)).toEqual([`live-${userId}`]);
    const tokens = await t.db.select({ id: verification.id }).from(verification).where(inArray(verification.id, [`fresh-${userId}`, `stale-${userId}`]));
    expect(tokens.map((v) => v.id)).toEqual([`fresh-${userId}`]);
    expect((await t.db.select({ key: rateLimit.key }).from(rateLimit).where(inArray(rateLimit.key, [`recent-${userId}`, `old-${userId}`]))).map((r) => r.key)).toEqual([`recent-${userId}`]);
    expect((await t.db.select({ key: requestLimits.key }).from(requestLimits).where(inArray(requestLimits.key, [`recent-${userId}`, `old-${userId}`]))).map((r) => r.key)).toEqual([`recent-${userId}`]);
    const left = (await t.db.select({ id: emailOutbox.id }).from(emailOutbox).where(inArray(emailOutbox.id, Object.values(mails)))).map((m) => m.id).sort();
    // A mail still waiting stays, however old.
    expect(left).toEqual([mails.recentSent, mails.waiting].sort());

    // A second run finds nothing more.
    expect(await runMaintenance(t.db)).toEqual({ mails: 0, requestLimits: 0, authRateLimits: 0, sessions: 0, verificationTokens: 0, stampedCopies: 0, whatsappMessageIds: 0, usedCodes: 0 });
  });

  it("runs hourly from a schedule in the database, as a job a worker takes", async () => {
    const scheduler = await openJobQueue(t, { log: pino({ level: "silent" }), schedule: true, supervise: false, pollingIntervalSeconds: 0.5 });
    try {
      const schedules = await scheduler.boss.getSchedules("maintenance");
      expect(schedules.map((s) => s.cron)).toEqual([SCHEDULES.maintenance]);
      // What the schedule sends, the worker does.
      const { userId } = await seed();
      await workMaintenance(scheduler, { db: t.db, log: pino({ level: "silent" }) });
      await t.jobs.send(t.db, "maintenance", {});
      await expect.poll(async () => (await t.db.select().from(session).where(eq(session.userId, userId))).length, { timeout: 10_000 }).toBe(1);
    } finally {
      await scheduler.stop(0);
    }
  });
});
