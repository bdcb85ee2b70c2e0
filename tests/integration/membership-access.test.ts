import { and, count, eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOCUMENT_AUDIENCES, type DocumentAudience } from "~/domain/documents";
import { createDemoPlans, createDocument, createQualification, createSubscription, createUser } from "~/server/seed/factories.server";
import { documentDownloads } from "~/server/db/schema.server";
import { createTestContext, enrolTwoFactor, signInCookie, type TestContext } from "./app-context";
import { listenForApp, type RealApp } from "./real-app";
import { createTestDatabase, testDriver, type TestDatabase } from "./test-database";

/**
 * Issue 15: who may open which document, decided on the server for every file, over real
 * HTTP through the app's own routes: a visitor, a signed-in investor without a plan, one
 * on each plan, one whose Elite plan has fallen behind on payment (past_due gives nothing),
 * and an admin, against a document of every audience and an unpublished one.
 */

const PASSWORD = "tigris membership 2031";
type Who = "visitor" | "none" | "explorer" | "investor" | "elite" | "lapsed" | "publicOnly" | "admin";
type Outcome = "file" | "stamped" | "sign-in" | "upgrade" | "qualify" | "missing";
type Doc = DocumentAudience | "draft";

/** What each reader gets for each document (the issue's rules: anonymous → sign in; no tier → plans; entitled → the file). */
const EXPECTED: Record<Who, Record<Doc, Outcome>> = {
  visitor: { public: "file", signed_in: "sign-in", explorer: "sign-in", investor: "sign-in", elite: "sign-in", draft: "missing" },
  none: { public: "file", signed_in: "stamped", explorer: "upgrade", investor: "upgrade", elite: "upgrade", draft: "missing" },
  lapsed: { public: "file", signed_in: "stamped", explorer: "upgrade", investor: "upgrade", elite: "upgrade", draft: "missing" },
  explorer: { public: "file", signed_in: "stamped", explorer: "stamped", investor: "upgrade", elite: "upgrade", draft: "missing" },
  investor: { public: "file", signed_in: "stamped", explorer: "stamped", investor: "stamped", elite: "upgrade", draft: "missing" },
  elite: { public: "file", signed_in: "stamped", explorer: "stamped", investor: "stamped", elite: "stamped", draft: "missing" },
  // Issue 35: an Elite member who confirmed "none of these" reads public material only, and is sent to their answer.
  publicOnly: { public: "file", signed_in: "qualify", explorer: "qualify", investor: "qualify", elite: "qualify", draft: "missing" },
  admin: { public: "file", signed_in: "stamped", explorer: "stamped", investor: "stamped", elite: "stamped", draft: "stamped" },
};

let t: TestDatabase;
let app: RealApp;
let context: TestContext;
const readers = {} as Record<Who, { id: string | null; email: string | null; cookie: string | undefined }>;
const docs = {} as Record<Doc, { id: string; pdf: Uint8Array }>;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await listenForApp();
  context = createTestContext(t, { SITE_URL: app.base });
  await app.mount({ parts: context, database: t });

  const plans = new Map((await createDemoPlans(t.db)).map((p) => [p.name, p.id]));
  readers.visitor = { id: null, email: null, cookie: undefined };
  const sign = async (who: Who, plan: string | null, status = "active", role?: "admin") => {
    const email = `${who}-${Date.now()}@example.com`;
    const { id } = await createUser(t.db, { email, password: PASSWORD, role });
    if (plan) await createSubscription(t.db, { userId: id, planId: plans.get(plan)!, status });
    let cookie = await signInCookie(context, email, PASSWORD);
    if (role === "admin") cookie = (await enrolTwoFactor(context, email, PASSWORD, cookie)).cookie;
    readers[who] = { id, email, cookie };
  };
  await sign("none", null);
  await sign("explorer", "Explorer", "trialing");
  await sign("investor", "Investor");
  await sign("elite", "Elite");
  await sign("lapsed", "Elite", "past_due");
  await sign("publicOnly", "Elite");
  // An earlier answer that qualified, then "none of these": the latest is where they stand.
  await createQualification(t.db, { userId: readers.publicOnly.id!, confirmedAt: new Date(Date.now() - 60_000) });
  await createQualification(t.db, { userId: readers.publicOnly.id!, qualifies: false });
  // A qualified answer changes nothing a plan gives.
  await createQualification(t.db, { userId: readers.investor.id! });
  await sign("admin", null, "active", "admin");

  for (const audience of DOCUMENT_AUDIENCES) {
    const doc = await createDocument(t.db, { title: `The ${audience} document`, audience });
    docs[audience] = { id: doc.id, pdf: await original(doc.id) };
  }
  const draft = await createDocument(t.db, { title: "The draft document", audience: "investor", isPublished: false });
  docs.draft = { id: draft.id, pdf: await original(draft.id) };
}, 180_000);

