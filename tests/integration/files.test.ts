import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOpportunity } from "~/server/seed/factories.server";
import { investmentOpportunities } from "~/server/db/schema.server";
import { findFile, readFileBytes, storeFile } from "~/server/storage/files.server";
import { importLegacyUploads, storeImage } from "~/server/storage/images.server";
import { createTestContext, type TestContext } from "./app-context";
import { listenForApp, type RealApp } from "./real-app";
import { createTestDatabase, testDriver, type TestDatabase } from "./test-database";

/**
 * Issue 15: files live in the database (decision 017). Images are served at /media to
 * anyone, as images only, with an ETag; the old /uploads addresses redirect once their file
 * was moved in at start-up. Over real HTTP, through the app's own routes.
 */

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array.from({ length: 300 * 1024 }, (_, i) => i % 251)]);
const silent = pino({ level: "silent" });

let t: TestDatabase;
let app: RealApp;
let context: TestContext;
beforeAll(async () => {
  t = await createTestDatabase();
  app = await listenForApp();
  context = createTestContext(t, { SITE_URL: app.base });
  await app.mount({ parts: context, database: t });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await t?.destroy();
});

describe(`stored files over HTTP (${testDriver})`, () => {
  it("serves an image whole, with its type, a year's public caching and an ETag that answers 304", async () => {
    const url = await storeImage(t.db, { bytes: PNG, extension: "png" });
    const answer = await fetch(`${app.base}${url}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/png");
    expect(answer.headers.get("content-length")).toBe(String(PNG.byteLength));
    expect(answer.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect(answer.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(new Uint8Array(await answer.arrayBuffer())).toEqual(PNG);
    const etag = answer.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);

    const again = await fetch(`${app.base}${url}`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect((await again.arrayBuffer()).byteLength).toBe(0);

    // A signed-in visitor's request is cached the same way: an image is nobody's own.
    const signedIn = await fetch(`${app.base}${url}`, { headers: { Cookie: "better-auth.session_token=abc.def" } });
    expect(signedIn.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("serves only images at /media, only under their own extension", async () => {
    const url = await storeImage(t.db, { bytes: PNG, extension: "png" });
    const pdf = await storeFile(t.db, { bytes: new TextEncoder().encode("%PDF-1.7 a library document"), contentType: "application/pdf" });
    const missing = "0b8f2c1e-0000-4000-8000-000000000000";
    for (const name of [`${pdf.id}.png`, `${pdf.id}.pdf`, url.slice("/media/".length).replace(".png", ".jpg"), `${missing}.png`, "..%2f..%2fauth-secret", "x.png"]) {
      expect((await fetch(`${app.base}/media/${name}`)).status, name).toBe(404);
    }
  });

  it("moves images from DATA_DIR/uploads into the database at start-up, and redirects their old address", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "legacy-"));
    mkdirSync(path.join(dataDir, "uploads"));
    writeFileSync(path.join(dataDir, "uploads", "0b8f2c1e-tower.png"), PNG);
    const kept = await createOpportunity(t.db, { title: "Legacy tower", imageUrl: "/uploads/0b8f2c1e-tower.png" });
    // Another instance's image: not on this disk, left for that instance.
    const elsewhere = await createOpportunity(t.db, { title: "Elsewhere", imageUrl: "/uploads/0b8f2c1e-elsewhere.png" });

    expect(await importLegacyUploads(t.db, dataDir, silent)).toBe(1);
    const [row] = await t.db.select().from(investmentOpportunities).where(eq(investmentOpportunities.id, kept.id));
    expect(row!.imageUrl).toMatch(/^\/media\/[0-9a-f-]{36}\.png$/);
    const file = await findFile(t.db, row!.imageUrl!.slice(7, 43));
    expect(new Uint8Array(await readFileBytes(t.db, file!))).toEqual(PNG);
    const [other] = await t.db.select().from(investmentOpportunities).where(eq(investmentOpportunities.id, elsewhere.id));
    expect(other!.imageUrl).toBe("/uploads/0b8f2c1e-elsewhere.png");
    // Again (the next start): nothing to do.
    expect(await importLegacyUploads(t.db, dataDir, silent)).toBe(0);

    const old = await fetch(`${app.base}/uploads/0b8f2c1e-tower.png`, { redirect: "manual" });
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe(row!.imageUrl);
    expect((await fetch(`${app.base}/uploads/0b8f2c1e-elsewhere.png`)).status).toBe(404);
    expect((await fetch(`${app.base}/uploads/..%2fauth-secret`)).status).toBe(404);
  });
});
