import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualCommitmentSchema } from "~/domain/escrow";
import { todayInZone } from "~/domain/calendar";
import { identityChecks, payments, progressUpdates } from "~/server/db/schema.server";
import { createOpportunity, createUser } from "~/server/seed/factories.server";
import { recordCommitment } from "~/server/services/commitments.server";
import { postForm, readerText, type SentFile } from "../support/form-posts";
import { encryptedPdf, pdfOf, scanPdf } from "../support/pdf-fixtures";
import { createAdminTestbed, signInCookie, type AdminTestbed } from "./app-context";
import { listenForApp, type RealApp } from "./real-app";
import { testDriver } from "./test-database";

/**
 * Issue 52, item 4, over real HTTP against the built server: files people upload keep
 * neither the name nor the type they came with. An identity file sent as
 * "scan\u202Efdp.html" (which a browser shows as "scanfdp.html" turned round, "scanlmth.pdf")
 * is served as "identity-passport-<day>.pdf", the type its content proved; the admin's
 * queue and the investor's page show the name it came with cleaned of direction controls
 * and isolated; a file is a PDF or an image when it parses or decodes as one, and every
 * forgery is refused with a message that says what to do. The messages are written out
 * here, as a reader reads them, not taken from the product.
 */

let app: RealApp;
let bed: AdminTestbed;
beforeAll(async () => {
  app = await listenForApp();
  bed = await createAdminTestbed("file-names-", { SITE_URL: app.base });
  await app.mount({ parts: bed.context, database: bed.t });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await bed?.destroy();
});

/** Every character that turns or hides text: bidi embeddings, overrides, isolates and marks, and the zero-width ones. */
const DIRECTION_OR_INVISIBLE = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u200B-\u200D\u2060\uFEFF]/;
const RLO = "\u202E";

const PNG = async () => new Uint8Array(await sharp({ create: { width: 60, height: 40, channels: 3, background: { r: 200, g: 190, b: 170 } } }).png().toBuffer());
/** A page: what a renamed HTML file holds. */
const HTML = new TextEncoder().encode("<!doctype html><title>Passport</title><script>fetch('/admin').then(r => r.text()).then(alert)</script>");
const withHeader = (header: Uint8Array) => new Uint8Array([...header, ...HTML]);
const PNG_SIGNATURE = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A multipart form posted as the page's form is, before scripts (a document POST), and what its answer says. */
const post = async (page: string, cookie: string, fields: Record<string, string>, files: SentFile[]) => {
  const answer = await postForm(app.base, page, cookie, fields, files);
  return { status: answer.status, text: readerText(answer.text) };
};
const get = async (page: string, cookie: string) => {
  const answer = await fetch(`${app.base}${page}`, { headers: { Cookie: cookie }, redirect: "manual" });
  return { answer, text: await answer.text() };
};

async function investor(label: string) {
  const email = `file-names-${label}-${randomBytes(3).toString("hex")}@example.com`;
  const { id } = await createUser(bed.t.db, { email, password: bed.password });
  return { id, email, cookie: await signInCookie(bed.context, email, bed.password) };
}

/** The day a file sent now is named after: the firm's calendar. */
const today = () => todayInZone(bed.context.config.firmTimeZone);

