import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/server/db/client.server";
import { user, userRoles } from "~/server/db/schema.server";
import { createTestDatabase, testDriver, type TestDatabase } from "./test-database";

/**
 * `npm run create-admin` as an operator runs it, against the embedded database in a data
 * directory or against PostgreSQL through DATABASE_URL.
 */

const root = path.resolve(import.meta.dirname, "../..");
const dataDir = mkdtempSync(path.join(tmpdir(), "create-admin-cli-"));
let t: TestDatabase | undefined;

beforeAll(async () => {
  if (testDriver === "postgres") t = await createTestDatabase();
});
afterAll(async () => {
  await t?.destroy();
});

function createAdmin(...args: string[]) {
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/create-admin.ts", ...args], {
    cwd: root,
    encoding: "utf8",
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: t?.url ?? "",
      // Required with DATABASE_URL; on the embedded database the script generates one in DATA_DIR.
      BETTER_AUTH_SECRET: t ? "the test site's secret, thirty-two characters or more" : "",
      NODE_ENV: "production",
    },
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

async function inspect<T>(read: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  if (t) return read(t);
  const handle = await openDatabase({ driver: "pglite", dataDir });
  try {
    return await read(handle);
  } finally {
    await handle.close();
  }
}

describe(`npm run create-admin (${testDriver})`, () => {
  it("refuses missing or weak arguments with a usage line", () => {
    const missing = createAdmin();
    expect(missing.status).toBe(1);
    expect(missing.output).toContain("--email");
    expect(missing.output).toContain("Usage: npm run create-admin");
    const weak = createAdmin("--email", "boss@example.com", "--password", "short");
    expect(weak.status).toBe(1);
    expect(weak.output).toContain("Password must be at least 8 characters");
  });

  it("creates a verified admin, then promotes without duplicating", async () => {
    const first = createAdmin("--email", "Boss@Example.com", "--password", "a long passphrase");
    expect(first.output).toContain("Created admin boss@example.com");
    expect(first.output).toContain("Admins must use two-factor sign-in");
    expect(first.status).toBe(0);
    const again = createAdmin("--email", "boss@example.com", "--password", "a long passphrase");
    expect(again.status).toBe(0);
    expect(again.output).toContain("Promoted boss@example.com");

    const rows = await inspect((h) =>
      h.db
        .select({ email: user.email, verified: user.emailVerified, role: userRoles.role })
        .from(user)
        .innerJoin(userRoles, eq(userRoles.userId, user.id))
        .where(eq(user.email, "boss@example.com")),
    );
    expect(rows).toEqual([{ email: "boss@example.com", verified: true, role: "admin" }]);
    // Two processes, each opening (and the first creating) an embedded database: about 15 s
    // alone, twice that beside the other test files on two cores.
  }, 120_000);
});
