import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  type AnyPgColumn,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  BILLING_INTERVALS,
  BOOKING_STATUSES,
  BOOKING_TYPES,
  OPPORTUNITY_STATUSES,
  ROLES,
} from "~/domain/constants";
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
  (t) => [index("profiles_created_at_idx").on(t.createdAt.desc())],
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
    /** Kept when the admin's account goes: the slot outlives who made it. */
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    // One slot per start time per day; serves "by date ordered by start_time" and "date >= today".
    uniqueIndex("availability_slots_date_start_unique").on(t.date, t.startTime),
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
    createdAt: createdAt(),
  },
  (t) => [
    check("consultation_bookings_booking_type_check", oneOf(t.bookingType, BOOKING_TYPES)),
    check("consultation_bookings_status_check", oneOf(t.status, BOOKING_STATUSES)),
    // The rule that prevents double booking: one live (not cancelled) booking per slot.
    uniqueIndex("consultation_bookings_live_slot_unique")
      .on(t.availabilitySlotId)
      .where(sql`${t.availabilitySlotId} is not null and ${t.status} <> 'cancelled'`),
    // "Which of these slots are booked?" (including cancelled history) and the slot foreign key.
    index("consultation_bookings_slot_idx").on(t.availabilitySlotId),
    index("consultation_bookings_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("consultation_bookings_created_idx").on(t.createdAt.desc()),
    index("consultation_bookings_status_created_idx").on(t.status, t.createdAt.desc()),
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
  },
  (t) => [
    index("contact_messages_created_idx").on(t.createdAt.desc()),
    index("contact_messages_booking_idx").on(t.consultationBookingId),
  ],
);

export const investmentOpportunities = pgTable(
  "investment_opportunities",
  {
    id: id(),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
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
    index("investment_opportunities_status_created_idx").on(t.status, t.createdAt.desc()),
    // Admin list: all, newest first.
    index("investment_opportunities_created_idx").on(t.createdAt.desc()),
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
 * reports (a booking), so it commits or rolls back with it, and a worker delivers it
 * afterwards with retries (app/server/email/outbox.server.ts). Delivery never blocks the
 * request and a mail server outage loses nothing.
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
    /** The mail stays (it may already be sent) when its booking is deleted. */
    bookingId: uuid("booking_id").references(() => consultationBookings.id, { onDelete: "set null" }),
    attempts: integer("attempts").notNull().default(0),
    /** When the worker may (re)try; pushed forward while a worker holds the row (a lease). */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [
    // The worker's query: unsent rows whose time has come, oldest first.
    index("email_outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.sentAt} is null`),
    // Foreign key to the booking: keeps "on delete set null" from scanning the table.
    index("email_outbox_booking_idx").on(t.bookingId),
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
    // Admin list: all, newest first.
    index("audit_log_created_idx").on(t.createdAt.desc()),
    // One record's history, newest first.
    index("audit_log_entity_idx").on(t.entity, t.entityId, t.createdAt.desc()),
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
    index("subscriptions_user_created_idx").on(t.userId, t.createdAt.desc()),
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
 * Background tasks that run on a schedule across every instance (the scheduled backup): an
 * instance runs one only after claiming its row, by moving `last_started_at` forward when
 * it is due, so with several instances on one database each run happens once.
 */
export const scheduledTasks = pgTable("scheduled_tasks", {
  name: text("name").primaryKey(),
  lastStartedAt: timestamp("last_started_at", { withTimezone: true }).notNull(),
});
