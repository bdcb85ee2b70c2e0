import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestLimits } from "~/server/db/schema.server";
import { type AppError, isAppError } from "~/domain/app-error";
import { hitLimit, hitLimits } from "~/server/security/rate-limit.server";
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

/** Several limits counted in one statement inside the caller's transaction (issue 18). */
describe(`hitLimits: every limit of a request in one statement (${testDriver})`, () => {
  const cooldown = { max: 1, windowSeconds: 30 };
  const daily = { max: 3, windowSeconds: 86_400 };
  const hitsOf = async (key: string) => (await t.db.select({ hits: requestLimits.hits }).from(requestLimits).where(eq(requestLimits.key, key)))[0]?.hits ?? 0;
  const limits = (id: string) => [
    { rule: "cooldown", key: `multi:${id}:cooldown`, limit: cooldown },
    { rule: "daily", key: `multi:${id}:daily`, limit: daily },
  ];
  const attempt = (id: string, afterwards: () => Promise<void> = async () => {}) =>
    t.db.transaction(async (tx) => {
      await hitLimits({}, tx, limits(id), "refused");
      await afterwards();
    });

  it("counts each key once, refuses the one with no room left (its rule and the seconds left) and rolls the others back", async () => {
    await attempt("a");
    expect([await hitsOf("multi:a:cooldown"), await hitsOf("multi:a:daily")]).toEqual([1, 1]);
    const refused = await attempt("a").catch((error: unknown) => error);
    expect(isAppError(refused) && refused.code).toBe("RATE_LIMITED");
    expect((refused as AppError).message).toBe("refused");
    expect((refused as AppError).detail).toMatchObject({ rule: "cooldown" });
    expect((refused as AppError).detail!.retryAfter).toBeGreaterThan(25);
    expect((refused as AppError).detail!.retryAfter).toBeLessThanOrEqual(30);
    // The refused request took nothing: the daily count is still one, the cooldown not past its max.
    expect([await hitsOf("multi:a:cooldown"), await hitsOf("multi:a:daily")]).toEqual([1, 1]);
  });

  it("gives the hits back when the request fails later in its transaction", async () => {
    await expect(attempt("b", async () => { throw new Error("the slot was taken"); })).rejects.toThrow("the slot was taken");
    expect([await hitsOf("multi:b:cooldown"), await hitsOf("multi:b:daily")]).toEqual([0, 0]);
    await attempt("b");
    expect(await hitsOf("multi:b:cooldown")).toBe(1);
  });

  it("lets exactly one of many simultaneous requests through a cooldown", async () => {
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => attempt("c")));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.filter((r) => r.status === "rejected").every((r) => isAppError((r as PromiseRejectedResult).reason))).toBe(true);
    expect([await hitsOf("multi:c:cooldown"), await hitsOf("multi:c:daily")]).toEqual([1, 1]);
  });

  it("starts the window again once it has passed", async () => {
    await attempt("d");
    await t.db.update(requestLimits).set({ windowStartedAt: sql`now() - interval '31 seconds'` }).where(eq(requestLimits.key, "multi:d:cooldown"));
    await attempt("d");
    expect([await hitsOf("multi:d:cooldown"), await hitsOf("multi:d:daily")]).toEqual([1, 2]);
  });
});
