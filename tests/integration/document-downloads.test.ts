import { and, count, eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDemoPlans, createDocument, createSubscription, createUser } from "~/server/seed/factories.server";
import { documentDownloads } from "~/server/db/schema.server";
import { renderPdf } from "~/server/documents/pdf.server";
import { saveDocument } from "~/server/services/documents.server";
import { fileTotals } from "~/server/storage/files.server";
import { createTestContext, signInCookie, type TestContext } from "./app-context";
import { listenForApp, type RealApp } from "./real-app";
import { createTestDatabase, testDriver, type TestDatabase } from "./test-database";

/**
 * Issue 32, item 5: what a gated download may cost, over real HTTP through the app's own
 * download route. A reader has 30 downloads an hour (a visitor, per address); a reader's
 * stamped copy of a document is made once a day and served again from the database; the
 * download log counts a reader once per document per day; a new file, or a new day, is a
 * fresh stamp.
 */

const PASSWORD = "tigris downloads 2031";
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestDatabase;
let app: RealApp;
let context: TestContext;
let elitePlan: string;
let adminId: string;
let n = 0;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await listenForApp();
  context = createTestContext(t, { SITE_URL: app.base });
  await app.mount({ parts: context, database: t });
  elitePlan = (await createDemoPlans(t.db)).find((p) => p.name === "Elite")!.id;
  adminId = (await createUser(t.db, { email: `downloads-admin-${Date.now()}@example.com`, role: "admin" })).id;
}, 180_000);

afterAll(async () => {
  await app?.close();
  await t?.destroy();
});

/** A signed-in Elite member (every audience is theirs). */
async function reader() {
  const email = `reader-${++n}-${Date.now()}@example.com`;
  const { id } = await createUser(t.db, { email, password: PASSWORD });
  await createSubscription(t.db, { userId: id, planId: elitePlan });
  return { id, email, cookie: await signInCookie(context, email, PASSWORD) };
}

const get = (path: string, cookie?: string, headers: Record<string, string> = {}) =>
  fetch(`${app.base}${path}`, { headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers }, redirect: "manual" });

const download = (documentId: string, cookie?: string, prefix = "") => get(`${prefix}/documents/${documentId}/download`, cookie);

/** The PDF's text (read from a copy: the PDF reader takes the buffer it is given). */
async function pdfText(bytes: ArrayBuffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes).slice()), { mergePages: true });
  return text;
}

/** Rows in the download log for a document: a reader's, or everyone's (visitors' included). */
const loggedDownloads = async (documentId: string, userId: string | null) =>
  Number(
    (
      await t.db
        .select({ n: count() })
        .from(documentDownloads)
        .where(and(eq(documentDownloads.documentId, documentId), userId ? eq(documentDownloads.userId, userId) : undefined))
    )[0]?.n ?? 0,
  );

/** The wait as the refusal words it (Retry-After in whole minutes, rounded up). */
const minutes = (seconds: number) => (Math.ceil(seconds / 60) === 1 ? "1 minute" : `${Math.ceil(seconds / 60)} minutes`);

/** How many files the database holds: the uploads, and the stamped copies kept for reuse. */
const storedFiles = async () => (await fileTotals(t.db)).files;