afterAll(async () => {
  await app?.close();
  await t?.destroy();
});

/** A document's PDF as stored (what the admin uploaded). */
async function original(documentId: string): Promise<Uint8Array> {
  const { documents } = await import("~/server/db/schema.server");
  const { findFile, readFileBytes } = await import("~/server/storage/files.server");
  const [row] = await t.db.select({ fileId: documents.fileId }).from(documents).where(eq(documents.id, documentId));
  return readFileBytes(t.db, (await findFile(t.db, row!.fileId))!);
}

const get = (path: string, cookie?: string, headers: Record<string, string> = {}) =>
  fetch(`${app.base}${path}`, { headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers }, redirect: "manual" });

async function pdfText(bytes: ArrayBuffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text;
}

const downloadsOf = async (documentId: string, userId: string | null) =>
  Number(
    (
      await t.db
        .select({ n: count() })
        .from(documentDownloads)
        .where(and(eq(documentDownloads.documentId, documentId), userId ? eq(documentDownloads.userId, userId) : undefined))
    )[0]?.n ?? 0,
  );

describe(`document access over HTTP (${testDriver})`, () => {
  for (const who of Object.keys(EXPECTED) as Who[]) {
    it(`${who}: every document's download answers as the rules say`, async () => {
      const reader = readers[who];
      for (const [doc, expected] of Object.entries(EXPECTED[who]) as Array<[Doc, Outcome]>) {
        const { id, pdf } = docs[doc];
        const answer = await get(`/documents/${id}/download`, reader.cookie);
        const where = `${who} → ${doc}`;
        switch (expected) {
          case "sign-in":
            expect([answer.status, answer.headers.get("location")], where).toEqual([302, `/auth?redirectTo=${encodeURIComponent(`/documents/${id}`)}`]);
            break;
          case "upgrade":
            expect([answer.status, answer.headers.get("location")], where).toEqual([302, `/pricing?document=${id}`]);
            break;
          case "qualify":
            expect([answer.status, answer.headers.get("location")], where).toEqual([302, "/account/qualification"]);
            break;
          case "missing":
            expect([answer.status, answer.headers.get("location")], where).toEqual([302, `/documents/${id}`]);
            expect((await get(`/documents/${id}`, reader.cookie)).status, where).toBe(404);
            break;
          case "file": {
            expect(answer.status, where).toBe(200);
            expect(answer.headers.get("content-type"), where).toBe("application/pdf");
            expect(answer.headers.get("cache-control"), where).toBe("public, max-age=300, must-revalidate");
            expect(answer.headers.get("content-disposition"), where).toMatch(/^attachment; filename="[\w.-]+\.pdf"/);
            // Everyone's copy of a public document is the file as uploaded.
            expect(Buffer.from(await answer.arrayBuffer()), where).toEqual(Buffer.from(pdf));
            break;
          }
          case "stamped": {
            expect(answer.status, where).toBe(200);
            expect(answer.headers.get("cache-control"), where).toBe("private, no-cache");
            const text = await pdfText(await answer.arrayBuffer());
            expect(text, where).toContain(`Prepared for ${reader.email}`);
            break;
          }
        }
      }
    });
  }

  it("shows each reader a published document's page, and an unpublished one to admins only", async () => {
    for (const who of Object.keys(EXPECTED) as Who[]) {
      expect((await get(`/documents/${docs.investor.id}`, readers[who].cookie)).status, who).toBe(200);
      expect((await get(`/documents/${docs.draft.id}`, readers[who].cookie)).status, who).toBe(who === "admin" ? 200 : 404);
    }
  });

  it("records a download sent, a reader once a day (issue 32), and not a revalidation the browser answers from its cache", async () => {
    const elite = readers.elite;
    const first = await get(`/documents/${docs.elite.id}/download`, elite.cookie);
    expect(first.status).toBe(200);
    await first.arrayBuffer();
    expect(await downloadsOf(docs.elite.id, elite.id)).toBe(1);
    const etag = first.headers.get("etag")!;
    const again = await get(`/documents/${docs.elite.id}/download`, elite.cookie, { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(await downloadsOf(docs.elite.id, elite.id)).toBe(1);
    // Another reader's copy is another version.
    const other = await get(`/documents/${docs.elite.id}/download`, readers.admin.cookie, { "If-None-Match": etag });
    expect(other.status).toBe(200);
    await other.arrayBuffer();
    // A visitor's download of a public document is recorded without a reader.
    const anonymousBefore = await downloadsOf(docs.public.id, null);
    await (await get(`/documents/${docs.public.id}/download`)).arrayBuffer();
    expect(await downloadsOf(docs.public.id, null)).toBe(anonymousBefore + 1);
    // A refused download records nothing.
    const refused = await downloadsOf(docs.elite.id, readers.investor.id);
    await get(`/documents/${docs.elite.id}/download`, readers.investor.cookie);
    expect(await downloadsOf(docs.elite.id, readers.investor.id)).toBe(refused);
  });

  it("stamps a reader's copy in the language of the page it is asked from, and keeps a visitor in that language", async () => {
    const elite = readers.elite;
    const english = await get(`/documents/${docs.elite.id}/download`, elite.cookie);
    expect(await pdfText(await english.arrayBuffer())).toContain(`Prepared for ${elite.email}`);
    for (const [prefix, words] of [
      ["/ar", ["أُعدّت لـ", "بتاريخ", "سرّي"]],
      ["/ckb", ["ئامادەکراوە بۆ", "نهێنی"]],
    ] as const) {
      const copy = await get(`${prefix}/documents/${docs.elite.id}/download`, elite.cookie, { "If-None-Match": english.headers.get("etag")! });
      // Another language is another version of the reader's copy: not answered from the English one.
      expect(copy.status, prefix).toBe(200);
      const text = await pdfText(await copy.arrayBuffer());
      for (const word of [...words, elite.email!]) expect(text, prefix).toContain(word);
      expect(text, prefix).not.toContain("Prepared for");
      const visitor = await get(`${prefix}/documents/${docs.elite.id}/download`);
      expect([visitor.status, visitor.headers.get("location")], prefix).toEqual([302, `${prefix}/auth?redirectTo=${encodeURIComponent(`/documents/${docs.elite.id}`)}`]);
    }
  });

  it("gives the current investor pack at /documents/investor-pack", async () => {
    const older = await createDocument(t.db, { title: "Investor Pack 2025", kind: "investor_pack", publishedAt: new Date("2025-01-01T00:00:00Z") });
    const current = await createDocument(t.db, { title: "Investor Pack 2026", kind: "investor_pack", publishedAt: new Date("2026-01-01T00:00:00Z") });
    await createDocument(t.db, { title: "Unpublished pack", kind: "investor_pack", isPublished: false });
    const answer = await get("/documents/investor-pack");
    expect([answer.status, answer.headers.get("location")]).toEqual([302, `/documents/${current.id}/download`]);
    expect(older.id).not.toBe(current.id);
  });
});
