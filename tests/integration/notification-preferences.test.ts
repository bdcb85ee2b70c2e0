import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "~/domain/app-error";
import { brand } from "~/domain/brand";
import { CONSENT_WORDING, NOTIFICATION_MESSAGES as M, preferenceField, type SavePreferencesInput } from "~/domain/notification-preferences";
import { NOTIFICATION_CHANNELS, NOTIFICATION_TOPICS, PHONE_CODE_MAX_ATTEMPTS, PHONE_CODE_MINUTES } from "~/domain/notifications";
import { translator } from "~/i18n/i18n";
import type { Locale } from "~/i18n/locales";
import { action as notificationsAction, loader as notificationsLoader } from "~/routes/account.notifications";
import type { ServiceContext } from "~/server/context/service-context.server";
import { consentRecords, notificationDeliveries, notificationPreferences as preferenceRows, notifications, notificationSettings, requestLimits } from "~/server/db/schema.server";
import { anonymous, type Actor } from "~/server/security/actor.server";
import {
  confirmPhoneCode,
  confirmPhoneCodeFromWhatsApp,
  notificationPreferences,
  savePreferences,
  startPhoneVerification,
  withdrawConsentByStop,
  withdrawWhatsAppConsent,
} from "~/server/services/notification-preferences.server";
import { createUser } from "~/server/seed/factories.server";
import { english } from "../support/english";
import { createAdminTestbed, formRequest, getRequest, routeArgs, signInCookie, type AdminTestbed } from "./app-context";
import { testDriver } from "./test-database";

/**
 * The investor's notification preferences and WhatsApp consent (issue 39) through the
 * service and the /account/notifications page, against a small stand-in of the WhatsApp
 * Cloud API's messages endpoint on a local port: it records each request and answers as
 * the API does (a message id; error 131026, "message undeliverable", for one number).
 */

interface Sent {
  path: string;
  authorization: string | undefined;
  body: { to: string; type: string; template: { name: string; language: { code: string }; components: { type: string; parameters: { type: string; text: string }[] }[] } };
}

const UNDELIVERABLE = "+9647509999999";
const BUSINESS = "+9647700000000";
const PHONE_ID = "109876543210";

let server: Server;
const sent: Sent[] = [];
let bed: AdminTestbed;
let other: { id: string; email: string; actor: Actor & { kind: "user" } };

