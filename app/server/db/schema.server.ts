import { sql, type SQL } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  primaryKey,
  numeric,
  smallint,
  pgTable,
  type AnyPgColumn,
  text,
  time,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { ADMIN_TABLES } from "~/domain/admin-table";
import { ADVISER_LANGUAGES, ADVISER_MARKETS, ADVISER_TEXT_LOCALES } from "~/domain/advisers";
import { ALERT_TOPICS } from "~/domain/alerts";
import { DOCUMENT_AUDIENCES, DOCUMENT_KINDS } from "~/domain/documents";
import { INTEREST_STATUSES } from "~/domain/interests";
import { QUALIFICATION_JURISDICTIONS } from "~/domain/qualification";
import { IDENTITY_DOCUMENT_TYPES, IDENTITY_FILE_KINDS, IDENTITY_STATUSES } from "~/domain/identity-checks";
import { CALL_REMINDER_LEADS, COMMITMENT_SOURCES, INSTALMENT_DUE_KINDS, MILESTONE_KINDS, PAYMENT_STATUSES, PROGRESS_STATUSES } from "~/domain/escrow";
import { CURRENCIES } from "~/domain/money";
import { ESCROW_CHANGE_STATUSES } from "~/domain/escrow-changes";
import { SIGNING_EVENTS, SIGNING_KINDS, SIGNING_STATUSES } from "~/domain/signing";
import { CONSTRUCTION_STAGES, DEVELOPER_PROJECT_STATUSES } from "~/domain/opportunity-memo";
import { VARIANT_FORMATS } from "~/domain/opportunity-images";
import {
  BILLING_INTERVALS,
  BOOKING_OUTCOMES,
  BOOKING_STATUSES,
  BOOKING_TYPES,
  OPPORTUNITY_STATUSES,
  ROLES,
} from "~/domain/constants";
import { DELIVERY_STATUSES, NOTIFICATION_CHANNELS, NOTIFICATION_KIND_NAMES, NOTIFICATION_TOPICS, type NotificationKind } from "~/domain/notifications";
import { LOCALES } from "~/i18n/locales";
import { user } from "./auth-schema.server";

export * from "./auth-schema.server";

/**
 * The product's tables (SPEC.md section 3). The database enforces the rules itself:
 * check constraints on every enum column, one role row per user, and at most one live
 * booking per availability slot.
 */

