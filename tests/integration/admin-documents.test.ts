import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOCUMENT_UPLOAD_MESSAGES, MAX_DOCUMENT_BYTES } from "~/domain/documents";
import { english } from "../support/english";
// The admin action says its messages in the request's language: the catalogues must be loaded.
import "~/i18n/catalogues.server";
import { action as documentsAction, loader as documentsLoader } from "~/routes/admin.documents";
import { listDownloadsForAdmin } from "~/server/services/document-downloads.server";
import { createDocument, createOpportunity, createUser } from "~/server/seed/factories.server";
import { auditLog, documentDownloads, documents, storedFiles } from "~/server/db/schema.server";
import { renderPdf } from "~/server/documents/pdf.server";
import { anonymous } from "~/server/security/actor.server";
import { CLIENT_IP_HEADER } from "~/server/security/better-auth.server";
import { findFile, readFileBytes } from "~/server/storage/files.server";
import { encryptedPdf } from "../support/pdf-fixtures";
import { createAdminTestbed, getRequest, routeArgs, type AdminTestbed } from "./app-context";
import { testDriver } from "./test-database";

/**
 * Issue 15: /admin/documents through its real loader and action. Uploads are checked by
 * their content (not a PDF, password-protected, damaged, too large: a message, nothing
 * stored); a save, a replaced file and a delete are each audited, and a replaced or deleted
 * file leaves the database with its row.
 */

let bed: AdminTestbed;
beforeAll(async () => {
  bed = await createAdminTestbed("docs-");
});
afterAll(() => bed?.destroy());

type Answer = { status: number; data: { ok: boolean; message?: string; fieldErrors?: Record<string, string[]> } };

const FIELDS = { intent: "document-save", title: "Erbil Rental Market Brief", summary: "Rents and yields in central Erbil.", kind: "market_report", audience: "investor", opportunityId: "", isPublished: "on" };

/** The dialog's multipart post, with a file when given. */
async function save(fields: Record<string, string>, file?: { bytes: Uint8Array; name: string }, cookie = bed.admin.cookie): Promise<Answer> {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  if (file) body.set("file", new File([file.bytes.slice()], file.name, { type: "application/pdf" }));
  const request = new Request(`${bed.context.config.siteUrl}/admin/documents`, {
    method: "POST",
    headers: { Origin: bed.context.config.siteUrl, Cookie: cookie, [CLIENT_IP_HEADER]: "203.0.113.9" },
    body,
  });
  const result = (await documentsAction(routeArgs(request, bed.context))) as unknown as { data: Answer["data"]; init: { status?: number } | null };
  return { status: result.init?.status ?? 200, data: result.data };
}

const pdf = (title: string) => renderPdf({ title, sections: [{ heading: "Rents", paragraphs: [`${title}: rents rose in the centre.`] }] });
const fileCount = async () => (await bed.t.db.select({ id: storedFiles.id }).from(storedFiles)).length;
const titled = async (title: string) => (await bed.t.db.select().from(documents).where(eq(documents.title, title)))[0];

