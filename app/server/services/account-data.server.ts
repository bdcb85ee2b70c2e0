import type { Locale } from "~/i18n/locales";
import { randomBytes } from "node:crypto";
import { verifyPassword } from "better-auth/crypto";
import { and, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import {
  ACCOUNT_DATA_MESSAGES as M,
  ANONYMISED,
  anonymisedEmail,
  DELETE_PASSWORD_LIMIT,
  isFreshSignIn,
  subscriptionBlocksDeletion,
  type AccountDataExport,
  type DeleteAccountInput,
  type DeletionCheck,
} from "~/domain/account-data";
import { AppError } from "~/domain/app-error";
import { moneyToDecimal } from "~/domain/money";
import { signingReference } from "~/domain/signing";
import type { Database } from "../db/client.server";
import {
  account,
  alertSubscriptions,
  availabilitySlots,
  consultationBookings,
  contactMessages,
  documentDownloads,
  documents,
  investorQualifications,
  ndaAcceptances,
  signingRequests,
  commitments,
  instalmentCalls,
  payments,
  statements,
  ndaVersions,
  consentRecords,
  notificationPreferences,
  notifications,
  notificationSettings,
  investmentOpportunities,
  opportunityInterests,
  profiles,
  session,
  subscriptionPlans,
  subscriptions,
  user,
  userRoles,
} from "../db/schema.server";
import { accountDeletedEmail } from "../email/account-emails.server";
import { enqueueEmail } from "../email/outbox.server";
import type { RequestContext, ServiceContext } from "../context/service-context.server";
import { requireUser, type Actor } from "../security/actor.server";
import { emailChangesOf } from "../security/email-changes.server";
import { countRefusal, hitLimit } from "../security/rate-limit.server";
import { signOut } from "./accounts.server";
import { getOwnIdentityCheck, retainIdentityCheckOf } from "./identity-checks.server";
import { recordAudit } from "./audit.server";
import { dropReminders } from "./booking-changes.server";
import { bookingsOf } from "./bookings.server";

/**
 * The signed-in person's own data (issue 13, decision record 013): a copy of everything the
 * firm holds about their account, and the deletion of that account. Every query is scoped to
 * the actor; there is no way to name another account.
 *
 * "Their" bookings are those made while signed in (`user_id`), and those made signed out
 * with the account's verified address that no other account holds. "Their" messages are
 * those that came with one of their bookings, or alone from their verified address.
 * (`contact_messages` has no user id: the enquiry form links a message to its booking.)
 */

type Owner = { id: string; email: string; emailVerified: boolean };

/** The account's own row, or UNAUTHENTICATED (a session whose account was deleted meanwhile). */
async function findOwner(db: Database, userId: string, message: string, lock = false): Promise<Owner & { createdAt: Date; twoFactorEnabled: boolean; locale: Locale }> {
  const query = db
    .select({ id: user.id, email: user.email, emailVerified: user.emailVerified, createdAt: user.createdAt, twoFactorEnabled: user.twoFactorEnabled, locale: user.locale })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new AppError("UNAUTHENTICATED", message);
  return row;
}

/** The verified address, lower-cased, to find what was sent signed out; null when it is not verified. */
const verifiedAddress = (owner: Owner) => (owner.emailVerified ? owner.email.toLowerCase() : null);

/** The owner's bookings: made signed in, or signed out with their verified address. */
function ownBookings(owner: Owner): SQL {
  return bookingsOf({ id: owner.id, verifiedEmail: verifiedAddress(owner) });
}

/**
 * The owner's messages, for a select that left-joins each message's booking: those that came
 * with one of their bookings, and those sent alone from their verified address.
 */
function ownMessages(owner: Owner): SQL {
  const address = verifiedAddress(owner);
  const withOwnBooking = and(isNotNull(contactMessages.consultationBookingId), ownBookings(owner))!;
  return address
    ? or(withOwnBooking, and(isNull(contactMessages.consultationBookingId), sql`lower(${contactMessages.email}) = ${address}`))!
    : withOwnBooking;
}

const iso = (value: Date) => value.toISOString();
const isoOrNull = (value: Date | null) => (value ? value.toISOString() : null);

/** "Download my data": the JSON copy of the actor's own account (AccountDataExport). */
export async function exportOwnData(ctx: ServiceContext, actor: Actor): Promise<AccountDataExport> {
  const userId = requireUser(actor, M.signInToExport);
  const { db } = ctx;
  const owner = await findOwner(db, userId, M.signInToExport);
  const identityCheck = await getOwnIdentityCheck(ctx, actor);
  const addressChanges = await emailChangesOf(db, userId);
  const agreements = await db
    .select({ opportunity: ndaVersions.opportunityTitle, version: ndaVersions.version, locale: ndaAcceptances.locale, textSha256: ndaAcceptances.textSha256, acceptedAt: ndaAcceptances.acceptedAt })
    .from(ndaAcceptances)
    .innerJoin(ndaVersions, eq(ndaVersions.id, ndaAcceptances.ndaVersionId))
    .where(eq(ndaAcceptances.userId, userId))
    .orderBy(ndaAcceptances.acceptedAt);
  const signing = await db
    .select({
      id: signingRequests.id,
      kind: signingRequests.kind,
      opportunity: signingRequests.opportunityTitle,
      unit: signingRequests.unit,
      amountMinor: signingRequests.amountMinor,
      currency: signingRequests.currency,
      status: signingRequests.status,
      preparedAt: signingRequests.preparedAt,
      signedAt: signingRequests.signedAt,
      signedSha256: signingRequests.signedSha256,
    })
    .from(signingRequests)
    .where(eq(signingRequests.userId, userId))
    .orderBy(signingRequests.preparedAt);
  const held = await db.select().from(commitments).where(eq(commitments.userId, userId)).orderBy(commitments.createdAt);
  const heldIds = held.map((c) => c.id);
  const [calls, transfers, kept] = await Promise.all([
    heldIds.length ? db.select().from(instalmentCalls).where(inArray(instalmentCalls.commitmentId, heldIds)).orderBy(instalmentCalls.position) : [],
    heldIds.length ? db.select().from(payments).where(inArray(payments.commitmentId, heldIds)).orderBy(payments.createdAt) : [],
    db.select({ period: statements.period, asOf: statements.asOf, sha256: statements.sha256 }).from(statements).where(eq(statements.userId, userId)).orderBy(statements.asOf),
  ]);
  const [told, whatsapp, consents, chosen] = await Promise.all([
    db.select({ kind: notifications.kind, link: notifications.link, createdAt: notifications.createdAt, readAt: notifications.readAt }).from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.createdAt)).limit(10_000),
    db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId)).then((rows) => rows[0]),
    db.select().from(consentRecords).where(eq(consentRecords.userId, userId)).orderBy(consentRecords.createdAt),
    db.select({ topic: notificationPreferences.topic, channel: notificationPreferences.channel, enabled: notificationPreferences.enabled }).from(notificationPreferences).where(eq(notificationPreferences.userId, userId)),
  ]);
  const [profile, methods, role, bookings, messages, subs, interests, downloads, alerts, qualifications] = await Promise.all([
    db
      .select({
        firstName: profiles.firstName,
        lastName: profiles.lastName,
        company: profiles.company,
        phone: profiles.phone,
        investorType: profiles.investorType,
        preferredContactMethod: profiles.preferredContactMethod,
      })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .limit(1)
      .then((rows) => rows[0]),
    // Provider ids and dates only: the table's tokens and password hash are never selected.
    db.select({ provider: account.providerId, addedAt: account.createdAt }).from(account).where(eq(account.userId, userId)).orderBy(account.createdAt),
    db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId)).limit(1).then((rows) => rows[0]?.role ?? null),
    db
      .select({
        id: consultationBookings.id,
        createdAt: consultationBookings.createdAt,
        status: consultationBookings.status,
        bookingType: consultationBookings.bookingType,
        firstName: consultationBookings.firstName,
        lastName: consultationBookings.lastName,
        email: consultationBookings.email,
        phone: consultationBookings.phone,
        investmentAmount: consultationBookings.investmentAmount,
        message: consultationBookings.message,
        preferredTime: consultationBookings.preferredTime,
        timeZone: consultationBookings.timeZone,
        opportunityId: consultationBookings.opportunityId,
        meetingLink: consultationBookings.meetingLink,
        cancellationReason: consultationBookings.cancellationReason,
        slotDate: availabilitySlots.date,
        slotStart: availabilitySlots.startTime,
        slotEnd: availabilitySlots.endTime,
      })
      .from(consultationBookings)
      .leftJoin(availabilitySlots, eq(availabilitySlots.id, consultationBookings.availabilitySlotId))
      .where(ownBookings(owner))
      .orderBy(desc(consultationBookings.createdAt), desc(consultationBookings.id)),
    db
      .select({
        id: contactMessages.id,
        createdAt: contactMessages.createdAt,
        firstName: contactMessages.firstName,
        lastName: contactMessages.lastName,
        email: contactMessages.email,
        investmentAmount: contactMessages.investmentAmount,
        message: contactMessages.message,
        bookingId: contactMessages.consultationBookingId,
      })
      .from(contactMessages)
      .leftJoin(consultationBookings, eq(consultationBookings.id, contactMessages.consultationBookingId))
      .where(ownMessages(owner))
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)),
    // Stripe's customer and subscription ids stay out: they are the firm's handles at Stripe.
    db
      .select({
        plan: subscriptionPlans.name,
        status: subscriptions.status,
        billingInterval: subscriptions.billingInterval,
        trialEnd: subscriptions.trialEnd,
        currentPeriodEnd: subscriptions.currentPeriodEnd,
        cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
        createdAt: subscriptions.createdAt,
      })
      .from(subscriptions)
      .leftJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
      .where(eq(subscriptions.userId, userId))
      .orderBy(desc(subscriptions.createdAt)),
    db
      .select({
        opportunity: investmentOpportunities.title,
        amountUsd: opportunityInterests.amountUsd,
        units: opportunityInterests.units,
        note: opportunityInterests.note,
        status: opportunityInterests.status,
        withdrawnAt: opportunityInterests.withdrawnAt,
        createdAt: opportunityInterests.createdAt,
      })
      .from(opportunityInterests)
      .innerJoin(investmentOpportunities, eq(investmentOpportunities.id, opportunityInterests.opportunityId))
      .where(eq(opportunityInterests.userId, userId))
      .orderBy(desc(opportunityInterests.createdAt)),
    db
      .select({ document: documents.title, downloadedAt: documentDownloads.createdAt })
      .from(documentDownloads)
      .innerJoin(documents, eq(documents.id, documentDownloads.documentId))
      .where(eq(documentDownloads.userId, userId))
      .orderBy(desc(documentDownloads.createdAt))
      .limit(10_000),
    db
      .select({
        topic: alertSubscriptions.topic,
        email: alertSubscriptions.email,
        confirmedAt: alertSubscriptions.confirmedAt,
        unsubscribedAt: alertSubscriptions.unsubscribedAt,
        createdAt: alertSubscriptions.createdAt,
      })
      .from(alertSubscriptions)
      .where(or(eq(alertSubscriptions.userId, userId), eq(alertSubscriptions.email, owner.email)))
      .orderBy(alertSubscriptions.createdAt),
    db
      .select({
        jurisdiction: investorQualifications.jurisdiction,
        qualifies: investorQualifications.qualifies,
        title: investorQualifications.title,
        wording: investorQualifications.wording,
        locale: investorQualifications.locale,
        wordingSha256: investorQualifications.wordingSha256,
        confirmedAt: investorQualifications.confirmedAt,
      })
      .from(investorQualifications)
      .where(eq(investorQualifications.userId, userId))
      .orderBy(investorQualifications.confirmedAt),
  ]);

  return {
    format: "tigris-account-data",
    version: 7,
    exportedAt: iso(ctx.clock?.() ?? new Date()),
    profile: {
      firstName: profile?.firstName ?? null,
      lastName: profile?.lastName ?? null,
      email: owner.email,
      emailVerified: owner.emailVerified,
      company: profile?.company ?? null,
      phone: profile?.phone ?? null,
      investorType: profile?.investorType ?? null,
      preferredContactMethod: profile?.preferredContactMethod ?? null,
      createdAt: iso(owner.createdAt),
    },
    signInMethods: methods.map((m) => ({ provider: m.provider, addedAt: iso(m.addedAt) })),
    twoFactorEnabled: owner.twoFactorEnabled,
    emailChanges: addressChanges.map((c) => ({ ...c, requestedAt: iso(c.requestedAt), confirmedAt: isoOrNull(c.confirmedAt), undoneAt: isoOrNull(c.undoneAt), voidedAt: isoOrNull(c.voidedAt) })),
    role,
    bookings: bookings.map(({ slotDate, slotStart, slotEnd, createdAt, ...b }) => ({
      ...b,
      createdAt: iso(createdAt),
      slot: slotDate && slotStart && slotEnd ? { date: slotDate, startTime: slotStart, endTime: slotEnd } : null,
    })),
    messages: messages.map((m) => ({ ...m, createdAt: iso(m.createdAt) })),
    subscriptions: subs.map((s) => ({
      ...s,
      trialEnd: isoOrNull(s.trialEnd),
      currentPeriodEnd: isoOrNull(s.currentPeriodEnd),
      createdAt: iso(s.createdAt),
    })),
    interests: interests.map((i) => ({ ...i, amountUsd: Number(i.amountUsd), withdrawnAt: isoOrNull(i.withdrawnAt), createdAt: iso(i.createdAt) })),
    downloads: downloads.map((d) => ({ document: d.document, downloadedAt: iso(d.downloadedAt) })),
    alerts: alerts.map((a) => ({ ...a, confirmedAt: isoOrNull(a.confirmedAt), unsubscribedAt: isoOrNull(a.unsubscribedAt), createdAt: iso(a.createdAt) })),
    qualifications: qualifications.map((q) => ({ ...q, confirmedAt: iso(q.confirmedAt) })),
    confidentialityAgreements: agreements.map((a) => ({ ...a, acceptedAt: iso(a.acceptedAt) })),
    identityCheck: identityCheck.status === "not_started" ? null : { ...identityCheck, files: identityCheck.files.map(({ kind, sentAs, byteSize }) => ({ kind, fileName: sentAs, byteSize })) },
    signedAgreements: signing.map((a) => ({
      reference: signingReference(a.kind, a.id),
      kind: a.kind,
      opportunity: a.opportunity,
      unit: a.unit,
      amount: `${moneyToDecimal(a.amountMinor, a.currency)} ${a.currency}`,
      status: a.status,
      preparedAt: iso(a.preparedAt),
      signedAt: isoOrNull(a.signedAt),
      signedSha256: a.signedSha256,
    })),
    commitments: held.map((c) => {
      const amount = (minor: bigint) => `${moneyToDecimal(minor, c.currency)} ${c.currency}`;
      return {
        opportunity: c.opportunityTitle,
        unit: c.unit,
        entityName: c.entityName,
        amount: amount(c.amountMinor),
        source: c.source,
        createdAt: iso(c.createdAt),
        calls: calls.filter((k) => k.commitmentId === c.id).map((k) => ({ instalment: k.label, amount: amount(k.amountMinor), dueOn: k.dueOn, calledAt: iso(k.calledAt) })),
        payments: transfers
          .filter((p) => p.commitmentId === c.id)
          .map((p) => ({ transferredOn: p.transferredOn, amount: amount(p.amountMinor), received: p.receivedMinor === null ? null : amount(p.receivedMinor), reference: p.reference, status: p.status, receiptNumber: p.receiptNumber, receiptSha256: p.receiptSha256 })),
      };
    }),
    statements: kept,
    notifications: told.map((n) => ({ kind: n.kind, link: n.link, createdAt: iso(n.createdAt), readAt: isoOrNull(n.readAt) })),
    whatsapp: whatsapp
      ? {
          phone: whatsapp.phone,
          phoneVerifiedAt: isoOrNull(whatsapp.phoneVerifiedAt),
          consentAt: isoOrNull(whatsapp.consentAt),
          consentWording: whatsapp.consentWording,
          consentWithdrawnAt: isoOrNull(whatsapp.consentWithdrawnAt),
          quietHours: whatsapp.quietStart && whatsapp.quietEnd ? { start: whatsapp.quietStart, end: whatsapp.quietEnd, timeZone: whatsapp.timeZone } : null,
          fallbackLanguage: whatsapp.fallbackLocale,
          consentRecords: consents.map((c) => ({ action: c.action, means: c.means, phone: c.phone, wording: c.wording, at: iso(c.createdAt) })),
        }
      : null,
    preferences: chosen,
  };
}

