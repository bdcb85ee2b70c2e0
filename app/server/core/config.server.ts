import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import proxyaddr from "proxy-addr";
import { z } from "zod";
import { brand } from "~/domain/brand";
import { isTimeZone } from "~/domain/slots";
import { ensurePrivateDir } from "./data-dir-lock.server";

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
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_DISCOVERY_URL: httpUrl,
  LINKEDIN_CLIENT_ID: optionalString,
  LINKEDIN_CLIENT_SECRET: optionalString,
  LINKEDIN_DISCOVERY_URL: httpUrl,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_URL: httpUrl,
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
}).superRefine((env, context) => {
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
  dataDir: string;
  authSecret: string;
  /**
   * Where the secret came from: BETTER_AUTH_SECRET, or the file generated in DATA_DIR. A
   * backup carries the file (two-factor keys are sealed with the secret) but never the
   * variable.
   */
  authSecretSource: "environment" | "data-dir";
  firmTimeZone: string;
  /** BOOKING_NOTICE_HOURS: how far ahead a slot must start to be offered. */
  bookingNoticeHours: number;
  /** Express `trust proxy` value: false by default, so a client-sent X-Forwarded-For is ignored. */
  trustProxy: boolean | number | string;
  logLevel: Env["LOG_LEVEL"];
  /** Whether an empty database gets the demo opportunities, plans and slots. */
  seedDemoContent: boolean;
  mail: { smtpUrl: string | undefined; from: string; timeoutMs: number };
  google: OAuthProviderConfig | undefined;
  linkedin: OAuthProviderConfig | undefined;
  stripe: { secretKey: string; webhookSecret: string | undefined; apiUrl: string | undefined; timeoutMs: number } | undefined;
  /** Who may read /metrics; undefined when neither a token nor addresses are set (not served). */
  metrics: { token: string | undefined; allow: string[] } | undefined;
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
    dataDir,
    authSecret: env.BETTER_AUTH_SECRET ?? persistedSecret(dataDir),
    authSecretSource: env.BETTER_AUTH_SECRET ? "environment" : "data-dir",
    firmTimeZone: env.FIRM_TIME_ZONE,
    bookingNoticeHours: env.BOOKING_NOTICE_HOURS,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL,
    seedDemoContent: env.SEED_DEMO_CONTENT === "true",
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM ?? `${brand.name} <${brand.noReplyEmail}>`, timeoutMs: env.SMTP_TIMEOUT_MS },
    google: oauth(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET, env.GOOGLE_DISCOVERY_URL ?? GOOGLE_DISCOVERY),
    linkedin: oauth(env.LINKEDIN_CLIENT_ID, env.LINKEDIN_CLIENT_SECRET, env.LINKEDIN_DISCOVERY_URL ?? LINKEDIN_DISCOVERY),
    stripe: env.STRIPE_SECRET_KEY
      ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiUrl: env.STRIPE_API_URL, timeoutMs: env.STRIPE_TIMEOUT_MS }
      : undefined,
    metrics:
      env.METRICS_TOKEN || env.METRICS_ALLOW
        ? { token: env.METRICS_TOKEN, allow: env.METRICS_ALLOW ? env.METRICS_ALLOW.split(",").map((v) => v.trim()) : [] }
        : undefined,
    backup: {
      dir: path.resolve(env.BACKUP_DIR ?? path.join(dataDir, "backups")),
      everyHours: env.BACKUP_EVERY_HOURS,
      keep: env.BACKUP_KEEP,
    },
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
  if (!config.metrics) off.push("METRICS_TOKEN/METRICS_ALLOW are not set: /metrics is not served");
  if (config.trustProxy === true) {
    off.push(
      "TRUST_PROXY=true trusts every X-Forwarded-For hop, which clients can forge: prefer the number of proxies or their addresses",
    );
  }
  return off;
}
