import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documents, investmentOpportunities } from "~/server/db/schema.server";
import { renderPdf } from "~/server/documents/pdf.server";
import { storeImage } from "~/server/storage/images.server";
import { opportunityForm } from "../support/opportunity-form";
import { createAdminTestbed, type AdminTestbed } from "./app-context";
import { listenForApp, type RealApp } from "./real-app";
import { testDriver } from "./test-database";

/**
 * Issue 32, item 7: an admin uploads an opportunity image and a library PDF over 256 KB
 * (the limit of every other form) in English, Arabic and Sorani, as the browser sends
 * them: a document POST to the page (no JavaScript yet) and React Router's data request
 * (a fetcher: /ar/admin.data). Over real HTTP through the whole app, so the Express
 * layer's size limits decide, as in production.
 */

let app: RealApp;
let bed: AdminTestbed;
beforeAll(async () => {
  app = await listenForApp();
  bed = await createAdminTestbed("uploads-i18n-", { SITE_URL: app.base });
  await app.mount({ parts: bed.context, database: bed.t });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await bed?.destroy();
});

const KB = 1024;
/** A PNG (by its first bytes, which is what the server checks) of 300 KB. */
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...randomBytes(300 * KB)]);
const LIMIT = 256 * KB;

/** A real PDF of about 400 KB: a brief with an incompressible attachment. */
async function bigPdf(title: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(await renderPdf({ title, sections: [{ heading: "Rents", paragraphs: [`${title}: rents rose in the centre.`] }] }));
  await pdf.attach(randomBytes(400 * KB), "appendix.bin", { mimeType: "application/octet-stream" });
  return pdf.save();
}

const LANGUAGES = [
  ["en", ""],
  ["ar", "/ar"],
  ["ckb", "/ckb"],
] as const;

/** Both ways a form reaches the action: the page's own address, and the fetcher's data request. */
const WAYS = [
  ["document POST", (page: string) => page],
  ["data request", (page: string) => `${page}.data`],
] as const;

const post = (pathname: string, body: FormData) =>
  fetch(`${app.base}${pathname}`, { method: "POST", headers: { Origin: app.base, Cookie: bed.admin.cookie }, body, redirect: "manual" });

describe(`admin uploads over 256 KB in every language (${testDriver})`, () => {
  it("sends files larger than every other form may be", () => expect(PNG.byteLength).toBeGreaterThan(LIMIT));

  for (const [locale, prefix] of LANGUAGES) {
    for (const [way, address] of WAYS) {
      it(`an opportunity image of 300 KB, ${locale}, ${way}`, async () => {
        const title = `Upload ${locale} ${way}`;
        const body = new FormData();
        for (const [k, v] of Object.entries(opportunityForm({ title }))) body.set(k, v);
        body.set("image", new File([PNG], "tower.png", { type: "image/png" }));

        const answer = await post(address(`${prefix}/admin`), body);
        expect(answer.status, await answer.clone().text().then((t) => t.slice(0, 300))).toBe(200);
        const [row] = await bed.t.db.select().from(investmentOpportunities).where(eq(investmentOpportunities.title, title));
        expect(row?.imageUrl).toMatch(/^\/media\/[0-9a-f-]{36}\.png$/);
      });

      it(`a library PDF of 400 KB, ${locale}, ${way}`, async () => {
        const title = `Brief ${locale} ${way}`;
        const bytes = await bigPdf(title);
        expect(bytes.byteLength).toBeGreaterThan(LIMIT);
        const body = new FormData();
        for (const [k, v] of Object.entries({ intent: "document-save", title, summary: "Rents and yields in central Erbil.", kind: "market_report", audience: "investor", opportunityId: "", isPublished: "on" })) body.set(k, v);
        body.set("file", new File([bytes.slice()], "brief.pdf", { type: "application/pdf" }));

        const answer = await post(address(`${prefix}/admin/documents`), body);
        expect(answer.status, await answer.clone().text().then((t) => t.slice(0, 300))).toBe(200);
        const [row] = await bed.t.db.select().from(documents).where(eq(documents.title, title));
        expect(row?.fileName).toBe("brief.pdf");
      });
    }
  }

  it("serves a stored image under every language's prefix with the file's own headers, signed in or not", async () => {
    const url = await storeImage(bed.t.db, { bytes: PNG, extension: "png" });
    for (const [locale, prefix] of LANGUAGES) {
      for (const cookie of [undefined, bed.investor.cookie]) {
        const answer = await fetch(`${app.base}${prefix}${url}`, { headers: cookie ? { Cookie: cookie } : {} });
        const who = `${locale}, ${cookie ? "signed in" : "signed out"}`;
        expect(answer.status, who).toBe(200);
        // Only the file's own policy (a sandbox), not the pages' one added to it.
        expect(answer.headers.get("content-security-policy"), who).toBe("default-src 'none'; sandbox");
        expect(answer.headers.get("cache-control"), who).toBe("public, max-age=31536000, immutable");
        await answer.arrayBuffer();
      }
    }
  });
});
