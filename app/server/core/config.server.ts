import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parsePhoneNumberFromString } from "libphonenumber-js";
import proxyaddr from "proxy-addr";
import { z } from "zod";
import { brand } from "~/domain/brand";
import { EXAMPLE_FIRM_FACTS, type FirmFacts } from "~/domain/firm";
import { isTimeZone } from "~/domain/slots";
import { ensurePrivateDir } from "./data-dir-lock.server";
import { deriveMasterKey, keyring, parseMasterKey, type Keyring } from "./envelope.server";

/**
 * Configuration is read from the environment once, at start-up, and validated here.
 * A bad value stops the process with a message naming the variable; a missing optional
 * integration (mail, payments, OAuth) only switches that feature off.
 */

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const optionalUrl = (protocol: RegExp, hint: string) =>
  z
    .string()
    .trim()
    .transform((v) => (v === "" ? undefined : v))
    .pipe(z.url({ protocol, error: `must be a URL such as ${hint}` }).optional())
    .optional();

const httpUrl = optionalUrl(/^https?$/, "https://www.example.com");
const smtpUrl = optionalUrl(/^smtps?$/, "smtp://user:pass@smtp.example.com:587");
const postgresUrl = optionalUrl(/^postgres(ql)?$/, "postgres://user:pass@host:5432/db");

/** Unset or blank means "use the default". */
const blankAsUnset = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

function isAddressList(value: string): boolean {
  try {
    proxyaddr.compile(value.split(",").map((v) => v.trim()));
    return true;
  } catch {
    return false;
  }
}

function isTrustProxy(value: string): boolean {
  return /^(true|false|\d+)$/.test(value) || isAddressList(value);
}

/** A wait in milliseconds, between 100 ms and 10 minutes. */
const timeoutMs = (fallback: number) =>
  z.preprocess(
    blankAsUnset,
    z.coerce
      .number({ error: "must be a number of milliseconds" })
      .int("must be a whole number")
      .min(100, "must be at least 100")
      .max(600_000, "must be at most 600000")
      .default(fallback),
  );

/** A firm fact: optional text of at most `max` characters, one line. */
const firmText = (max: number) =>
  optionalString.pipe(
    z
      .string()
      .max(max, `must be ${max} characters or fewer`)
      .refine((v) => !/[\r\n]/.test(v), "must be one line")
      .optional(),
  );

/** FIRM_PHONE: a valid number in international form (+ and the country code), written as the world reads it. */
const firmPhone = optionalString.pipe(
  z
    .string()
    .transform((v, context) => {
      const parsed = v.startsWith("+") ? parsePhoneNumberFromString(v) : undefined;
      if (!parsed?.isValid()) {
        context.addIssue({ code: "custom", message: "must be a valid phone number in international form, such as +44 20 7946 0321" });
        return z.NEVER;
      }
      return parsed.formatInternational();
    })
    .optional(),
);

/** What a process may be (PROCESS_ROLE). */
export const PROCESS_ROLES = ["all", "web", "worker"] as const;
export type ProcessRole = (typeof PROCESS_ROLES)[number];

/** The firm facts a real installation must give together (decision 038); regulator and licence are a pair of their own. */
const FIRM_REQUIRED = ["FIRM_LEGAL_NAME", "FIRM_COMPANY_NUMBER", "FIRM_REGISTERED_OFFICE", "FIRM_PHONE", "FIRM_EMAIL"] as const;
const FIRM_VARIABLES = [...FIRM_REQUIRED, "FIRM_REGULATOR", "FIRM_LICENCE_NUMBER"] as const;

