import { createHash, randomUUID } from "node:crypto";
import { and, asc, eq, isNotNull, isNull } from "drizzle-orm";
import { DEFAULT_SLOT_TIMES } from "~/domain/constants";
import type { NotificationTopic } from "~/domain/notifications";
import type { Database } from "../db/client.server";
import type { DocumentAudience, DocumentKind } from "~/domain/documents";
import { demoDocuments } from "./demo-documents.server";
import { PDFDocument } from "pdf-lib";
import { renderPdf } from "../documents/pdf.server";
import { storeFile } from "../storage/files.server";
import { insertUser, type NewUser } from "../services/users.server";
import { demoAdvisers } from "./demo-advisers.server";
import { demoOpportunities, demoPlans } from "./demo-content.server";
import { slugify } from "~/domain/opportunity-slugs";
import {
  adviserTranslations,
  advisers,
  availabilitySlots,
  consentRecords,
  consultationBookings,
  contactMessages,
  documentDownloads,
  documents,
  investmentOpportunities,
  investorQualifications,
  notificationPreferences,
  notificationSettings,
  opportunityInterests,
  opportunityTranslations,
  qualificationStatements,
  subscriptionPlans,
  subscriptions,
  user,
} from "../db/schema.server";

/**
 * Factories shared by the seed and the tests: each builds valid rows with sensible
 * defaults that a caller overrides only where it matters.
 */

type OpportunityInsert = typeof investmentOpportunities.$inferInsert;
type PlanInsert = typeof subscriptionPlans.$inferInsert;
type SlotInsert = typeof availabilitySlots.$inferInsert;
type BookingInsert = typeof consultationBookings.$inferInsert;

const DAY = 24 * 3_600_000;

let sequence = 0;
const next = () => ++sequence;

export function buildOpportunity(overrides: Partial<OpportunityInsert> = {}): OpportunityInsert {
  const n = next();
  const title = overrides.title ?? `Test Opportunity ${n}`;
  return {
    ...demoOpportunities[0],
    projectHighlights: [...demoOpportunities[0].projectHighlights],
    title,
    // Unique however many tests make one with the same title (issue 33).
    slug: `${slugify(title)}-${n}`,
    status: "active",
    ...overrides,
  };
}

export async function createOpportunity(db: Database, overrides: Partial<OpportunityInsert> = {}) {
  const [row] = await db.insert(investmentOpportunities).values(buildOpportunity(overrides)).returning();
  return row!;
}

type AdviserInsert = typeof advisers.$inferInsert;

/** An adviser (issue 33), published, placed after any made before; text in English only unless `translations` are given. */
export async function createAdviser(
  db: Database,
  overrides: Partial<AdviserInsert> = {},
  translations: Partial<Record<"ar" | "ckb", { role: string; bio: string }>> = {},
) {
  const n = next();
  const [row] = await db
    .insert(advisers)
    .values({
      name: `Test Adviser ${n}`,
      role: "Adviser",
      bio: `Test adviser ${n}'s short biography.`,
      languages: ["en", "ar"],
      markets: ["iraq"],
      isPublished: true,
      position: n,
      ...overrides,
    })
    .returning();
  for (const [locale, text] of Object.entries(translations) as Array<["ar" | "ckb", { role: string; bio: string }]>) {
    await db.insert(adviserTranslations).values({ adviserId: row!.id, locale, ...text });
  }
  return row!;
}

/** The demo's illustrative advisers (demo-advisers.server.ts), published, in order, with their Arabic and Sorani text. */
export async function seedDemoAdvisers(db: Database): Promise<void> {
  for (const [index, adviser] of demoAdvisers.entries()) {
    const { ar, ckb, ...english } = adviser;
    await createAdviser(db, { ...english, position: index + 1, isPublished: true }, { ar, ckb });
  }
}

/** An opportunity's text in Arabic or Sorani (issue 17); fields left out fall back to English. */
export async function createOpportunityTranslation(db: Database, values: typeof opportunityTranslations.$inferInsert) {
  const [row] = await db.insert(opportunityTranslations).values(values).returning();
  return row!;
}

export function buildPlan(overrides: Partial<PlanInsert> = {}): PlanInsert {
  return {
    ...demoPlans[0],
    features: [...demoPlans[0].features],
    name: `Plan ${next()}`,
    ...overrides,
  };
}

/** The three plans as the demo content has them (Explorer, Investor, Elite), each one inserted. */
export async function createDemoPlans(db: Database) {
  return db
    .insert(subscriptionPlans)
    .values(demoPlans.map((p) => ({ ...p, features: [...p.features] })))
    .returning();
}

let subscriptionNumber = 0;