describe(`uploaded files' names and contents, over HTTP (${testDriver})`, () => {
  it("serves an identity file sent as 'scan\\u202Efdp.html' under the name the product builds, as the type its content proved", async () => {
    const me = await investor("served");
    const sent = await post("/account/identity", me.cookie, { documentType: "passport" }, [
      ["identity_document", scanPdf("P<GBRHADDAD<<SAMIRA"), `scan${RLO}fdp.html`, "text/html"],
      ["proof_of_address", await PNG(), `bill${RLO}gnp.exe`, "application/x-msdownload"],
    ]);
    expect(sent.status, sent.text.slice(0, 300)).toBe(200);

    const page = await get("/account/identity", me.cookie);
    const links = [...page.text.matchAll(/href="(\/identity-files\/[0-9a-f-]{36})"/g)].map((m) => m[1]!);
    expect(links).toHaveLength(2);
    const served = await Promise.all(links.map(async (link) => (await get(link, me.cookie)).answer));
    const headers = served.map((r) => [r.headers.get("content-type"), r.headers.get("content-disposition")]).sort();
    expect(headers).toEqual([
      ["application/pdf", `attachment; filename="identity-passport-${today()}.pdf"; filename*=UTF-8''identity-passport-${today()}.pdf`],
      ["image/png", `attachment; filename="proof-of-address-${today()}.png"; filename*=UTF-8''proof-of-address-${today()}.png`],
    ]);
    for (const r of served) {
      expect(r.headers.get("x-content-type-options")).toBe("nosniff");
      expect(r.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    }
  });

  it("shows the names files came with cleaned and isolated: in the admin's queue and on the investor's page, in English and Arabic", async () => {
    const me = await investor("shown");
    const sent = await post("/account/identity", me.cookie, { documentType: "national_id" }, [
      ["identity_document", scanPdf("ID 1990"), `scan${RLO}fdp.html`, "application/pdf"],
      ["proof_of_address", await PNG(), `\u2067فاتورة\u2069\u200F.png`, "image/png"],
    ]);
    expect(sent.status, sent.text.slice(0, 300)).toBe(200);

    const queue = readerText((await get("/admin/identity", bed.admin.cookie)).text);
    const article = queue.split('data-testid="identity-check"').find((part) => part.includes(me.email));
    expect(article, "the investor's check in the admin's queue").toBeDefined();
    const card = article!.slice(0, article!.indexOf("</article>"));
    expect(card).not.toMatch(DIRECTION_OR_INVISIBLE);
    expect(card).toContain("<bdi>scanfdp.html</bdi>");
    expect(card).toContain("<bdi>فاتورة.png</bdi>");
    expect(card).toContain(`identity-national-id-${today()}.pdf`);
    expect(card).toContain(`proof-of-address-${today()}.png`);

    for (const page of ["/account/identity", "/ar/account/identity"]) {
      const mine = readerText((await get(page, me.cookie)).text);
      const list = mine.slice(mine.indexOf("/identity-files/"));
      expect(list, page).not.toMatch(DIRECTION_OR_INVISIBLE);
      expect(list, page).toContain("<bdi>scanfdp.html</bdi>");
    }
  });

  it("refuses what only looks like a PDF or an image, and a locked PDF, each with its message; nothing is kept", async () => {
    const me = await investor("forged");
    const refused = async (identity: SentFile, address: SentFile) => {
      const answer = await post("/account/identity", me.cookie, { documentType: "passport" }, [identity, address]);
      expect(answer.status).toBe(400);
      return answer.text;
    };
    // An HTML page named passport.pdf; a PNG's signature over a page.
    let text = await refused(["identity_document", HTML, "passport.pdf", "application/pdf"], ["proof_of_address", withHeader(PNG_SIGNATURE), "bill.png", "image/png"]);
    expect(text).toContain("Send a PDF, JPEG or PNG file.");
    expect(text).toContain("This file could not be read. It may be damaged: please scan or export it again and send the new copy.");
    // A PDF header over a page; a password-protected PDF.
    text = await refused(["identity_document", withHeader(new TextEncoder().encode("%PDF-1.7\n")), "passport.pdf", "application/pdf"], ["proof_of_address", encryptedPdf(), "bill.pdf", "application/pdf"]);
    expect(text).toContain("This file could not be read. It may be damaged: please scan or export it again and send the new copy.");
    expect(text).toContain("This PDF is protected by a password. Please send a copy without one.");
    // A PDF of 101 pages.
    const pages = Array.from({ length: 101 }, (_, n) => `${n + 3} 0 R`).join(" ");
    const long = pdfOf(["<< /Type /Catalog /Pages 2 0 R >>", `<< /Type /Pages /Kids [${pages}] /Count 101 >>`, ...Array.from({ length: 101 }, () => "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>")], "/Root 1 0 R");
    text = await refused(["identity_document", long, "passport.pdf", "application/pdf"], ["proof_of_address", await PNG(), "bill.png", "image/png"]);
    expect(text).toContain("This PDF has more than 100 pages. Please send only the pages we ask for.");
    expect(await bed.t.db.select().from(identityChecks).where(eq(identityChecks.userId, me.id))).toEqual([]);
  });

  it("serves a transfer's proof as 'transfer-proof-<day>', and refuses a forged one in the portfolio's words", async () => {
    const opportunity = await createOpportunity(bed.t.db, { title: "Named Tower" });
    const me = await investor("proof");
    const { id: commitmentId } = await recordCommitment(bed.context, bed.admin.actor, manualCommitmentSchema.parse({ investorEmail: me.email, opportunityId: opportunity.id, unit: "Unit 9", amount: "50,000", currency: "USD" }));
    const fields = { commitmentId, callId: "", transferredOn: today(), amount: "5,000", reference: "TT-NAMES-1" };
    const forged = await post("/portfolio", me.cookie, fields, [["proof", withHeader(new TextEncoder().encode("%PDF-1.4\n")), "bank.pdf", "application/pdf"]]);
    expect(forged.status).toBe(400);
    expect(forged.text).toContain("The bank's confirmation could not be read. It may be damaged: please download or scan it again and send the new copy.");
    const renamed = await post("/portfolio", me.cookie, fields, [["proof", HTML, "bank.pdf", "application/pdf"]]);
    expect(renamed.text).toContain("Send the bank's confirmation as a PDF, JPEG or PNG file.");
    expect(await bed.t.db.select().from(payments).where(eq(payments.commitmentId, commitmentId))).toEqual([]);

    const sent = await post("/portfolio", me.cookie, fields, [["proof", await PNG(), `receipt${RLO}gnp.exe`, "application/octet-stream"]]);
    expect(sent.status, sent.text.slice(0, 300)).toBe(200);
    const [payment] = await bed.t.db.select().from(payments).where(eq(payments.commitmentId, commitmentId));
    for (const cookie of [me.cookie, bed.admin.cookie]) {
      const { answer } = await get(`/portfolio/files/proof/${payment!.id}`, cookie);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe("image/png");
      expect(answer.headers.get("content-disposition")).toBe(`attachment; filename="transfer-proof-${today()}.png"; filename*=UTF-8''transfer-proof-${today()}.png`);
    }
  });

  it("refuses a progress photo that only starts like one, in the admin's words", async () => {
    const opportunity = await createOpportunity(bed.t.db, { title: "Photographed Tower" });
    const fields = { intent: "progress-post", opportunityId: opportunity.id, status: "on_track", percent: "10", textEn: "Piling.", textAr: "الأساسات.", textCkb: "بناغە." };
    const answer = await post(`/admin/commitments?opportunity=${opportunity.id}`, bed.admin.cookie, fields, [["photos", withHeader(PNG_SIGNATURE), "site.png", "image/png"]]);
    expect(answer.status).toBe(400);
    expect(answer.text).toContain("This image could not be read, or it is over 50 megapixels. Please export it again as a JPEG, PNG or WebP");
    expect(await bed.t.db.select().from(progressUpdates).where(eq(progressUpdates.opportunityId, opportunity.id))).toEqual([]);
  });
});