describe(`what a download may cost (${testDriver})`, () => {
  it("refuses a reader's 31st download in an hour with the wait, in the page's language, and records nothing for it", { timeout: 120_000 }, async () => {
    const me = await reader();
    const doc = await createDocument(t.db, { title: "Quarterly letter", audience: "investor" });
    for (let i = 1; i <= 30; i++) {
      const answer = await download(doc.id, me.cookie);
      expect(answer.status, `download ${i}`).toBe(200);
      await answer.arrayBuffer();
    }
    const files = await storedFiles();
    const refused = await download(doc.id, me.cookie);
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(refused.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await refused.text()).toBe(`Too many downloads. Please wait ${minutes(wait)} and try again.`);
    const arabic = await download(doc.id, me.cookie, "/ar");
    expect(arabic.status).toBe(429);
    expect(await arabic.text()).toMatch(/^تنزيلات كثيرة جدًا\. يُرجى الانتظار .+ ثم المحاولة مرة أخرى\.$/);
    // The refused ones cost nothing: no stamp, no copy, no log row.
    expect(await storedFiles()).toBe(files);
    expect(await loggedDownloads(doc.id, me.id)).toBe(1);
    // Another reader is not held back by this one.
    expect((await download(doc.id, (await reader()).cookie)).status).toBe(200);
  });

  it("does not count a revalidation the browser answers from its cache, nor a HEAD", async () => {
    const me = await reader();
    const doc = await createDocument(t.db, { title: "Cached report", audience: "elite" });
    const first = await download(doc.id, me.cookie);
    await first.arrayBuffer();
    const etag = first.headers.get("etag")!;
    for (let i = 0; i < 35; i++) {
      expect((await get(`/documents/${doc.id}/download`, me.cookie, { "If-None-Match": etag })).status).toBe(304);
    }
    const head = await fetch(`${app.base}/documents/${doc.id}/download`, { method: "HEAD", headers: { Cookie: me.cookie } });
    expect(head.status).toBe(200);
    expect((await download(doc.id, me.cookie)).status).toBe(200);
  });

  it("stamps a reader's copy once a day and serves that same copy again, logging the reader once", async () => {
    const me = await reader();
    const doc = await createDocument(t.db, { title: "Marina tower pack", audience: "investor" });
    const filesBefore = await storedFiles();
    const first = await download(doc.id, me.cookie);
    expect(first.status).toBe(200);
    const firstBytes = Buffer.from(await first.arrayBuffer());
    expect(await pdfText(new Uint8Array(firstBytes).buffer)).toContain(`Prepared for ${me.email}`);
    // The stamped copy is kept in the database, where every instance can read it.
    expect(await storedFiles()).toBe(filesBefore + 1);
    expect(first.headers.get("content-length")).toBe(String(firstBytes.byteLength));

    const second = await download(doc.id, me.cookie);
    expect(second.status).toBe(200);
    const secondBytes = Buffer.from(await second.arrayBuffer());
    // Not stamped again: no second copy, the same bytes under the same version.
    expect(await storedFiles()).toBe(filesBefore + 1);
    expect(secondBytes.equals(firstBytes)).toBe(true);
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(second.headers.get("cache-control")).toBe("private, no-cache");

    // One reader, one document, one day: one row in the log the admin's figures count.
    expect(await loggedDownloads(doc.id, me.id)).toBe(1);
    // Another reader has a copy of their own, and a row of their own.
    const other = await reader();
    const theirs = await download(doc.id, other.cookie);
    expect(await pdfText(await theirs.arrayBuffer())).toContain(`Prepared for ${other.email}`);
    expect(await storedFiles()).toBe(filesBefore + 2);
    expect(await loggedDownloads(doc.id, other.id)).toBe(1);
    expect(await loggedDownloads(doc.id, null)).toBe(2);
  });

  it("stamps afresh when the document's file is replaced, and forgets the old copies", async () => {
    const me = await reader();
    const doc = await createDocument(t.db, { title: "Escrow terms", audience: "investor" });
    const before = await download(doc.id, me.cookie);
    expect(await pdfText(await before.arrayBuffer())).toContain("The text of Escrow terms.");
    const filesWithCopy = await storedFiles();

    const pdf = await renderPdf({ title: "Escrow terms", sections: [{ heading: "Contents", paragraphs: ["The revised escrow terms."] }] }, { createdAt: new Date("2026-02-01T00:00:00Z") });
    await saveDocument(context, { kind: "user", userId: adminId, isAdmin: true }, {
      values: { id: doc.id, title: doc.title, summary: doc.summary, kind: doc.kind, audience: doc.audience, opportunityId: null, isPublished: true, isConfidential: false },
      pdf: { bytes: pdf, name: "escrow-terms.pdf", pageCount: 1 },
    });
    // The old file went, and the reader's copy of it with it.
    expect(await storedFiles()).toBe(filesWithCopy - 1);

    const after = await download(doc.id, me.cookie);
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
    const text = await pdfText(await after.arrayBuffer());
    expect(text).toContain("The revised escrow terms.");
    expect(text).toContain(`Prepared for ${me.email}`);
    expect(await storedFiles()).toBe(filesWithCopy);
    // Still the same reader, document and day: one row.
    expect(await loggedDownloads(doc.id, me.id)).toBe(1);
  });

  it("stamps the next day's date on a new copy, and logs the reader again that day", async () => {
    const me = await reader();
    const doc = await createDocument(t.db, { title: "Daily brief", audience: "investor" });
    const today = await download(doc.id, me.cookie);
    const todayBytes = Buffer.from(await today.arrayBuffer());
    const files = await storedFiles();
    const tomorrow = new Date(Date.now() + DAY);
    context.clock = () => tomorrow;
    try {
      const next = await download(doc.id, me.cookie);
      expect(next.status).toBe(200);
      const nextBytes = Buffer.from(await next.arrayBuffer());
      expect(nextBytes.equals(todayBytes)).toBe(false);
      expect(next.headers.get("etag")).not.toBe(today.headers.get("etag"));
      expect(await storedFiles()).toBe(files + 1);
      expect(await loggedDownloads(doc.id, me.id)).toBe(2);
      // And that day's copy is served again that day.
      await (await download(doc.id, me.cookie)).arrayBuffer();
      expect(await storedFiles()).toBe(files + 1);
      expect(await loggedDownloads(doc.id, me.id)).toBe(2);
    } finally {
      delete context.clock;
    }
  });

  // Last: the test's address is then held back for the hour.
  it("serves a public document as uploaded, logs a visitor's every download and a reader's once a day, and counts a visitor's by their address", { timeout: 120_000 }, async () => {
    const doc = await createDocument(t.db, { title: "Public brochure", audience: "public" });
    const filesBefore = await storedFiles();
    const me = await reader();
    for (let i = 0; i < 2; i++) await (await download(doc.id, me.cookie)).arrayBuffer();
    expect(await loggedDownloads(doc.id, me.id)).toBe(1);
    for (let i = 1; i <= 30; i++) {
      const answer = await download(doc.id);
      expect(answer.status, `download ${i}`).toBe(200);
      await answer.arrayBuffer();
    }
    expect(await storedFiles()).toBe(filesBefore);
    expect(await loggedDownloads(doc.id, null)).toBe(31);
    const refused = await download(doc.id);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toBe(`Too many downloads. Please wait ${minutes(Number(refused.headers.get("retry-after")))} and try again.`);
    expect(await loggedDownloads(doc.id, null)).toBe(31);
  });
});
