import { and, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { consentRecords, notificationDeliveries, notificationPreferences, notifications, notificationSettings, user as userTable, whatsappInboundMessages } from "~/server/db/schema.server";
import { openJobQueue, type JobQueue } from "~/server/jobs/queue.server";
import { notify, type NotifyInput } from "~/server/notifications/notify.server";
import { deliverWhatsApp, WhatsAppNotSent, workWhatsApp } from "~/server/notifications/whatsapp-delivery.server";
import { consentToWhatsApp, createUser } from "~/server/seed/factories.server";
import { action as webhookAction, loader as webhookLoader } from "~/routes/api.whatsapp.webhook";
import { anonymous } from "~/server/security/actor.server";
import { receiveWhatsAppWebhook } from "~/server/services/whatsapp-webhook.server";
import { incomingTextWebhookBody, sign, startWhatsAppStandIn, type WhatsAppStandIn } from "../support/whatsapp-stand-in";
import { createTestContext, routeArgs, type TestContext } from "./app-context";
import { createTestDatabase, type TestDatabase } from "./test-database";

const silent = pino({ level: "silent" });
const SECRET = "integration-app-secret";
const VERIFY = "integration-verify-token-0001";

let t: TestDatabase;
let standIn: WhatsAppStandIn;
let ctx: TestContext;
const opened: JobQueue[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  standIn = await startWhatsAppStandIn();
  ctx = createTestContext(t, {
    WHATSAPP_PHONE_NUMBER_ID: "109876543210",
    WHATSAPP_ACCESS_TOKEN: "EAAG-integration",
    WHATSAPP_APP_SECRET: SECRET,
    WHATSAPP_VERIFY_TOKEN: VERIFY,
    WHATSAPP_API_URL: standIn.url,
  });
});
afterEach(() => standIn.reset());
afterAll(async () => {
  for (const queue of opened) await queue.stop(0).catch(() => {});
  await standIn?.close();
  await t?.destroy();
});

let phones = 0;
async function investor(spec: { locale?: "en" | "ar" | "ckb"; topics?: Array<"bookings" | "payments" | "security">; quiet?: { start: string; end: string }; fallbackLocale?: "en" | "ar" } = {}) {
  const user = await createUser(t.db, { firstName: "ليلى" });
  await t.db.update(userTable).set({ locale: spec.locale ?? "ar" }).where(eq(userTable.id, user.id));
  const phone = `+96475000${String(++phones).padStart(5, "0")}`;
  await consentToWhatsApp(t.db, user.id, { phone, topics: spec.topics ?? ["bookings", "payments"], quiet: spec.quiet, fallbackLocale: spec.fallbackLocale });
  return { ...user, phone };
}

const booking = (userId: string, extra: Partial<NotifyInput> = {}): NotifyInput => ({
  userId,
  kind: "booking-confirmed",
  link: "/dashboard",
  data: { startsAt: "2026-12-01T07:00:00.000Z", timeZone: "Asia/Baghdad", reference: "TA-7K3F9Q" },
  email: { to: "investor@example.com", subject: "Confirmed", html: "<p>Confirmed</p>", text: "Confirmed", kind: "booking-confirmed" },
  ...extra,
});

const deps = (now = new Date()) => ({ jobs: t.jobs, config: ctx.config, now });
const delivery = async (id: string) => (await t.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.id, id)))[0]!;
const send = (deliveryId: string, final = false, now?: Date) => deliverWhatsApp({ db: t.db, config: ctx.config, log: silent }, { deliveryId, final }, now);

