import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/server/db/client.server";
import { createOpportunity } from "~/server/seed/factories.server";
import { investmentOpportunities, siteContentVersion } from "~/server/db/schema.server";
import { createAdminTestbed, createTestContext, type AdminTestbed } from "./app-context";
import { opportunityForm } from "../support/opportunity-form";
import { listenForApp, type RealApp } from "./real-app";
import { testDriver, type TestDatabase } from "./test-database";

/**
 * Issue 18: the render cache (decision 024) in front of the whole app, over real HTTP. On
 * PostgreSQL, two instances on one database, as production runs them: an admin's change on
 * one shows on the next request on the other. On the embedded database, the one instance it
 * allows.
 */

let bed: AdminTestbed;
let first: RealApp;
let second: RealApp | undefined;
let secondHandle: DatabaseHandle | undefined;

beforeAll(async () => {
  first = await listenForApp();
  bed = await createAdminTestbed("cache-", { SITE_URL: first.base });
  await first.mount({ parts: bed.context, database: bed.t });
  if (testDriver === "postgres") {
    // Another instance: its own connections to the same database, its own cache.
    second = await listenForApp();
    secondHandle = await openDatabase({ driver: "postgres", url: bed.t.url! });
    const parts = createTestContext({ ...bed.t, ...secondHandle } as TestDatabase, { SITE_URL: second.base });
    await second.mount({ parts, database: secondHandle });
  }
}, 120_000);
afterAll(async () => {
  await first?.close();
  await second?.close();
  await secondHandle?.close();
  await bed?.destroy();
});

const instances = () => [first, ...(second ? [second] : [])];

async function get(app: RealApp, path: string, cookie?: string) {
  const response = await fetch(`${app.base}${path}`, { headers: cookie ? { cookie } : {} });
  const body = await response.text();
  return {
    status: response.status,
    cache: response.headers.get("x-render-cache"),
    body,
    cspNonce: /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1],
    nonces: new Set([...body.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]).filter(Boolean)),
  };
}

/** The admin's opportunity form, posted to the first instance as the browser posts it. */
async function saveOpportunity(fields: Record<string, string>) {
  const response = await fetch(`${first.base}/admin`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: first.base, cookie: bed.admin.cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(opportunityForm(fields)).toString(),
  });
  expect(response.status).toBe(200);
}

describe(`the render cache in front of the app (${testDriver})`, () => {
  it("shows an admin's change on the next request on every instance", async () => {
    await saveOpportunity({ title: "Cache Test Tower" });
    for (const app of instances()) {
      const rendered = await get(app, "/");
      expect(rendered.body).toContain("Cache Test Tower");
      const kept = await get(app, "/");
      expect(kept.cache).toBe("hit");
      expect(kept.body).toContain("Cache Test Tower");
    }

    const [saved] = await bed.t.db.select().from(investmentOpportunities).where(eq(investmentOpportunities.title, "Cache Test Tower"));
    await saveOpportunity({ id: saved!.id, title: "Cache Test Tower, renamed" });
    // The very next request on each instance, the second one first: no instance still has the old page.
    for (const app of [...instances()].reverse()) {
      for (const path of ["/", "/opportunities", "/ar/opportunities"]) {
        const next = await get(app, path);
        expect(next.cache, `${app.base}${path}`).toBe("miss");
        expect(next.body).toContain("Cache Test Tower, renamed");
        expect((await get(app, path)).cache).toBe("hit");
      }
    }
  });

  it("shows a change made outside any request (a script, a restore raising the version) on the next request", async () => {
    for (const app of instances()) {
      await get(app, "/pricing");
      expect((await get(app, "/pricing")).cache).toBe("hit");
    }
    await bed.t.db.update(siteContentVersion).set({ version: sql`${siteContentVersion.version} + 1` });
    for (const app of instances()) expect((await get(app, "/pricing")).cache, app.base).toBe("miss");
  });

  it("gives every answer its own nonce, in its header and in its page alike", async () => {
    await get(first, "/pricing");
    const answers = [await get(first, "/pricing"), await get(first, "/pricing")];
    expect(answers.map((a) => a.cache)).toEqual(["hit", "hit"]);
    for (const answer of answers) expect([...answer.nonces]).toEqual([answer.cspNonce]);
    expect(answers[0]!.cspNonce).not.toBe(answers[1]!.cspNonce);
  });

  it("never answers a signed-in visitor from it, nor keeps their page", async () => {
    await get(first, "/");
    const signedIn = await get(first, "/", bed.investor.cookie);
    expect(signedIn.cache).toBeNull();
    expect(signedIn.body).toContain(bed.investor.email);
    const visitor = await get(first, "/");
    expect(visitor.cache).toBe("hit");
    expect(visitor.body).not.toContain(bed.investor.email);
    // Pages that are not public are never kept, even for a visitor.
    expect((await get(first, "/auth")).cache).toBeNull();
  });

  it("renders the opportunities again once one opens to the public", async () => {
    const opening = new Date(Date.now() + 2_000);
    await createOpportunity(bed.t.db, { title: "Opening Shortly Plaza", status: "active", publicAt: opening });
    for (const app of instances()) {
      await get(app, "/opportunities");
      const before = await get(app, "/opportunities");
      expect(before.cache).toBe("hit");
      expect(before.body).not.toContain("Opening Shortly Plaza");
    }
    await new Promise((resolve) => setTimeout(resolve, opening.getTime() - Date.now() + 100));
    for (const app of instances()) {
      const after = await get(app, "/opportunities");
      expect(after.cache).toBe("miss");
      expect(after.body).toContain("Opening Shortly Plaza");
    }
  });
});
