import { AppError, isAppError } from "~/domain/app-error";
import type { EnquiryPrefill } from "~/domain/booking-dialog-data";
import { ENQUIRY_TOASTS, type EnquiryInput } from "~/domain/enquiry";
import { ENQUIRY_TOAST_VALUES } from "~/domain/enquiry-messages";
import { mayNameInMail, type MailRecipient } from "~/domain/opportunity-access";
import type { SlotTimes } from "~/domain/slots";
import { bookingToken } from "../core/booking-token.server";
import { adminBookingNoticeEmail, bookingMailInput, bookingReceiptEmail } from "../email/booking-emails.server";
import { enqueueEmails } from "../email/outbox.server";
import { toEachReader } from "../email/templates.server";
import type { ServiceContext } from "../context/service-context.server";
import type { Database } from "../db/client.server";
import type { Actor } from "../security/actor.server";
import { hitLimits, type LimitRule } from "../security/rate-limit.server";
import { SLOT_TAKEN_MESSAGE, createBooking, readerLocaleOf } from "./bookings.server";
import { recordContactMessage } from "./messages.server";
import { entitlementsOf } from "./entitlements.server";
import { findActiveOpportunity } from "./opportunities.server";
import { readerNow } from "./opportunity-access.server";
import { queueCalendarPush } from "./adviser-calendars.server";
import { adviserNameOf, resolveBookingScope } from "./adviser-schedules.server";
import { bookingClock, claimAnyAdviserSlot, findOfferedSlotForUpdate, type HeldSlot, type OfferClock } from "./slots.server";
import { findVerifiedEmail, getOwnProfile, listAdminReaders } from "./users.server";

/** SPEC.md section 9: one submission per 30 seconds, from one address and for one e-mail. */
export const ENQUIRY_COOLDOWN: LimitRule = { max: 1, windowSeconds: 30 };
/** A day's cap on top of the cooldown, so a patient script cannot fill the inbox. */
export const ENQUIRY_DAILY_LIMIT_PER_ADDRESS: LimitRule = { max: 20, windowSeconds: 24 * 60 * 60 };
export const ENQUIRY_DAILY_LIMIT_PER_EMAIL: LimitRule = { max: 5, windowSeconds: 24 * 60 * 60 };

/**
 * An enquiry, with or without a chosen slot: SPEC.md section 7's two inserts (the booking,
 * then the message linked to it) in one transaction, with the mails to the investor and
 * to every admin queued in the same transaction, so either all of it is recorded or none.
 *
 * The receipt goes to the address typed in the form: it names the opportunity only when
 * that is public, or when the address is the signed-in reader's own verified one
 * (`mayNameInMail`); the admins' notices always name it.
 *
 * The user id comes only from the actor. A slot that is no longer offered (booked a moment
 * ago, switched off, or started) refuses the whole submission with CONFLICT and writes
 * nothing; two visitors racing for one slot are settled by the live-booking unique index.
 */