const id = () => uuid("id").primaryKey().defaultRandom();
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
/** `column in ('a', 'b')` for a check constraint, from the domain's list of values. */
const oneOf = (column: AnyPgColumn, values: readonly string[]) =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(", "))})`;
const money = (name: string) => numeric(name, { precision: 16, scale: 2, mode: "number" });

export const userRoles = pgTable(
  "user_roles",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .unique("user_roles_user_id_unique")
      .references(() => user.id, { onDelete: "cascade" }),
    role: text("role", { enum: ROLES }).notNull().default("user"),
    createdAt: createdAt(),
  },
  (t) => [check("user_roles_role_check", oneOf(t.role, ROLES))],
);

export const profiles = pgTable(
  "profiles",
  {
    /** Same id as the auth user: one profile per account, removed with it. */
    id: text("id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    firstName: text("first_name"),
    lastName: text("last_name"),
    avatarUrl: text("avatar_url"),
    company: text("company"),
    phone: text("phone"),
    investorType: text("investor_type"),
    preferredContactMethod: text("preferred_contact_method"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("profiles_created_at_idx").on(t.createdAt)],
);

export const availabilitySlots = pgTable(
  "availability_slots",
  {
    id: id(),
    /** Wall-clock date in the firm's time zone, yyyy-MM-dd. */
    date: date("date", { mode: "string" }).notNull(),
    /** Wall-clock times in the firm's time zone, HH:mm:ss. */
    startTime: time("start_time").notNull(),
    endTime: time("end_time").notNull(),
    isAvailable: boolean("is_available").notNull().default(true),
    notes: text("notes"),
    /**
     * Whose slot it is (issue 37): an adviser's, made from their working hours or by hand,
     * or the firm's shared pool when null (the slots of SPEC.md, offered while no adviser
     * takes bookings). Removed with the adviser; a booked one keeps the adviser (the
     * bookings' foreign key refuses).
     */
    adviserId: uuid("adviser_id").references(() => advisers.id, { onDelete: "cascade" }),
    /** Kept when the admin's account goes: the slot outlives who made it. */
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    // One slot per start time per day for each adviser, and for the pool (nulls not
    // distinct); serves "by adviser and date ordered by start_time".
    unique("availability_slots_adviser_date_start_unique").on(t.adviserId, t.date, t.startTime).nullsNotDistinct(),
    // The offered list across advisers: "date >= today" by date and start time.
    index("availability_slots_date_start_idx").on(t.date, t.startTime),
    // Foreign key to the user: keeps "on delete set null" from scanning the table.
    index("availability_slots_created_by_idx").on(t.createdBy),
    check("availability_slots_time_order_check", sql`${t.endTime} > ${t.startTime}`),
  ],
);

export const consultationBookings = pgTable(
  "consultation_bookings",
  {
    id: id(),
    /** Set only for signed-in visitors; the booking stays if the account is deleted. */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    investmentAmount: text("investment_amount").notNull(),
    message: text("message").notNull(),
    bookingType: text("booking_type", { enum: BOOKING_TYPES })
      .notNull()
      .default("consultation"),
    status: text("status", { enum: BOOKING_STATUSES })
      .notNull()
      .default("pending"),
    preferredTime: text("preferred_time"),
    /**
     * A slot that a booking references cannot be deleted. The admin's delete refuses a slot
     * with a live booking, and first unlinks cancelled ones (keeping the slot's day and time
     * in their preferred_time), so their history stays readable.
     */
    availabilitySlotId: uuid("availability_slot_id").references(() => availabilitySlots.id, {
      onDelete: "restrict",
    }),
    /** The opportunity the booking is about, when it was booked from one (issue 16). */
    opportunityId: uuid("opportunity_id").references(() => investmentOpportunities.id, { onDelete: "set null" }),
    /** The investor's own IANA time zone, from their browser when they booked (for reminders). */
    timeZone: text("time_zone"),
    /**
     * The calendar invite's SEQUENCE: raised by every change the investor's calendar must
     * follow (confirmed, moved, cancelled, a meeting link), so each update replaces the last.
     */
    inviteSequence: integer("invite_sequence").notNull().default(0),
    /** A video link or phone number an admin set for the meeting. */
    meetingLink: text("meeting_link"),
    /** Why it was cancelled, when the investor said. */
    cancellationReason: text("cancellation_reason"),
    /** After the meeting's end (issue 37): whether it was held or the investor did not come, as the adviser or an admin marked it. */
    outcome: text("outcome", { enum: BOOKING_OUTCOMES }),
    outcomeAt: timestamp("outcome_at", { withTimezone: true }),
    /**
     * A new time an admin proposed (issue 37), waiting for the investor to accept it from the
     * mailed link: a slot of the booking's own adviser (or the pool's), offered when proposed.
     * Cleared on acceptance, refusal, or any move, cancellation or handover; a slot deleted
     * meanwhile takes the proposal with it. Shown only while its time is ahead.
     */
    proposedSlotId: uuid("proposed_slot_id").references(() => availabilitySlots.id, { onDelete: "set null" }),
    /** When that time was proposed (a second proposal replaces the first). */
    proposedAt: timestamp("proposed_at", { withTimezone: true }),
    /** The language the visitor booked in: the receipt, updates and invites are written in it (issue 17). */
    locale: text("locale", { enum: LOCALES }).notNull().default("en"),
    /**
     * The booking's short reference for people ("TA-7K3F9Q", app/domain/booking-reference.ts):
     * drawn by the server when the booking is made (createBooking, which draws again on a
     * clash), unique, shown in its mails, pages and the admin. A row written by other means
     * (a script, a test) gets one from the database's own `new_booking_reference()`.
     */
    reference: text("reference").notNull().default(sql`new_booking_reference()`),
    /** Last change by the investor or an admin (moved, cancelled, status, meeting link). */
    updatedAt: timestamp("updated_at", { withTimezone: true }),
    createdAt: createdAt(),
    /**
     * What the admin's booking search reads (issue 34): the name, e-mail, reference and
     * message in lower case, kept by PostgreSQL itself (a stored generated column). A search
     * is a LIKE on it, through its trigram index; stored rather than an expression index so
     * that checking one row is a plain LIKE, the cheap filter the planner assumes when it
     * walks the (created_at, id) index instead (docs/decisions/042-search-text-columns.md).
     */
    searchText: text("search_text").generatedAlwaysAs(
      (): SQL => sql`lower(${consultationBookings.firstName} || ' ' || ${consultationBookings.lastName} || ' ' || ${consultationBookings.email} || ' ' || ${consultationBookings.reference} || ' ' || ${consultationBookings.message})`,
    ),
  },
  (t) => [
    check("consultation_bookings_booking_type_check", oneOf(t.bookingType, BOOKING_TYPES)),
    check("consultation_bookings_status_check", oneOf(t.status, BOOKING_STATUSES)),
    check("consultation_bookings_locale_check", oneOf(t.locale, LOCALES)),
    check("consultation_bookings_outcome_check", sql`${t.outcome} is null or ${oneOf(t.outcome, BOOKING_OUTCOMES)}`),
    // The rule that prevents double booking: one live (not cancelled) booking per slot.
    uniqueIndex("consultation_bookings_live_slot_unique")
      .on(t.availabilitySlotId)
      .where(sql`${t.availabilitySlotId} is not null and ${t.status} <> 'cancelled'`),
    // "Which of these slots are booked?" (including cancelled history) and the slot foreign key.
    index("consultation_bookings_slot_idx").on(t.availabilitySlotId),
    // The proposed slot's foreign key (a deleted slot clears the proposals naming it).
    index("consultation_bookings_proposed_slot_idx").on(t.proposedSlotId).where(sql`${t.proposedSlotId} is not null`),
    index("consultation_bookings_user_created_idx").on(t.userId, t.createdAt),
    // The admin list's pages, all and by status (keyset over created_at, id). Ascending, as
    // every index here: read backwards, an index serves `order by … desc` exactly (one built
    // DESC NULLS LAST would not: a plain DESC sorts nulls first).
    index("consultation_bookings_created_id_idx").on(t.createdAt, t.id),
    index("consultation_bookings_status_created_id_idx").on(t.status, t.createdAt, t.id),
    // Bookings by their address: made before sign-up, found by the verified address, and the
    // admin's search for a whole address (decision 042). Then the opportunity key.
    index("consultation_bookings_email_idx").on(sql`lower(${t.email})`),
    index("consultation_bookings_opportunity_idx").on(t.opportunityId),
    uniqueIndex("consultation_bookings_reference_unique").on(t.reference),
    // The admin's booking search, by trigrams like the messages' own.
    index("consultation_bookings_search_text_idx").using("gin", t.searchText.op("gin_trgm_ops")),
  ],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: id(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    investmentAmount: text("investment_amount").notNull(),
    message: text("message").notNull(),
    isRead: boolean("is_read").notNull().default(false),
    consultationBookingId: uuid("consultation_booking_id").references(() => consultationBookings.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
    /** What the admin's message search reads: the name, e-mail and message in lower case (as consultation_bookings.search_text). */
    searchText: text("search_text").generatedAlwaysAs(
      (): SQL => sql`lower(${contactMessages.firstName} || ' ' || ${contactMessages.lastName} || ' ' || ${contactMessages.email} || ' ' || ${contactMessages.message})`,
    ),
  },
  (t) => [
    // The admin list's pages (keyset over created_at, id), and the unread count's own index.
    index("contact_messages_created_id_idx").on(t.createdAt, t.id),
    index("contact_messages_unread_idx").on(t.createdAt).where(sql`${t.isRead} = false`),
    index("contact_messages_booking_idx").on(t.consultationBookingId),
    // Messages by their address: the admin's search for a whole address, an account's data export.
    index("contact_messages_email_idx").on(sql`lower(${t.email})`),
    // The admin search, by trigrams: pg_trgm, on PGlite and PostgreSQL.
    index("contact_messages_search_text_idx").using("gin", t.searchText.op("gin_trgm_ops")),
  ],
);

export const investmentOpportunities = pgTable(
  "investment_opportunities",
  {
    id: id(),
    /** Its address, `/opportunities/<slug>` (issue 33); earlier ones in opportunity_slug_history. */
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    location: text("location").notNull(),
    minimumInvestment: money("minimum_investment").notNull().default(0),
    projectedReturns: text("projected_returns").notNull(),
    completionDate: date("completion_date", { mode: "string" }),
    developer: text("developer").notNull(),
    totalValue: money("total_value").notNull().default(0),
    investmentPeriod: text("investment_period").notNull(),
    projectHighlights: text("project_highlights").array().notNull().default(sql`'{}'::text[]`),
    unitsAvailable: integer("units_available"),
    status: text("status", { enum: OPPORTUNITY_STATUSES })
      .notNull()
      .default("draft"),
    imageUrl: text("image_url"),
    /**
     * When it opens to everyone (issue 15); null means as soon as it is active. Elite
     * members see it up to their early-access days before (app/domain/entitlements.ts).
     */
    publicAt: timestamp("public_at", { withTimezone: true }),
    /** When it last became active: with publicAt, when it became visible to whom (alerts). */
    activatedAt: timestamp("activated_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // The investment memo (issue 33): each section shown only when filled. English here;
    // the words in Arabic and Sorani in opportunity_translations.
    district: text("district"),
    city: text("city"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    developerYearsActive: integer("developer_years_active"),
    fees: text("fees"),
    exitRoute: text("exit_route"),
    holdingPeriod: text("holding_period"),
    keyRisks: text("key_risks").array().notNull().default(sql`'{}'::text[]`),
    constructionStage: text("construction_stage", { enum: CONSTRUCTION_STAGES }),
    percentComplete: integer("percent_complete"),
    lastSiteVisit: date("last_site_visit", { mode: "string" }),
  },
  (t) => [
    unique("investment_opportunities_slug_unique").on(t.slug),
    check("investment_opportunities_slug_check", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check("investment_opportunities_coordinates_check", sql`(${t.latitude} is null) = (${t.longitude} is null) and (${t.latitude} is null or (${t.latitude} between -90 and 90 and ${t.longitude} between -180 and 180))`),
    check("investment_opportunities_percent_check", sql`${t.percentComplete} is null or ${t.percentComplete} between 0 and 100`),
    check("investment_opportunities_years_active_check", sql`${t.developerYearsActive} is null or ${t.developerYearsActive} >= 0`),
    check("investment_opportunities_construction_stage_check", sql`${t.constructionStage} is null or ${oneOf(t.constructionStage, CONSTRUCTION_STAGES)}`),
    check("investment_opportunities_status_check", oneOf(t.status, OPPORTUNITY_STATUSES)),
    check(
      "investment_opportunities_amounts_check",
      sql`${t.minimumInvestment} >= 0 and ${t.totalValue} >= 0`,
    ),
    check(
      "investment_opportunities_units_check",
      sql`${t.unitsAvailable} is null or ${t.unitsAvailable} >= 0`,
    ),
    // Public list and featured opportunity: status = 'active' order by created_at desc.
    index("investment_opportunities_status_created_idx").on(t.status, t.createdAt),
    // Admin list: all, newest first.
    index("investment_opportunities_created_idx").on(t.createdAt),
  ],
);

/** The languages an opportunity's own text may be written in besides English (issue 17). */
export const OPPORTUNITY_TEXT_LOCALES = ["ar", "ckb"] as const;

/**
 * An opportunity's text in another language, entered by an admin (issue 17). A page in
 * that language shows each field from here when it is there, and the English otherwise.
 * Figures, dates, the developer's name and the image are the opportunity's own.
 */
export const opportunityTranslations = pgTable(
  "opportunity_translations",
  {
    opportunityId: uuid("opportunity_id")
      .notNull()
      .references(() => investmentOpportunities.id, { onDelete: "cascade" }),
    locale: text("locale", { enum: OPPORTUNITY_TEXT_LOCALES }).notNull(),
    title: text("title"),
    description: text("description"),
    location: text("location"),
    projectedReturns: text("projected_returns"),
    investmentPeriod: text("investment_period"),
    /** Empty means the English highlights. */
    projectHighlights: text("project_highlights").array().notNull().default(sql`'{}'::text[]`),
    updatedAt: updatedAt(),
    // The memo's words (issue 33); blank means the English.
    district: text("district"),
    city: text("city"),
    fees: text("fees"),
    exitRoute: text("exit_route"),
    holdingPeriod: text("holding_period"),
    /** Empty means the English key risks. */
    keyRisks: text("key_risks").array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [primaryKey({ columns: [t.opportunityId, t.locale] }), check("opportunity_translations_locale_check", oneOf(t.locale, OPPORTUNITY_TEXT_LOCALES))],
);

/**
 * An opportunity's earlier addresses (issue 33): when an admin changes its slug the old
 * one lands here and keeps answering with a 301 to the new, so a bookmark does not break.
 * A slug is someone's current address or someone's old one, never both (the service).
 */
export const opportunitySlugHistory = pgTable(
  "opportunity_slug_history",
  {
    slug: text("slug").primaryKey(),
    opportunityId: uuid("opportunity_id")
      .notNull()
      .references(() => investmentOpportunities.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("opportunity_slug_history_opportunity_idx").on(t.opportunityId)],
);

/**
 * The memo's payment plan (issue 33): instalments in order, each a share of the price due at
 * a milestone. The shares add up to exactly 100 (app/domain/opportunity-memo.ts, checked
 * before a plan is saved); the label and milestone in English, Arabic and Sorani.
 */
export const opportunityPaymentPlan = pgTable(
  "opportunity_payment_plan",
  {
    opportunityId: uuid("opportunity_id")
      .notNull()
      .references(() => investmentOpportunities.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    label: text("label").notNull(),
    /** Percent of the price, exact: numeric, never a float. */
    share: numeric("share", { precision: 5, scale: 2 }).notNull(),
    milestone: text("milestone").notNull(),
    labelAr: text("label_ar"),
    milestoneAr: text("milestone_ar"),
    labelCkb: text("label_ckb"),
    milestoneCkb: text("milestone_ckb"),
  },
  (t) => [
    primaryKey({ columns: [t.opportunityId, t.position] }),
    check("opportunity_payment_plan_share_check", sql`${t.share} > 0 and ${t.share} <= 100`),
  ],
);

/** The memo's developer track record (issue 33): projects delivered or under construction. */
export const opportunityDeveloperProjects = pgTable(
  "opportunity_developer_projects",
  {
    opportunityId: uuid("opportunity_id")
      .notNull()
      .references(() => investmentOpportunities.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    /** A project's name: not words for a translator. */
    name: text("name").notNull(),
    year: integer("year").notNull(),
    status: text("status", { enum: DEVELOPER_PROJECT_STATUSES }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.opportunityId, t.position] }),
    check("opportunity_developer_projects_status_check", oneOf(t.status, DEVELOPER_PROJECT_STATUSES)),
  ],
);

export const subscriptionPlans = pgTable(
  "subscription_plans",
  {
    id: id(),
    name: text("name").notNull().unique("subscription_plans_name_unique"),
    priceMonthly: money("price_monthly").notNull(),
    priceYearly: money("price_yearly").notNull(),
    features: text("features").array().notNull().default(sql`'{}'::text[]`),
    /** Empty means unlimited. */
    maxOpportunities: integer("max_opportunities"),
    isActive: boolean("is_active").notNull().default(true),
    isPopular: boolean("is_popular").notNull().default(false),
    /**
     * Stripe price ids for this plan, when the firm made them in Stripe. Without one,
     * checkout charges the plan's own monthly or yearly price (USD, recurring) inline.
     */
    stripePriceMonthly: text("stripe_price_monthly"),
    stripePriceYearly: text("stripe_price_yearly"),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      "subscription_plans_prices_check",
      sql`${t.priceMonthly} >= 0 and ${t.priceYearly} >= 0`,
    ),
    // Pricing page: is_active order by price_monthly.
    index("subscription_plans_active_price_idx").on(t.isActive, t.priceMonthly),
  ],
);

/**
 * Fixed-window counters behind our own rate limits (sign-in per e-mail and per IP,
 * enquiries): in the database so every instance shares them.
 */
export const requestLimits = pgTable("request_limits", {
  key: text("key").primaryKey(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull().defaultNow(),
  hits: integer("hits").notNull().default(1),
});

/**
 * Transactional e-mail outbox: a mail is inserted in the same transaction as what it
 * reports (a booking), together with the job that delivers it (app/server/email/
 * outbox.server.ts, decision 019). The row is the mail and its record; the job queue
 * carries the attempts. Delivery never blocks the request and a mail server outage loses
 * nothing.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: id(),
    /** What the mail is, e.g. 'booking-receipt', 'booking-admin-notice', 'booking-confirmed'. */
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    textBody: text("text_body").notNull(),
    /** The .ics content of a calendar invite (METHOD:REQUEST), when the mail carries one. */
    ical: text("ical"),
    /** The invite's file name as the recipient sees it (the mailer's default when null). */
    icalFilename: text("ical_filename"),
    /** The alert's unsubscribe link, for the List-Unsubscribe header. */
    unsubscribeUrl: text("unsubscribe_url"),
    /** The mail stays (it may already be sent) when its booking is deleted. */
    bookingId: uuid("booking_id").references(() => consultationBookings.id, { onDelete: "set null" }),
    /** A signed agreement whose PDF is attached when the mail is sent (decision 046). */
    signedAgreementId: uuid("signed_agreement_id").references((): AnyPgColumn => signingRequests.id, { onDelete: "set null" }),
    /** A confirmed payment whose receipt PDF is attached when the mail is sent (issue 36). */
    receiptPaymentId: uuid("receipt_payment_id").references((): AnyPgColumn => payments.id, { onDelete: "set null" }),
    /** A quarterly statement attached when the mail is sent (issue 36). */
    statementId: uuid("statement_id").references((): AnyPgColumn => statements.id, { onDelete: "set null" }),
    /** Delivery attempts made so far (the job queue schedules them). */
    attempts: integer("attempts").notNull().default(0),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Set when the last attempt failed: the mail is kept, unsent, for the record. */
    givenUpAt: timestamp("given_up_at", { withTimezone: true }),
    lastError: text("last_error"),
    /**
     * A mail that must go at most once (a reminder), named: a second insert with the same
     * key adds nothing, however many times the job that writes it runs.
     */
    onceKey: text("once_key"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("email_outbox_once_key_unique").on(t.onceKey),
    // What still waits to be sent (the mail-queue metric, the re-queue after a restore).
    index("email_outbox_unsent_idx").on(t.createdAt).where(sql`${t.sentAt} is null and ${t.givenUpAt} is null`),
    // Foreign key to the booking: keeps "on delete set null" from scanning the table.
    index("email_outbox_booking_idx").on(t.bookingId),
    index("email_outbox_signed_agreement_idx").on(t.signedAgreementId),
    index("email_outbox_receipt_payment_idx").on(t.receiptPaymentId),
    index("email_outbox_statement_idx").on(t.statementId),
  ],
);

/**
 * Every admin write: who did it, what, to which record, the record's state before and
 * after, and when. Written by `recordAudit` (app/server/audit.server.ts) in the same
 * transaction as the write, so an entry exists exactly when the change does.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    /** The admin; kept as null when their account is deleted, so the history stays. */
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    /** What was done, e.g. 'booking.status', 'opportunity.create', 'slot.delete', 'user.role'. */
    action: text("action").notNull(),
    /** The table written, e.g. 'consultation_bookings'. */
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    /** JSON snapshots of the changed fields; null before a create or after a delete. */
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: createdAt(),
  },
  (t) => [
    // The admin's audit log (issue 34): (created_at, id) keyset pages, either order.
    index("audit_log_created_id_idx").on(t.createdAt, t.id),
    // One record's history, newest first.
    index("audit_log_entity_idx").on(t.entity, t.entityId, t.createdAt),
    // The log searched by a record's id, whatever its kind (issue 34).
    index("audit_log_entity_id_idx").on(t.entityId),
    // Foreign key to the user: keeps "on delete set null" from scanning the table.
    index("audit_log_actor_idx").on(t.actorId),
  ],
);

/**
 * Investors' subscriptions, as Stripe reports them through signed webhooks (issue 7): one
 * row per Stripe subscription. `status` is Stripe's own (trialing, active, past_due,
 * canceled, ...); `last_event_at` is the creation time of the newest event applied, so an
 * older event arriving late never overwrites a newer state.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** Kept when a plan row goes: the subscription outlives the catalogue entry. */
    planId: uuid("plan_id").references(() => subscriptionPlans.id, { onDelete: "set null" }),
    billingInterval: text("billing_interval", { enum: BILLING_INTERVALS }).notNull(),
    status: text("status").notNull(),
    trialEnd: timestamp("trial_end", { withTimezone: true }),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    stripeCustomerId: text("stripe_customer_id").notNull(),
    stripeSubscriptionId: text("stripe_subscription_id").notNull(),
    lastEventAt: timestamp("last_event_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("subscriptions_stripe_subscription_unique").on(t.stripeSubscriptionId),
    check("subscriptions_billing_interval_check", oneOf(t.billingInterval, BILLING_INTERVALS)),
    // The dashboard: a user's subscriptions, newest first.
    index("subscriptions_user_created_idx").on(t.userId, t.createdAt),
    index("subscriptions_plan_idx").on(t.planId),
  ],
);

/**
 * Stripe events already handled: a webhook is applied in the same transaction that
 * records its event id, so a replayed or retried event has no second effect.
 */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Devices an account has signed in from, by a hash of the browser's user agent. A sign-in
 * from a device not listed here (after the account's first) sends a security e-mail.
 */
export const knownDevices = pgTable(
  "known_devices",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    fingerprint: text("fingerprint").notNull(),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("known_devices_user_fingerprint_idx").on(t.userId, t.fingerprint)],
);

/**
 * Changes of an account's e-mail address (issue 52, item 1; decision 056), one row per
 * request made with the password (and the second factor where it is on) or a code mailed
 * to the current address. The confirmation link better-auth mails to the new address works
 * only while its row is pending (`confirm_token_hash`, a SHA-256 of the link's token). Once
 * confirmed, the old address is mailed a link that undoes the change for 72 hours
 * (`undo_token_hash`, SHA-256 of a random token, used once). Undoing one change voids the
 * account's later ones (`voided_at`), pending links and undo links alike.
 */
export const emailChanges = pgTable(
  "email_changes",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    oldEmail: text("old_email").notNull(),
    newEmail: text("new_email").notNull(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    confirmTokenHash: text("confirm_token_hash"),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    undoTokenHash: text("undo_token_hash").unique("email_changes_undo_token_hash_unique"),
    undoExpiresAt: timestamp("undo_expires_at", { withTimezone: true }),
    undoneAt: timestamp("undone_at", { withTimezone: true }),
    voidedAt: timestamp("voided_at", { withTimezone: true }),
  },
  (t) => [index("email_changes_user_idx").on(t.userId, t.requestedAt), index("email_changes_confirm_token_idx").on(t.confirmTokenHash)],
);

/**
 * Background tasks that run on a schedule across every instance (the scheduled backup): an
 * instance runs one only after claiming its row, by moving `last_started_at` forward when
 * it is due, so with several instances on one database each run happens once.
 */
export const scheduledTasks = pgTable("scheduled_tasks", {
  name: text("name").primaryKey(),
  lastStartedAt: timestamp("last_started_at", { withTimezone: true }).notNull(),
});

/**
 * bytea as bytes: node-postgres answers a Buffer, PGlite a Uint8Array; both take either.
 * (A hex string, `\\x...`, is what row_to_json and the text protocol give.)
 */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array | string }>({
  dataType: () => "bytea",
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  fromDriver: (value) => (typeof value === "string" ? Buffer.from(value.replace(/^\\x/, ""), "hex") : value),
});

/**
 * Files the site serves (issue 15, decision 017): opportunity images and library documents,
 * kept in the database itself so every instance serves what any one of them took, a backup
 * holds them, and a file changes in the same transaction as what points at it. The bytes
 * are in `stored_file_chunks`, 256 KiB a row, so neither a read nor a backup holds more
 * than a chunk per row in memory.
 */
export const storedFiles = pgTable(
  "stored_files",
  {
    id: id(),
    /** What the bytes are, as checked by their content: image/jpeg, image/png, image/webp, application/pdf. */
    contentType: text("content_type").notNull(),
    byteSize: integer("byte_size").notNull(),
    /** SHA-256 of the bytes, hex: the ETag, and a check on reassembly. */
    sha256: text("sha256").notNull(),
    /** The name the file had under DATA_DIR/uploads before files moved into the database. */
    legacyName: text("legacy_name").unique("stored_files_legacy_name_unique"),
    /**
     * A reader's stamped copy of a library document (decision 031) names the file it was
     * stamped from (no foreign key: the copy goes with that file in deleteFile, or after two
     * days in the hourly maintenance), the reader (removed with the account), and its key: the
     * digest of the source file and the stamp's words (reader, date, language), its ETag.
     */
    stampOf: uuid("stamp_of"),
    stampedFor: text("stamped_for").references(() => user.id, { onDelete: "cascade" }),
    stampKey: text("stamp_key").unique("stored_files_stamp_key_unique"),
    createdAt: createdAt(),
  },
  (t) => [
    check("stored_files_size_check", sql`${t.byteSize} >= 0`),
    check(
      "stored_files_stamp_check",
      sql`(${t.stampKey} is null and ${t.stampOf} is null and ${t.stampedFor} is null) or (${t.stampKey} is not null and ${t.stampOf} is not null and ${t.stampedFor} is not null)`,
    ),
    index("stored_files_stamp_of_idx").on(t.stampOf).where(sql`${t.stampOf} is not null`),
    index("stored_files_stamped_for_idx").on(t.stampedFor).where(sql`${t.stampedFor} is not null`),
    // The maintenance's look for copies past their day.
    index("stored_files_stamp_created_idx").on(t.createdAt).where(sql`${t.stampKey} is not null`),
  ],
);

export const storedFileChunks = pgTable(
  "stored_file_chunks",
  {
    fileId: uuid("file_id")
      .notNull()
      .references(() => storedFiles.id, { onDelete: "cascade" }),
    /** 0, 1, 2, ... in order. */
    seq: integer("seq").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] })],
);

/**
 * An opportunity's photo gallery (issue 33), in the admin's order, with a caption in each
 * language. The photo's renderings are files (decision 017): `fallback_file_id` a JPEG at
 * the largest width, and `opportunity_image_variants` AVIF and WebP at each width
 * (app/domain/opportunity-images.ts). The rows go with their opportunity; the service
 * removes the files in the same transaction (a file is never left pointing nowhere).
 */
export const opportunityImages = pgTable(
  "opportunity_images",
  {
    id: id(),
    opportunityId: uuid("opportunity_id")
      .notNull()
      .references(() => investmentOpportunities.id, { onDelete: "cascade" }),
    /** 0, 1, 2, ... in the gallery's order. */
    position: integer("position").notNull(),
    /** The largest rendering's size in pixels (the photo's own, or 1600 wide). */
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    captionEn: text("caption_en").notNull().default(""),
    captionAr: text("caption_ar").notNull().default(""),
    captionCkb: text("caption_ckb").notNull().default(""),
    fallbackFileId: uuid("fallback_file_id")
      .notNull()
      .references(() => storedFiles.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("opportunity_images_size_check", sql`${t.width} > 0 and ${t.height} > 0 and ${t.position} >= 0`),
    // The gallery of one opportunity, in order.
    index("opportunity_images_opportunity_position_idx").on(t.opportunityId, t.position),
  ],
);

export const opportunityImageVariants = pgTable(
  "opportunity_image_variants",
  {
    imageId: uuid("image_id")
      .notNull()
      .references(() => opportunityImages.id, { onDelete: "cascade" }),
    format: text("format", { enum: VARIANT_FORMATS }).notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    fileId: uuid("file_id")
      .notNull()
      .references(() => storedFiles.id, { onDelete: "restrict" }),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.format, t.width] }), check("opportunity_image_variants_format_check", oneOf(t.format, VARIANT_FORMATS))],
);

/**
 * The document library (issue 15): a PDF in `stored_files` with what readers see of it and
 * who may read it (`audience`, app/domain/documents.ts). Replacing the file points the row
 * at a new stored file in the same transaction that removes the old one.
 */
export const documents = pgTable(
  "documents",
  {
    id: id(),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    kind: text("kind", { enum: DOCUMENT_KINDS }).notNull(),
    audience: text("audience", { enum: DOCUMENT_AUDIENCES }).notNull(),
    /** The opportunity it belongs to, if any; the document stays when the opportunity goes. */
    opportunityId: uuid("opportunity_id").references(() => investmentOpportunities.id, { onDelete: "set null" }),
    fileId: uuid("file_id")
      .notNull()
      .references(() => storedFiles.id, { onDelete: "restrict" }),
    /** The name a download is saved under. */
    fileName: text("file_name").notNull(),
    pageCount: integer("page_count").notNull(),
    isPublished: boolean("is_published").notNull().default(false),
    /**
     * Confidential (issue 35, decision 045): opened only by an investor whose identity check
     * is approved and who accepted the opportunity's confidentiality agreement.
     */
    isConfidential: boolean("is_confidential").notNull().default(false),
    /** When it was first published: the date readers see. */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("documents_kind_check", oneOf(t.kind, DOCUMENT_KINDS)),
    check("documents_audience_check", oneOf(t.audience, DOCUMENT_AUDIENCES)),
    // Readers' lists: published ones of a kind, newest first.
    index("documents_published_kind_idx").on(t.isPublished, t.kind, t.publishedAt),
    index("documents_opportunity_idx").on(t.opportunityId),
    uniqueIndex("documents_file_unique").on(t.fileId),
    index("documents_created_by_idx").on(t.createdBy),
    // Admin list: all, newest first.
    index("documents_created_idx").on(t.createdAt),
  ],
);

/**
 * Downloads of library documents: a reader once per document per day (the firm's calendar
 * day, decision 031), when they first downloaded it that day; a visitor's (null) every
 * time. Null too once the account is gone.
 */
export const documentDownloads = pgTable(
  "document_downloads",
  {
    id: id(),
    documentId: uuid("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    /** The firm's calendar day of the download (yyyy-MM-dd). */
    day: date("day", { mode: "string" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // One row per reader, document and day (visitors' null readers are all distinct); also the document's index.
    uniqueIndex("document_downloads_reader_day_unique").on(t.documentId, t.userId, t.day),
    // An investor's recent activity.
    index("document_downloads_user_created_idx").on(t.userId, t.createdAt),
    // The admin's downloads list (issue 34): (created_at, id) keyset pages, either order.
    index("document_downloads_created_id_idx").on(t.createdAt, t.id),
  ],
);

/**
 * Expressions of interest (issue 15): an investor's indicated amount for an opportunity.
 * At most one live (not withdrawn) per investor and opportunity. Kept, without the
 * investor, when their account is deleted.
 */
export const opportunityInterests = pgTable(
  "opportunity_interests",
  {
    id: id(),
    opportunityId: uuid("opportunity_id")
      .notNull()
      .references(() => investmentOpportunities.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    amountUsd: money("amount_usd").notNull(),
    units: integer("units"),
    note: text("note"),
    status: text("status", { enum: INTEREST_STATUSES }).notNull().default("new"),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("opportunity_interests_status_check", oneOf(t.status, INTEREST_STATUSES)),
    check("opportunity_interests_amount_check", sql`${t.amountUsd} > 0`),
    check("opportunity_interests_units_check", sql`${t.units} is null or ${t.units} > 0`),
    uniqueIndex("opportunity_interests_live_unique")
      .on(t.opportunityId, t.userId)
      .where(sql`${t.withdrawnAt} is null and ${t.userId} is not null`),
    // The investor's list and this month's count.
    index("opportunity_interests_user_created_idx").on(t.userId, t.createdAt),
    // The admin's list (issue 34), of everyone or per opportunity: (created_at, id) keyset pages, either order.
    index("opportunity_interests_opportunity_created_id_idx").on(t.opportunityId, t.createdAt, t.id),
    index("opportunity_interests_created_id_idx").on(t.createdAt, t.id),
  ],
);

/**
 * Who asked to be e-mailed about what (app/domain/alerts.ts): one row per topic and address.
 * A visitor's address counts only once confirmed through the link sent to it; a signed-in
 * investor's own (verified) address is confirmed at once.
 */
export const alertSubscriptions = pgTable(
  "alert_subscriptions",
  {
    id: id(),
    topic: text("topic", { enum: ALERT_TOPICS }).notNull(),
    email: text("email").notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    /** SHA-256 of the confirmation link's token, until it is used. */
    confirmTokenHash: text("confirm_token_hash"),
    confirmExpiresAt: timestamp("confirm_expires_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    /** The secret of every alert's unsubscribe link (random; the link must work without signing in). */
    unsubscribeToken: text("unsubscribe_token").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("alert_subscriptions_topic_check", oneOf(t.topic, ALERT_TOPICS)),
    uniqueIndex("alert_subscriptions_topic_email_unique").on(t.topic, t.email),
    uniqueIndex("alert_subscriptions_unsubscribe_unique").on(t.unsubscribeToken),
    uniqueIndex("alert_subscriptions_confirm_unique").on(t.confirmTokenHash),
    index("alert_subscriptions_user_idx").on(t.userId),
    index("alert_subscriptions_topic_confirmed_idx").on(t.topic, t.confirmedAt),
    // The admin's subscribers list (issue 34): (created_at, id) keyset pages, either order.
    index("alert_subscriptions_created_id_idx").on(t.createdAt, t.id),
  ],
);

/**
 * New-opportunity alerts handled, once per opportunity and subscriber however many
 * instances look: mailed, or settled without a mail (it was already visible to them when
 * they subscribed).
 */
export const opportunityAlerts = pgTable(
  "opportunity_alerts",
  {
    opportunityId: uuid("opportunity_id")
      .notNull()
      .references(() => investmentOpportunities.id, { onDelete: "cascade" }),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => alertSubscriptions.id, { onDelete: "cascade" }),
    mailed: boolean("mailed").notNull(),
    handledAt: timestamp("handled_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.opportunityId, t.subscriptionId] }), index("opportunity_alerts_subscription_idx").on(t.subscriptionId)],
);

/**
 * The version of what visitors' public pages show (issue 18, decision 024): one row, raised
 * by a trigger on every change to the tables those pages read (opportunities and their
 * translations and photos, plans, documents, slots; see the migrations). Each instance's render cache
 * keeps a page only while this is the version it was rendered at, so an admin's change
 * shows on the next request everywhere.
 */
export const siteContentVersion = pgTable(
  "site_content_version",
  {
    id: integer("id").primaryKey().default(1),
    version: bigint("version", { mode: "number" }).notNull().default(0),
  },
  (t) => [check("site_content_version_one_row", sql`${t.id} = 1`)],
);

/**
 * The firm's advisers (issue 33), shown on /team and the home page when published, in
 * `position` order. `role` and `bio` are the English; `adviser_translations` holds the
 * Arabic and Sorani where an admin wrote them. `languages` are codes of ADVISER_LANGUAGES,
 * `markets` of ADVISER_MARKETS (app/domain/advisers.ts); the photo is a stored image
 * (/media/<file id>.<ext>) removed with the adviser.
 */
export const advisers = pgTable(
  "advisers",
  {
    id: id(),
    name: text("name").notNull(),
    role: text("role").notNull(),
    bio: text("bio").notNull(),
    languages: text("languages").array().notNull().default(sql`'{}'::text[]`),
    markets: text("markets").array().notNull().default(sql`'{}'::text[]`),
    photoUrl: text("photo_url"),
    position: integer("position").notNull().default(0),
    isPublished: boolean("is_published").notNull().default(false),
    /**
     * The adviser's own account (issue 37), role "adviser" in user_roles: they sign in to
     * see their own bookings, availability and messages. Null until an admin invites them.
     */
    userId: text("user_id")
      .unique("advisers_user_id_unique")
      .references(() => user.id, { onDelete: "set null" }),
    /** Whether visitors are offered this adviser's times (app/domain/adviser-schedule.ts). */
    takesBookings: boolean("takes_bookings").notNull().default(false),
    /** The zone of the working hours; the firm's (FIRM_TIME_ZONE) when null. */
    timeZone: text("time_zone"),
    /** ISO weekdays worked, 1 Monday to 7 Sunday. */
    workDays: smallint("work_days").array().notNull().default(sql`'{1,2,3,4,5}'::smallint[]`),
    workStart: time("work_start").notNull().default("09:00"),
    workEnd: time("work_end").notNull().default("17:00"),
    /** Kept free before and after each meeting: a slot clashing with a booking widened by both is not offered. */
    bufferBeforeMinutes: smallint("buffer_before_minutes").notNull().default(0),
    bufferAfterMinutes: smallint("buffer_after_minutes").notNull().default(0),
    /** Hours of notice a booking with them needs; BOOKING_NOTICE_HOURS when null. */
    noticeHours: smallint("notice_hours"),
    /** When "any adviser" last gave them a booking: the round robin's tie-break. */
    lastAssignedAt: timestamp("last_assigned_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("advisers_work_days_check", sql`${t.workDays} <@ array[1, 2, 3, 4, 5, 6, 7]::smallint[] and cardinality(${t.workDays}) > 0`),
    check("advisers_work_hours_check", sql`${t.workEnd} > ${t.workStart}`),
    check("advisers_buffers_check", sql`${t.bufferBeforeMinutes} between 0 and 120 and ${t.bufferAfterMinutes} between 0 and 120`),
    check("advisers_notice_check", sql`${t.noticeHours} is null or ${t.noticeHours} between 0 and 336`),
    check("advisers_languages_check", sql`${t.languages} <@ array[${sql.raw(ADVISER_LANGUAGES.map((v) => `'${v}'`).join(", "))}]::text[]`),
    check("advisers_markets_check", sql`${t.markets} <@ array[${sql.raw(ADVISER_MARKETS.map((v) => `'${v}'`).join(", "))}]::text[]`),
    // The public list: published ones in order.
    index("advisers_published_position_idx").on(t.isPublished, t.position),
  ],
);

/** An adviser's role and biography in Arabic or Sorani (both, or the row is absent and the English shows). */
export const adviserTranslations = pgTable(
  "adviser_translations",
  {
    adviserId: uuid("adviser_id")
      .notNull()
      .references(() => advisers.id, { onDelete: "cascade" }),
    locale: text("locale", { enum: ADVISER_TEXT_LOCALES }).notNull(),
    role: text("role").notNull(),
    bio: text("bio").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.adviserId, t.locale] }), check("adviser_translations_locale_check", oneOf(t.locale, ADVISER_TEXT_LOCALES))],
);

/**
 * Which columns an admin has hidden in each admin table (issue 34): remembered for the
 * person, on every device, rather than in one browser. A missing row shows every column.
 */
export const adminTablePreferences = pgTable(
  "admin_table_preferences",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The table, one of ADMIN_TABLES (app/domain/admin-table.ts). */
    tableKey: text("table_key", { enum: ADMIN_TABLES }).notNull(),
    hiddenColumns: text("hidden_columns").array().notNull().default(sql`'{}'::text[]`),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tableKey] }), check("admin_table_preferences_table_key_check", oneOf(t.tableKey, ADMIN_TABLES))],
);

/**
 * The firm's qualification statements (issue 35, decision 043), in English, Arabic and
 * Sorani. A statement is a lineage of versions: an admin's edit inserts the next version and
 * retires the one before, so a version an investor confirmed never changes. At most one
 * version of a lineage is live (not retired).
 */
export const qualificationStatements = pgTable(
  "qualification_statements",
  {
    id: id(),
    /** The same for every version of one statement: the first version's id. */
    lineage: uuid("lineage").notNull(),
    version: integer("version").notNull().default(1),
    jurisdiction: text("jurisdiction", { enum: QUALIFICATION_JURISDICTIONS }).notNull(),
    /** False for "none of these": an investor who confirms it sees public material only. */
    qualifies: boolean("qualifies").notNull(),
    position: integer("position").notNull().default(0),
    titleEn: text("title_en").notNull(),
    bodyEn: text("body_en").notNull(),
    titleAr: text("title_ar").notNull(),
    bodyAr: text("body_ar").notNull(),
    titleCkb: text("title_ckb").notNull(),
    bodyCkb: text("body_ckb").notNull(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    retiredAt: timestamp("retired_at", { withTimezone: true }),
  },
  (t) => [
    check("qualification_statements_jurisdiction_check", oneOf(t.jurisdiction, QUALIFICATION_JURISDICTIONS)),
    check("qualification_statements_version_check", sql`${t.version} >= 1`),
    unique("qualification_statements_lineage_version_unique").on(t.lineage, t.version),
    // One live version per statement.
    uniqueIndex("qualification_statements_live_idx").on(t.lineage).where(sql`${t.retiredAt} is null`),
  ],
);

/**
 * Each investor's answers, newest last (the latest is where they stand): the version they
 * confirmed, and its title and wording word for word in the language they read, with its
 * SHA-256, when and from which address. Removed with the account.
 */
export const investorQualifications = pgTable(
  "investor_qualifications",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    statementId: uuid("statement_id")
      .notNull()
      .references(() => qualificationStatements.id, { onDelete: "restrict" }),
    qualifies: boolean("qualifies").notNull(),
    jurisdiction: text("jurisdiction", { enum: QUALIFICATION_JURISDICTIONS }).notNull(),
    locale: text("locale", { enum: LOCALES }).notNull(),
    title: text("title").notNull(),
    wording: text("wording").notNull(),
    wordingSha256: text("wording_sha256").notNull(),
    ipAddress: text("ip_address"),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("investor_qualifications_jurisdiction_check", oneOf(t.jurisdiction, QUALIFICATION_JURISDICTIONS)),
    check("investor_qualifications_locale_check", oneOf(t.locale, LOCALES)),
    index("investor_qualifications_user_idx").on(t.userId, t.confirmedAt),
    index("investor_qualifications_statement_idx").on(t.statementId),
  ],
);

/**
 * Each investor's identity check (issue 35, decision 044): one per account, its state and
 * what the admin decided. Kept when the account is deleted (the user becomes null and
 * `retain_until` is set) for the record-keeping period, then removed with its files by the
 * hourly maintenance.
 */
export const identityChecks = pgTable(
  "identity_checks",
  {
    id: id(),
    userId: text("user_id")
      .unique("identity_checks_user_id_unique")
      .references(() => user.id, { onDelete: "set null" }),
    status: text("status", { enum: IDENTITY_STATUSES }).notNull(),
    documentType: text("document_type", { enum: IDENTITY_DOCUMENT_TYPES }).notNull(),
    entityName: text("entity_name"),
    entityNumber: text("entity_number"),
    entityCountry: text("entity_country"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull(),
    reviewedBy: text("reviewed_by").references(() => user.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    rejectionReason: text("rejection_reason"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    /** Set when the account is deleted: the files are removed after this (IDENTITY_RETENTION_YEARS). */
    retainUntil: timestamp("retain_until", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("identity_checks_status_check", oneOf(t.status, IDENTITY_STATUSES)),
    check("identity_checks_document_type_check", oneOf(t.documentType, IDENTITY_DOCUMENT_TYPES)),
    // The admins' queue, oldest waiting first; the maintenance's look for approvals ending.
    index("identity_checks_status_submitted_idx").on(t.status, t.submittedAt),
    index("identity_checks_expires_idx").on(t.expiresAt).where(sql`${t.status} = 'approved'`),
    index("identity_checks_retain_idx").on(t.retainUntil).where(sql`${t.retainUntil} is not null`),
  ],
);

/**
 * A file sealed at rest (decision 044): its name, type, size and the plaintext's SHA-256
 * (checked when it is opened); the bytes under a key of their own (AES-256-GCM: `iv`,
 * `auth_tag`, `ciphertext`), that key sealed under the master key `key_id` (`wrapped_key`).
 */
const sealedFile = () => ({
  fileName: text("file_name").notNull(),
  contentType: text("content_type").notNull(),
  byteSize: integer("byte_size").notNull(),
  sha256: text("sha256").notNull(),
  keyId: text("key_id").notNull(),
  wrappedKey: bytea("wrapped_key").notNull(),
  iv: bytea("iv").notNull(),
  authTag: bytea("auth_tag").notNull(),
  ciphertext: bytea("ciphertext").notNull(),
  createdAt: createdAt(),
});

/**
 * A check's files, sealed (decision 044): the bytes under a key of their own (AES-256-GCM:
 * `iv`, `auth_tag`, `ciphertext`), that key sealed under the master key `key_id`
 * (`wrapped_key`). `sha256` is the plaintext's, checked when it is opened. Never in
 * stored_files: those are served to the public.
 */
export const identityFiles = pgTable(
  "identity_files",
  {
    id: uuid("id").primaryKey(),
    checkId: uuid("check_id")
      .notNull()
      .references(() => identityChecks.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: IDENTITY_FILE_KINDS }).notNull(),
    ...sealedFile(),
  },
  (t) => [
    check("identity_files_kind_check", oneOf(t.kind, IDENTITY_FILE_KINDS)),
    unique("identity_files_check_kind_unique").on(t.checkId, t.kind),
    // The maintenance's look for keys sealed under a master key that is not the current one.
    index("identity_files_key_idx").on(t.keyId),
  ],
);

/**
 * An opportunity's confidentiality agreement (issue 35, decision 045), in versions: an
 * admin's edit inserts the next version; a version is never changed, so what an investor
 * accepted stays as it was. The opportunity may go; its agreements and their acceptances
 * stay (the title is kept).
 */
export const ndaVersions = pgTable(
  "nda_versions",
  {
    id: id(),
    opportunityId: uuid("opportunity_id").references(() => investmentOpportunities.id, { onDelete: "set null" }),
    opportunityTitle: text("opportunity_title").notNull(),
    version: integer("version").notNull(),
    bodyEn: text("body_en").notNull(),
    bodyAr: text("body_ar").notNull(),
    bodyCkb: text("body_ckb").notNull(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("nda_versions_version_check", sql`${t.version} >= 1`),
    unique("nda_versions_opportunity_version_unique").on(t.opportunityId, t.version),
  ],
);

/**
 * Who accepted which version, when, from which address, in which language, and the
 * SHA-256 of the text they read. A business record: kept, without the account, when the
 * account is deleted (the name and address accepted under stay).
 */
export const ndaAcceptances = pgTable(
  "nda_acceptances",
  {
    id: id(),
    ndaVersionId: uuid("nda_version_id")
      .notNull()
      .references(() => ndaVersions.id, { onDelete: "restrict" }),
    opportunityId: uuid("opportunity_id").references(() => investmentOpportunities.id, { onDelete: "set null" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    signerName: text("signer_name").notNull(),
    signerEmail: text("signer_email").notNull(),
    locale: text("locale", { enum: LOCALES }).notNull(),
    textSha256: text("text_sha256").notNull(),
    ipAddress: text("ip_address"),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("nda_acceptances_locale_check", oneOf(t.locale, LOCALES)),
    unique("nda_acceptances_version_user_unique").on(t.ndaVersionId, t.userId),
    index("nda_acceptances_user_idx").on(t.userId, t.opportunityId),
  ],
);

/**
 * Agreements to sign (issue 35, item 4; decision 046): one investor, one opportunity, a
 * reservation agreement or an expression of interest, prepared by an admin from a template
 * with fields. The prepared PDF is kept as the investor read it (its SHA-256 beside it);
 * signing adds the signature page and the audit trail, and the sealed file is kept too.
 * A business record: kept, without the account, when the account is deleted (the name and
 * address it was prepared for stay). The one-time code is kept only as a hash.
 */
export const signingRequests = pgTable(
  "signing_requests",
  {
    id: id(),
    kind: text("kind", { enum: SIGNING_KINDS }).notNull(),
    status: text("status", { enum: SIGNING_STATUSES }).notNull().default("awaiting"),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    investorName: text("investor_name").notNull(),
    investorEmail: text("investor_email").notNull(),
    opportunityId: uuid("opportunity_id").references(() => investmentOpportunities.id, { onDelete: "set null" }),
    opportunityTitle: text("opportunity_title").notNull(),
    locale: text("locale", { enum: LOCALES }).notNull(),
    unit: text("unit").notNull(),
    /** The amount in minor units (cents, fils): exact, never a float. */
    amountMinor: bigint("amount_minor", { mode: "bigint" }).notNull(),
    currency: text("currency", { enum: CURRENCIES }).notNull(),
    paymentPlan: text("payment_plan").notNull(),
    preparedBy: text("prepared_by").references(() => user.id, { onDelete: "set null" }),
    preparedByName: text("prepared_by_name").notNull(),
    preparedAt: timestamp("prepared_at", { withTimezone: true }).notNull().defaultNow(),
    preparedPdf: bytea("prepared_pdf").notNull(),
    preparedSha256: text("prepared_sha256").notNull(),
    codeHash: text("code_hash"),
    codeSentAt: timestamp("code_sent_at", { withTimezone: true }),
    codeExpiresAt: timestamp("code_expires_at", { withTimezone: true }),
    codeTries: integer("code_tries").notNull().default(0),
    /** Where the code now waiting was mailed (issue 52, item 1): the address the signature page names. */
    codeSentTo: text("code_sent_to"),
    signerName: text("signer_name"),
    signatureStyle: text("signature_style", { enum: ["drawn", "adopted"] }),
    signedAt: timestamp("signed_at", { withTimezone: true }),
    signedIp: text("signed_ip"),
    /** SHA-256 of the agreement with its signature page, before the audit trail and the seal. */
    signedPagesSha256: text("signed_pages_sha256"),
    signedPdf: bytea("signed_pdf"),
    /** SHA-256 of the sealed file as kept and mailed. */
    signedSha256: text("signed_sha256"),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
  },
  (t) => [
    check("signing_requests_kind_check", oneOf(t.kind, SIGNING_KINDS)),
    check("signing_requests_status_check", oneOf(t.status, SIGNING_STATUSES)),
    check("signing_requests_currency_check", oneOf(t.currency, CURRENCIES)),
    check("signing_requests_locale_check", oneOf(t.locale, LOCALES)),
    check("signing_requests_amount_check", sql`${t.amountMinor} > 0`),
    check("signing_requests_signed_check", sql`${t.status} <> 'signed' or (${t.signedPdf} is not null and ${t.signedSha256} is not null and ${t.signedAt} is not null)`),
    index("signing_requests_user_idx").on(t.userId, t.preparedAt),
    index("signing_requests_opportunity_idx").on(t.opportunityId, t.userId),
  ],
);

/** An agreement's audit trail: each event, when, from which address, by whom (as they were named then). */
export const signingEvents = pgTable(
  "signing_events",
  {
    id: id(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => signingRequests.id, { onDelete: "cascade" }),
    event: text("event", { enum: SIGNING_EVENTS }).notNull(),
    actor: text("actor").notNull(),
    ipAddress: text("ip_address"),
    /** For a code sent: the address it was mailed to (issue 52, item 1). */
    sentTo: text("sent_to"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("signing_events_event_check", oneOf(t.event, SIGNING_EVENTS)), index("signing_events_request_idx").on(t.requestId, t.at)],
);

/**
 * The firm's seal when configuration names none: a self-signed PKCS#12 made on first start,
 * kept here so that every instance seals with the same one. Its passphrase is derived from
 * the session secret, which a backup does not hold.
 */
export const sealKeys = pgTable("seal_keys", {
  name: text("name").primaryKey(),
  p12: bytea("p12").notNull(),
  createdAt: createdAt(),
});

/**
 * An opportunity's payment plan (issue 36): the escrow account investors pay into. Its
 * instalments are `plan_instalments`; changing the account is audited and mailed to every
 * committed investor.
 */
export const paymentPlans = pgTable("payment_plans", {
  opportunityId: uuid("opportunity_id")
    .primaryKey()
    .references(() => investmentOpportunities.id, { onDelete: "cascade" }),
  escrowBank: text("escrow_bank").notNull(),
  escrowAccountName: text("escrow_account_name").notNull(),
  /** Electronic form, checked (ibantools). */
  escrowIban: text("escrow_iban").notNull(),
  escrowBic: text("escrow_bic").notNull(),
  updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A change of an opportunity's escrow account waiting to take effect (issue 52, decision
 * 058): the account in force (payment_plans) stays until a second admin approves the
 * change, or, when the firm had one admin when it was asked for, until `takes_effect_at`
 * (24 hours on, every committed investor told at once). At most one waits per plan.
 */
export const escrowAccountChanges = pgTable(
  "escrow_account_changes",
  {
    id: id(),
    opportunityId: uuid("opportunity_id")
      .notNull()
      .references(() => paymentPlans.opportunityId, { onDelete: "cascade" }),
    escrowBank: text("escrow_bank").notNull(),
    escrowAccountName: text("escrow_account_name").notNull(),
    escrowIban: text("escrow_iban").notNull(),
    escrowBic: text("escrow_bic").notNull(),
    status: text("status", { enum: ESCROW_CHANGE_STATUSES }).notNull().default("pending"),
    /** Set when the firm had one admin: the change then takes effect at this time unless stopped. */
    takesEffectAt: timestamp("takes_effect_at", { withTimezone: true }),
    requestedBy: text("requested_by").references(() => user.id, { onDelete: "set null" }),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    /** Who approved or stopped it (null: the hold ran out, or the account is gone). */
    decidedBy: text("decided_by").references(() => user.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    check("escrow_account_changes_status_check", oneOf(t.status, ESCROW_CHANGE_STATUSES)),
    check("escrow_account_changes_decided_check", sql`(${t.status} = 'pending') = (${t.decidedAt} is null)`),
    // One change waits per plan at a time.
    uniqueIndex("escrow_account_changes_one_pending").on(t.opportunityId).where(sql`${t.status} = 'pending'`),
    index("escrow_account_changes_opportunity_idx").on(t.opportunityId, t.requestedAt),
  ],
);

/**
 * Second-factor codes already used (issue 52, decision 058), by account, for a few minutes:
 * a code seen once is not accepted again within its window. The code is kept as a SHA-256
 * with the account's id, never as typed; the hourly maintenance forgets old rows.
 */
export const usedSecondFactorCodes = pgTable(
  "used_second_factor_codes",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] }), index("used_second_factor_codes_used_at_idx").on(t.usedAt)],
);

/**
 * An opportunity's construction milestones that instalments wait for; certified by an
 * admin with a date and a note. `level` is the floor for "structure", 0 for the others.
 */
export const constructionMilestones = pgTable(
  "construction_milestones",
  {
    id: id(),
    opportunityId: uuid("opportunity_id")
      .notNull()
      .references(() => investmentOpportunities.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: MILESTONE_KINDS }).notNull(),
    level: integer("level").notNull().default(0),
    certifiedOn: date("certified_on", { mode: "string" }),
    note: text("note"),
    /** Days from certification to the calls' due date. */
    dueDays: integer("due_days"),
    /** The photographs that came with the certification: our image addresses. */
    photos: jsonb("photos").$type<string[]>().notNull().default([]),
    certifiedBy: text("certified_by").references(() => user.id, { onDelete: "set null" }),
    certifiedAt: timestamp("certified_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("construction_milestones_kind_check", oneOf(t.kind, MILESTONE_KINDS)),
    check("construction_milestones_level_check", sql`(${t.kind} = 'structure') = (${t.level} > 0)`),
    check("construction_milestones_certified_check", sql`(${t.certifiedOn} is null) = (${t.certifiedAt} is null)`),
    unique("construction_milestones_opportunity_kind_level_unique").on(t.opportunityId, t.kind, t.level),
  ],
);

/** A payment plan's instalments, in order: a share of each commitment, due on a date or at a milestone. */
export const planInstalments = pgTable(
  "plan_instalments",
  {
    id: id(),
    opportunityId: uuid("opportunity_id")
      .notNull()
      .references(() => paymentPlans.opportunityId, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    label: text("label").notNull(),
    /** Basis points of the commitment (10,000 = 100 %). */
    sharePoints: integer("share_points").notNull(),
    dueKind: text("due_kind", { enum: INSTALMENT_DUE_KINDS }).notNull(),
    dueOn: date("due_on", { mode: "string" }),
    milestoneId: uuid("milestone_id").references(() => constructionMilestones.id, { onDelete: "restrict" }),
  },
  (t) => [
    check("plan_instalments_due_kind_check", oneOf(t.dueKind, INSTALMENT_DUE_KINDS)),
    check("plan_instalments_share_check", sql`${t.sharePoints} > 0 and ${t.sharePoints} <= 10000`),
    check("plan_instalments_due_check", sql`(${t.dueKind} = 'date' and ${t.dueOn} is not null and ${t.milestoneId} is null) or (${t.dueKind} = 'milestone' and ${t.milestoneId} is not null and ${t.dueOn} is null)`),
    unique("plan_instalments_opportunity_position_unique").on(t.opportunityId, t.position),
    index("plan_instalments_milestone_idx").on(t.milestoneId),
  ],
);

/**
 * An investor's commitment to an opportunity (issue 36): from a signed reservation
 * agreement, or recorded by an admin. The names are kept as they were, so the record
 * outlives the account and the opportunity (a business record, like the agreement).
 */
export const commitments = pgTable(
  "commitments",
  {
    id: id(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    investorName: text("investor_name").notNull(),
    investorEmail: text("investor_email").notNull(),
    entityName: text("entity_name"),
    opportunityId: uuid("opportunity_id").references(() => investmentOpportunities.id, { onDelete: "set null" }),
    opportunityTitle: text("opportunity_title").notNull(),
    unit: text("unit").notNull(),
    /** Minor units in the currency's scale (decision 047). */
    amountMinor: bigint("amount_minor", { mode: "bigint" }).notNull(),
    currency: text("currency", { enum: CURRENCIES }).notNull(),
    source: text("source", { enum: COMMITMENT_SOURCES }).notNull(),
    signingRequestId: uuid("signing_request_id")
      .unique("commitments_signing_request_unique")
      .references(() => signingRequests.id, { onDelete: "set null" }),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("commitments_currency_check", oneOf(t.currency, CURRENCIES)),
    check("commitments_source_check", oneOf(t.source, COMMITMENT_SOURCES)),
    check("commitments_amount_check", sql`${t.amountMinor} > 0`),
    index("commitments_user_idx").on(t.userId, t.createdAt),
    index("commitments_opportunity_idx").on(t.opportunityId, t.createdAt),
  ],
);

/**
 * An instalment called from one commitment: its amount (the commitment's share, split
 * exactly), due date and the milestone that called it. One per commitment and instalment.
 */
export const instalmentCalls = pgTable(
  "instalment_calls",
  {
    id: id(),
    commitmentId: uuid("commitment_id")
      .notNull()
      .references(() => commitments.id, { onDelete: "cascade" }),
    instalmentId: uuid("instalment_id").references(() => planInstalments.id, { onDelete: "set null" }),
    position: integer("position").notNull(),
    label: text("label").notNull(),
    amountMinor: bigint("amount_minor", { mode: "bigint" }).notNull(),
    currency: text("currency", { enum: CURRENCIES }).notNull(),
    milestoneId: uuid("milestone_id").references(() => constructionMilestones.id, { onDelete: "set null" }),
    dueOn: date("due_on", { mode: "string" }).notNull(),
    calledAt: timestamp("called_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("instalment_calls_currency_check", oneOf(t.currency, CURRENCIES)),
    check("instalment_calls_amount_check", sql`${t.amountMinor} > 0`),
    unique("instalment_calls_commitment_instalment_unique").on(t.commitmentId, t.instalmentId),
    index("instalment_calls_due_idx").on(t.dueOn),
  ],
);

/** The reminders sent of each call: one row each, so each goes once across instances and restarts. */
export const callReminders = pgTable(
  "call_reminders",
  {
    callId: uuid("call_id")
      .notNull()
      .references(() => instalmentCalls.id, { onDelete: "cascade" }),
    lead: text("lead", { enum: CALL_REMINDER_LEADS }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.callId, t.lead] }), check("call_reminders_lead_check", oneOf(t.lead, CALL_REMINDER_LEADS))],
);

/**
 * A transfer into escrow an investor recorded against a commitment (and the call it pays):
 * the date, the amount as sent and the bank's reference. An admin confirms what was
 * received (all or part), which issues a numbered receipt, kept as a PDF with its SHA-256.
 * Nothing is paid through the product: it tracks payments into the escrow account.
 */
export const payments = pgTable(
  "payments",
  {
    id: id(),
    commitmentId: uuid("commitment_id")
      .notNull()
      .references(() => commitments.id, { onDelete: "cascade" }),
    callId: uuid("call_id").references(() => instalmentCalls.id, { onDelete: "set null" }),
    recordedBy: text("recorded_by").references(() => user.id, { onDelete: "set null" }),
    transferredOn: date("transferred_on", { mode: "string" }).notNull(),
    amountMinor: bigint("amount_minor", { mode: "bigint" }).notNull(),
    currency: text("currency", { enum: CURRENCIES }).notNull(),
    reference: text("reference").notNull(),
    /**
     * The escrow account the investor was shown when they recorded the transfer, which the
     * receipt names (issue 52, item 10). Null on transfers recorded before: their receipt
     * names the account in force when it is issued.
     */
    escrowBank: text("escrow_bank"),
    escrowAccountName: text("escrow_account_name"),
    escrowIban: text("escrow_iban"),
    escrowBic: text("escrow_bic"),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull().default("recorded"),
    /** What the escrow account received, as the admin confirmed it (it may be less than sent). */
    receivedMinor: bigint("received_minor", { mode: "bigint" }),
    reviewNote: text("review_note"),
    reviewedBy: text("reviewed_by").references(() => user.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    receiptNumber: text("receipt_number").unique("payments_receipt_number_unique"),
    receiptPdf: bytea("receipt_pdf"),
    receiptSha256: text("receipt_sha256"),
    createdAt: createdAt(),
  },
  (t) => [
    check("payments_currency_check", oneOf(t.currency, CURRENCIES)),
    check("payments_status_check", oneOf(t.status, PAYMENT_STATUSES)),
    check("payments_amount_check", sql`${t.amountMinor} > 0`),
    check("payments_confirmed_check", sql`${t.status} <> 'confirmed' or (${t.receivedMinor} > 0 and ${t.receiptNumber} is not null and ${t.receiptPdf} is not null)`),
    index("payments_commitment_idx").on(t.commitmentId, t.createdAt),
    index("payments_call_idx").on(t.callId),
    index("payments_status_idx").on(t.status, t.createdAt),
  ],
);

/**
 * Receipt numbers, counted per year: "RC-2026-000042". A row, not a sequence, so that every
 * instance counts on the same one (the upsert's row lock puts them in turn) and a backup
 * carries it (a backup holds the tables' rows).
 */
export const receiptCounters = pgTable("receipt_counters", {
  year: integer("year").primaryKey(),
  last: integer("last").notNull(),
});

/** A transfer's proof (a bank's confirmation), sealed like the identity files (decision 044): never in stored_files. */
export const paymentProofs = pgTable("payment_proofs", {
  paymentId: uuid("payment_id")
    .primaryKey()
    .references(() => payments.id, { onDelete: "cascade" }),
  ...sealedFile(),
});

/** The tables whose rows are sealed under the identity files' master key (decision 044). */
export const SEALED_TABLES = ["identity_files", "payment_proofs", "adviser_calendars"] as const;

/**
 * What `npm run identity:reencrypt` has done (decision 060): a row of a sealed table
 * encrypted again, under a fresh data key sealed under the master key `master_key_id`. A
 * run interrupted and run again, or runs on several instances at once, skip what is here;
 * a run under another master key starts afresh (and clears the rows of older ones).
 */
export const sealedFileReencryptions = pgTable(
  "sealed_file_reencryptions",
  {
    masterKeyId: text("master_key_id").notNull(),
    sealedTable: text("sealed_table", { enum: SEALED_TABLES }).notNull(),
    rowId: uuid("row_id").notNull(),
    doneAt: timestamp("done_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.masterKeyId, t.sealedTable, t.rowId] }), check("sealed_file_reencryptions_table_check", oneOf(t.sealedTable, SEALED_TABLES))],
);

/**
 * Investors' statements (issue 36, item 5): one per investor and quarter, sent on the first
 * day of the next (the row is written with its mail, once across instances), kept for them
 * to download again. Made from the records, so they go with the account.
 */
export const statements = pgTable(
  "statements",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** "2026-Q4". */
    period: text("period").notNull(),
    asOf: date("as_of", { mode: "string" }).notNull(),
    locale: text("locale", { enum: LOCALES }).notNull(),
    pdf: bytea("pdf").notNull(),
    sha256: text("sha256").notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique("statements_user_period_unique").on(t.userId, t.period), check("statements_locale_check", oneOf(t.locale, LOCALES))],
);

/**
 * Progress updates an admin posts on an opportunity (issue 36, item 6): a status, how far
 * construction is, the text in each language and photographs. Sent to committed and
 * interested investors; `progress_update_reads` records who opened each in the product.
 */
export const progressUpdates = pgTable(
  "progress_updates",
  {
    id: id(),
    opportunityId: uuid("opportunity_id")
      .notNull()
      .references(() => investmentOpportunities.id, { onDelete: "cascade" }),
    status: text("status", { enum: PROGRESS_STATUSES }).notNull(),
    percent: integer("percent").notNull(),
    text: jsonb("text").$type<Record<"en" | "ar" | "ckb", string>>().notNull(),
    photos: jsonb("photos").$type<string[]>().notNull().default([]),
    postedBy: text("posted_by").references(() => user.id, { onDelete: "set null" }),
    postedAt: timestamp("posted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("progress_updates_status_check", oneOf(t.status, PROGRESS_STATUSES)),
    check("progress_updates_percent_check", sql`${t.percent} between 0 and 100`),
    index("progress_updates_opportunity_idx").on(t.opportunityId, t.postedAt),
  ],
);

/** Who was sent each update, and when (if) they opened it in the product. */
export const progressUpdateReaders = pgTable(
  "progress_update_readers",
  {
    updateId: uuid("update_id")
      .notNull()
      .references(() => progressUpdates.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.updateId, t.userId] }), index("progress_update_readers_user_idx").on(t.userId)],
);

/**
 * An adviser's own CalDAV calendar (issue 37, decision 050): the collection's address, the
 * user and the app password, sealed like identity files (decision 044: AES-256-GCM under a
 * key of its own, that key under the master key `secret_key_id`, bound to the adviser's id).
 * `ctag` and `sync_token` say what was last read, so a poll reads only what changed; a
 * failure is kept for the adviser and the admins, and the next poll waits longer each time.
 */
export const adviserCalendars = pgTable("adviser_calendars", {
  adviserId: uuid("adviser_id")
    .primaryKey()
    .references(() => advisers.id, { onDelete: "cascade" }),
  url: text("url").notNull(),
  username: text("username").notNull(),
  secretKeyId: text("secret_key_id").notNull(),
  secretWrappedKey: bytea("secret_wrapped_key").notNull(),
  secretIv: bytea("secret_iv").notNull(),
  secretAuthTag: bytea("secret_auth_tag").notNull(),
  secretCiphertext: bytea("secret_ciphertext").notNull(),
  ctag: text("ctag"),
  syncToken: text("sync_token"),
  lastSyncedAt: timestamp("last_synced_at", { withTimezone: true }),
  /** When every object was last read (daily): a recurring event's later times come into the horizon. */
  fullSyncAt: timestamp("full_sync_at", { withTimezone: true }),
  lastError: text("last_error"),
  failures: integer("failures").notNull().default(0),
  nextSyncAt: timestamp("next_sync_at", { withTimezone: true }).notNull().defaultNow(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * When an adviser's own calendar says they are busy (VEVENT and VFREEBUSY, recurrences
 * expanded over the booking horizon), by the calendar object it came from (`href`), so a
 * changed or removed object replaces or removes its rows. A slot overlapping one on its
 * day, with the adviser's buffers, is not offered.
 */
export const adviserBusyTimes = pgTable(
  "adviser_busy_times",
  {
    adviserId: uuid("adviser_id")
      .notNull()
      .references(() => advisers.id, { onDelete: "cascade" }),
    href: text("href").notNull(),
    /**
     * The day on the firm's clock this row falls on: a busy time is split at the firm's
     * midnights, so the offered rule matches a slot against its own day's rows only.
     */
    day: date("day", { mode: "string" }).notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("adviser_busy_times_adviser_day_idx").on(t.adviserId, t.day),
    index("adviser_busy_times_adviser_href_idx").on(t.adviserId, t.href),
    check("adviser_busy_times_order_check", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * A booking as written into its adviser's calendar: where (`href`, under that adviser's
 * collection) and at which SEQUENCE, so a move rewrites it, a handover moves it to the
 * colleague's calendar and a cancellation removes it.
 */
export const bookingCalendarEvents = pgTable("booking_calendar_events", {
  bookingId: uuid("booking_id")
    .primaryKey()
    .references(() => consultationBookings.id, { onDelete: "cascade" }),
  adviserId: uuid("adviser_id")
    .notNull()
    .references(() => advisers.id, { onDelete: "cascade" }),
  href: text("href").notNull(),
  sequence: integer("sequence").notNull(),
  updatedAt: updatedAt(),
});

/**
 * A notification (issue 39, decision 054): one event for one person, kept for the bell and
 * the list, and delivered on the channels their preferences allow. `data` holds what the
 * templates need (names, times, amounts written out), never bank details. `once_key` names a
 * notification that must exist once (a reminder, however many times its job runs).
 */
export const notifications = pgTable(
  "notifications",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTIFICATION_KIND_NAMES as [NotificationKind, ...NotificationKind[]] }).notNull(),
    data: jsonb("data").$type<Record<string, string>>().notNull().default({}),
    /** The page of its subject, a path without the language prefix ("/dashboard"). */
    link: text("link").notNull(),
    onceKey: text("once_key"),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("notifications_once_key_unique").on(t.onceKey),
    index("notifications_user_created_idx").on(t.userId, t.createdAt),
    index("notifications_user_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
    check("notifications_kind_check", oneOf(t.kind, NOTIFICATION_KIND_NAMES)),
  ],
);

/**
 * One notification's delivery on one channel beyond the product (WhatsApp): at most one per
 * notification and channel, so a job run twice, or on two instances, sends once. The Cloud
 * API's message id ties its status webhooks (sent, delivered, read, failed) to the row.
 */
export const notificationDeliveries = pgTable(
  "notification_deliveries",
  {
    id: id(),
    notificationId: uuid("notification_id")
      .notNull()
      .references(() => notifications.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: ["whatsapp"] }).notNull(),
    status: text("status", { enum: DELIVERY_STATUSES }).notNull().default("queued"),
    /** The number it goes to, E.164, as verified when it was queued. */
    toPhone: text("to_phone").notNull(),
    template: text("template").notNull(),
    /** The template's language code as sent ("ar", "en_US"). */
    language: text("language").notNull(),
    providerMessageId: text("provider_message_id"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** Not before this time (the end of the investor's quiet hours). */
    notBefore: timestamp("not_before", { withTimezone: true }).notNull().defaultNow(),
    /** When an attempt took the row: one that died mid-send is taken again after a while. */
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    readAt: timestamp("read_at", { withTimezone: true }),
    failedAt: timestamp("failed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique("notification_deliveries_channel_unique").on(t.notificationId, t.channel),
    uniqueIndex("notification_deliveries_message_unique").on(t.providerMessageId),
    index("notification_deliveries_status_idx").on(t.status, t.createdAt),
    check("notification_deliveries_status_check", oneOf(t.status, DELIVERY_STATUSES)),
    check("notification_deliveries_channel_check", sql`${t.channel} in ('whatsapp')`),
  ],
);

/** An investor's choice for one topic on one channel; a missing row is the default (e-mail on, WhatsApp off). */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    topic: text("topic", { enum: NOTIFICATION_TOPICS }).notNull(),
    channel: text("channel", { enum: NOTIFICATION_CHANNELS }).notNull(),
    enabled: boolean("enabled").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.topic, t.channel] }),
    check("notification_preferences_topic_check", oneOf(t.topic, NOTIFICATION_TOPICS)),
    check("notification_preferences_channel_check", oneOf(t.channel, NOTIFICATION_CHANNELS)),
  ],
);

/**
 * An investor's WhatsApp number and consent, and when they may be disturbed. The number is
 * used only once verified by a one-time code (`phone_code_hash`, HMAC of the code, for
 * PHONE_CODE_MINUTES); consent is given with the wording they saw, and withdrawn by them in
 * the settings or by "STOP" from the phone, at once. `fallback_locale`: the language of
 * templates not approved in theirs (Sorani).
 */
export const notificationSettings = pgTable(
  "notification_settings",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    phone: text("phone"),
    phoneVerifiedAt: timestamp("phone_verified_at", { withTimezone: true }),
    phoneCodeHash: text("phone_code_hash"),
    phoneCodeExpiresAt: timestamp("phone_code_expires_at", { withTimezone: true }),
    phoneCodeAttempts: integer("phone_code_attempts").notNull().default(0),
    consentAt: timestamp("consent_at", { withTimezone: true }),
    consentWording: text("consent_wording"),
    /** How the number was verified: a code sent by WhatsApp, or one sent from the phone through a wa.me link. */
    consentChannel: text("consent_channel", { enum: ["whatsapp-code", "wa-me"] }),
    consentWithdrawnAt: timestamp("consent_withdrawn_at", { withTimezone: true }),
    fallbackLocale: text("fallback_locale", { enum: ["en", "ar"] }).notNull().default("en"),
    quietStart: text("quiet_start"),
    quietEnd: text("quiet_end"),
    timeZone: text("time_zone").notNull().default("Asia/Baghdad"),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("notification_settings_phone_idx").on(t.phone),
    check("notification_settings_consent_channel_check", sql`${t.consentChannel} is null or ${t.consentChannel} in ('whatsapp-code', 'wa-me')`),
    check("notification_settings_fallback_check", sql`${t.fallbackLocale} in ('en', 'ar')`),
    check("notification_settings_quiet_check", sql`(${t.quietStart} is null) = (${t.quietEnd} is null)`),
  ],
);

/**
 * The investors' WhatsApp messages the webhook has acted on, by Meta's message id (issue 52,
 * item 11): a signed webhook posted again (Meta's retry, or a replay) finds its message here
 * and changes nothing, on whichever instance it arrives. `sent_at` is the message's own
 * time. Kept 30 days (the hourly maintenance); a STOP older than the consent it would end is
 * ignored anyway.
 */
export const whatsappInboundMessages = pgTable(
  "whatsapp_inbound_messages",
  {
    id: text("id").primaryKey(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("whatsapp_inbound_messages_received_idx").on(t.receivedAt)],
);

/** The record of WhatsApp consent given and withdrawn: when, how, to which number and in which words. */
export const consentRecords = pgTable(
  "consent_records",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: ["whatsapp"] }).notNull(),
    action: text("action", { enum: ["given", "withdrawn"] }).notNull(),
    /** How: "whatsapp-code", "wa-me", "settings", "stop-message". */
    means: text("means").notNull(),
    phone: text("phone").notNull(),
    wording: text("wording"),
    createdAt: createdAt(),
  },
  (t) => [index("consent_records_user_idx").on(t.userId, t.createdAt), check("consent_records_action_check", sql`${t.action} in ('given', 'withdrawn')`)],
);