const envSchema = z.object({
  NODE_ENV: z.preprocess(blankAsUnset, z.enum(["development", "production", "test"]).default("production")),
  PORT: z.preprocess(
    blankAsUnset,
    z.coerce
      .number({ error: "must be a port number" })
      .int("must be a whole number")
      .min(1, "must be between 1 and 65535")
      .max(65535, "must be between 1 and 65535")
      .default(3000),
  ),
  SITE_URL: httpUrl,
  DATABASE_URL: postgresUrl,
  DATA_DIR: z.preprocess(blankAsUnset, z.string().trim().default("./data")),
  BETTER_AUTH_SECRET: optionalString.pipe(
    z.string().min(32, "must be at least 32 characters").optional(),
  ),
  SMTP_URL: smtpUrl,
  MAIL_FROM: optionalString,
  FIRM_TIME_ZONE: z.preprocess(
    blankAsUnset,
    z.string().trim().default("Europe/London").refine(isTimeZone, "must be an IANA time zone such as Europe/London"),
  ),
  /** Slots that start sooner than this many hours from now are not offered (issue 16). */
  BOOKING_NOTICE_HOURS: z.preprocess(
    blankAsUnset,
    z.coerce.number({ error: "must be a number of hours" }).min(0, "must be 0 or more").max(24 * 30, "must be at most 720").default(12),
  ),
  /** The firm's legal facts (issue 33, decision 038): all of them, or none for the demo's examples. */
  FIRM_LEGAL_NAME: firmText(200),
  FIRM_COMPANY_NUMBER: optionalString.pipe(
    z
      .string()
      .max(40, "must be 40 characters or fewer")
      .regex(/^[\p{L}\p{N}][\p{L}\p{N} ./-]*$/u, "must be letters, digits, spaces, '.', '/' or '-'")
      .optional(),
  ),
  FIRM_REGULATOR: firmText(200),
  FIRM_LICENCE_NUMBER: optionalString.pipe(
    z
      .string()
      .max(60, "must be 60 characters or fewer")
      .regex(/^[\p{L}\p{N}][\p{L}\p{N} ./-]*$/u, "must be letters, digits, spaces, '.', '/' or '-'")
      .optional(),
  ),
  FIRM_REGISTERED_OFFICE: firmText(300),
  FIRM_PHONE: firmPhone,
  FIRM_EMAIL: optionalString.pipe(z.email("must be an e-mail address such as info@example.com").optional()),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_DISCOVERY_URL: httpUrl,
  LINKEDIN_CLIENT_ID: optionalString,
  LINKEDIN_CLIENT_SECRET: optionalString,
  LINKEDIN_DISCOVERY_URL: httpUrl,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_URL: httpUrl,
  /** WhatsApp Business Cloud API (issue 39): off unless the phone number id and the token are set. */
  WHATSAPP_PHONE_NUMBER_ID: optionalString.pipe(z.string().regex(/^\d{5,20}$/, "must be the digits of the WhatsApp Business phone number id").optional()),
  WHATSAPP_ACCESS_TOKEN: optionalString,
  WHATSAPP_APP_SECRET: optionalString,
  WHATSAPP_VERIFY_TOKEN: optionalString.pipe(z.string().min(16, "must be at least 16 characters").optional()),
  WHATSAPP_API_URL: httpUrl,
  /** The business's own number, E.164, for the wa.me link an investor may send their code through. */
  WHATSAPP_BUSINESS_NUMBER: optionalString.pipe(z.string().regex(/^\+[1-9]\d{7,14}$/, "must be a phone number in international form, such as +971501234567").optional()),
  WHATSAPP_TIMEOUT_MS: timeoutMs(10_000),
  TRUST_PROXY: z.preprocess(
    blankAsUnset,
    z
      .string()
      .trim()
      .default("false")
      .refine(isTrustProxy, "must be false, true, a hop count, or proxy addresses/subnets separated by commas"),
  ),
  LOG_LEVEL: z.preprocess(
    blankAsUnset,
    z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ),
  SEED_DEMO_CONTENT: z.preprocess(blankAsUnset, z.enum(["true", "false"]).default("true")),
  /** Bounds on waiting for others (issue 14): each is how long one attempt may take. */
  SMTP_TIMEOUT_MS: timeoutMs(30_000),
  STRIPE_TIMEOUT_MS: timeoutMs(10_000),
  /** /metrics: answered with this bearer token, or to these addresses; without either, not served. */
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, "must be at least 16 characters").optional()),
  METRICS_ALLOW: optionalString.pipe(
    z.string().refine(isAddressList, "must be addresses or subnets separated by commas, such as 127.0.0.1,10.0.0.0/8").optional(),
  ),
  /**
   * Identity files (issue 35, decision 044): the master key that seals them (32 bytes,
   * base64), and the keys it replaced, until `npm run identity:rewrap` or the hourly
   * maintenance has sealed every file's key again under the new one.
   */
  IDENTITY_FILES_KEY: optionalString.pipe(z.string().refine((v) => parseMasterKey(v) !== null, "must be 32 random bytes in base64, e.g. from `openssl rand -base64 32`").optional()),
  IDENTITY_FILES_PREVIOUS_KEYS: optionalString.pipe(
    z
      .string()
      .refine((v) => v.split(",").every((k) => parseMasterKey(k) !== null), "must be keys of 32 bytes in base64, separated by commas")
      .optional(),
  ),
  /** How long an approved identity check holds before the investor is asked again. */
  IDENTITY_APPROVAL_MONTHS: z.preprocess(
    blankAsUnset,
    z.coerce.number({ error: "must be a number of months" }).int("must be a whole number").min(1, "must be at least 1").max(120, "must be at most 120").default(24),
  ),
  /** How long identity files are kept after an account is deleted (anti-money-laundering record keeping). */
  IDENTITY_RETENTION_YEARS: z.preprocess(
    blankAsUnset,
    z.coerce.number({ error: "must be a number of years" }).int("must be a whole number").min(1, "must be at least 1").max(30, "must be at most 30").default(5),
  ),
  /**
   * The firm's seal on signed agreements (issue 35, decision 046): a PKCS#12 file (.p12 or
   * .pfx) holding the certificate and its key, and its passphrase. Without it the site makes
   * a self-signed seal, named as such, on first start.
   */
  SEAL_P12_FILE: optionalString,
  SEAL_P12_PASSPHRASE: z.string().optional(),
  /** Backups (npm run backup, and the server's own schedule when BACKUP_EVERY_HOURS is set). */
  BACKUP_DIR: optionalString,
  BACKUP_EVERY_HOURS: z.preprocess(
    blankAsUnset,
    z.coerce.number({ error: "must be a number of hours" }).int("must be a whole number").min(1, "must be at least 1").max(24 * 7, "must be at most 168").optional(),
  ),
  BACKUP_KEEP: z.preprocess(
    blankAsUnset,
    z.coerce.number({ error: "must be a number" }).int("must be a whole number").min(1, "must be at least 1").max(1000, "must be at most 1000").default(7),
  ),
  /**
   * The production topology (issue 38, decision 051): what this process does. "all" serves
   * the site and runs the background work; "web" only serves; "worker" only runs the
   * background work and answers /healthz, /readyz and /metrics.
   */
  PROCESS_ROLE: z.preprocess(blankAsUnset, z.enum(PROCESS_ROLES, { error: `must be one of ${PROCESS_ROLES.join(", ")}` }).default("all")),
  /** Whether this process brings the schema up to date at start; false leaves it to `npm run migrate`. */
  MIGRATE_ON_START: z.preprocess(blankAsUnset, z.enum(["true", "false"], { error: "must be true or false" }).default("true")),
  /** A connection that is not pooled per transaction, for migrations and the job queue (LISTEN); DATABASE_URL when unset. */
  DIRECT_DATABASE_URL: postgresUrl,
  /**
   * Advisers' calendars (issue 52, item 2): whether a calendar address may reach loopback
   * and private networks (and plain http). Only for tests and development against a server
   * on this machine; refused in production, where a typed address must never reach inside.
   */
  CALDAV_ALLOW_PRIVATE_ADDRESSES: z.preprocess(blankAsUnset, z.enum(["true", "false"], { error: "must be true or false" }).default("false")),
  /** The most connections this process opens to DATABASE_URL. */
  DATABASE_POOL_MAX: z.preprocess(
    blankAsUnset,
    z.coerce.number({ error: "must be a number" }).int("must be a whole number").min(1, "must be at least 1").max(200, "must be at most 200").default(10),
  ),
}).superRefine((env, context) => {
  // The embedded database lives in one process's memory: it cannot be shared by a web
  // process and a worker, nor migrated by another process while it runs.
  if (!env.DATABASE_URL) {
    if (env.PROCESS_ROLE !== "all") {
      context.addIssue({ code: "custom", path: ["PROCESS_ROLE"], message: `must be all without DATABASE_URL: the embedded database is one process, so ${env.PROCESS_ROLE} needs PostgreSQL` });
    }
    if (env.MIGRATE_ON_START === "false") {
      context.addIssue({ code: "custom", path: ["MIGRATE_ON_START"], message: "must be true without DATABASE_URL: the embedded database is migrated by the process that opens it" });
    }
    if (env.DIRECT_DATABASE_URL) {
      context.addIssue({ code: "custom", path: ["DIRECT_DATABASE_URL"], message: "is set without DATABASE_URL: set both, or neither for the embedded database" });
    }
  }
  // With PostgreSQL there may be several instances, each with its own DATA_DIR: a secret
  // generated there would differ between them, and sessions, booking links and two-factor
  // keys made by one would be refused by the others (issue 32). The embedded database
  // runs one instance, which keeps the secret it generated.
  if (env.DATABASE_URL && !env.BETTER_AUTH_SECRET) {
    context.addIssue({
      code: "custom",
      path: ["BETTER_AUTH_SECRET"],
      message:
        "must be set when DATABASE_URL is set: the same secret on every instance (at least 32 characters, e.g. from `openssl rand -base64 32`), " +
        "or sessions, booking links and two-factor keys made by one instance are refused by the others",
    });
  }
  // A typed calendar address reaching this machine or the firm's network is what issue 52
  // closed: the exception the tests need is never a production setting.
  if (env.NODE_ENV === "production" && env.CALDAV_ALLOW_PRIVATE_ADDRESSES === "true") {
    context.addIssue({
      code: "custom",
      path: ["CALDAV_ALLOW_PRIVATE_ADDRESSES"],
      message: "must be false in production (NODE_ENV=production): advisers' calendar addresses may reach public addresses only",
    });
  }
  // The firm's legal facts come whole or not at all (decision 038): a page must never show
  // a real company number beside the demo's example office.
  const given = FIRM_VARIABLES.filter((name) => env[name] !== undefined);
  if (given.length > 0) {
    for (const name of FIRM_REQUIRED) {
      if (env[name] === undefined) {
        context.addIssue({
          code: "custom",
          path: [name],
          message: `must be set when ${given.join(", ")} ${given.length === 1 ? "is" : "are"} set: the firm's legal facts are given together (or none, for the demo's marked examples)`,
        });
      }
    }
  }
  if ((env.FIRM_REGULATOR === undefined) !== (env.FIRM_LICENCE_NUMBER === undefined)) {
    const missing = env.FIRM_REGULATOR === undefined ? "FIRM_REGULATOR" : "FIRM_LICENCE_NUMBER";
    context.addIssue({
      code: "custom",
      path: [missing],
      message: "must be set together with FIRM_REGULATOR/FIRM_LICENCE_NUMBER: a licence number names its regulator (leave both unset where the firm has none)",
    });
  }
});