describe(`/admin/documents (${testDriver})`, () => {
  it("refuses a file that is not a PDF, a password-protected or damaged one, one over 20 MB, and a new document without a file, storing nothing", async () => {
    const before = await fileCount();
    const cases: Array<[Uint8Array | undefined, (typeof DOCUMENT_UPLOAD_MESSAGES)[keyof typeof DOCUMENT_UPLOAD_MESSAGES]]> = [
      [new TextEncoder().encode("<html><script>alert(1)</script></html>"), DOCUMENT_UPLOAD_MESSAGES.notPdf],
      [encryptedPdf(), DOCUMENT_UPLOAD_MESSAGES.encrypted],
      [new TextEncoder().encode("%PDF-1.7\n1 0 obj << /Type /Catalog"), DOCUMENT_UPLOAD_MESSAGES.malformed],
      [new Uint8Array(MAX_DOCUMENT_BYTES + 1).fill(0x25), DOCUMENT_UPLOAD_MESSAGES.tooLarge],
      [undefined, DOCUMENT_UPLOAD_MESSAGES.missing],
    ];
    for (const [bytes, message] of cases) {
      const answer = await save({ ...FIELDS, title: `Refused ${message}` }, bytes ? { bytes, name: "brief.pdf" } : undefined);
      expect(answer.status, message).toBe(400);
      expect(answer.data.fieldErrors, message).toEqual({ file: [english(message)] });
      expect(await titled(`Refused ${message}`), message).toBeUndefined();
    }
    expect(await fileCount()).toBe(before);
  });

  it("uploads, edits, replaces and deletes a document, each audited; a replaced or deleted file goes with its row", async () => {
    const tower = await createOpportunity(bed.t.db, { title: "Brief Tower" });
    const first = await pdf("First edition");
    expect(await save({ ...FIELDS, opportunityId: tower.id }, { bytes: first, name: "Erbil brief (v1).pdf" })).toEqual({ status: 200, data: { ok: true } });
    const created = (await titled(FIELDS.title))!;
    expect(created).toMatchObject({ kind: "market_report", audience: "investor", opportunityId: tower.id, isPublished: true, fileName: "Erbil-brief-v1.pdf", pageCount: 1 });
    expect(created.publishedAt).not.toBeNull();
    const firstFile = created.fileId;
    expect(Buffer.from(await readFileBytes(bed.t.db, (await findFile(bed.t.db, firstFile))!))).toEqual(Buffer.from(first));

    // Edit without a file: the file stays, the date it was first published too.
    expect((await save({ ...FIELDS, id: created.id, opportunityId: tower.id, title: "Erbil Rental Brief", audience: "elite", isPublished: "" })).status).toBe(200);
    const edited = (await titled("Erbil Rental Brief"))!;
    expect(edited).toMatchObject({ audience: "elite", isPublished: false, fileId: firstFile, publishedAt: created.publishedAt });

    // Replace the file: the new one is stored, the old one gone in the same save.
    const second = await pdf("Second edition");
    expect((await save({ ...FIELDS, id: created.id, opportunityId: tower.id, title: "Erbil Rental Brief" }, { bytes: second, name: "v2.pdf" })).status).toBe(200);
    const replaced = (await titled("Erbil Rental Brief"))!;
    expect(replaced.fileId).not.toBe(firstFile);
    expect(await findFile(bed.t.db, firstFile)).toBeUndefined();
    expect(Buffer.from(await readFileBytes(bed.t.db, (await findFile(bed.t.db, replaced.fileId))!))).toEqual(Buffer.from(second));

    // The list shows it with its downloads.
    await bed.t.db.insert(documentDownloads).values([{ documentId: created.id, userId: bed.investor.id, day: "2026-11-03" }, { documentId: created.id, userId: null, day: "2026-11-03" }]);
    const page = (await documentsLoader(routeArgs(getRequest("/admin/documents", { cookie: bed.admin.cookie }), bed.context))) as unknown as {
      documents: Array<{ id: string; downloads: number; opportunityTitle: string | null }>;
    };
    expect(page.documents.find((d) => d.id === created.id)).toMatchObject({ downloads: 2, opportunityTitle: "Brief Tower" });

    // Delete: the row, its file and its download records go.
    expect((await save({ intent: "document-delete", documentId: created.id })).status).toBe(200);
    expect(await titled("Erbil Rental Brief")).toBeUndefined();
    expect(await findFile(bed.t.db, replaced.fileId)).toBeUndefined();
    expect(await bed.t.db.select().from(documentDownloads).where(eq(documentDownloads.documentId, created.id))).toHaveLength(0);

    const actions = (await bed.t.db.select().from(auditLog).where(and(eq(auditLog.entity, "documents"), eq(auditLog.entityId, created.id)))).map((a) => a.action);
    expect(actions.sort()).toEqual(["document.create", "document.delete", "document.replace", "document.update"]);
  });

  it("stores nothing for an investor's upload and deletes nothing for them", async () => {
    const before = await fileCount();
    const answer = await save({ ...FIELDS, title: "Investor upload" }, { bytes: await pdf("Investor upload"), name: "x.pdf" }, bed.investor.cookie);
    expect(answer.status).toBe(403);
    expect(await fileCount()).toBe(before);
    const kept = await createDocument(bed.t.db, { title: "Kept document" });
    expect((await save({ intent: "document-delete", documentId: kept.id }, undefined, bed.investor.cookie)).status).toBe(403);
    expect(await titled("Kept document")).toBeDefined();
  });
});

