import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import "~/i18n/catalogues.server";
import { action as pageAction, loader as pageLoader } from "~/routes/admin.notifications";
import { auditLog, consentRecords, emailOutbox, notificationDeliveries, notifications, notificationSettings } from "~/server/db/schema.server";
import { anonymous, type Actor } from "~/server/security/actor.server";
import { CLIENT_IP_HEADER } from "~/server/security/better-auth.server";
import { createUser } from "~/server/seed/factories.server";
import * as notificationAdmin from "~/server/services/notification-admin.server";
import {
  adminConsentStates,
  adminDeadLetter,
  adminWhatsAppMessages,
  CONSENT_PAGE_SIZE,
  DEAD_LETTER_PAGE_SIZE,
  retryDeadLetter,
  WHATSAPP_PAGE_SIZE,
} from "~/server/services/notification-admin.server";
import type { DeliveryStatus, NotificationKind } from "~/domain/notifications";
import { addAdviserAccount, createAdminTestbed, getRequest, routeArgs, SITE_URL, type AdminTestbed } from "./app-context";
import { testDriver } from "./test-database";

/**
 * Issue 39: the admin's view of notifications. The WhatsApp messages with their statuses
 * (filtered, paged newest first), the dead letter of both channels with a retry that puts
 * an item back on its queue in the transaction that changes it (audited), and the
 * investors' WhatsApp consent, which admins only read. Rows are written straight into the
 * tables, as the sending side and the investors' settings would leave them.
 */

let bed: AdminTestbed;
let adviser: Actor;
let adviserCookie: string;
beforeAll(async () => {
  bed = await createAdminTestbed("notify-admin-");
  const account = await addAdviserAccount(bed, "notify-admin-adviser@example.com");
  adviser = account.actor;
  adviserCookie = account.cookie;
});
afterAll(() => bed?.destroy());

const db = () => bed.t.db;
let clock = Date.UTC(2031, 4, 1, 9, 0, 0);
/** Each row a second after the one before, so the order is the order written. */
const tick = () => new Date((clock += 1000));

async function investor(name: string) {
  const [firstName, lastName] = name.split(" ");
  return createUser(db(), { firstName, lastName, email: `${firstName!.toLowerCase()}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.com` });
}

async function delivery(userId: string, spec: { kind?: NotificationKind; status: DeliveryStatus; phone?: string; lastError?: string | null } & Partial<typeof notificationDeliveries.$inferInsert>) {
  const at = tick();
  const [notification] = await db()
    .insert(notifications)
    .values({ userId, kind: spec.kind ?? "booking-confirmed", link: "/dashboard", createdAt: at })
    .returning();
  const { kind: _kind, phone, ...columns } = spec;
  const [row] = await db()
    .insert(notificationDeliveries)
    .values({ notificationId: notification!.id, channel: "whatsapp", toPhone: phone ?? "+9647501234567", template: "booking_confirmed", language: "ar", createdAt: at, ...columns })
    .returning();
  return row!;
}

async function givenUpMail(to: string, kind = "booking-confirmed") {
  const at = tick();
  const [row] = await db()
    .insert(emailOutbox)
    .values({ kind, toAddress: to, subject: "Your booking", html: "<p>Hi</p>", textBody: "Hi", attempts: 9, lastError: "550 mailbox unavailable", givenUpAt: at, createdAt: at })
    .returning();
  return row!;
}

const refused = (code: string) => expect.objectContaining({ code });

/** The page's action over HTTP (a form post as the browser sends it), its status and answer. */
async function post(fields: Record<string, string>, cookie?: string) {
  const headers = new Headers({ Origin: SITE_URL, "Content-Type": "application/x-www-form-urlencoded", [CLIENT_IP_HEADER]: "203.0.113.9" });
  if (cookie) headers.set("Cookie", cookie);
  const request = new Request(`${SITE_URL}/admin/notifications`, { method: "POST", headers, body: new URLSearchParams(fields) });
  try {
    const result = (await pageAction(routeArgs(request, bed.context))) as unknown as { data: { ok: boolean; message?: string }; init: { status?: number } | null };
    return { status: result.init?.status ?? 200, data: result.data };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, data: null };
    throw thrown;
  }
}

