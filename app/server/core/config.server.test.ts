import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EXAMPLE_FIRM_FACTS } from "~/domain/firm";
import { ConfigError, disabledFeatures, ENV_VARIABLES, identityKeyFile, loadConfig } from "./config.server";
import { masterKey } from "./envelope.server";

const tempDir = () => mkdtempSync(path.join(tmpdir(), "config-test-"));

function errorOf(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error("expected a configuration error");
}

describe("loadConfig", () => {
  it("reads SEAL_P12_FILE once, and names the variable when it cannot", () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir }).seal).toBeUndefined();
    expect(errorOf({ DATA_DIR: dir, SEAL_P12_FILE: path.join(dir, "missing.p12") }).message).toMatch(/SEAL_P12_FILE: cannot read .*missing\.p12 \(ENOENT\)/);
    writeFileSync(path.join(dir, "seal.p12"), "not a certificate");
    expect(loadConfig({ DATA_DIR: dir, SEAL_P12_FILE: path.join(dir, "seal.p12"), SEAL_P12_PASSPHRASE: "pass" }).seal).toMatchObject({ passphrase: "pass" });
  });

  it("works with no configuration at all", () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.siteUrl).toBe("http://localhost:3000");
    expect(config.databaseUrl).toBeUndefined();
    expect(config.firmTimeZone).toBe("Europe/London");
    expect(config.trustProxy).toBe(false);
    expect(config.google).toBeUndefined();
    expect(config.stripe).toBeUndefined();
  });

  it("derives the site URL from the port and strips a trailing slash from an explicit one", () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir, PORT: "8080" }).siteUrl).toBe("http://localhost:8080");
    expect(loadConfig({ DATA_DIR: dir, SITE_URL: "https://tigris.example/" }).siteUrl).toBe("https://tigris.example");
  });

  it("seals identity files with IDENTITY_FILES_KEY, else a key derived from BETTER_AUTH_SECRET, else one kept in DATA_DIR (decision 044)", () => {
    const secret = "a session secret of at least thirty-two characters";
    const key = Buffer.alloc(32, 7).toString("base64");
    const old = Buffer.alloc(32, 9).toString("base64");

    const embedded = tempDir();
    const first = loadConfig({ DATA_DIR: embedded }).identity;
    expect(first.keySource).toBe("data-dir");
    expect(statSync(identityKeyFile(embedded)).mode & 0o777).toBe(0o600);
    // The same key after a restart.
    expect(loadConfig({ DATA_DIR: embedded }).identity.keys.current.id).toBe(first.keys.current.id);

    const shared = loadConfig({ DATA_DIR: tempDir(), BETTER_AUTH_SECRET: secret }).identity;
    expect(shared.keySource).toBe("auth-secret");
    expect(loadConfig({ DATA_DIR: tempDir(), BETTER_AUTH_SECRET: secret }).identity.keys.current.id).toBe(shared.keys.current.id);
    expect(existsSync(identityKeyFile(tempDir()))).toBe(false);

    // Rotated: the given key seals; the old one, the derived one and the one in DATA_DIR still open.
    const rotated = loadConfig({ DATA_DIR: embedded, BETTER_AUTH_SECRET: secret, IDENTITY_FILES_KEY: key, IDENTITY_FILES_PREVIOUS_KEYS: old }).identity;
    expect(rotated.keySource).toBe("environment");
    expect(rotated.keys.current.id).toBe(masterKey(Buffer.from(key, "base64")).id);
    expect(rotated.keys.previous.map((k) => k.id).sort()).toEqual([masterKey(Buffer.from(old, "base64")).id, shared.keys.current.id, first.keys.current.id].sort());
    expect(rotated).toMatchObject({ approvalMonths: 24, retentionYears: 5 });

    expect(errorOf({ DATA_DIR: tempDir(), IDENTITY_FILES_KEY: "c2hvcnQ=" }).message).toMatch(/IDENTITY_FILES_KEY: must be 32 random bytes in base64/);
    expect(errorOf({ DATA_DIR: tempDir(), IDENTITY_FILES_PREVIOUS_KEYS: `${old},nope` }).message).toMatch(/IDENTITY_FILES_PREVIOUS_KEYS: /);
    const broken = tempDir();
    writeFileSync(identityKeyFile(broken), "not a key\n");
    expect(errorOf({ DATA_DIR: broken }).message).toMatch(/identity-files\.key does not hold a key/);
  });

  it("names the variable that is wrong", () => {
    expect(errorOf({ PORT: "abc" }).message).toMatch(/PORT: /);
    expect(errorOf({ PORT: "70000" }).message).toMatch(/PORT: must be between 1 and 65535/);
    expect(errorOf({ SITE_URL: "not a url" }).message).toMatch(/SITE_URL: must be a URL such as https:\/\/www.example.com/);
    // Parses as a URL with the scheme "localhost:", but is not a web address.
    expect(errorOf({ SITE_URL: "localhost:3000" }).message).toMatch(/SITE_URL: /);
    expect(errorOf({ DATABASE_URL: "ftp://db.example.com/x" }).message).toMatch(/DATABASE_URL: must be a URL such as postgres:/);
    expect(errorOf({ SMTP_URL: "http://mail.example.com" }).message).toMatch(/SMTP_URL: /);
    expect(errorOf({ TRUST_PROXY: "yes" }).message).toMatch(/TRUST_PROXY: /);
    expect(errorOf({ SEED_DEMO_CONTENT: "no" }).message).toMatch(/SEED_DEMO_CONTENT: /);
    expect(errorOf({ FIRM_TIME_ZONE: "Mars/Olympus" }).message).toMatch(/FIRM_TIME_ZONE: must be an IANA time zone/);
    expect(errorOf({ BETTER_AUTH_SECRET: "short" }).message).toMatch(/BETTER_AUTH_SECRET: must be at least 32 characters/);
  });

  it("lets advisers' calendars reach private addresses only outside production (issue 52, item 2)", () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).calendars).toEqual({ allowPrivateAddresses: false });
    expect(loadConfig({ DATA_DIR: tempDir(), NODE_ENV: "test", CALDAV_ALLOW_PRIVATE_ADDRESSES: "true" }).calendars).toEqual({ allowPrivateAddresses: true });
    expect(loadConfig({ DATA_DIR: tempDir(), NODE_ENV: "development", CALDAV_ALLOW_PRIVATE_ADDRESSES: "true" }).calendars).toEqual({ allowPrivateAddresses: true });
    // NODE_ENV is production unless said otherwise: the exception is refused there, by name.
    for (const env of [{}, { NODE_ENV: "production" }]) {
      expect(errorOf({ DATA_DIR: tempDir(), ...env, CALDAV_ALLOW_PRIVATE_ADDRESSES: "true" }).issues).toEqual([
        "CALDAV_ALLOW_PRIVATE_ADDRESSES: must be false in production (NODE_ENV=production): advisers' calendar addresses may reach public addresses only",
      ]);
    }
    expect(loadConfig({ DATA_DIR: tempDir(), NODE_ENV: "production", CALDAV_ALLOW_PRIVATE_ADDRESSES: "false" }).calendars.allowPrivateAddresses).toBe(false);
    expect(errorOf({ DATA_DIR: tempDir(), NODE_ENV: "test", CALDAV_ALLOW_PRIVATE_ADDRESSES: "yes" }).message).toContain("CALDAV_ALLOW_PRIVATE_ADDRESSES: must be true or false");
  });

  it("reports every bad variable at once", () => {
    const error = errorOf({ PORT: "abc", DATABASE_URL: "nope" });
    expect(error.issues).toHaveLength(2);
  });

  it("generates the session secret once and keeps it in the data directory", () => {
    const dir = tempDir();
    const { authSecret: first, authSecretSource } = loadConfig({ DATA_DIR: dir });
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(authSecretSource).toBe("data-dir");
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(first);
    expect(readFileSync(path.join(dir, "auth-secret"), "utf8").trim()).toBe(first);
    expect(statSync(path.join(dir, "auth-secret")).mode & 0o077).toBe(0);
    expect(statSync(dir).mode & 0o077).toBe(0);
  });

  it("refuses a damaged secret file instead of silently replacing it", () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "auth-secret"), "short\n");
    expect(errorOf({ DATA_DIR: dir }).message).toMatch(/auth-secret holds fewer than 32 characters/);
  });

  it("prefers an explicit secret", () => {
    const secret = "s".repeat(40);
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir, BETTER_AUTH_SECRET: secret })).toMatchObject({ authSecret: secret, authSecretSource: "environment" });
    expect(existsSync(path.join(dir, "auth-secret"))).toBe(false);
  });

  it("refuses DATABASE_URL without BETTER_AUTH_SECRET: each instance would generate a secret of its own", () => {
    const dir = tempDir();
    const error = errorOf({ DATA_DIR: dir, DATABASE_URL: "postgres://tigris@db.example.com:5432/tigris" });
    expect(error.issues).toEqual([expect.stringMatching(/^BETTER_AUTH_SECRET: must be set when DATABASE_URL is set/)]);
    expect(error.message).toContain("the same secret on every instance");
    // Nothing generated into the data directory on the way.
    expect(existsSync(path.join(dir, "auth-secret"))).toBe(false);
    // Blank counts as unset.
    expect(errorOf({ DATA_DIR: dir, DATABASE_URL: "postgres://db/tigris", BETTER_AUTH_SECRET: "  " }).issues[0]).toMatch(/^BETTER_AUTH_SECRET: must be set/);
    // With the secret it starts; the embedded default keeps generating its own.
    const secret = "a shared secret of at least thirty-two characters";
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: "postgres://db/tigris", BETTER_AUTH_SECRET: secret })).toMatchObject({ authSecret: secret, authSecretSource: "environment" });
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: "" }).authSecretSource).toBe("data-dir");
  });

  it("reads the process's role, whether it migrates and its connections, and refuses what the embedded database cannot do (issue 38)", () => {
    const dir = tempDir();
    const embedded = loadConfig({ DATA_DIR: dir });
    expect(embedded).toMatchObject({ role: "all", migrateOnStart: true, databasePoolMax: 10, directDatabaseUrl: undefined });
    const postgres = { DATA_DIR: dir, DATABASE_URL: "postgres://app@pgbouncer:6432/tigris", BETTER_AUTH_SECRET: "x".repeat(32) };
    expect(loadConfig(postgres).directDatabaseUrl).toBe("postgres://app@pgbouncer:6432/tigris");
    expect(
      loadConfig({ ...postgres, PROCESS_ROLE: "worker", MIGRATE_ON_START: "false", DIRECT_DATABASE_URL: "postgres://app@db:5432/tigris", DATABASE_POOL_MAX: "4" }),
    ).toMatchObject({ role: "worker", migrateOnStart: false, directDatabaseUrl: "postgres://app@db:5432/tigris", databasePoolMax: 4 });
    expect(errorOf({ ...postgres, PROCESS_ROLE: "cron" }).message).toContain("PROCESS_ROLE: must be one of all, web, worker");
    expect(errorOf({ ...postgres, MIGRATE_ON_START: "no" }).message).toContain("MIGRATE_ON_START: must be true or false");
    expect(errorOf({ ...postgres, DATABASE_POOL_MAX: "0" }).message).toContain("DATABASE_POOL_MAX: must be at least 1");
    expect(errorOf({ DATA_DIR: dir, PROCESS_ROLE: "web" }).message).toContain("PROCESS_ROLE: must be all without DATABASE_URL");
    expect(errorOf({ DATA_DIR: dir, MIGRATE_ON_START: "false" }).message).toContain("MIGRATE_ON_START: must be true without DATABASE_URL");
    expect(errorOf({ DATA_DIR: dir, DIRECT_DATABASE_URL: "postgres://db/x" }).message).toContain("DIRECT_DATABASE_URL: is set without DATABASE_URL");
  });

  it("documents every variable it reads in .env.example and the README's table", () => {
    const root = path.resolve(import.meta.dirname, "../../..");
    const example = readFileSync(path.join(root, ".env.example"), "utf8");
    const readme = readFileSync(path.join(root, "README.md"), "utf8");
    const table = readme.slice(readme.indexOf("## Configuration"), readme.indexOf("### Payments"));
    for (const name of ENV_VARIABLES) {
      expect(example, `.env.example lists ${name}`).toMatch(new RegExp(`^# ${name}=`, "m"));
      expect(table, `README's configuration table lists ${name}`).toContain(`\`${name}\``);
    }
  });

  it("turns optional integrations on only when fully configured", () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      GOOGLE_CLIENT_ID: "id",
      GOOGLE_CLIENT_SECRET: "secret",
      LINKEDIN_CLIENT_ID: "only-the-id",
      STRIPE_SECRET_KEY: "sk_test_123",
      TRUST_PROXY: "1",
    });
    expect(config.google?.discoveryUrl).toBe("https://accounts.google.com/.well-known/openid-configuration");
    expect(config.linkedin).toBeUndefined();
    expect(config.stripe?.secretKey).toBe("sk_test_123");
    expect(config.trustProxy).toBe(1);
    const off = disabledFeatures(config);
    expect(off.some((line) => line.startsWith("LINKEDIN_CLIENT_ID"))).toBe(true);
    expect(off.some((line) => line.startsWith("GOOGLE_CLIENT_ID"))).toBe(false);
    expect(off.some((line) => line.startsWith("STRIPE_WEBHOOK_SECRET"))).toBe(true);
  });

  it("turns WhatsApp on only with the phone number id and the token, and names a bad setting (issue 39)", () => {
    const id = "109876543210";
    const token = "EAAG-config-test";
    expect(loadConfig({ DATA_DIR: tempDir() }).whatsapp).toBeUndefined();
    expect(loadConfig({ DATA_DIR: tempDir(), WHATSAPP_PHONE_NUMBER_ID: id }).whatsapp).toBeUndefined();
    expect(loadConfig({ DATA_DIR: tempDir(), WHATSAPP_ACCESS_TOKEN: token, WHATSAPP_APP_SECRET: "secret" }).whatsapp).toBeUndefined();
    const off = loadConfig({ DATA_DIR: tempDir(), WHATSAPP_PHONE_NUMBER_ID: " ", WHATSAPP_ACCESS_TOKEN: "" });
    expect(off.whatsapp).toBeUndefined();
    expect(disabledFeatures(off).some((line) => line.startsWith("WHATSAPP_PHONE_NUMBER_ID/WHATSAPP_ACCESS_TOKEN"))).toBe(true);

    const sending = loadConfig({ DATA_DIR: tempDir(), WHATSAPP_PHONE_NUMBER_ID: id, WHATSAPP_ACCESS_TOKEN: token });
    expect(sending.whatsapp).toEqual({ phoneNumberId: id, accessToken: token, appSecret: undefined, verifyToken: undefined, apiUrl: "https://graph.facebook.com/v23.0", businessNumber: undefined, timeoutMs: 10_000 });
    expect(disabledFeatures(sending).some((line) => line.startsWith("WHATSAPP_APP_SECRET/WHATSAPP_VERIFY_TOKEN"))).toBe(true);
    const full = loadConfig({
      DATA_DIR: tempDir(),
      WHATSAPP_PHONE_NUMBER_ID: id,
      WHATSAPP_ACCESS_TOKEN: token,
      WHATSAPP_APP_SECRET: "app-secret",
      WHATSAPP_VERIFY_TOKEN: "a-verify-token-0001",
      WHATSAPP_API_URL: "http://127.0.0.1:4010/",
      WHATSAPP_BUSINESS_NUMBER: "+971500000001",
      WHATSAPP_TIMEOUT_MS: "2500",
    });
    expect(full.whatsapp).toEqual({ phoneNumberId: id, accessToken: token, appSecret: "app-secret", verifyToken: "a-verify-token-0001", apiUrl: "http://127.0.0.1:4010", businessNumber: "+971500000001", timeoutMs: 2500 });
    expect(disabledFeatures(full).some((line) => line.startsWith("WHATSAPP_"))).toBe(false);

    expect(errorOf({ WHATSAPP_PHONE_NUMBER_ID: "+971 50 000 0001", WHATSAPP_ACCESS_TOKEN: token }).issues).toEqual([expect.stringMatching(/^WHATSAPP_PHONE_NUMBER_ID: must be the digits of the WhatsApp Business phone number id/)]);
    expect(errorOf({ WHATSAPP_VERIFY_TOKEN: "short" }).issues).toEqual([expect.stringMatching(/^WHATSAPP_VERIFY_TOKEN: must be at least 16 characters/)]);
    expect(errorOf({ WHATSAPP_BUSINESS_NUMBER: "0501234567" }).issues).toEqual([expect.stringMatching(/^WHATSAPP_BUSINESS_NUMBER: must be a phone number in international form/)]);
    expect(errorOf({ WHATSAPP_API_URL: "graph.facebook.com" }).issues).toEqual([expect.stringMatching(/^WHATSAPP_API_URL: must be a URL/)]);
    expect(errorOf({ WHATSAPP_TIMEOUT_MS: "50" }).issues).toEqual([expect.stringMatching(/^WHATSAPP_TIMEOUT_MS: must be at least 100/)]);
  });

  it("accepts proxy addresses and subnets for TRUST_PROXY", () => {
    expect(loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: "loopback, 10.0.0.0/8" }).trustProxy).toBe("loopback, 10.0.0.0/8");
    expect(loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: "true" }).trustProxy).toBe(true);
  });

  it("uses the demo's example legal facts, marked as examples, when no FIRM_ variable is set", () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    expect(config.firm).toEqual(EXAMPLE_FIRM_FACTS);
    expect(config.firm.isExample).toBe(true);
    expect(disabledFeatures(config).some((line) => line.startsWith("FIRM_LEGAL_NAME/"))).toBe(true);
    // Blank counts as unset.
    expect(loadConfig({ DATA_DIR: tempDir(), FIRM_LEGAL_NAME: " ", FIRM_PHONE: "" }).firm.isExample).toBe(true);
  });

  const firm = {
    FIRM_LEGAL_NAME: "Tigris Advisory Ltd",
    FIRM_COMPANY_NUMBER: "12345678",
    FIRM_REGISTERED_OFFICE: "1 Example Street, London EC1A 1AA, United Kingdom",
    FIRM_PHONE: "+442079460321",
    FIRM_EMAIL: "office@tigris.example",
  };

  it("reads the firm's legal facts, writing the phone number as it is read", () => {
    const config = loadConfig({ DATA_DIR: tempDir(), ...firm, FIRM_REGULATOR: "Financial Conduct Authority", FIRM_LICENCE_NUMBER: "FRN 123456" });
    expect(config.firm).toEqual({
      legalName: "Tigris Advisory Ltd",
      companyNumber: "12345678",
      regulator: "Financial Conduct Authority",
      licenceNumber: "FRN 123456",
      registeredOffice: "1 Example Street, London EC1A 1AA, United Kingdom",
      phone: "+44 20 7946 0321",
      email: "office@tigris.example",
      isExample: false,
    });
    expect(disabledFeatures(config).some((line) => line.startsWith("FIRM_"))).toBe(false);
    // A firm without a regulator: both left unset.
    expect(loadConfig({ DATA_DIR: tempDir(), ...firm }).firm).toMatchObject({ regulator: null, licenceNumber: null, isExample: false });
  });

  it("names each bad or missing firm fact", () => {
    expect(errorOf({ ...firm, FIRM_PHONE: "020 7946 0321" }).issues).toEqual([expect.stringMatching(/^FIRM_PHONE: must be a valid phone number in international form/)]);
    expect(errorOf({ ...firm, FIRM_PHONE: "+44 12" }).issues).toEqual([expect.stringMatching(/^FIRM_PHONE: /)]);
    expect(errorOf({ ...firm, FIRM_EMAIL: "office" }).issues).toEqual([expect.stringMatching(/^FIRM_EMAIL: must be an e-mail address/)]);
    expect(errorOf({ ...firm, FIRM_COMPANY_NUMBER: "<script>" }).issues).toEqual([expect.stringMatching(/^FIRM_COMPANY_NUMBER: /)]);
    expect(errorOf({ ...firm, FIRM_LEGAL_NAME: "x".repeat(201) }).issues).toEqual([expect.stringMatching(/^FIRM_LEGAL_NAME: must be 200 characters or fewer/)]);
    // Given in part: every missing one is named.
    const partial = errorOf({ FIRM_LEGAL_NAME: "Tigris Advisory Ltd", FIRM_EMAIL: "office@tigris.example" });
    expect(partial.issues).toEqual([
      expect.stringMatching(/^FIRM_COMPANY_NUMBER: must be set when FIRM_LEGAL_NAME, FIRM_EMAIL are set/),
      expect.stringMatching(/^FIRM_REGISTERED_OFFICE: must be set/),
      expect.stringMatching(/^FIRM_PHONE: must be set/),
    ]);
    // A licence number names its regulator, and a regulator its licence.
    expect(errorOf({ ...firm, FIRM_LICENCE_NUMBER: "FRN 123456" }).issues).toEqual([expect.stringMatching(/^FIRM_REGULATOR: must be set together/)]);
    expect(errorOf({ ...firm, FIRM_REGULATOR: "Financial Conduct Authority" }).issues).toEqual([expect.stringMatching(/^FIRM_LICENCE_NUMBER: must be set together/)]);
  });

  it("treats empty strings as unset, as .env files often contain them", () => {
    const blank = loadConfig({ DATA_DIR: tempDir(), PORT: " ", LOG_LEVEL: "", FIRM_TIME_ZONE: "", TRUST_PROXY: "" });
    expect(blank.port).toBe(3000);
    expect(blank.logLevel).toBe("info");
    expect(blank.firmTimeZone).toBe("Europe/London");
    expect(blank.trustProxy).toBe(false);
    const config = loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: "", SMTP_URL: "", GOOGLE_CLIENT_ID: "" });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.mail.smtpUrl).toBeUndefined();
  });
});