describe(`the downloads list (${testDriver})`, () => {
  /** Two documents and 25 downloads, a minute apart: 22 of the first (two readers and visitors), 3 of the second. */
  let made: ReturnType<typeof makeLibrary> | undefined;
  const library = () => (made ??= makeLibrary());
  async function makeLibrary() {
    await bed.t.db.delete(documentDownloads);
    const brief = await createDocument(bed.t.db, { title: "Keyset Brief" });
    const pack = await createDocument(bed.t.db, { title: "Keyset Pack" });
    const layla = await createUser(bed.t.db, { email: "layla.haddad@example.com", firstName: "Layla", lastName: "Haddad" });
    const omar = await createUser(bed.t.db, { email: "omar.aziz@example.com", firstName: "Omar", lastName: "Aziz" });
    const base = Date.UTC(2031, 4, 1);
    const rows = Array.from({ length: 25 }, (_, i) => ({
      documentId: i < 22 ? brief.id : pack.id,
      // Each reader once a day per document (the log's rule); the rest are visitors.
      userId: i % 5 === 0 ? layla.id : i % 5 === 1 ? omar.id : null,
      day: `2031-05-${String(i + 1).padStart(2, "0")}`,
      createdAt: new Date(base + i * 60_000),
    }));
    const logged = await bed.t.db.insert(documentDownloads).values(rows).returning({ id: documentDownloads.id });
    return { brief, pack, layla, omar, ids: logged.map((m) => m.id) };
  }

  it("pages newest first and oldest first by keyset, forwards and back, counting every row", async () => {
    const { ids } = await library();
    const admin = bed.admin.actor;
    const first = await listDownloadsForAdmin(bed.context, admin, { page: 1, q: "", sort: "newest" });
    expect(first).toMatchObject({ total: 25, totalIsAtLeast: false, page: 1, newer: null });
    expect(first.rows.map((r) => r.id)).toEqual(ids.slice(5).reverse());
    const second = await listDownloadsForAdmin(bed.context, admin, { page: 2, q: "", sort: "newest", older: first.older! });
    expect(second.rows.map((r) => r.id)).toEqual(ids.slice(0, 5).reverse());
    expect(second.older).toBeNull();
    const back = await listDownloadsForAdmin(bed.context, admin, { page: 1, q: "", sort: "newest", newer: second.newer! });
    expect(back.rows.map((r) => r.id)).toEqual(first.rows.map((r) => r.id));

    const oldest = await listDownloadsForAdmin(bed.context, admin, { page: 1, q: "", sort: "oldest" });
    expect(oldest.rows.map((r) => r.id)).toEqual(ids.slice(0, 20));
    const rest = await listDownloadsForAdmin(bed.context, admin, { page: 2, q: "", sort: "oldest", older: oldest.older! });
    expect(rest.rows.map((r) => r.id)).toEqual(ids.slice(20));
    expect(rest.older).toBeNull();
    const again = await listDownloadsForAdmin(bed.context, admin, { page: 1, q: "", sort: "oldest", newer: rest.newer! });
    expect(again.rows.map((r) => r.id)).toEqual(oldest.rows.map((r) => r.id));
  });

  it("says who read what: an investor's name and e-mail, a visitor as none; filters by document and searches readers' e-mails", async () => {
    const { brief, pack, layla } = await library();
    const admin = bed.admin.actor;
    const ofPack = await listDownloadsForAdmin(bed.context, admin, { page: 1, q: "", sort: "newest", document: pack.id });
    expect(ofPack.total).toBe(3);
    expect(ofPack.rows.map((r) => r.documentTitle)).toEqual(["Keyset Pack", "Keyset Pack", "Keyset Pack"]);
    // The pack's three downloads were visitors': no reader, no address.
    expect(ofPack.rows.map((r) => [r.userId, r.email])).toEqual([[null, null], [null, null], [null, null]]);

    const laylas = await listDownloadsForAdmin(bed.context, admin, { page: 1, q: "LAYLA.HADDAD", sort: "oldest" });
    expect(laylas.total).toBe(5);
    expect(laylas.rows[0]).toMatchObject({ userId: layla.id, email: "layla.haddad@example.com", firstName: "Layla", lastName: "Haddad", documentId: brief.id, documentTitle: "Keyset Brief" });
    expect(laylas.rows[0]!.createdAt).toBeInstanceOf(Date);
    // Both filters at once; wildcards taken literally.
    expect((await listDownloadsForAdmin(bed.context, admin, { page: 1, q: "aziz", sort: "newest", document: brief.id })).total).toBe(5);
    expect((await listDownloadsForAdmin(bed.context, admin, { page: 1, q: "aziz", sort: "newest", document: pack.id })).total).toBe(0);
    expect((await listDownloadsForAdmin(bed.context, admin, { page: 1, q: "%", sort: "newest" })).rows).toEqual([]);
  });

  it("reads its view from the address (a bookmarked one), and is the admins' alone", async () => {
    const { brief } = await library();
    const loaded = (await documentsLoader(routeArgs(getRequest(`/admin/documents?document=${brief.id}&q=omar&sort=oldest`, { cookie: bed.admin.cookie }), bed.context))) as unknown as {
      downloads: { query: { document: string; q: string; sort: string }; list: { total: number; rows: Array<{ email: string }> } };
      hidden: { documents: string[]; downloads: string[] };
    };
    expect(loaded.downloads.query).toMatchObject({ document: brief.id, q: "omar", sort: "oldest" });
    expect(loaded.downloads.list.total).toBe(5);
    expect(new Set(loaded.downloads.list.rows.map((r) => r.email))).toEqual(new Set(["omar.aziz@example.com"]));
    expect(loaded.hidden).toEqual({ documents: [], downloads: [] });
    // An address it cannot read is every download, newest first.
    const fallback = (await documentsLoader(routeArgs(getRequest("/admin/documents?document=nope&sort=sideways&older=junk", { cookie: bed.admin.cookie }), bed.context))) as unknown as {
      downloads: { query: { document?: string; sort: string }; list: { total: number; page: number } };
    };
    expect(fallback.downloads.query).toMatchObject({ document: undefined, sort: "newest" });
    expect(fallback.downloads.list).toMatchObject({ total: 25, page: 1 });

    await expect(listDownloadsForAdmin(bed.context, bed.investor.actor, { page: 1, q: "", sort: "newest" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(listDownloadsForAdmin(bed.context, anonymous, { page: 1, q: "", sort: "newest" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    const refused = await documentsLoader(routeArgs(getRequest("/admin/documents", { cookie: bed.investor.cookie }), bed.context)).then(
      () => 200,
      (thrown: unknown) => (thrown instanceof Response ? thrown.status : 500),
    );
    expect(refused).toBe(302);
  });
});