describe(`notifications in the admin (${testDriver})`, () => {
  it("lets admins alone read the lists and retry: a visitor, an investor and an adviser are refused by the services and the page", async () => {
    const someone = await investor("Refused Reader");
    const item = await delivery(someone.id, { status: "given-up" });
    for (const actor of [anonymous, bed.investor.actor, adviser]) {
      const code = "FORBIDDEN";
      await expect(adminWhatsAppMessages(bed.context, actor, {})).rejects.toEqual(refused(code));
      await expect(adminDeadLetter(bed.context, actor)).rejects.toEqual(refused(code));
      await expect(adminConsentStates(bed.context, actor)).rejects.toEqual(refused(code));
      await expect(retryDeadLetter(bed.context, actor, { channel: "whatsapp", id: item.id })).rejects.toEqual(refused(code));
    }
    // The page: a visitor is sent to sign in, an investor and an adviser home; their posts are refused.
    for (const [who, cookie] of [["a visitor", undefined], ["an investor", bed.investor.cookie], ["an adviser", adviserCookie]] as const) {
      const loaded = await pageLoader(routeArgs(getRequest("/admin/notifications", cookie ? { cookie } : {}), bed.context)).then(
        () => null,
        (thrown: unknown) => (thrown instanceof Response ? [thrown.status, thrown.headers.get("Location")] : thrown),
      );
      expect(loaded, who).toEqual([302, cookie ? "/" : expect.stringContaining("/auth")]);
      const answer = await post({ intent: "notification-retry", channel: "whatsapp", id: item.id }, cookie);
      expect(answer.status, who).toBe(403);
    }
    expect((await db().select().from(notificationDeliveries).where(eq(notificationDeliveries.id, item.id)))[0]!.status).toBe("given-up");
    expect(await bed.t.jobs.waiting("whatsapp", item.id)).toHaveLength(0);
    // The admin reads all three.
    expect((await adminWhatsAppMessages(bed.context, bed.admin.actor, {})).rows.some((row) => row.id === item.id)).toBe(true);
    expect((await adminDeadLetter(bed.context, bed.admin.actor)).rows.some((row) => row.id === item.id)).toBe(true);
    expect((await adminConsentStates(bed.context, bed.admin.actor)).rows).toBeInstanceOf(Array);
  });

  it("lists WhatsApp messages newest first with the investor, kind, template, masked number, status and times; filters by status and pages by keyset", async () => {
    await db().delete(notifications);
    const layla = await investor("Layla Haddad");
    const sent = new Date(clock + 10_000);
    const delivered = new Date(clock + 20_000);
    const read = new Date(clock + 30_000);
    const deliveredOne = await delivery(layla.id, { status: "delivered", kind: "booking-confirmed", phone: "+9647501234567", attempts: 1, sentAt: sent, deliveredAt: delivered, providerMessageId: "wamid.delivered" });
    const readOne = await delivery(layla.id, { status: "read", kind: "booking-reminder-24h", phone: "+9647501234567", attempts: 1, sentAt: sent, deliveredAt: delivered, readAt: read, providerMessageId: "wamid.read" });
    const failed = await delivery(layla.id, { status: "failed", kind: "instalment-call", attempts: 2, lastError: "131047 re-engagement required", failedAt: read });

    const all = await adminWhatsAppMessages(bed.context, bed.admin.actor, {});
    expect(all.rows.map((row) => row.id)).toEqual([failed.id, readOne.id, deliveredOne.id]);
    expect(all.before).toBeNull();
    expect(all.rows[1]).toEqual(
      expect.objectContaining({
        investor: { id: layla.id, name: "Layla Haddad", email: layla.email },
        kind: "booking-reminder-24h",
        template: "booking_confirmed",
        language: "ar",
        phone: "+964 •••• 4567",
        status: "read",
        attempts: 1,
        sentAt: sent,
        deliveredAt: delivered,
        readAt: read,
        failedAt: null,
      }),
    );
    // The whole number is never in the answer.
    expect(JSON.stringify(all)).not.toContain("7501234567");
    expect(all.rows[0]).toEqual(expect.objectContaining({ status: "failed", lastError: "131047 re-engagement required", failedAt: read }));

    expect((await adminWhatsAppMessages(bed.context, bed.admin.actor, { status: "delivered" })).rows.map((row) => row.id)).toEqual([deliveredOne.id]);
    expect((await adminWhatsAppMessages(bed.context, bed.admin.actor, { status: "read" })).rows.map((row) => row.id)).toEqual([readOne.id]);
    expect((await adminWhatsAppMessages(bed.context, bed.admin.actor, { status: "queued" })).rows).toEqual([]);

    // Past a page: 50 newest, then the rest from the cursor, none twice.
    for (let i = 0; i < WHATSAPP_PAGE_SIZE; i++) await delivery(layla.id, { status: "sent", sentAt: sent });
    const first = await adminWhatsAppMessages(bed.context, bed.admin.actor, {});
    expect(first.rows).toHaveLength(WHATSAPP_PAGE_SIZE);
    expect(first.before).toEqual(expect.any(String));
    const second = await adminWhatsAppMessages(bed.context, bed.admin.actor, { before: first.before! });
    expect(second.rows.map((row) => row.id)).toEqual([failed.id, readOne.id, deliveredOne.id]);
    expect(second.before).toBeNull();
    // An unreadable cursor reads the first page.
    expect((await adminWhatsAppMessages(bed.context, bed.admin.actor, { before: "nonsense" })).rows[0]!.id).toBe(first.rows[0]!.id);

    // The page reads ?status= from its address and ignores a status that is none.
    type Page = { query: { status?: string }; messages: { rows: { id: string }[] } };
    const load = async (search: string) => (await pageLoader(routeArgs(getRequest(`/admin/notifications${search}`, { cookie: bed.admin.cookie }), bed.context))) as unknown as Page;
    expect((await load("?status=read")).messages.rows.map((row) => row.id)).toEqual([readOne.id]);
    const unknown = await load("?status=exploded");
    expect(unknown.query.status).toBeUndefined();
    expect(unknown.messages.rows).toHaveLength(WHATSAPP_PAGE_SIZE);
  });

  it("keeps both channels' given-up items in one dead letter, latest first, masked", async () => {
    await db().delete(notifications);
    await db().delete(emailOutbox);
    const omar = await investor("Omar Saleh");
    const whatsapp = await delivery(omar.id, { status: "given-up", kind: "instalment-reminder", phone: "+962791234567", attempts: 8, lastError: "HTTP 503", failedAt: new Date(clock + 500) });
    const mail = await givenUpMail("yusuf.barzani@example.com", "booking-receipt");
    await delivery(omar.id, { status: "failed", lastError: "131026 undeliverable" });
    await db().insert(emailOutbox).values({ kind: "booking-receipt", toAddress: "sent@example.com", subject: "s", html: "h", textBody: "t", sentAt: tick() });

    const items = await adminDeadLetter(bed.context, bed.admin.actor);
    expect(items).toEqual({
      rows: [
        { channel: "email", id: mail.id, kind: "booking-receipt", recipient: "y***@example.com", name: null, attempts: 9, lastError: "550 mailbox unavailable", at: mail.givenUpAt },
        { channel: "whatsapp", id: whatsapp.id, kind: "instalment-reminder", recipient: "+962 •••• 4567", name: "Omar Saleh", attempts: 8, lastError: "HTTP 503", at: whatsapp.failedAt },
      ],
      before: null,
    });
  });

  it("pages the dead letter across both channels by keyset, latest given up first, none twice and none missed", async () => {
    await db().delete(notifications);
    await db().delete(emailOutbox);
    const omar = await investor("Omar Saleh");
    // Interleaved in time: WhatsApp (given up when written), e-mail, WhatsApp, ... each a second
    // apart; then one of each given up at one instant.
    const written: string[] = [];
    for (let i = 0; i < DEAD_LETTER_PAGE_SIZE + 7; i++) {
      if (i % 2) written.push((await givenUpMail(`page.${i}@example.com`)).id);
      else written.push((await delivery(omar.id, { status: "given-up", attempts: 8, lastError: "HTTP 503" })).id);
    }
    const same = new Date(clock + 1000);
    const pair = [(await delivery(omar.id, { status: "given-up", attempts: 8, failedAt: same })).id, (await givenUpMail("same.instant@example.com")).id];
    await db().update(emailOutbox).set({ givenUpAt: same }).where(eq(emailOutbox.id, pair[1]!));

    const first = await adminDeadLetter(bed.context, bed.admin.actor);
    expect(first.rows).toHaveLength(DEAD_LETTER_PAGE_SIZE);
    expect(first.before).toEqual(expect.any(String));
    // The pair given up at one instant come first, in id order (descending), then the rest, latest first.
    expect(first.rows.slice(0, 2).map((row) => row.id)).toEqual([...pair].sort().reverse());
    expect(first.rows.slice(2).map((row) => row.id)).toEqual([...written].reverse().slice(0, DEAD_LETTER_PAGE_SIZE - 2));
    const second = await adminDeadLetter(bed.context, bed.admin.actor, { before: first.before! });
    expect(second.before).toBeNull();
    const seen = [...first.rows, ...second.rows].map((row) => row.id);
    expect(seen).toHaveLength(written.length + 2);
    expect(new Set(seen).size).toBe(seen.length);
    expect(second.rows.map((row) => row.id)).toEqual([...written].reverse().slice(DEAD_LETTER_PAGE_SIZE - 2));
    // The page reads ?failedBefore= from its address; an unreadable cursor reads the first page.
    type Page = { deadLetter: { rows: { id: string }[]; before: string | null } };
    const load = async (search: string) => (await pageLoader(routeArgs(getRequest(`/admin/notifications${search}`, { cookie: bed.admin.cookie }), bed.context))) as unknown as Page;
    expect((await load(`?failedBefore=${encodeURIComponent(first.before!)}`)).deadLetter.rows.map((row) => row.id)).toEqual(second.rows.map((row) => row.id));
    expect((await load("?failedBefore=nonsense")).deadLetter.rows[0]!.id).toBe(first.rows[0]!.id);
  });

  it("retries a given-up WhatsApp message: queued again with its last error, its job in the queue, audited; refuses one not given up", async () => {
    await db().delete(notifications);
    const nadia = await investor("Nadia Karim");
    const item = await delivery(nadia.id, { status: "given-up", attempts: 8, lastError: "HTTP 500", failedAt: tick() });
    await retryDeadLetter(bed.context, bed.admin.actor, { channel: "whatsapp", id: item.id });

    const [after] = await db().select().from(notificationDeliveries).where(eq(notificationDeliveries.id, item.id));
    expect(after).toEqual(expect.objectContaining({ status: "queued", lastError: "HTTP 500", attempts: 8 }));
    const jobs = await bed.t.jobs.waiting("whatsapp", item.id);
    expect(jobs).toEqual([expect.objectContaining({ data: { deliveryId: item.id }, key: item.id })]);
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.entityId, item.id));
    expect(entry).toEqual(expect.objectContaining({ actorId: bed.admin.id, action: "notification.retry", entity: "notification_deliveries", before: { status: "given-up" }, after: { status: "queued" } }));
    expect((await adminDeadLetter(bed.context, bed.admin.actor)).rows.map((row) => row.id)).not.toContain(item.id);

    // Again, now that it is queued: a conflict, nothing changed and no second job.
    await expect(retryDeadLetter(bed.context, bed.admin.actor, { channel: "whatsapp", id: item.id })).rejects.toEqual(expect.objectContaining({ code: "CONFLICT", message: "admin.notifications.deadLetter.notGivenUp" }));
    for (const status of ["sent", "delivered", "read", "failed", "withdrawn"] as const) {
      const other = await delivery(nadia.id, { status });
      await expect(retryDeadLetter(bed.context, bed.admin.actor, { channel: "whatsapp", id: other.id }), status).rejects.toEqual(refused("CONFLICT"));
      expect((await db().select().from(notificationDeliveries).where(eq(notificationDeliveries.id, other.id)))[0]!.status).toBe(status);
      expect(await bed.t.jobs.waiting("whatsapp", other.id)).toHaveLength(0);
    }
    await expect(retryDeadLetter(bed.context, bed.admin.actor, { channel: "whatsapp", id: "00000000-0000-4000-8000-000000000000" })).rejects.toEqual(refused("NOT_FOUND"));
    expect(await db().select().from(auditLog).where(eq(auditLog.entityId, item.id))).toHaveLength(1);
  });

  it("retries a given-up e-mail through the page's form: given_up_at cleared, its job queued, audited; a sent mail is refused with the page's message", async () => {
    const mail = await givenUpMail("retry.me@example.com");
    const answer = await post({ intent: "notification-retry", channel: "email", id: mail.id }, bed.admin.cookie);
    expect(answer).toEqual({ status: 200, data: expect.objectContaining({ ok: true }) });
    const [after] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, mail.id));
    expect(after).toEqual(expect.objectContaining({ givenUpAt: null, sentAt: null, lastError: "550 mailbox unavailable" }));
    expect(await bed.t.jobs.waiting("email", mail.id)).toEqual([expect.objectContaining({ data: { outboxId: mail.id } })]);
    expect(await db().select().from(auditLog).where(eq(auditLog.entityId, mail.id))).toEqual([expect.objectContaining({ action: "notification.retry", entity: "email_outbox", after: { givenUpAt: null } })]);

    const again = await post({ intent: "notification-retry", channel: "email", id: mail.id }, bed.admin.cookie);
    expect(again.status).toBe(409);
    expect(again.data).toEqual(expect.objectContaining({ ok: false, message: "That message is not in the dead letter: it is already on its way, or was sent." }));
    // A form that does not parse names no item.
    const unreadable = await post({ intent: "notification-retry", channel: "fax", id: "x" }, bed.admin.cookie);
    expect(unreadable.status).toBe(400);
  });

  it("shows each investor's consent, masked, with the latest records, and offers no way to change it", async () => {
    await db().delete(notificationSettings);
    const given = await investor("Samira Haddad");
    const withdrawn = await investor("Karim Aziz");
    const wording = "I agree to receive notices from Tigris on WhatsApp at this number.";
    await db().insert(notificationSettings).values([
      { userId: given.id, phone: "+971501234567", phoneVerifiedAt: tick(), consentAt: tick(), consentWording: wording, consentChannel: "whatsapp-code", updatedAt: tick() },
      { userId: withdrawn.id, phone: "+9647709876543", phoneVerifiedAt: tick(), consentAt: tick(), consentWording: wording, consentChannel: "wa-me", consentWithdrawnAt: tick(), updatedAt: tick() },
    ]);
    for (let i = 0; i < 7; i++) {
      await db().insert(consentRecords).values({ userId: withdrawn.id, channel: "whatsapp", action: i % 2 ? "withdrawn" : "given", means: i % 2 ? "stop-message" : "wa-me", phone: "+9647709876543", wording, createdAt: tick() });
    }
    await db().insert(consentRecords).values({ userId: given.id, channel: "whatsapp", action: "given", means: "whatsapp-code", phone: "+971501234567", wording, createdAt: tick() });

    const before = await db().select().from(notificationSettings);
    const { rows: states, before: more } = await adminConsentStates(bed.context, bed.admin.actor);
    expect(more).toBeNull();
    expect(states.map((s) => s.userId)).toEqual([withdrawn.id, given.id]);
    expect(states[1]).toEqual(
      expect.objectContaining({ name: "Samira Haddad", email: given.email, phone: "+971 •••• 4567", consentChannel: "whatsapp-code", consentWording: wording, withdrawnAt: null, records: [expect.objectContaining({ action: "given", means: "whatsapp-code", phone: "+971 •••• 4567" })] }),
    );
    expect(states[0]!.withdrawnAt).toEqual(expect.any(Date));
    expect(states[0]!.records).toHaveLength(5);
    expect(states[0]!.records[0]).toEqual(expect.objectContaining({ action: "given", means: "wa-me" }));
    expect(JSON.stringify(states)).not.toMatch(/501234567|709876543/);

    // No write path: the service has nothing that writes consent, and the page's action knows no such intent.
    expect(Object.keys(notificationAdmin).filter((name) => typeof (notificationAdmin as Record<string, unknown>)[name] === "function").sort()).toEqual(["adminConsentStates", "adminDeadLetter", "adminWhatsAppMessages", "retryDeadLetter"]);
    for (const intent of ["consent-withdraw", "consent-give", "consent", "settings-save"]) {
      const answer = await post({ intent, userId: given.id }, bed.admin.cookie);
      expect(answer.status, intent).toBe(400);
    }
    expect(await db().select().from(notificationSettings)).toEqual(before);
  });

  it("pages the consent list by keyset on the latest change, the investors' ids not being uuids", async () => {
    await db().delete(notificationSettings);
    const ids: string[] = [];
    for (let i = 0; i < CONSENT_PAGE_SIZE + 3; i++) {
      const someone = await investor(`Investor Number${i}`);
      await db().insert(notificationSettings).values({ userId: someone.id, phone: "+971501234567", phoneVerifiedAt: tick(), updatedAt: tick() });
      ids.push(someone.id);
    }
    const first = await adminConsentStates(bed.context, bed.admin.actor);
    expect(first.rows.map((row) => row.userId)).toEqual([...ids].reverse().slice(0, CONSENT_PAGE_SIZE));
    expect(first.before).toEqual(expect.any(String));
    const second = await adminConsentStates(bed.context, bed.admin.actor, { before: first.before! });
    expect(second.rows.map((row) => row.userId)).toEqual([...ids].reverse().slice(CONSENT_PAGE_SIZE));
    expect(second.before).toBeNull();
    type Page = { consent: { rows: { userId: string }[] } };
    const load = async (search: string) => (await pageLoader(routeArgs(getRequest(`/admin/notifications${search}`, { cookie: bed.admin.cookie }), bed.context))) as unknown as Page;
    expect((await load(`?consentBefore=${encodeURIComponent(first.before!)}`)).consent.rows.map((row) => row.userId)).toEqual(second.rows.map((row) => row.userId));
    expect((await load("?consentBefore=';drop")).consent.rows).toHaveLength(CONSENT_PAGE_SIZE);
  });
});
