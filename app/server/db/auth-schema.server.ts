import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, timestamp, integer, bigint } from "drizzle-orm/pg-core";
import { LOCALES } from "~/i18n/locales";

/**
 * better-auth's tables, written by hand (its schema CLI does not run on Node 20).
 * Property names are the field names better-auth expects; columns are snake_case.
 */

export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  /**
   * Names given at sign-up (or by the identity provider), better-auth "additional fields".
   * A trigger copies them into the user's new `profiles` row in the same transaction.
   */
  firstName: text("first_name"),
  lastName: text("last_name"),
  /** Set by better-auth's two-factor plugin once a first TOTP code is confirmed. */
  twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
  /**
   * The language the account's e-mails are written in (issue 17): the page's at sign-up,
   * then the investor's choice on their profile. A better-auth additional field that
   * sign-up bodies cannot set.
   */
  locale: text("locale", { enum: LOCALES }).notNull().default("en"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [check("user_locale_check", sql`${t.locale} in (${sql.raw(LOCALES.map((l) => `'${l}'`).join(", "))})`)]);

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /**
     * When this session last proved a second factor (issue 52, decision 058): the code at
     * sign-in, or one typed for a guarded action. Staff act on money, identity, agreements,
     * roles and investors' data only within five minutes of it. Ours, not better-auth's: it
     * never writes or reads the column.
     */
    secondFactorAt: timestamp("second_factor_at", { withTimezone: true }),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

/** better-auth's rate-limit store (`rateLimit.storage: "database"`), shared by all instances. */
export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/**
 * better-auth's two-factor plugin: the TOTP secret and the backup codes, both encrypted
 * with the auth secret (`storeBackupCodes: "encrypted"`). `verified` stays false until the
 * first code is confirmed, so a half-finished enrolment never asks for a code at sign-in.
 */
export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [index("two_factor_user_id_idx").on(t.userId), index("two_factor_secret_idx").on(t.secret)],
);