export type Env = z.infer<typeof envSchema>;

/** Every variable the server reads (each documented in .env.example and the README). */
export const ENV_VARIABLES = Object.keys(envSchema.shape) as Array<keyof Env>;

export interface OAuthProviderConfig {
  clientId: string;
  clientSecret: string;
  discoveryUrl: string;
}

export interface AppConfig {
  env: Env["NODE_ENV"];
  isProduction: boolean;
  port: number;
  siteUrl: string;
  databaseUrl: string | undefined;
  /** For migrations and the job queue: DIRECT_DATABASE_URL, else DATABASE_URL. */
  directDatabaseUrl: string | undefined;
  databasePoolMax: number;
  /** PROCESS_ROLE: whether this process serves the site, runs the background work, or both. */
  role: ProcessRole;
  migrateOnStart: boolean;
  dataDir: string;
  authSecret: string;
  /**
   * Where the secret came from: BETTER_AUTH_SECRET, or the file generated in DATA_DIR.
   * A backup carries neither (decision 060); a restore is told which one to supply.
   */
  authSecretSource: "environment" | "data-dir";
  firmTimeZone: string;
  /** BOOKING_NOTICE_HOURS: how far ahead a slot must start to be offered. */
  bookingNoticeHours: number;
  /** Express `trust proxy` value: false by default, so a client-sent X-Forwarded-For is ignored. */
  trustProxy: boolean | number | string;
  logLevel: Env["LOG_LEVEL"];
  /** The firm's legal facts (FIRM_*), or the demo's example values, marked as such (decision 038). */
  firm: FirmFacts;
  /** Whether an empty database gets the demo opportunities, plans and slots. */
  seedDemoContent: boolean;
  mail: { smtpUrl: string | undefined; from: string; timeoutMs: number };
  google: OAuthProviderConfig | undefined;
  linkedin: OAuthProviderConfig | undefined;
  stripe: { secretKey: string; webhookSecret: string | undefined; apiUrl: string | undefined; timeoutMs: number } | undefined;
  /** WhatsApp Business Cloud API; undefined when not configured (nothing is sent there). */
  whatsapp:
    | { phoneNumberId: string; accessToken: string; appSecret: string | undefined; verifyToken: string | undefined; apiUrl: string; businessNumber: string | undefined; timeoutMs: number }
    | undefined;
  /** Who may read /metrics; undefined when neither a token nor addresses are set (not served). */
  metrics: { token: string | undefined; allow: string[] } | undefined;
  identity: {
    /** The master keys of identity files: the one that seals first (decision 044). */
    keys: Keyring;
    /** Where the sealing key came from: IDENTITY_FILES_KEY, derived from BETTER_AUTH_SECRET, or the file generated in DATA_DIR (never in a backup). */
    keySource: "environment" | "auth-secret" | "data-dir";
    approvalMonths: number;
    retentionYears: number;
  };
  /** The firm's PKCS#12 seal from SEAL_P12_FILE, or undefined: the self-signed one kept in the database. */
  seal: { p12: Uint8Array; passphrase: string; file: string } | undefined;
  /** Advisers' CalDAV calendars: whether their addresses may reach loopback and private networks (never in production). */
  calendars: { allowPrivateAddresses: boolean };
  backup: {
    /** Where backups are written (default DATA_DIR/backups). */
    dir: string;
    /** The server takes one this often when set; otherwise only `npm run backup` does. */
    everyHours: number | undefined;
    /** Scheduled backups kept (the oldest beyond this are removed). */
    keep: number;
  };
}

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