describe("notify", () => {
  it("keeps the notification, queues the e-mail and the WhatsApp message in the investor's language, with one job", async () => {
    const who = await investor();
    const done = await notify(t.db, deps(), booking(who.id));
    const [kept] = await t.db.select().from(notifications).where(eq(notifications.id, done.notificationId!));
    expect(kept).toMatchObject({ userId: who.id, kind: "booking-confirmed", link: "/dashboard", readAt: null });
    expect(kept!.data).toMatchObject({ name: "ليلى", reference: "TA-7K3F9Q" });
    expect(done.emailId).not.toBeNull();
    const row = await delivery(done.whatsappDeliveryId!);
    expect(row).toMatchObject({ status: "queued", toPhone: who.phone, template: "booking_confirmed", language: "ar" });
    expect(await t.jobs.waiting("whatsapp", row.id)).toHaveLength(1);
  });

  it("sends nothing by WhatsApp for a topic left off, nor without consent, and no e-mail where the investor turned it off", async () => {
    const who = await investor({ topics: ["payments"] });
    await t.db.insert(notificationPreferences).values({ userId: who.id, topic: "bookings", channel: "email", enabled: false });
    const done = await notify(t.db, deps(), booking(who.id));
    expect(done).toMatchObject({ emailId: null, whatsappDeliveryId: null });
    expect(done.notificationId).not.toBeNull();

    const stranger = await createUser(t.db);
    expect((await notify(t.db, deps(), booking(stranger.id))).whatsappDeliveryId).toBeNull();
  });

  it("always e-mails a security notice, even with e-mail turned off for security", async () => {
    const who = await investor({ topics: ["security"] });
    await t.db.insert(notificationPreferences).values({ userId: who.id, topic: "security", channel: "email", enabled: false });
    const done = await notify(t.db, deps(), { userId: who.id, kind: "security-notice", link: "/account/security", email: { to: "x@example.com", subject: "s", html: "h", text: "t", kind: "security-password-changed" } });
    expect(done.emailId).not.toBeNull();
    expect(done.whatsappDeliveryId).not.toBeNull();
  });

  it("holds a non-urgent message to the end of the quiet hours in the investor's zone, and lets an urgent one go", async () => {
    const who = await investor({ quiet: { start: "22:00", end: "08:00" } });
    const lateEvening = new Date("2026-12-01T20:30:00Z"); // 23:30 in Baghdad
    const held = await notify(t.db, deps(lateEvening), booking(who.id));
    expect((await delivery(held.whatsappDeliveryId!)).notBefore.toISOString()).toBe("2026-12-02T05:00:00.000Z");
    const [job] = await t.jobs.waiting("whatsapp", held.whatsappDeliveryId!);
    expect(job!.startAfter.toISOString()).toBe("2026-12-02T05:00:00.000Z");

    const urgent = await notify(t.db, deps(lateEvening), booking(who.id, { kind: "booking-reminder-1h" }));
    expect((await delivery(urgent.whatsappDeliveryId!)).notBefore.toISOString()).toBe(lateEvening.toISOString());
  });

  it("sends a Sorani reader's message in their fallback language (Meta offers no Sorani templates)", async () => {
    const who = await investor({ locale: "ckb", fallbackLocale: "ar" });
    const done = await notify(t.db, deps(), booking(who.id));
    expect((await delivery(done.whatsappDeliveryId!)).language).toBe("ar");
  });

  it("notifies once per key, however many times the job that notifies runs", async () => {
    const who = await investor();
    const first = await notify(t.db, deps(), booking(who.id, { kind: "booking-reminder-24h", onceKey: `test-reminder:${who.id}` }));
    const second = await notify(t.db, deps(), booking(who.id, { kind: "booking-reminder-24h", onceKey: `test-reminder:${who.id}` }));
    expect(first.notificationId).not.toBeNull();
    expect(second).toEqual({ notificationId: null, emailId: null, whatsappDeliveryId: null });
    expect(await t.db.select().from(notifications).where(and(eq(notifications.userId, who.id), eq(notifications.kind, "booking-reminder-24h")))).toHaveLength(1);
  });
});