export async function submitEnquiry(
  ctx: ServiceContext,
  actor: Actor,
  input: EnquiryInput,
): Promise<{ bookingId: string; reference: string; manageToken: string; slot: SlotTimes | null; adviserName: string | null }> {
  const { db } = ctx;
  const clock = bookingClock(ctx);
  // The opportunity is kept only if this visitor may see it (an unknown, draft or
  // early-access one they may not is dropped, not refused: the enquiry still stands).
  const opportunity = input.opportunityId ? await findActiveOpportunity(ctx, actor, { id: input.opportunityId }) : undefined;
  const namedInReceipt = opportunity && mayNameInMail(opportunity, await receiptRecipient(ctx, actor, input.email), readerNow(ctx)) ? opportunity.title : null;
  // "Any adviser" (issue 37): the advisers this visit is routed to, any of whom may take the time.
  const anyOf = input.adviser === "any" && input.availabilitySlotId ? (await resolveBookingScope(ctx, actor, { locale: ctx.locale ?? "en", opportunityId: opportunity?.id })).routed : [];
  try {
    const submitted = await db.transaction(async (tx) => {
      // Counted in the transaction: a submission refused here, or failing further on (a slot
      // taken a moment ago), rolls its hits back with everything else, so the visitor may
      // try again, or pick another time, at once.
      await hitLimits(ctx, tx, [
        { rule: "address-cooldown", key: `enquiry:address:${ctx.clientKey}`, limit: ENQUIRY_COOLDOWN },
        { rule: "email-cooldown", key: `enquiry:email:${input.email}`, limit: ENQUIRY_COOLDOWN },
        { rule: "address-daily", key: `enquiry-day:address:${ctx.clientKey}`, limit: ENQUIRY_DAILY_LIMIT_PER_ADDRESS },
        { rule: "email-daily", key: `enquiry-day:email:${input.email}`, limit: ENQUIRY_DAILY_LIMIT_PER_EMAIL },
      ], ENQUIRY_TOASTS.cooldown.description);
      const slot = input.availabilitySlotId ? await holdChosenSlot(tx, clock, input.availabilitySlotId, anyOf) : null;
      if (input.availabilitySlotId && !slot) {
        throw new AppError("CONFLICT", SLOT_TAKEN_MESSAGE, { detail: { availabilitySlotId: input.availabilitySlotId } });
      }
      // The slot comes from the database only: a description the client sends is ignored,
      // so nothing the visitor typed about a time is stored as one or mailed anywhere.
      const { availabilitySlotDescription: _ignored, opportunityId: _checked, adviser: _any, ...details } = input;
      const booking = await createBooking(tx, actor, {
        ...details,
        availabilitySlotId: slot?.id ?? null,
        preferredTime: null,
        opportunityId: opportunity?.id ?? null,
        // The page's language: the receipt, the updates and the invites are written in it.
        locale: ctx.locale ?? "en",
      });
      await recordContactMessage(tx, {
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        investmentAmount: input.investmentAmount,
        message: input.message,
        consultationBookingId: booking.id,
      });

      const slotTimes = slot ? { date: slot.date, startTime: slot.startTime, endTime: slot.endTime } : null;
      // The receipt in the investor's saved language when the address is known to be theirs;
      // it names only what may go to its address (namedInReceipt), the admins' notice names the opportunity.
      const locale = await readerLocaleOf(tx, booking.id);
      const receipt = bookingReceiptEmail(bookingMailInput({ ...booking, locale, opportunityTitle: namedInReceipt }, slotTimes, ctx.config));
      const mail = bookingMailInput({ ...booking, locale, opportunityTitle: opportunity?.title ?? null }, slotTimes, ctx.config);
      const notices = toEachReader(await listAdminReaders(tx), (locale) => adminBookingNoticeEmail(mail, locale));
      await enqueueEmails(tx, ctx.jobs, [
        { ...receipt, to: booking.email, kind: "booking-receipt", bookingId: booking.id },
        ...notices.map((notice) => ({ ...notice, kind: "booking-admin-notice", bookingId: booking.id })),
      ]);
      // What the booking dialog's confirmation shows (issue 33), to the one who just made the
      // booking: its time, and the token of its page (the permission the receipt's link carries).
      const adviserName = slot?.adviserId ? await adviserNameOf(tx, slot.adviserId) : null;
      // Written into the adviser's own calendar, when they connected one (issue 37).
      if (slot?.adviserId) await queueCalendarPush(tx, ctx.jobs, booking.id);
      return { bookingId: booking.id, reference: booking.reference, manageToken: bookingToken(ctx.config.authSecret, booking.id), slot: slotTimes, adviserName };
    });
    ctx.log.info({ bookingId: submitted.bookingId }, "enquiry received");
    return submitted;
  } catch (error) {
    throw withCooldownSeconds(error);
  }
}

/** The chosen slot, held for the booking: the very slot, or with "any adviser" one of `anyOf` free at its time. */
function holdChosenSlot(tx: Database, clock: OfferClock, slotId: string, anyOf: readonly string[]): Promise<HeldSlot | undefined> {
  return anyOf.length > 0 ? claimAnyAdviserSlot(tx, clock, { slotId, anyOf }) : findOfferedSlotForUpdate(tx, clock, slotId);
}

/** Who the receipt goes to: the typed address, and the signed-in reader's own verified one with what they may see. */
async function receiptRecipient(ctx: ServiceContext, actor: Actor, address: string): Promise<MailRecipient> {
  if (actor.kind !== "user") return { address, account: null };
  const [verifiedEmail, reader] = await Promise.all([findVerifiedEmail(ctx, actor), entitlementsOf(ctx, actor)]);
  return { address, account: { verifiedEmail, reader } };
}

/** The limits' refusal with the seconds its message (a key with a placeholder) says; any other error unchanged. */
function withCooldownSeconds(error: unknown): unknown {
  if (!isAppError(error) || error.code !== "RATE_LIMITED" || error.values) return error;
  return new AppError(error.code, error.message, { cause: error.cause, detail: error.detail, values: ENQUIRY_TOAST_VALUES });
}

/**
 * SPEC.md section 5: a signed-in visitor's e-mail, names and phone from the account and
 * profile; null for anonymous visitors (and when there is no profile row).
 */
export async function getEnquiryPrefill(ctx: ServiceContext, actor: Actor): Promise<EnquiryPrefill | null> {
  if (actor.kind !== "user") return null;
  const profile = await getOwnProfile(ctx, actor);
  if (!profile) return null;
  return {
    firstName: profile.firstName ?? "",
    lastName: profile.lastName ?? "",
    email: profile.email,
    phone: profile.phone ?? "",
  };
}