const GOOGLE_DISCOVERY = "https://accounts.google.com/.well-known/openid-configuration";
const LINKEDIN_DISCOVERY = "https://www.linkedin.com/oauth/.well-known/openid-configuration";

function oauth(
  id: string | undefined,
  secret: string | undefined,
  discoveryUrl: string,
): OAuthProviderConfig | undefined {
  return id && secret ? { clientId: id, clientSecret: secret, discoveryUrl } : undefined;
}

function parseTrustProxy(value: string): boolean | number | string {
  if (value === "true") return true;
  if (value === "false") return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** Where the generated session secret is kept when BETTER_AUTH_SECRET is not set. */
export const authSecretFile = (dataDir: string) => path.join(dataDir, "auth-secret");

/**
 * Reads the session secret from DATA_DIR, creating it once. Keeping it on disk means a
 * restart does not sign every user out.
 */
function persistedSecret(dataDir: string): string {
  const file = authSecretFile(dataDir);
  ensurePrivateDir(dataDir);
  try {
    // "wx": of two processes starting at once, only one writes; the other reads its secret.
    writeFileSync(file, `${randomBytes(32).toString("base64url")}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const secret = readFileSync(file, "utf8").trim();
  if (secret.length < 32) {
    throw new ConfigError([`BETTER_AUTH_SECRET: ${file} holds fewer than 32 characters; delete it to generate a new one`]);
  }
  return secret;
}

/** Where the generated identity-files key is kept when neither IDENTITY_FILES_KEY nor BETTER_AUTH_SECRET is set. */
export const identityKeyFile = (dataDir: string) => path.join(dataDir, "identity-files.key");

/**
 * The identity files' master keys (decision 044). The sealing key is IDENTITY_FILES_KEY;
 * without it, one derived from BETTER_AUTH_SECRET (the same on every instance, and never
 * in a backup); without that either (one embedded instance), a key generated once in
 * DATA_DIR, which backups leave out. The others that exist still open what they sealed.
 */
function identityKeys(env: Env, dataDir: string): AppConfig["identity"]["keys"] & { source: AppConfig["identity"]["keySource"] } {
  const derived = env.BETTER_AUTH_SECRET ? deriveMasterKey(env.BETTER_AUTH_SECRET, "tigris identity files") : null;
  const file = identityKeyFile(dataDir);
  let stored: Buffer | null = null;
  if (!env.IDENTITY_FILES_KEY && !derived) {
    ensurePrivateDir(dataDir);
    try {
      writeFileSync(file, `${randomBytes(32).toString("base64")}\n`, { mode: 0o600, flag: "wx" });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  if (existsSync(file)) {
    stored = parseMasterKey(readFileSync(file, "utf8"));
    if (!stored) throw new ConfigError([`IDENTITY_FILES_KEY: ${file} does not hold a key of 32 bytes in base64; restore it from where you keep it (identity files sealed with it cannot be opened without it)`]);
  }
  const given = env.IDENTITY_FILES_KEY ? parseMasterKey(env.IDENTITY_FILES_KEY) : null;
  const previous = (env.IDENTITY_FILES_PREVIOUS_KEYS ?? "").split(",").filter(Boolean).map((k) => parseMasterKey(k)!);
  const current = given ?? derived ?? stored!;
  const ring = keyring([current, ...previous, ...[derived, stored].filter((k): k is Buffer => k !== null)]);
  return { ...ring, source: given ? "environment" : derived ? "auth-secret" : "data-dir" };
}

/** SEAL_P12_FILE's bytes, read once at start-up (opened and checked by the start-up, which knows PKCS#12). */
function sealFile(env: Env): AppConfig["seal"] {
  if (!env.SEAL_P12_FILE) return undefined;
  const file = path.resolve(env.SEAL_P12_FILE);
  try {
    return { p12: readFileSync(file), passphrase: env.SEAL_P12_PASSPHRASE ?? "", file };
  } catch (error) {
    throw new ConfigError([`SEAL_P12_FILE: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)})`]);
  }
}

/**
 * Reads `.env` from the working directory when there is one. Variables already set in the
 * environment win over the file.
 */
export function loadDotEnv(file = path.resolve(".env")): void {
  if (existsSync(file)) process.loadEnvFile(file);
}

/** Validates the environment; throws ConfigError naming every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const siteUrl = (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === "production",
    port: env.PORT,
    siteUrl,
    databaseUrl: env.DATABASE_URL,
    directDatabaseUrl: env.DIRECT_DATABASE_URL ?? env.DATABASE_URL,
    databasePoolMax: env.DATABASE_POOL_MAX,
    role: env.PROCESS_ROLE,
    migrateOnStart: env.MIGRATE_ON_START === "true",
    dataDir,
    authSecret: env.BETTER_AUTH_SECRET ?? persistedSecret(dataDir),
    authSecretSource: env.BETTER_AUTH_SECRET ? "environment" : "data-dir",
    firmTimeZone: env.FIRM_TIME_ZONE,
    bookingNoticeHours: env.BOOKING_NOTICE_HOURS,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL,
    firm: firmFacts(env),
    seedDemoContent: env.SEED_DEMO_CONTENT === "true",
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM ?? `${brand.name} <${brand.noReplyEmail}>`, timeoutMs: env.SMTP_TIMEOUT_MS },
    google: oauth(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET, env.GOOGLE_DISCOVERY_URL ?? GOOGLE_DISCOVERY),
    linkedin: oauth(env.LINKEDIN_CLIENT_ID, env.LINKEDIN_CLIENT_SECRET, env.LINKEDIN_DISCOVERY_URL ?? LINKEDIN_DISCOVERY),
    stripe: env.STRIPE_SECRET_KEY
      ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiUrl: env.STRIPE_API_URL, timeoutMs: env.STRIPE_TIMEOUT_MS }
      : undefined,
    whatsapp:
      env.WHATSAPP_PHONE_NUMBER_ID && env.WHATSAPP_ACCESS_TOKEN
        ? {
            phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID,
            accessToken: env.WHATSAPP_ACCESS_TOKEN,
            appSecret: env.WHATSAPP_APP_SECRET,
            verifyToken: env.WHATSAPP_VERIFY_TOKEN,
            apiUrl: (env.WHATSAPP_API_URL ?? "https://graph.facebook.com/v23.0").replace(/\/+$/, ""),
            businessNumber: env.WHATSAPP_BUSINESS_NUMBER,
            timeoutMs: env.WHATSAPP_TIMEOUT_MS,
          }
        : undefined,
    metrics:
      env.METRICS_TOKEN || env.METRICS_ALLOW
        ? { token: env.METRICS_TOKEN, allow: env.METRICS_ALLOW ? env.METRICS_ALLOW.split(",").map((v) => v.trim()) : [] }
        : undefined,
    identity: (() => {
      const { source, ...keys } = identityKeys(env, dataDir);
      return { keys, keySource: source, approvalMonths: env.IDENTITY_APPROVAL_MONTHS, retentionYears: env.IDENTITY_RETENTION_YEARS };
    })(),
    seal: sealFile(env),
    calendars: { allowPrivateAddresses: env.CALDAV_ALLOW_PRIVATE_ADDRESSES === "true" },
    backup: {
      dir: path.resolve(env.BACKUP_DIR ?? path.join(dataDir, "backups")),
      everyHours: env.BACKUP_EVERY_HOURS,
      keep: env.BACKUP_KEEP,
    },
  };
}

/** The configured legal facts, or the demo's examples when none are set (the schema has checked they come whole). */
function firmFacts(env: Env): FirmFacts {
  if (!env.FIRM_LEGAL_NAME || !env.FIRM_COMPANY_NUMBER || !env.FIRM_REGISTERED_OFFICE || !env.FIRM_PHONE || !env.FIRM_EMAIL) return EXAMPLE_FIRM_FACTS;
  return {
    legalName: env.FIRM_LEGAL_NAME,
    companyNumber: env.FIRM_COMPANY_NUMBER,
    regulator: env.FIRM_REGULATOR ?? null,
    licenceNumber: env.FIRM_LICENCE_NUMBER ?? null,
    registeredOffice: env.FIRM_REGISTERED_OFFICE,
    phone: env.FIRM_PHONE,
    email: env.FIRM_EMAIL,
    isExample: false,
  };
}

/** One line per optional feature that is switched off (or risky setting), for the start-up log. */
export function disabledFeatures(config: AppConfig): string[] {
  const off: string[] = [];
  if (!config.mail.smtpUrl) off.push(`SMTP_URL is not set: e-mails are not sent but kept in ${path.join(config.dataDir, "mail")}`);
  if (!config.google) off.push("GOOGLE_CLIENT_ID/GOOGLE_CLIENT_SECRET are not set: Google sign-in is disabled");
  if (!config.linkedin) off.push("LINKEDIN_CLIENT_ID/LINKEDIN_CLIENT_SECRET are not set: LinkedIn sign-in is disabled");
  if (!config.stripe) off.push("STRIPE_SECRET_KEY is not set: online payment is disabled");
  else if (!config.stripe.webhookSecret) off.push("STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks are refused");
  if (!config.whatsapp) off.push("WHATSAPP_PHONE_NUMBER_ID/WHATSAPP_ACCESS_TOKEN are not set: nothing is sent by WhatsApp");
  else if (!config.whatsapp.appSecret || !config.whatsapp.verifyToken) off.push("WHATSAPP_APP_SECRET/WHATSAPP_VERIFY_TOKEN are not set: WhatsApp webhooks are refused");
  if (!config.metrics) off.push("METRICS_TOKEN/METRICS_ALLOW are not set: /metrics is not served");
  if (config.firm.isExample) {
    off.push(
      `${FIRM_REQUIRED.join("/")} are not set: pages and e-mails show the demo's example legal facts, marked as examples` +
        (config.databaseUrl ? " (set them before this site goes public)" : ""),
    );
  }
  if (config.trustProxy === true) {
    off.push(
      "TRUST_PROXY=true trusts every X-Forwarded-For hop, which clients can forge: prefer the number of proxies or their addresses",
    );
  }
  return off;
}