describe("sending by WhatsApp", () => {
  it("sends the template with its parameters in Arabic and keeps the message id", async () => {
    const who = await investor();
    const done = await notify(t.db, deps(), booking(who.id));
    expect(await send(done.whatsappDeliveryId!)).toBe("sent");
    const [request] = standIn.requests();
    expect(request).toMatchObject({ to: who.phone.slice(1), template: "booking_confirmed", languageCode: "ar" });
    expect(request!.parameters[0]).toBe("ليلى");
    expect(request!.parameters[1]).toMatch(/ديسمبر/);
    expect(request!.parameters[2]).toBe("TA-7K3F9Q");
    const row = await delivery(done.whatsappDeliveryId!);
    expect(row).toMatchObject({ status: "sent", providerMessageId: request!.messageId, attempts: 1, lastError: null });
    // Sent: a second run of the job (a retry, another instance) sends nothing.
    expect(await send(row.id)).toBe("nothing to send");
    expect(standIn.requests()).toHaveLength(1);
  });

  it.each([
    { status: 500, code: 1 },
    { status: 429, code: 130429 },
  ])("retries after $status ($code), then sends", async (answer) => {
    const who = await investor();
    const done = await notify(t.db, deps(), booking(who.id));
    standIn.failNext(1, answer);
    await expect(send(done.whatsappDeliveryId!)).rejects.toBeInstanceOf(WhatsAppNotSent);
    expect(await delivery(done.whatsappDeliveryId!)).toMatchObject({ status: "queued", attempts: 1 });
    expect((await delivery(done.whatsappDeliveryId!)).lastError).toMatch(String(answer.code));
    expect(await send(done.whatsappDeliveryId!)).toBe("sent");
    expect(await delivery(done.whatsappDeliveryId!)).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("gives up at once on a refused template: the dead letter, not a retry", async () => {
    const who = await investor();
    const done = await notify(t.db, deps(), booking(who.id));
    standIn.refuseTemplate("booking_confirmed", "ar");
    expect(await send(done.whatsappDeliveryId!)).toBe("given-up");
    const row = await delivery(done.whatsappDeliveryId!);
    expect(row.status).toBe("given-up");
    expect(row.lastError).toMatch(/132001/);
    expect(row.failedAt).not.toBeNull();
  });

  it("gives up when the last retry fails too", async () => {
    const who = await investor();
    const done = await notify(t.db, deps(), booking(who.id));
    standIn.failNext(1, { status: 503, code: 2 });
    expect(await send(done.whatsappDeliveryId!, true)).toBe("given-up");
    expect((await delivery(done.whatsappDeliveryId!)).status).toBe("given-up");
  });

  it("sends nothing once consent was withdrawn after the message was queued", async () => {
    const who = await investor();
    const done = await notify(t.db, deps(), booking(who.id));
    await t.db.update(notificationSettings).set({ consentWithdrawnAt: new Date() }).where(eq(notificationSettings.userId, who.id));
    expect(await send(done.whatsappDeliveryId!)).toBe("withdrawn");
    expect(standIn.requests()).toHaveLength(0);
  });

  it("sends each message once with two instances working the queue", async () => {
    const who = await investor();
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push((await notify(t.db, deps(), booking(who.id, { data: { startsAt: "2026-12-01T07:00:00.000Z", timeZone: "Asia/Baghdad", reference: `TA-${i}` } }))).whatsappDeliveryId!);
    const worked: string[] = [];
    for (const who of ["a", "b"]) {
      const queue = await openJobQueue(t, { log: silent, schedule: false, supervise: false, pollingIntervalSeconds: 0.5 });
      opened.push(queue);
      await workWhatsApp({ work: (name, handler, options) => queue.work(name, async (job) => { worked.push(who); await handler(job); }, options) }, { db: t.db, config: ctx.config, log: silent });
      // The same job sent again from this instance adds nothing: one job per message.
      for (const id of ids) await queue.send(t.db, "whatsapp", { deliveryId: id }, { key: id });
    }
    await expect.poll(async () => (await t.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.status, "sent"))).filter((r) => ids.includes(r.id)).length, { timeout: 20_000 }).toBe(12);
    const references = standIn
      .requests()
      .filter((r) => r.messageId)
      .map((r) => r.parameters[2])
      // Messages queued by the tests before are sent by these workers too: count this test's.
      .filter((reference) => /^TA-\d+$/.test(reference ?? ""));
    expect(references).toHaveLength(12);
    expect(new Set(references).size).toBe(12);
    // The later tests send by hand: these workers must not take their messages.
    for (const queue of opened.splice(0)) await queue.stop(0);
  });
});

