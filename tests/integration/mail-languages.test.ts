import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enquirySchema } from "~/domain/enquiry";
import type { Locale } from "~/i18n/locales";
import { createOpportunity, createSlot, createUser } from "~/server/seed/factories.server";
import { consultationBookings, emailOutbox, user } from "~/server/db/schema.server";
import { bookingToken } from "~/server/core/booking-token.server";
import type { Actor } from "~/server/security/actor.server";
import { changeBooking, updateBookingStatus } from "~/server/services/booking-changes.server";
import { submitEnquiry } from "~/server/services/enquiries.server";
import { registerInterest } from "~/server/services/interests.server";
import { enquiryForm } from "../support/enquiry-form";
import { serviceContext } from "./app-context";
import { createTestDatabase, testDriver, type TestDatabase } from "./test-database";

/**
 * Issue 32, item 8: every mail goes out in its reader's saved language ("Language for
 * e-mails" on the profile): each admin's notices in that admin's, an investor's booking
 * mails in the investor's once the booking's address is known to be theirs, and only
 * otherwise in the language of the page the booking was made on. The words are written
 * out here, never read from the product's catalogues.
 */

const SAID = {
  receipt: { en: "Your consultation request with Tigris Advisory", ar: "طلب استشارتك لدى Tigris Advisory", ckb: "داواکاریی ڕاوێژەکەت لەگەڵ Tigris Advisory" },
  adminNotice: {
    en: "New consultation request from Omar Faris",
    ar: "طلب استشارة جديد من Omar Faris",
    ckb: "داواکاریی ڕاوێژی نوێ لە Omar Faris",
  },
  adminCancelled: { en: "Omar Faris cancelled their consultation", ar: "أُلغيت استشارة Omar Faris", ckb: "Omar Faris ڕاوێژەکەی هەڵوەشاندەوە" },
  investorCancelled: {
    en: "Your consultation with Tigris Advisory is cancelled",
    ar: "أُلغيت استشارتك مع Tigris Advisory",
    ckb: "ڕاوێژەکەت لەگەڵ Tigris Advisory هەڵوەشێنرایەوە",
  },
  confirmed: {
    en: "Your consultation with Tigris Advisory is confirmed",
    ar: "تأكّدت استشارتك مع Tigris Advisory",
    ckb: "ڕاوێژەکەت لەگەڵ Tigris Advisory پشتڕاستکرایەوە",
  },
  adminInterest: { en: "New interest in Lingo Tower from Layla Hassan", ar: "اهتمام جديد بـ Lingo Tower من Layla Hassan", ckb: "ئارەزوویەکی نوێ بۆ Lingo Tower لە Layla Hassan" },
} as const;

let t: TestDatabase;
let admins: Record<"en" | "ar" | "ckb", { id: string; email: string }>;
let n = 0;

beforeAll(async () => {
  t = await createTestDatabase();
  const made = await Promise.all(
    (["en", "ar", "ckb"] as const).map(async (locale) => {
      const admin = await createUser(t.db, { role: "admin", firstName: "Admin", lastName: locale });
      await t.db.update(user).set({ locale }).where(eq(user.id, admin.id));
      return [locale, { id: admin.id, email: admin.email }] as const;
    }),
  );
  admins = Object.fromEntries(made) as typeof admins;
}, 120_000);
afterAll(async () => {
  await t?.destroy();
});

const anonymous: Actor = { kind: "anonymous" };
const asUser = (id: string): Actor => ({ kind: "user", userId: id, isAdmin: false });
const asAdmin: () => Actor = () => ({ kind: "user", userId: admins.en.id, isAdmin: true });

/** A booking request made on a page in `page`'s language, by `actor`, for `email`. */
async function book(email: string, page: Locale, actor: Actor = anonymous) {
  const slot = await createSlot(t.db, { date: "2031-05-06", startTime: `${String(8 + (++n % 10)).padStart(2, "0")}:00:00`, endTime: `${String(8 + (n % 10)).padStart(2, "0")}:30:00` });
  const input = enquirySchema.parse(enquiryForm(email, { availabilitySlotId: slot.id }));
  const ctx = serviceContext(t, { locale: page, clientKey: `203.0.113.${n}` });
  const { bookingId } = await submitEnquiry(ctx, actor, input);
  return bookingId;
}

const subjects = async (to: string, kind: string) =>
  (await t.db.select({ subject: emailOutbox.subject }).from(emailOutbox).where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, kind)))).map((m) => m.subject);
