import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestLimits } from "~/server/db/schema.server";
import { hitLimit } from "~/server/security/rate-limit.server";
import { createTestDatabase, testDriver, type TestDatabase } from "./test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.destroy();
});

const rule = { max: 3, windowSeconds: 60 };

describe(`database rate limits (${testDriver})`, () => {
  it("allows up to the limit in a window, then refuses with the time left", async () => {
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await hitLimit(t.db, "test:a", rule));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false, false]);
    expect(results[3]!.retryAfterSeconds).toBeGreaterThan(50);
    expect(results[3]!.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it("counts keys separately", async () => {
    for (let i = 0; i < 3; i++) await hitLimit(t.db, "test:b", rule);
    expect((await hitLimit(t.db, "test:b", rule)).allowed).toBe(false);
    expect((await hitLimit(t.db, "test:c", rule)).allowed).toBe(true);
  });

  it("starts a new window once the old one has passed", async () => {
    for (let i = 0; i < 4; i++) await hitLimit(t.db, "test:d", rule);
    await t.db
      .update(requestLimits)
      .set({ windowStartedAt: sql`now() - interval '61 seconds'` })
      .where(eq(requestLimits.key, "test:d"));
    expect(await hitLimit(t.db, "test:d", rule)).toEqual({ allowed: true, retryAfterSeconds: 0 });
  });

  it("counts simultaneous requests exactly", async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => hitLimit(t.db, "test:e", rule)));
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
  });
});