/** A subscription as Stripe's webhooks leave one (active unless told), to `planId`. */
export async function createSubscription(db: Database, spec: { userId: string; planId: string | null; status?: string; trialEnd?: Date | null }) {
  const n = ++subscriptionNumber;
  const [row] = await db
    .insert(subscriptions)
    .values({
      userId: spec.userId,
      planId: spec.planId,
      billingInterval: "month",
      status: spec.status ?? "active",
      currentPeriodEnd: new Date(Date.now() + 30 * DAY),
      trialEnd: spec.trialEnd ?? null,
      stripeCustomerId: `cus_test_${n}`,
      stripeSubscriptionId: `sub_test_${n}_${randomUUID().slice(0, 8)}`,
      lastEventAt: new Date(),
    })
    .returning();
  return row!;
}

/** The 8 default slots (SPEC.md section 9) for each given date. */
export function buildDefaultSlots(dates: string[], overrides: Partial<SlotInsert> = {}): SlotInsert[] {
  return dates.flatMap((date) =>
    DEFAULT_SLOT_TIMES.map(({ start, end }) => ({
      date,
      startTime: `${start}:00`,
      endTime: `${end}:00`,
      isAvailable: true,
      ...overrides,
    })),
  );
}

/** A booking row as a visitor's enquiry leaves it (pending, no slot unless given). */
export async function insertBooking(db: Database, overrides: Partial<BookingInsert> = {}) {
  const [row] = await db
    .insert(consultationBookings)
    .values({
      firstName: "Layla",
      lastName: "Hassan",
      email: "layla@example.com",
      investmentAmount: "$750,000",
      message: "Please call me about the Erbil towers.",
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createSlot(db: Database, overrides: Partial<SlotInsert> = {}) {
  const [row] = await db
    .insert(availabilitySlots)
    .values({ date: "2030-01-07", startTime: "09:00:00", endTime: "09:30:00", ...overrides })
    .returning();
  return row!;
}

export type UserSpec = Partial<NewUser>;

/**
 * A user as better-auth stores one (users.server.ts insertUser), with a made-up address and
 * name where the caller gives none. Callers may pass a transaction as `db`.
 */
export async function createUser(db: Database, spec: UserSpec = {}) {
  const n = next();
  return insertUser(db, {
    ...spec,
    email: spec.email ?? `investor${n}-${randomUUID().slice(0, 8)}@example.com`,
    firstName: spec.firstName ?? "Test",
    lastName: spec.lastName ?? `Investor${n}`,
  });
}

/** A contact message as the enquiry form leaves it (unread, no booking unless given). */
export async function insertContactMessage(db: Database, overrides: Partial<typeof contactMessages.$inferInsert> = {}) {
  const [row] = await db
    .insert(contactMessages)
    .values({ firstName: "Omar", lastName: "Saleh", email: "omar@example.com", investmentAmount: "$600,000", message: "Interested in Jordan.", ...overrides })
    .returning();
  return row!;
}

export interface DocumentSpec {
  title?: string;
  summary?: string;
  kind?: DocumentKind;
  audience?: DocumentAudience;
  opportunityId?: string | null;
  isPublished?: boolean;
  /** Issue 35: opened only with an approved identity check and the opportunity's agreement. */
  isConfidential?: boolean;
  publishedAt?: Date | null;
  /** The PDF; a short generated one naming the title when not given. */
  pdf?: Uint8Array;
  fileName?: string;
  pageCount?: number;
}

/** A library document with its PDF stored (published unless told). Callers may pass a transaction as `db`. */
export async function createDocument(db: Database, spec: DocumentSpec = {}) {
  const n = next();
  const title = spec.title ?? `Test Document ${n}`;
  const pdf = spec.pdf ?? (await renderPdf({ title, sections: [{ heading: "Contents", paragraphs: [`The text of ${title}.`] }] }, { createdAt: new Date("2026-01-01T00:00:00Z") }));
  const file = await storeFile(db, { bytes: pdf, contentType: "application/pdf" });
  const isPublished = spec.isPublished ?? true;
  const [row] = await db
    .insert(documents)
    .values({
      title,
      summary: spec.summary ?? `What ${title} covers.`,
      kind: spec.kind ?? "market_report",
      audience: spec.audience ?? "public",
      opportunityId: spec.opportunityId ?? null,
      fileId: file.id,
      fileName: spec.fileName ?? `test-document-${n}.pdf`,
      pageCount: spec.pageCount ?? 1,
      isPublished,
      isConfidential: spec.isConfidential ?? false,
      publishedAt: spec.publishedAt !== undefined ? spec.publishedAt : isPublished ? new Date() : null,
    })
    .returning();
  return row!;
}

/** The demo library (the seed): each document written as a PDF and stored, its opportunity found by title. */
export async function seedDemoDocuments(db: Database, opportunityIds: Map<string, string>): Promise<void> {
  for (const doc of demoDocuments()) {
    const publishedAt = new Date(`${doc.publishedAt}T09:00:00Z`);
    const pdf = await renderPdf(doc.content, { createdAt: publishedAt });
    await createDocument(db, {
      title: doc.title,
      summary: doc.summary,
      kind: doc.kind,
      audience: doc.audience,
      opportunityId: doc.opportunityTitle ? (opportunityIds.get(doc.opportunityTitle) ?? null) : null,
      pdf,
      fileName: doc.fileName,
      pageCount: await pageCount(pdf),
      publishedAt,
    });
  }
}

/** A page count of a document the seed wrote itself (an upload's is checked in bounds: pdf-check.server.ts). */
async function pageCount(pdf: Uint8Array): Promise<number> {
  return (await PDFDocument.load(pdf, { updateMetadata: false })).getPageCount();
}

export interface BusinessHistory {
  /** Bookings made, by status. */
  bookings: number;
  byStatus: Record<string, number>;
  /** Of them, with a consultation time from the calendar. */
  withSlot: number;
  interests: number;
  downloads: number;
  trialsEnded: number;
  trialsConverted: number;
}

/**
 * A few months of a firm's business, for the insights page's screenshots and end-to-end
 * tests (never the demo seed: these are made-up people): over the `weeks` before `now`,
 * enquiries of every type and status (half at a time from the calendar, held on weekdays
 * in office hours), investors with subscriptions and ended trials, expressions of interest
 * in the active opportunities and downloads of their documents. Deterministic: the same
 * arguments make the same rows. Needs the demo opportunities, plans and documents. Once
 * only: a database that has the history's investors already gets nothing, and null.
 */
export async function seedBusinessHistory(db: Database, { now = new Date(), weeks = 12 }: { now?: Date; weeks?: number } = {}): Promise<BusinessHistory | null> {
  const historyEmail = (n: number) => `history.investor${n}@example.com`;
  const [already] = await db.select({ id: user.id }).from(user).where(eq(user.email, historyEmail(1)));
  if (already) return null;
  const statuses = ["completed", "confirmed", "pending", "cancelled", "completed", "confirmed", "completed"] as const;
  const types = ["consultation", "investment_review", "site_visit", "consultation"] as const;
  const history: BusinessHistory = { bookings: 0, byStatus: {}, withSlot: 0, interests: 0, downloads: 0, trialsEnded: 0, trialsConverted: 0 };
  const opportunityRows = await db.select({ id: investmentOpportunities.id }).from(investmentOpportunities).where(eq(investmentOpportunities.status, "active")).orderBy(asc(investmentOpportunities.createdAt));
  const documentRows = await db.select({ id: documents.id }).from(documents).where(isNotNull(documents.opportunityId)).orderBy(asc(documents.createdAt));
  const planRows = await db.select({ id: subscriptionPlans.id }).from(subscriptionPlans).orderBy(asc(subscriptionPlans.priceMonthly));
  const investors = [];
  for (let i = 0; i < 6; i++) {
    const investor = await createUser(db, { email: historyEmail(i + 1), firstName: ["Layla", "Omar", "Sara", "Karim", "Nour", "Hana"][i], lastName: "Example" });
    investors.push(investor);
    // Trials that ended a few weeks ago: four of the six went on to pay.
    const trialEnd = new Date(now.getTime() - (i + 1) * 5 * DAY);
    const converted = i < 4;
    await createSubscription(db, { userId: investor.id, planId: planRows[i % planRows.length]?.id ?? null, status: converted ? "active" : "canceled", trialEnd });
    history.trialsEnded += 1;
    if (converted) history.trialsConverted += 1;
  }
  let n = 0;
  for (let week = weeks - 1; week >= 0; week--) {
    const perWeek = 3 + ((week * 7) % 5);
    for (let k = 0; k < perWeek; k++, n++) {
      const createdAt = new Date(now.getTime() - week * 7 * DAY - (k + 1) * 19 * 3_600_000);
      const status = statuses[n % statuses.length]!;
      let availabilitySlotId: string | null = null;
      if (n % 2 === 0) {
        // Held two days after it was asked for, on a weekday, at one of the default times.
        let held = new Date(createdAt.getTime() + 2 * DAY);
        while (held.getUTCDay() === 0 || held.getUTCDay() === 6) held = new Date(held.getTime() + DAY);
        const times = DEFAULT_SLOT_TIMES[(n * 3) % DEFAULT_SLOT_TIMES.length]!;
        const [slot] = await db
          .insert(availabilitySlots)
          .values({ date: held.toISOString().slice(0, 10), startTime: `${times.start}:00`, endTime: `${times.end}:00`, isAvailable: false })
          .onConflictDoNothing()
          .returning();
        availabilitySlotId = slot?.id ?? null;
      }
      const investor = investors[n % investors.length]!;
      await insertBooking(db, {
        userId: n % 3 === 0 ? investor.id : null,
        firstName: investor.firstName ?? "Layla",
        lastName: "Example",
        email: n % 3 === 0 ? investor.email : `history.visitor${n}@example.com`,
        bookingType: types[n % types.length]!,
        status,
        availabilitySlotId,
        createdAt,
      });
      history.bookings += 1;
      history.byStatus[status] = (history.byStatus[status] ?? 0) + 1;
      if (availabilitySlotId) history.withSlot += 1;
    }
  }
  for (const [i, investor] of investors.entries()) {
    for (const [j, opportunity] of opportunityRows.entries()) {
      if ((i + j) % 2 !== 0) continue;
      await db.insert(opportunityInterests).values({ opportunityId: opportunity.id, userId: investor.id, amountUsd: 250_000 * (1 + ((i + j) % 4)), createdAt: new Date(now.getTime() - (i + j + 1) * 3 * DAY) });
      history.interests += 1;
    }
    for (const [j, document] of documentRows.entries()) {
      if ((i + j) % 3 === 0) continue;
      const createdAt = new Date(now.getTime() - (i + 2 * j + 1) * 2 * DAY);
      await db.insert(documentDownloads).values({ documentId: document.id, userId: investor.id, day: createdAt.toISOString().slice(0, 10), createdAt });
      history.downloads += 1;
    }
  }
  return history;
}

/**
 * An investor's answer to the questionnaire (issue 35): the first live statement that
 * qualifies (or, with `qualifies: false`, "none of these"), confirmed in English.
 */
export async function createQualification(db: Database, spec: { userId: string; qualifies?: boolean; confirmedAt?: Date }) {
  const qualifies = spec.qualifies ?? true;
  const [statement] = await db
    .select()
    .from(qualificationStatements)
    .where(and(eq(qualificationStatements.qualifies, qualifies), isNull(qualificationStatements.retiredAt)))
    .orderBy(asc(qualificationStatements.position), asc(qualificationStatements.createdAt))
    .limit(1);
  if (!statement) throw new Error(`no live statement with qualifies=${qualifies}`);
  const [row] = await db
    .insert(investorQualifications)
    .values({
      userId: spec.userId,
      statementId: statement.id,
      qualifies,
      jurisdiction: statement.jurisdiction,
      locale: "en",
      title: statement.titleEn,
      wording: statement.bodyEn,
      wordingSha256: createHash("sha256").update(statement.bodyEn, "utf8").digest("hex"),
      ...(spec.confirmedAt ? { confirmedAt: spec.confirmedAt } : {}),
    })
    .returning();
  return row!;
}

/**
 * An investor who verified `phone` for WhatsApp and consented (issue 39), with WhatsApp on
 * for `topics`; quiet hours and the fallback language as given. Recorded as the settings
 * page records it (consent date, wording, means, and a row of consent_records).
 */
export async function consentToWhatsApp(
  db: Database,
  userId: string,
  spec: { phone: string; topics?: NotificationTopic[]; quiet?: { start: string; end: string }; timeZone?: string; fallbackLocale?: "en" | "ar"; at?: Date },
) {
  const at = spec.at ?? new Date();
  const wording = "I agree to receive notices about my account by WhatsApp at this number. I can send STOP at any time.";
  await db
    .insert(notificationSettings)
    .values({
      userId,
      phone: spec.phone,
      phoneVerifiedAt: at,
      consentAt: at,
      consentWording: wording,
      consentChannel: "whatsapp-code",
      fallbackLocale: spec.fallbackLocale ?? "en",
      quietStart: spec.quiet?.start ?? null,
      quietEnd: spec.quiet?.end ?? null,
      timeZone: spec.timeZone ?? "Asia/Baghdad",
    })
    .onConflictDoNothing();
  await db.insert(consentRecords).values({ userId, channel: "whatsapp", action: "given", means: "whatsapp-code", phone: spec.phone, wording, createdAt: at });
  const topics = spec.topics ?? [];
  if (topics.length) await db.insert(notificationPreferences).values(topics.map((topic) => ({ userId, topic, channel: "whatsapp" as const, enabled: true }))).onConflictDoNothing();
}