/** The account's password hash, when it has a password login. */
async function passwordHashOf(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential"), isNotNull(account.password)))
    .limit(1);
  return row?.hash ?? null;
}

/** When this browser's session (of this account only) was signed in, or null. */
async function signedInAtOf(db: Database, userId: string, sessionId: string): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: session.createdAt })
    .from(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, userId)))
    .limit(1);
  return row?.createdAt ?? null;
}

/** Why the account cannot go now, or null; `tx` may hold the rows locked. */
async function refusalOf(tx: Database, userId: string, lock: boolean): Promise<string | null> {
  // Every admin row first, as setUserRole takes them: two last admins leaving at once take turns.
  const adminsQuery = tx.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.role, "admin"));
  const admins = lock ? await adminsQuery.for("update") : await adminsQuery;
  if (admins.some((a) => a.userId === userId) && admins.length <= 1) return M.lastAdmin;
  const subsQuery = tx
    .select({ status: subscriptions.status, cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  const subs = lock ? await subsQuery.for("update") : await subsQuery;
  if (subs.some(subscriptionBlocksDeletion)) return M.liveSubscription;
  return null;
}

/**
 * What /account/data shows before the dialog: how the deletion is confirmed, whether this
 * session is fresh enough for a confirmation without a password, and a refusal known now.
 */
export async function checkOwnDeletion(ctx: ServiceContext, actor: Actor, input: { sessionId: string }): Promise<DeletionCheck> {
  const userId = requireUser(actor, M.signInToDelete);
  const [hash, signedInAt, refusal] = await Promise.all([
    passwordHashOf(ctx.db, userId),
    signedInAtOf(ctx.db, userId, input.sessionId),
    refusalOf(ctx.db, userId, false),
  ]);
  const now = ctx.clock?.() ?? new Date();
  return {
    confirmWith: hash ? "password" : "fresh-sign-in",
    signedInRecently: signedInAt !== null && isFreshSignIn(signedInAt, now),
    refusal,
  };
}

/**
 * Deletes the actor's account (decision record 013). First the confirmation: the password
 * (5 attempts per 15 minutes per account), or, for an account without one, a sign-in of the
 * last 10 minutes on this session. Then one transaction: refused while Stripe may still bill
 * a subscription or the account is the firm's last admin; otherwise the bookings and
 * messages the firm keeps lose their personal fields, the confirmation mail is queued, an
 * audit entry says when, and the user row goes (its sessions, logins, profile, role, second
 * factor, devices and subscription rows go with it by ON DELETE CASCADE). The outbox is
 * kicked after the commit.
 */
export async function deleteOwnAccount(
  ctx: ServiceContext,
  actor: Actor,
  input: DeleteAccountInput & { sessionId: string },
): Promise<{ kept: { bookings: number; messages: number } }> {
  const userId = requireUser(actor, M.signInToDelete);
  const hash = await passwordHashOf(ctx.db, userId);
  if (hash) {
    if (!input.password) throw new AppError("UNAUTHENTICATED", M.enterPassword);
    // Every attempt counts, so parallel guesses cannot slip past the limit.
    const key = `delete-account:user:${userId}`;
    const limit = await hitLimit(ctx.db, key, DELETE_PASSWORD_LIMIT);
    if (!limit.allowed) {
      countRefusal(ctx, key);
      throw new AppError("RATE_LIMITED", M.tooManyAttempts, { detail: { key, retryAfter: limit.retryAfterSeconds } });
    }
    if (!(await verifyPassword({ hash, password: input.password }))) throw new AppError("UNAUTHENTICATED", M.wrongPassword);
  } else {
    const signedInAt = await signedInAtOf(ctx.db, userId, input.sessionId);
    if (!signedInAt || !isFreshSignIn(signedInAt, ctx.clock?.() ?? new Date())) throw new AppError("FORBIDDEN", M.signInAgain);
  }

  const kept = await ctx.db.transaction(async (tx) => {
    const refusal = await refusalOf(tx, userId, true);
    const owner = await findOwner(tx, userId, M.alreadyDeleted, true);
    if (refusal) throw new AppError("CONFLICT", refusal);

    // Messages first: which are theirs depends on their bookings' user id, cleared next.
    const messageIds = (
      await tx
        .select({ id: contactMessages.id })
        .from(contactMessages)
        .leftJoin(consultationBookings, eq(consultationBookings.id, contactMessages.consultationBookingId))
        .where(ownMessages(owner))
    ).map((r) => r.id);
    const bookingIds = (await tx.select({ id: consultationBookings.id }).from(consultationBookings).where(ownBookings(owner))).map((r) => r.id);
    // One placeholder for all of them, so the firm still sees which records belonged together.
    const placeholder = anonymisedEmail(randomBytes(16).toString("hex"));
    const anonymous = { firstName: ANONYMISED.firstName, lastName: ANONYMISED.lastName, email: placeholder, message: ANONYMISED.text };
    if (messageIds.length) await tx.update(contactMessages).set(anonymous).where(inArray(contactMessages.id, messageIds));
    if (bookingIds.length) {
      await tx
        .update(consultationBookings)
        .set({ ...anonymous, phone: null, userId: null, timeZone: null, meetingLink: null, cancellationReason: null })
        .where(inArray(consultationBookings.id, bookingIds));
      // Nobody is left to remind: the address is gone.
      for (const bookingId of bookingIds) await dropReminders(tx, ctx.jobs, bookingId);
    }
    // Expressions of interest stay as the firm's record of demand (their investor becomes
    // null with the user), without the note the investor wrote; downloads lose their reader
    // the same way. Alerts for the account or its address go altogether.
    const interestsKept = (await tx.update(opportunityInterests).set({ note: null }).where(eq(opportunityInterests.userId, userId)).returning({ id: opportunityInterests.id })).length;
    await tx.delete(alertSubscriptions).where(or(eq(alertSubscriptions.userId, userId), eq(alertSubscriptions.email, owner.email)));
    // Identity files stay, without the account, for the record-keeping period (issue 35), then the maintenance removes them.
    await retainIdentityCheckOf(tx, userId, ctx.clock?.() ?? new Date(), ctx.config.identity.retentionYears);

    if (owner.emailVerified) {
      await enqueueEmail(tx, ctx.jobs, { ...accountDeletedEmail({ siteUrl: ctx.config.siteUrl, locale: owner.locale }), to: owner.email, kind: "account-deleted" });
    }
    // When and how much was kept, without anything personal; the actor id becomes null with the user.
    await recordAudit(tx, {
      actorId: userId,
      action: "account.delete",
      entity: "user",
      entityId: userId,
      before: { bookingsKept: bookingIds.length, messagesKept: messageIds.length, interestsKept },
      after: null,
    });
    await tx.delete(user).where(eq(user.id, userId));
    return { bookings: bookingIds.length, messages: messageIds.length };
  });
  ctx.log.info({ bookingsKept: kept.bookings, messagesKept: kept.messages }, "account deleted by its owner");
  return { kept };
}

/**
 * The Set-Cookie lines that sign this browser out after its account was deleted: better-auth's
 * own sign-out (which expires its cookies even when the session row is already gone), and,
 * should it set none, the session cookies expired by their names here.
 */
export async function signOutDeletedAccount(context: RequestContext, actor: Actor): Promise<Headers> {
  const headers = await signOut(context, actor);
  const { authCookies } = await context.auth.$context;
  const expired = (name: string) => headers.getSetCookie().some((c) => c.startsWith(`${name}=`));
  for (const cookie of [authCookies.sessionToken, authCookies.sessionData, authCookies.dontRememberToken]) {
    if (expired(cookie.name)) continue;
    const { path = "/", secure, sameSite = "lax", httpOnly = true } = cookie.attributes;
    const parts = [`${cookie.name}=`, "Max-Age=0", `Path=${path}`, `SameSite=${String(sameSite)}`];
    if (httpOnly) parts.push("HttpOnly");
    if (secure) parts.push("Secure");
    headers.append("Set-Cookie", parts.join("; "));
  }
  return headers;
}