describe("the webhook", () => {
  const url = "http://localhost:4400/api/whatsapp/webhook";
  const post = (body: string, signature: string | null) =>
    webhookAction(routeArgs(new Request(url, { method: "POST", body, headers: { "content-type": "application/json", ...(signature ? { "x-hub-signature-256": signature } : {}) } }), ctx)) as Promise<Response>;

  it("answers Meta's handshake only with the verify token", async () => {
    const ok = (await webhookLoader(routeArgs(new Request(`${url}?hub.mode=subscribe&hub.verify_token=${VERIFY}&hub.challenge=1158201444`), ctx))) as Response;
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("1158201444");
    const wrong = (await webhookLoader(routeArgs(new Request(`${url}?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1`), ctx))) as Response;
    expect(wrong.status).toBe(403);
  });

  it("keeps delivered and read statuses, in any order, and refuses a forged signature", async () => {
    const who = await investor();
    const done = await notify(t.db, deps(), booking(who.id));
    await send(done.whatsappDeliveryId!);
    const { providerMessageId } = await delivery(done.whatsappDeliveryId!);
    const status = (s: string) => JSON.stringify({ object: "whatsapp_business_account", entry: [{ id: "1", changes: [{ field: "messages", value: { messaging_product: "whatsapp", statuses: [{ id: providerMessageId, status: s, timestamp: "1764576000", recipient_id: who.phone.slice(1) }] } }] }] });

    const forged = await post(status("read"), sign("not-the-secret", status("read")));
    expect(forged.status).toBe(401);
    expect((await post(status("read"), null)).status).toBe(401);
    expect((await delivery(done.whatsappDeliveryId!)).status).toBe("sent");

    expect((await post(status("read"), sign(SECRET, status("read")))).status).toBe(200);
    expect((await post(status("delivered"), sign(SECRET, status("delivered")))).status).toBe(200);
    const row = await delivery(done.whatsappDeliveryId!);
    expect(row.status).toBe("read");
    expect(row.deliveredAt?.toISOString()).toBe("2025-12-01T08:00:00.000Z");
    expect(row.readAt?.toISOString()).toBe("2025-12-01T08:00:00.000Z");
  });

  it.each(["STOP", "توقف", "ڕاگرتن"])("withdraws consent at once on %s, and the queued messages are not sent", async (word) => {
    const who = await investor();
    const done = await notify(t.db, deps(), booking(who.id));
    // Sent now (after the consent), under an id of its own: a STOP the webhook has not seen.
    const body = JSON.stringify(incomingTextWebhookBody({ from: who.phone, text: word }));
    expect((await post(body, sign(SECRET, body))).status).toBe(200);
    const [settings] = await t.db.select().from(notificationSettings).where(eq(notificationSettings.userId, who.id));
    expect(settings!.consentWithdrawnAt).not.toBeNull();
    const records = await t.db.select().from(consentRecords).where(eq(consentRecords.userId, who.id));
    expect(records.map((r) => [r.action, r.means])).toContainEqual(["withdrawn", "stop-message"]);
    expect((await delivery(done.whatsappDeliveryId!)).status).toBe("withdrawn");
    expect(await send(done.whatsappDeliveryId!)).toBe("nothing to send");
    // And nothing new is queued for WhatsApp.
    expect((await notify(t.db, deps(), booking(who.id))).whatsappDeliveryId).toBeNull();
    expect(standIn.requests()).toHaveLength(0);
  });

  it("acts on a signed message once across instances, and a STOP from before a new consent leaves it (issue 52, item 11)", async () => {
    // A second instance on the same database: the same configuration, its own context.
    const other = createTestContext(t, { WHATSAPP_PHONE_NUMBER_ID: "109876543210", WHATSAPP_ACCESS_TOKEN: "EAAG-integration", WHATSAPP_APP_SECRET: SECRET, WHATSAPP_VERIFY_TOKEN: VERIFY, WHATSAPP_API_URL: standIn.url });
    const postTo = (instance: TestContext, body: string) =>
      webhookAction(routeArgs(new Request(url, { method: "POST", body, headers: { "content-type": "application/json", "x-hub-signature-256": sign(SECRET, body) } }), instance)) as Promise<Response>;
    const who = await investor();
    await t.db.update(notificationSettings).set({ consentAt: new Date(Date.now() - 120_000) }).where(eq(notificationSettings.userId, who.id));
    const settings = async () => (await t.db.select().from(notificationSettings).where(eq(notificationSettings.userId, who.id)))[0]!;
    const withdrawals = async () => (await t.db.select().from(consentRecords).where(and(eq(consentRecords.userId, who.id), eq(consentRecords.action, "withdrawn")))).length;
    /** The investor gives consent again (a new code verified), at `at`. */
    const consentAgain = (at: Date) => t.db.update(notificationSettings).set({ consentAt: at, consentWithdrawnAt: null }).where(eq(notificationSettings.userId, who.id));

    // STOP, sent a minute ago, reaches both instances at once (Meta's retry racing the first
    // delivery): consent ends once.
    const stopSent = Math.floor(Date.now() / 1000) - 60;
    const stop = JSON.stringify(incomingTextWebhookBody({ from: who.phone, text: "STOP", timestamp: stopSent }));
    const both = await Promise.all([postTo(ctx, stop), postTo(other, stop)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect((await settings()).consentWithdrawnAt).not.toBeNull();
    expect(await withdrawals()).toBe(1);

    // The investor gives consent again, in the STOP's own second (a clock a little behind
    // Meta's would do the same): the same signed STOP posted again, to the other instance,
    // is known by its id and changes nothing.
    await consentAgain(new Date(stopSent * 1000 + 500));
    expect(await receiveWhatsAppWebhook(other, anonymous, { rawBody: stop, signature: sign(SECRET, stop) })).toEqual({ statuses: 0, stopped: 0, verified: 0, repeated: 1 });
    expect((await postTo(ctx, stop)).status).toBe(200);
    expect((await settings()).consentWithdrawnAt).toBeNull();
    expect(await withdrawals()).toBe(1);

    // Consent given later still: a STOP sent before it, never seen (delivered late), is
    // older than the consent and leaves it.
    await consentAgain(new Date());
    const late = JSON.stringify(incomingTextWebhookBody({ from: who.phone, text: "STOP", timestamp: stopSent + 30 }));
    expect(await receiveWhatsAppWebhook(other, anonymous, { rawBody: late, signature: sign(SECRET, late) })).toEqual({ statuses: 0, stopped: 0, verified: 0, repeated: 0 });
    expect((await settings()).consentWithdrawnAt).toBeNull();

    // A STOP sent now ends it, as before.
    const now = JSON.stringify(incomingTextWebhookBody({ from: who.phone, text: "توقف" }));
    expect((await postTo(other, now)).status).toBe(200);
    expect((await settings()).consentWithdrawnAt).not.toBeNull();
    expect(await withdrawals()).toBe(2);
    // What every instance consults: the ids in the database.
    const known = (await t.db.select({ id: whatsappInboundMessages.id }).from(whatsappInboundMessages)).map((m) => m.id);
    for (const body of [stop, late, now]) expect(known.some((id) => body.includes(`"${id}"`))).toBe(true);
  });
});