beforeAll(async () => {
  server = createServer((request, response) => {
    let raw = "";
    request.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    request.on("end", () => {
      const body = JSON.parse(raw) as Sent["body"];
      sent.push({ path: request.url ?? "", authorization: request.headers.authorization, body });
      response.setHeader("Content-Type", "application/json");
      if (`+${body.to}` === UNDELIVERABLE) {
        response.statusCode = 400;
        response.end(JSON.stringify({ error: { message: "(#131026) Message undeliverable", type: "OAuthException", code: 131026, fbtrace_id: "AbC" } }));
        return;
      }
      response.end(JSON.stringify({ messaging_product: "whatsapp", contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id: "wamid.test" }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  bed = await createAdminTestbed("notif-prefs-", {
    WHATSAPP_PHONE_NUMBER_ID: PHONE_ID,
    WHATSAPP_ACCESS_TOKEN: "stand-in-token",
    WHATSAPP_API_URL: `http://127.0.0.1:${port}/v23.0`,
    WHATSAPP_BUSINESS_NUMBER: BUSINESS,
  });
  const email = "notif-prefs-other@example.com";
  const id = (await createUser(bed.t.db, { email, password: bed.password })).id;
  other = { id, email, actor: { kind: "user", userId: id, isAdmin: false } };
});

afterAll(async () => {
  await bed?.destroy();
  await new Promise((resolve) => server?.close(resolve));
});

beforeEach(async () => {
  const { db } = bed.t;
  await db.delete(notificationSettings);
  await db.delete(preferenceRows);
  await db.delete(consentRecords);
  await db.delete(notifications);
  await db.delete(requestLimits);
  sent.length = 0;
});

const PHONE = "+9647501234567";

/** The service context of a request in `locale`, at `at` when given. */
function ctx(options: { locale?: Locale; at?: Date; whatsapp?: "off" | "no-business" } = {}): ServiceContext {
  const config =
    options.whatsapp === "off"
      ? { ...bed.context.config, whatsapp: undefined }
      : options.whatsapp === "no-business"
        ? { ...bed.context.config, whatsapp: { ...bed.context.config.whatsapp!, businessNumber: undefined } }
        : bed.context.config;
  return { ...bed.context, config, locale: options.locale ?? "en", ...(options.at ? { clock: () => options.at! } : {}) };
}

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/** The code the stand-in last received. */
function lastCode(): string {
  const message = sent.at(-1);
  if (!message) throw new Error("nothing was sent to WhatsApp");
  return message.body.template.components[0]!.parameters[0]!.text;
}

/** The code in the page's wa.me link. */
async function waMeCodeOf(actor: Actor): Promise<string> {
  const link = (await notificationPreferences(ctx(), actor)).waMeLink;
  if (!link) throw new Error("no wa.me link");
  return new URL(link).searchParams.get("text")!;
}

async function settingsRow(userId: string) {
  const [row] = await bed.t.db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return row;
}

async function verify(actor: Actor & { kind: "user" }, phone = PHONE) {
  await startPhoneVerification(ctx(), actor, { phone, consent: true });
  await confirmPhoneCode(ctx(), actor, { code: lastCode() });
}

/** Every topic on `channel` set to `enabled`, the rest as the defaults. */
function choices(overrides: Partial<Record<`${"email" | "whatsapp"}-${string}`, boolean>> = {}): SavePreferencesInput {
  return {
    preferences: NOTIFICATION_CHANNELS.flatMap((channel) =>
      NOTIFICATION_TOPICS.map((topic) => ({ topic, channel, enabled: overrides[preferenceField(channel, topic) as `email-${string}`] ?? channel === "email" })),
    ),
    quiet: null,
    timeZone: "Asia/Baghdad",
    fallbackLocale: "en",
  };
}

/** A notification of `userId` with a WhatsApp delivery in `status`. */
async function delivery(userId: string, status: "queued" | "sent") {
  const [n] = await bed.t.db.insert(notifications).values({ userId, kind: "booking-confirmed", link: "/dashboard", data: { name: "Samira" } }).returning();
  const [d] = await bed.t.db
    .insert(notificationDeliveries)
    .values({ notificationId: n!.id, channel: "whatsapp", status, toPhone: PHONE, template: "booking_confirmed", language: "en" })
    .returning();
  return d!.id;
}

async function deliveryStatus(id: string) {
  const [row] = await bed.t.db.select({ status: notificationDeliveries.status }).from(notificationDeliveries).where(eq(notificationDeliveries.id, id));
  return row?.status;
}

describe(`notification preferences: who may do what (${testDriver})`, () => {
  it("refuses an anonymous visitor every step, and sends nothing", async () => {
    for (const work of [
      notificationPreferences(ctx(), anonymous),
      savePreferences(ctx(), anonymous, choices()),
      startPhoneVerification(ctx(), anonymous, { phone: PHONE, consent: true }),
      confirmPhoneCode(ctx(), anonymous, { code: "123456" }),
      withdrawWhatsAppConsent(ctx(), anonymous),
    ]) {
      expect((await refusal(work)).code).toBe("UNAUTHENTICATED");
    }
    expect(sent).toEqual([]);
  });

  it("sends an anonymous visitor of the page to sign in, and answers the form the same way", async () => {
    for (const handler of [notificationsLoader, notificationsAction] as const) {
      const request = handler === notificationsLoader ? getRequest("/account/notifications") : formRequest("/account/notifications", { intent: "stop-whatsapp" });
      const thrown = await (handler as (args: never) => Promise<unknown>)(routeArgs(request, bed.context)).catch((e: unknown) => e);
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).headers.get("Location")).toBe("/auth?redirectTo=%2Faccount%2Fnotifications");
    }
  });

  it("shows another investor only their own settings, and lets them change none of mine", async () => {
    await verify(bed.investor.actor);
    await savePreferences(ctx(), bed.investor.actor, { ...choices({ "whatsapp-bookings": true }), quiet: { start: "22:00", end: "07:00" } });
    const mine = await notificationPreferences(ctx(), bed.investor.actor);
    const before = { settings: await settingsRow(bed.investor.id), view: mine };

    const theirs = await notificationPreferences(ctx(), other.actor);
    expect(theirs).toMatchObject({ phone: null, phoneVerified: false, consent: null, whatsappLive: false, quiet: null, timeZone: null });
    expect(theirs.matrix.bookings.whatsapp).toBe(false);

    // Their own save, their own code and their own withdrawal touch their rows alone.
    await savePreferences(ctx(), other.actor, choices({ "email-bookings": false }));
    expect((await refusal(confirmPhoneCode(ctx(), other.actor, { code: "000000" }))).message).toBe(M.noCode);
    expect((await refusal(withdrawWhatsAppConsent(ctx(), other.actor))).message).toBe(M.notOn);
    expect(await settingsRow(bed.investor.id)).toEqual(before.settings);
    expect(await notificationPreferences(ctx(), bed.investor.actor)).toEqual(before.view);

    // Through the page: their cookie reads their settings.
    const cookie = await signInCookie(bed.context, other.email, bed.password);
    const page = (await notificationsLoader(routeArgs(getRequest("/account/notifications", { cookie }), bed.context))) as { view: { phone: string | null; matrix: { bookings: { email: boolean } } } };
    expect(page.view.phone).toBeNull();
    expect(page.view.matrix.bookings.email).toBe(false);
  });
});

describe(`WhatsApp number and consent (${testDriver})`, () => {
  it("says WhatsApp is not offered when it is not configured, and starts nothing", async () => {
    expect((await notificationPreferences(ctx({ whatsapp: "off" }), bed.investor.actor)).whatsappAvailable).toBe(false);
    const error = await refusal(startPhoneVerification(ctx({ whatsapp: "off" }), bed.investor.actor, { phone: PHONE, consent: true }));
    expect(error).toMatchObject({ code: "UNAVAILABLE", message: M.unavailable });
    expect(sent).toEqual([]);
  });

  it("refuses a number that is not international, and one without consent", async () => {
    for (const phone of ["0750 123 4567", "+964", "call me"]) {
      expect((await refusal(startPhoneVerification(ctx(), bed.investor.actor, { phone, consent: true }))).message).toBe(M.phoneInvalid);
    }
    expect((await refusal(startPhoneVerification(ctx(), bed.investor.actor, { phone: PHONE, consent: false as unknown as true }))).message).toBe(M.consentRequired);
    expect(sent).toEqual([]);
    expect(await settingsRow(bed.investor.id)).toBeUndefined();
  });

  it("sends a code by WhatsApp and, with it typed back, verifies the number and records the consent in the words shown", async () => {
    const started = await startPhoneVerification(ctx(), bed.investor.actor, { phone: "+964 750 123 4567", consent: true });
    expect(started).toMatchObject({ phone: PHONE, waMeLink: expect.stringMatching(/^https:\/\/wa\.me\/9647700000000\?text=\d{6}$/) });

    // One template message, as the Cloud API takes it.
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      path: `/v23.0/${PHONE_ID}/messages`,
      authorization: "Bearer stand-in-token",
      body: { to: PHONE.slice(1), type: "template", template: { name: "phone_verification", language: { code: "en" } } },
    });
    const code = lastCode();
    expect(code).toMatch(/^\d{6}$/);

    // Stored as a hash only, waiting with the consent's words.
    const pending = await settingsRow(bed.investor.id);
    expect(pending).toMatchObject({ phone: PHONE, phoneVerifiedAt: null, consentAt: null, phoneCodeAttempts: 0 });
    expect(pending!.phoneCodeHash).not.toContain(code);
    expect(pending!.phoneCodeExpiresAt!.getTime() - Date.now()).toBeGreaterThan((PHONE_CODE_MINUTES - 1) * 60_000);
    const view = await notificationPreferences(ctx(), bed.investor.actor);
    expect(view).toMatchObject({ pendingCode: { phone: PHONE }, whatsappLive: false, phoneVerified: false, waMeLink: started.waMeLink });

    expect(await confirmPhoneCode(ctx(), bed.investor.actor, { code: `${code.slice(0, 3)} ${code.slice(3)}` })).toEqual({ phone: PHONE });
    const wording = english(CONSENT_WORDING, { brand: brand.name });
    expect(await settingsRow(bed.investor.id)).toMatchObject({
      phone: PHONE,
      phoneVerifiedAt: expect.any(Date),
      consentAt: expect.any(Date),
      consentChannel: "whatsapp-code",
      consentWording: wording,
      consentWithdrawnAt: null,
      phoneCodeHash: null,
      phoneCodeExpiresAt: null,
    });
    const records = await bed.t.db.select().from(consentRecords).where(eq(consentRecords.userId, bed.investor.id));
    expect(records).toEqual([expect.objectContaining({ channel: "whatsapp", action: "given", means: "whatsapp-code", phone: PHONE, wording })]);
    const live = await notificationPreferences(ctx(), bed.investor.actor);
    expect(live).toMatchObject({ whatsappLive: true, phoneVerified: true, pendingCode: null, waMeLink: null, consent: { channel: "whatsapp-code", wording } });

    // Verified and live: another number waits until these messages are stopped.
    expect((await refusal(startPhoneVerification(ctx(), bed.investor.actor, { phone: "+971501234567", consent: true }))).message).toBe(M.alreadyVerified);
  });

  it("writes the code's message and the consent in the reader's language, and a Sorani reader's in their fallback", async () => {
    await startPhoneVerification(ctx({ locale: "ar" }), bed.investor.actor, { phone: PHONE, consent: true });
    expect(sent.at(-1)!.body.template.language.code).toBe("ar");
    expect((await settingsRow(bed.investor.id))!.consentWording).toBe(translator("ar")(CONSENT_WORDING, { brand: brand.name }));

    await savePreferences(ctx(), other.actor, { ...choices(), fallbackLocale: "ar" });
    await startPhoneVerification(ctx({ locale: "ckb" }), other.actor, { phone: "+971501234567", consent: true });
    expect(sent.at(-1)!.body.template.language.code).toBe("ar");
    expect((await settingsRow(other.id))!.consentWording).toBe(translator("ckb")(CONSENT_WORDING, { brand: brand.name }));
    expect((await notificationPreferences(ctx({ locale: "ckb" }), other.actor)).templateFallback).toBe(true);
    expect((await notificationPreferences(ctx({ locale: "ar" }), bed.investor.actor)).templateFallback).toBe(false);
  });

  it("counts a wrong code, refuses an expired one, and voids the code after too many wrong ones", async () => {
    const at = new Date();
    await startPhoneVerification(ctx({ at }), bed.investor.actor, { phone: PHONE, consent: true });
    const code = lastCode();
    const wrong = code === "000000" ? "111111" : "000000";

    expect((await refusal(confirmPhoneCode(ctx({ at }), bed.investor.actor, { code: wrong }))).message).toBe(M.codeWrong);
    expect((await settingsRow(bed.investor.id))!.phoneCodeAttempts).toBe(1);

    const later = new Date(at.getTime() + (PHONE_CODE_MINUTES * 60 + 1) * 1000);
    expect((await refusal(confirmPhoneCode(ctx({ at: later }), bed.investor.actor, { code }))).message).toBe(M.codeExpired);
    expect((await notificationPreferences(ctx({ at: later }), bed.investor.actor)).pendingCode).toBeNull();

    // A new code, then every wrong try allowed: the last voids it, and the right one no longer works.
    await startPhoneVerification(ctx(), bed.investor.actor, { phone: PHONE, consent: true });
    const fresh = lastCode();
    const bad = fresh === "000000" ? "111111" : "000000";
    for (let i = 1; i < PHONE_CODE_MAX_ATTEMPTS; i++) expect((await refusal(confirmPhoneCode(ctx(), bed.investor.actor, { code: bad }))).message).toBe(M.codeWrong);
    expect((await refusal(confirmPhoneCode(ctx(), bed.investor.actor, { code: bad }))).message).toBe(M.codeTooMany);
    expect((await refusal(confirmPhoneCode(ctx(), bed.investor.actor, { code: fresh }))).message).toBe(M.noCode);
    expect(await settingsRow(bed.investor.id)).toMatchObject({ phoneVerifiedAt: null, consentAt: null, phoneCodeHash: null });
    expect(await bed.t.db.select().from(consentRecords)).toEqual([]);
  });

  it("limits the codes sent to a person", async () => {
    for (let i = 0; i < 5; i++) await startPhoneVerification(ctx(), bed.investor.actor, { phone: PHONE, consent: true });
    const error = await refusal(startPhoneVerification(ctx(), bed.investor.actor, { phone: PHONE, consent: true }));
    expect(error).toMatchObject({ code: "RATE_LIMITED", message: M.tooManyCodes });
    expect(sent).toHaveLength(5);
  });

  it("says so when WhatsApp cannot deliver the code: the wa.me link still works, or without one the code is dropped", async () => {
    const error = await refusal(startPhoneVerification(ctx(), bed.investor.actor, { phone: UNDELIVERABLE, consent: true }));
    expect(error).toMatchObject({ code: "BAD_REQUEST", message: M.sendFailedUseLink });
    const view = await notificationPreferences(ctx(), bed.investor.actor);
    expect(view.pendingCode).toMatchObject({ phone: UNDELIVERABLE });
    const waMe = await waMeCodeOf(bed.investor.actor);
    expect(await confirmPhoneCodeFromWhatsApp(bed.t.db, { from: UNDELIVERABLE.slice(1), text: waMe })).toBe(bed.investor.id);

    const dropped = await refusal(startPhoneVerification(ctx({ whatsapp: "no-business" }), other.actor, { phone: UNDELIVERABLE, consent: true }));
    expect(dropped.message).toBe(M.sendFailed);
    expect(await notificationPreferences(ctx({ whatsapp: "no-business" }), other.actor)).toMatchObject({ pendingCode: null, waMeLink: null });
  });

  it("verifies the number by the wa.me code sent from that phone, and by nothing else", async () => {
    await startPhoneVerification(ctx(), bed.investor.actor, { phone: PHONE, consent: true });
    const sentCode = lastCode();
    const waMe = await waMeCodeOf(bed.investor.actor);
    expect(waMe).not.toBe(sentCode);

    // The page's code typed into the page proves nothing about the phone.
    expect((await refusal(confirmPhoneCode(ctx(), bed.investor.actor, { code: waMe }))).message).toBe(M.codeWrong);
    // From another phone, or a message that is no code: nothing.
    expect(await confirmPhoneCodeFromWhatsApp(bed.t.db, { from: "9647500000001", text: waMe })).toBeNull();
    expect(await confirmPhoneCodeFromWhatsApp(bed.t.db, { from: PHONE.slice(1), text: "hello" })).toBeNull();
    expect((await settingsRow(bed.investor.id))!.phoneCodeAttempts).toBe(1);

    expect(await confirmPhoneCodeFromWhatsApp(bed.t.db, { from: PHONE.slice(1), text: ` ${waMe}\n` })).toBe(bed.investor.id);
    expect(await settingsRow(bed.investor.id)).toMatchObject({ phoneVerifiedAt: expect.any(Date), consentChannel: "wa-me", consentWording: english(CONSENT_WORDING, { brand: brand.name }) });
    expect(await bed.t.db.select({ means: consentRecords.means, action: consentRecords.action }).from(consentRecords)).toEqual([{ means: "wa-me", action: "given" }]);
    // Once only.
    expect(await confirmPhoneCodeFromWhatsApp(bed.t.db, { from: PHONE, text: waMe })).toBeNull();
  });

  it("withdraws consent on STOP from the phone: queued WhatsApp messages are withdrawn, sent ones and other people's kept", async () => {
    await verify(bed.investor.actor);
    const queued = await delivery(bed.investor.id, "queued");
    const done = await delivery(bed.investor.id, "sent");
    const othersQueued = await delivery(other.id, "queued");

    expect(await withdrawConsentByStop(bed.t.db, { from: PHONE.slice(1), sentAt: new Date() })).toEqual([bed.investor.id]);
    expect(await deliveryStatus(queued)).toBe("withdrawn");
    expect(await deliveryStatus(done)).toBe("sent");
    expect(await deliveryStatus(othersQueued)).toBe("queued");
    const view = await notificationPreferences(ctx(), bed.investor.actor);
    expect(view).toMatchObject({ whatsappLive: false, withdrawnBy: "stop-message", withdrawnAt: expect.any(String), phone: PHONE });
    const [record] = await bed.t.db.select().from(consentRecords).where(and(eq(consentRecords.userId, bed.investor.id), eq(consentRecords.action, "withdrawn")));
    expect(record).toMatchObject({ means: "stop-message", phone: PHONE });

    // Nothing live any more: a second STOP changes nothing; WhatsApp choices wait for a new verification.
    expect(await withdrawConsentByStop(bed.t.db, { from: PHONE, sentAt: new Date() })).toEqual([]);
    expect((await refusal(savePreferences(ctx(), bed.investor.actor, choices({ "whatsapp-bookings": true })))).message).toBe(M.whatsappNeedsConsent);

    // Verified again, the choices come back as they were, and the stop is history.
    await verify(bed.investor.actor);
    expect(await notificationPreferences(ctx(), bed.investor.actor)).toMatchObject({ whatsappLive: true, withdrawnAt: null, withdrawnBy: null });
  });

  it("withdraws consent from the settings, with its queued messages", async () => {
    await verify(bed.investor.actor);
    const queued = await delivery(bed.investor.id, "queued");
    const { withdrawnAt } = await withdrawWhatsAppConsent(ctx(), bed.investor.actor);
    expect(await deliveryStatus(queued)).toBe("withdrawn");
    expect(await notificationPreferences(ctx(), bed.investor.actor)).toMatchObject({ whatsappLive: false, withdrawnAt, withdrawnBy: "settings" });
    expect(await bed.t.db.select({ means: consentRecords.means }).from(consentRecords).where(eq(consentRecords.action, "withdrawn"))).toEqual([{ means: "settings" }]);
    expect((await refusal(withdrawWhatsAppConsent(ctx(), bed.investor.actor))).message).toBe(M.notOn);
  });
});

describe(`what comes where (${testDriver})`, () => {
  it("starts from e-mail for everything and WhatsApp for nothing", async () => {
    const view = await notificationPreferences(ctx(), bed.investor.actor);
    for (const topic of NOTIFICATION_TOPICS) expect(view.matrix[topic]).toEqual({ email: true, whatsapp: false });
    expect(view).toMatchObject({ quiet: null, timeZone: null, fallbackLocale: "en", waMeLink: null, pendingCode: null });
  });

  it("never turns security e-mails off", async () => {
    const error = await refusal(savePreferences(ctx(), bed.investor.actor, choices({ "email-security": false })));
    expect(error).toMatchObject({ code: "BAD_REQUEST", message: M.securityEmail });
    expect(await bed.t.db.select().from(preferenceRows)).toEqual([]);
  });

  it("refuses WhatsApp before the number is verified, and keeps the choices once it is", async () => {
    expect((await refusal(savePreferences(ctx(), bed.investor.actor, choices({ "whatsapp-bookings": true })))).message).toBe(M.whatsappNeedsConsent);
    await startPhoneVerification(ctx(), bed.investor.actor, { phone: PHONE, consent: true });
    expect((await refusal(savePreferences(ctx(), bed.investor.actor, choices({ "whatsapp-bookings": true })))).message).toBe(M.whatsappNeedsConsent);
    await confirmPhoneCode(ctx(), bed.investor.actor, { code: lastCode() });

    await savePreferences(ctx(), bed.investor.actor, {
      ...choices({ "whatsapp-bookings": true, "whatsapp-payments": true, "email-progress": false }),
      quiet: { start: "22:00", end: "07:00" },
      timeZone: "asia/dubai",
      fallbackLocale: "ar",
    });
    const view = await notificationPreferences(ctx(), bed.investor.actor);
    expect(view.matrix.bookings).toEqual({ email: true, whatsapp: true });
    expect(view.matrix.payments).toEqual({ email: true, whatsapp: true });
    expect(view.matrix.progress).toEqual({ email: false, whatsapp: false });
    expect(view).toMatchObject({ quiet: { start: "22:00", end: "07:00" }, timeZone: "Asia/Dubai", fallbackLocale: "ar" });

    // Saved again while WhatsApp is stopped: the e-mail choices change, the WhatsApp ones stay for later.
    await withdrawWhatsAppConsent(ctx(), bed.investor.actor);
    await savePreferences(ctx(), bed.investor.actor, choices({ "email-progress": true }));
    const stopped = await notificationPreferences(ctx(), bed.investor.actor);
    expect(stopped.matrix.bookings.whatsapp).toBe(true);
    expect(stopped.matrix.progress.email).toBe(true);
    expect(stopped.quiet).toBeNull();
  });

  it("refuses quiet hours that start when they end, and a time zone that is not one", async () => {
    expect((await refusal(savePreferences(ctx(), bed.investor.actor, { ...choices(), quiet: { start: "22:00", end: "22:00" } }))).message).toBe(M.quietSame);
    expect((await refusal(savePreferences(ctx(), bed.investor.actor, { ...choices(), quiet: { start: "25:00", end: "07:00" } }))).message).toBe(M.timeInvalid);
    expect((await refusal(savePreferences(ctx(), bed.investor.actor, { ...choices(), timeZone: "Mars/Olympus" }))).message).toBe(M.timeZoneInvalid);
    expect((await refusal(savePreferences(ctx(), bed.investor.actor, { ...choices(), fallbackLocale: "ckb" as "en" }))).message).toBe(M.fallbackInvalid);
    expect(await settingsRow(bed.investor.id)).toBeUndefined();
  });
});

describe(`/account/notifications without JavaScript (${testDriver})`, () => {
  type Answer = { status: number; data: { formKey?: string; toast?: { type: string; description?: string }; result?: { error?: Record<string, string[] | null> } } };

  async function post(fields: Record<string, string>, cookie = bed.investor.cookie): Promise<Answer> {
    const answered = (await notificationsAction(routeArgs(formRequest("/account/notifications", fields, { cookie }), bed.context))) as unknown as {
      data: Answer["data"];
      init?: { status?: number } | null;
    };
    return { status: answered.init?.status ?? 200, data: answered.data };
  }

  /** The form as the page posts it: the boxes ticked, security e-mail always on. */
  const form = (ticked: string[], extra: Record<string, string> = {}) => {
    const fields: Record<string, string> = { intent: "save-preferences", formKey: "save-preferences", timeZone: "Asia/Baghdad", fallbackLocale: "en", "email-security": "on", ...extra };
    for (const name of ticked) fields[name] = "on";
    return fields;
  };

  it("saves the table, quiet hours and language posted as a form", async () => {
    const answered = await post(form(["email-bookings", "email-payments"], { quietStart: "23:00", quietEnd: "06:30", timeZone: "Europe/London", fallbackLocale: "ar" }));
    expect(answered.status).toBe(200);
    expect(answered.data).toMatchObject({ formKey: "save-preferences", toast: { type: "success" } });
    const view = await notificationPreferences(ctx(), bed.investor.actor);
    expect(view.matrix.bookings.email).toBe(true);
    expect(view.matrix.documents.email).toBe(false);
    expect(view.matrix.security.email).toBe(true);
    expect(view).toMatchObject({ quiet: { start: "23:00", end: "06:30" }, timeZone: "Europe/London", fallbackLocale: "ar" });
  });

  it("answers a field's mistake beside the field", async () => {
    const half = await post(form([], { quietStart: "23:00" }));
    expect(half.status).toBe(400);
    expect(half.data.result?.error?.quietEnd).toEqual([M.quietBoth]);

    const noConsent = await post({ intent: "start-phone", formKey: "start-phone", phone: "+9647501234567" });
    expect(noConsent.status).toBe(400);
    expect(noConsent.data.result?.error?.consent).toEqual([M.consentRequired]);
    expect(sent).toEqual([]);
  });

  it("refuses a forged form that turns security e-mails off, in words", async () => {
    const fields = form(["email-bookings"]);
    delete fields["email-security"];
    const answered = await post(fields);
    expect(answered.status).toBe(400);
    expect(answered.data.toast).toMatchObject({ type: "error", description: english(M.securityEmail) });
  });

  it("verifies a number and stops its messages, the service's refusals beside their fields", async () => {
    const started = await post({ intent: "start-phone", formKey: "start-phone", phone: "+964 750 123 4567", consent: "on" });
    expect(started.data.toast).toMatchObject({ type: "success" });
    const wrong = lastCode() === "000000" ? "111111" : "000000";
    const refused = await post({ intent: "confirm-code", formKey: "confirm-code", code: wrong });
    expect(refused.status).toBe(400);
    expect(refused.data.result?.error?.code).toEqual([english(M.codeWrong)]);

    expect((await post({ intent: "confirm-code", formKey: "confirm-code", code: lastCode() })).data.toast).toMatchObject({ type: "success" });
    expect((await notificationPreferences(ctx(), bed.investor.actor)).whatsappLive).toBe(true);
    expect((await post({ intent: "stop-whatsapp", formKey: "stop-whatsapp" })).data.toast).toMatchObject({ type: "success" });
    expect(await notificationPreferences(ctx(), bed.investor.actor)).toMatchObject({ whatsappLive: false, withdrawnBy: "settings" });
  });
});