const adminSubjects = async (bookingOrKind: { bookingId?: string; kind: string }) => {
  const rows = await t.db
    .select({ to: emailOutbox.toAddress, subject: emailOutbox.subject })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, bookingOrKind.kind), bookingOrKind.bookingId ? eq(emailOutbox.bookingId, bookingOrKind.bookingId) : undefined));
  return Object.fromEntries((["en", "ar", "ckb"] as const).map((l) => [l, rows.filter((r) => r.to === admins[l].email).map((r) => r.subject)]));
};

describe(`each mail in its reader's saved language (${testDriver})`, () => {
  it("tells each admin of a new booking in that admin's own language", async () => {
    const bookingId = await book(`visitor-${Date.now()}@example.com`, "en");
    expect(await adminSubjects({ bookingId, kind: "booking-admin-notice" })).toEqual({ en: [SAID.adminNotice.en], ar: [SAID.adminNotice.ar], ckb: [SAID.adminNotice.ckb] });
  });

  it("writes to a signed-in investor in their saved language, whatever the page's", async () => {
    const investor = await createUser(t.db, { firstName: "Omar", lastName: "Faris" });
    await t.db.update(user).set({ locale: "ckb" }).where(eq(user.id, investor.id));
    const bookingId = await book(investor.email, "en", asUser(investor.id));
    expect(await subjects(investor.email, "booking-receipt")).toEqual([SAID.receipt.ckb]);

    // Later mails follow the account's language, as it is when they are written.
    await t.db.update(user).set({ locale: "ar" }).where(eq(user.id, investor.id));
    await updateBookingStatus(serviceContext(t), asAdmin(), { bookingId, status: "confirmed" });
    expect(await subjects(investor.email, "booking-confirmed")).toEqual([SAID.confirmed.ar]);
  });

  it("writes to a booking made signed out in the language of the verified account that owns the address", async () => {
    const investor = await createUser(t.db, { firstName: "Omar", lastName: "Faris" });
    await t.db.update(user).set({ locale: "ar" }).where(eq(user.id, investor.id));
    await book(investor.email, "en");
    expect(await subjects(investor.email, "booking-receipt")).toEqual([SAID.receipt.ar]);
  });

  it("uses the page's language for an address no verified account owns (an unverified account's choice does not count)", async () => {
    const stranger = `stranger-${Date.now()}@example.com`;
    await book(stranger, "ckb");
    expect(await subjects(stranger, "booking-receipt")).toEqual([SAID.receipt.ckb]);

    const unverified = await createUser(t.db, { emailVerified: false });
    await t.db.update(user).set({ locale: "ar" }).where(eq(user.id, unverified.id));
    await book(unverified.email, "en");
    expect(await subjects(unverified.email, "booking-receipt")).toEqual([SAID.receipt.en]);
  });

  it("tells the investor and each admin of a cancellation, each in their own language", async () => {
    const investor = await createUser(t.db, { firstName: "Omar", lastName: "Faris" });
    await t.db.update(user).set({ locale: "ar" }).where(eq(user.id, investor.id));
    const bookingId = await book(investor.email, "en", asUser(investor.id));
    const ctx = serviceContext(t, { clientKey: "203.0.113.200" });
    await changeBooking(ctx, anonymous, { token: bookingToken(ctx.config.authSecret, bookingId), change: { intent: "cancel", reason: undefined } });
    expect(await subjects(investor.email, "booking-cancelled")).toEqual([SAID.investorCancelled.ar]);
    expect(await adminSubjects({ bookingId, kind: "booking-admin-cancelled" })).toEqual({ en: [SAID.adminCancelled.en], ar: [SAID.adminCancelled.ar], ckb: [SAID.adminCancelled.ckb] });
    const [row] = await t.db.select({ locale: consultationBookings.locale }).from(consultationBookings).where(eq(consultationBookings.id, bookingId));
    expect(row!.locale).toBe("en");
  });

  it("tells each admin of an expression of interest in that admin's language", async () => {
    const opportunity = await createOpportunity(t.db, { title: "Lingo Tower" });
    const investor = await createUser(t.db, { firstName: "Layla", lastName: "Hassan" });
    await registerInterest(serviceContext(t), asUser(investor.id), { opportunityId: opportunity.id, amountUsd: 250_000, units: null, note: null });
    expect(await adminSubjects({ kind: "interest-admin-notice" })).toEqual({ en: [SAID.adminInterest.en], ar: [SAID.adminInterest.ar], ckb: [SAID.adminInterest.ckb] });
  });
});
