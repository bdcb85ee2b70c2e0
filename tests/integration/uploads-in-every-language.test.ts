import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { and, eq } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInZone } from "~/domain/calendar";
import { ADVISER_MESSAGES } from "~/domain/adviser-form";
import { DOCUMENT_UPLOAD_MESSAGES } from "~/domain/documents";
import { manualCommitmentSchema, PAYMENT_MESSAGES, PROGRESS_MAX_PHOTOS, PROGRESS_MESSAGES, PROOF_PROBLEMS } from "~/domain/escrow";
import { IDENTITY_FILE_PROBLEMS, IDENTITY_MESSAGES } from "~/domain/identity-checks";
import { IMAGE_UPLOAD_MESSAGES } from "~/domain/image-upload";
import { PHOTO_MESSAGES } from "~/domain/opportunity-images";
import { declaredBodyLimit } from "~/domain/uploads";
import "~/i18n/catalogues.server";
import { type MessageKey, translator } from "~/i18n/i18n";
import { advisers, documents, identityChecks, identityFiles, investmentOpportunities, opportunityImages, paymentProofs, payments, progressUpdates } from "~/server/db/schema.server";
import { createOpportunity, createUser } from "~/server/seed/factories.server";
import { recordCommitment } from "~/server/services/commitments.server";
import { storeImage } from "~/server/storage/images.server";
import { opportunityForm } from "../support/opportunity-form";
import { postForm, readerText, type SentFile } from "../support/form-posts";
import { jpegOfSize, pdfOfSize, pngOfSize } from "../support/upload-fixtures";
import { createAdminTestbed, signInCookie, type AdminTestbed } from "./app-context";
import { listenForApp, type RealApp } from "./real-app";
import { testDriver } from "./test-database";

/**
 * Issue 52, item 5 (and issue 32, item 7 before it): every page with a file input takes
 * files just under the size it promises, in English, Arabic and Sorani, over real HTTP
 * through the whole app, so the Express layer's body limits decide as in production. The
 * pages are found from the build itself, not from a list: each route whose browser code
 * renders a file input (its chunks in build/client, as the server build's manifest names
 * them). Each must declare its body limit in its `handle` (app/domain/uploads.ts) and have
 * a case here that fills its form; a new upload page without either fails the first test.
 *
 * In English the upload is made, with a file just under its promise (any other file input
 * filled small), and found stored. In Arabic (as React Router's data request) and Sorani
 * (as a document POST, before scripts) the whole promise is sent, every file input of the
 * form just under its size, and the form leaves out one text field it needs: the action
 * reads and checks every file, refuses none, and answers that field's own message, storing
 * nothing. (The embedded database takes about a second a megabyte on CI's machine: 130 MB
 * stored in each language would cost minutes. A gallery's upload stores only small
 * renderings, and is made whole in every language.)
 */

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const MB = 1024 * 1024;
/** "Just under" a promise: this much less. */
const UNDER = 16 * 1024;

let app: RealApp;
let bed: AdminTestbed;
let build: ServerBuild;
beforeAll(async () => {
  app = await listenForApp();
  bed = await createAdminTestbed("uploads-i18n-", { SITE_URL: app.base });
  await app.mount({ parts: bed.context, database: bed.t });
  build = (await import(pathToFileURL(path.join(ROOT, "build/server/index.js")).href)) as ServerBuild;
}, 120_000);
afterAll(async () => {
  await app?.close();
  await bed?.destroy();
});

/** A file input in a chunk of browser code, as the bundler writes JSX's `type="file"`. */
const FILE_INPUT = /\btype:\s*(["'`])file\1/;
/** A chunk's lazy imports ("./x-abc.js"), which the manifest does not list. */
const LAZY_IMPORT = /\bimport\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g;

/** The routes whose browser code (the route's module, what it imports, what those load lazily) renders a file input. */
function routesWithFileInputs(manifest: ServerBuild["assets"]): string[] {
  const source = new Map<string, string>();
  const read = (asset: string) => {
    if (!source.has(asset)) source.set(asset, readFileSync(path.join(ROOT, "build/client", asset), "utf8"));
    return source.get(asset)!;
  };
  return Object.values(manifest.routes)
    .filter((route) => route !== undefined)
    .filter((route) => {
      const chunks = [route.module, ...(route.imports ?? [])];
      for (let n = 0; n < chunks.length; n++) {
        const text = read(chunks[n]!);
        if (FILE_INPUT.test(text)) return true;
        for (const [, lazy] of text.matchAll(LAZY_IMPORT)) if (!chunks.includes(`/assets/${lazy}`)) chunks.push(`/assets/${lazy}`);
      }
      return false;
    })
    .map((route) => route.id)
    .sort();
}

const LANGUAGES = [
  { locale: "en", prefix: "", way: "document POST" },
  { locale: "ar", prefix: "/ar", way: "data request" },
  { locale: "ckb", prefix: "/ckb", way: "document POST" },
] as const;
type Language = (typeof LANGUAGES)[number];

/** The page's address in the language, and the way its form is posted. */
const address = (language: Language, page: string) => {
  const [pathname, query] = `${language.prefix}${page}`.split("?");
  return `${language.way === "data request" ? `${pathname}.data` : pathname}${query ? `?${query}` : ""}`;
};

type Sent = [field: string, bytes: Uint8Array<ArrayBuffer>, type: string];

/** The form posted in the language, its way, each file named after its field. */
const send = (language: Language, page: string, cookie: string, fields: Record<string, string>, files: Sent[]) =>
  postForm(app.base, address(language, page), cookie, fields, files.map(([field, bytes, type]): SentFile => [field, bytes, `${field}.${type.split("/")[1]}`, type]));

interface UploadForm {
  page: string;
  cookie: string;
  fields: Record<string, string>;
  /** Every file input of the form, each just under its promise. */
  files: Sent[];
  /** What the upload leaves stored, checked where it is made. */
  stored: () => Promise<void>;
}

interface UploadCase {
  /** What the page promises, in its words. */
  promise: string;
  /** Makes what the page needs, and fills its form: with every file input at its promise (`whole`), or the first. */
  form: (language: Language, whole: boolean) => Promise<UploadForm>;
  /** A text field the form needs, left out where nothing is to be stored, and the page's message for it. */
  without?: { field: string; message: MessageKey };
  /** What the page says of a file it refuses: none of it may be in an answer here. */
  fileMessages: readonly MessageKey[];
}

const under = (promise: number) => promise - UNDER;
const photos = (count: number) => Promise.all(Array.from({ length: count }, async (): Promise<Sent> => ["photos", await jpegOfSize(under(5 * MB)), "image/jpeg"]));

/** What each upload page promises and its form, keyed by route id; a page found above without a case here fails the first test. */
const CASES: Record<string, UploadCase> = {
  "routes/admin": {
    promise: "an opportunity's image of up to 5 MB",
    async form(language) {
      const title = `Upload ${language.locale}`;
      return {
        page: "/admin",
        cookie: bed.admin.cookie,
        fields: opportunityForm({ title }),
        files: [["image", await jpegOfSize(under(5 * MB)), "image/jpeg"]],
        async stored() {
          const [row] = await bed.t.db.select().from(investmentOpportunities).where(eq(investmentOpportunities.title, title));
          expect(row?.imageUrl).toMatch(/^\/media\/[0-9a-f-]{36}\.jpg$/);
        },
      };
    },
    without: { field: "title", message: "admin.opportunityForm.titleRequired" },
    fileMessages: Object.values(IMAGE_UPLOAD_MESSAGES),
  },
  "routes/admin.documents": {
    promise: "a library PDF of up to 20 MB",
    async form(language) {
      const title = `Brief ${language.locale}`;
      return {
        page: "/admin/documents",
        cookie: bed.admin.cookie,
        fields: { intent: "document-save", title, summary: "Rents and yields in central Erbil.", kind: "market_report", audience: "investor", opportunityId: "", isPublished: "on" },
        files: [["file", pdfOfSize(under(20 * MB), title), "application/pdf"]],
        async stored() {
          const [row] = await bed.t.db.select().from(documents).where(eq(documents.title, title));
          expect(row).toMatchObject({ pageCount: 1 });
        },
      };
    },
    without: { field: "title", message: "admin.documents.form.titleRequired" },
    fileMessages: Object.values(DOCUMENT_UPLOAD_MESSAGES),
  },
  "routes/admin.opportunity-photos": {
    promise: "6 gallery photos at once, up to 5 MB each",
    async form(language) {
      const opportunity = await createOpportunity(bed.t.db, { title: `Gallery ${language.locale}` });
      const files = await photos(6);
      return {
        page: `/admin/opportunities/${opportunity.id}/photos`,
        cookie: bed.admin.cookie,
        fields: { intent: "photo-upload", opportunityId: opportunity.id },
        files,
        async stored() {
          expect(await bed.t.db.select().from(opportunityImages).where(eq(opportunityImages.opportunityId, opportunity.id))).toHaveLength(files.length);
        },
      };
    },
    fileMessages: [...Object.values(IMAGE_UPLOAD_MESSAGES), PHOTO_MESSAGES.unreadable, PHOTO_MESSAGES.tooManyAtOnce],
  },
  "routes/admin.team": {
    promise: "an adviser's photo of up to 5 MB",
    async form(language) {
      const name = `Adviser ${language.locale}`;
      return {
        page: "/admin/team",
        cookie: bed.admin.cookie,
        fields: { intent: "adviser-save", name, role: "Adviser", bio: "Covers Erbil.", languages: "en", markets: "iraq", isPublished: "on" },
        files: [["photo", await pngOfSize(under(5 * MB)), "image/png"]],
        async stored() {
          const [row] = await bed.t.db.select().from(advisers).where(eq(advisers.name, name));
          expect(row?.photoUrl).toMatch(/^\/media\/[0-9a-f-]{36}\.png$/);
        },
      };
    },
    without: { field: "name", message: ADVISER_MESSAGES.nameRequired },
    fileMessages: Object.values(IMAGE_UPLOAD_MESSAGES),
  },
  "routes/account.identity": {
    promise: "an identity document, a proof of address and a company's registration, up to 10 MB each",
    async form(language, whole) {
      const email = `uploads-i18n-identity-${language.locale}@example.com`;
      const { id } = await createUser(bed.t.db, { email, password: bed.password });
      const files: Sent[] = [
        ["identity_document", pdfOfSize(under(10 * MB), "passport"), "application/pdf"],
        ["proof_of_address", await jpegOfSize(whole ? under(10 * MB) : 64 * 1024), "image/jpeg"],
        ["entity_registration", pdfOfSize(whole ? under(10 * MB) : 64 * 1024, "registration"), "application/pdf"],
      ];
      return {
        page: "/account/identity",
        cookie: await signInCookie(bed.context, email, bed.password),
        fields: { documentType: "passport", throughEntity: "on", entityName: "Haddad Holdings Ltd", entityNumber: "HH-2291", entityCountry: "Iraq" },
        files,
        async stored() {
          const kept = await bed.t.db.select({ byteSize: identityFiles.byteSize }).from(identityFiles).innerJoin(identityChecks, eq(identityChecks.id, identityFiles.checkId)).where(eq(identityChecks.userId, id));
          expect(kept.map((f) => f.byteSize).sort()).toEqual(files.map(([, bytes]) => bytes.byteLength).sort());
        },
      };
    },
    without: { field: "documentType", message: IDENTITY_MESSAGES.documentTypeRequired },
    fileMessages: [...Object.values(IDENTITY_FILE_PROBLEMS), IDENTITY_MESSAGES.fileMissing],
  },
  "routes/portfolio": {
    promise: "a bank's confirmation of a transfer of up to 10 MB",
    async form(language) {
      const opportunity = await createOpportunity(bed.t.db, { title: `Transfer ${language.locale}` });
      const commitment = manualCommitmentSchema.parse({ investorEmail: bed.investor.email, opportunityId: opportunity.id, unit: "Unit 4", amount: "100,000", currency: "USD" });
      const { id: commitmentId } = await recordCommitment(bed.context, bed.admin.actor, commitment);
      const reference = `TT-${language.locale}`;
      return {
        page: "/portfolio",
        cookie: bed.investor.cookie,
        fields: { commitmentId, callId: "", transferredOn: todayInZone(bed.context.config.firmTimeZone), amount: "1,000", reference },
        files: [["proof", pdfOfSize(under(10 * MB), reference), "application/pdf"]],
        async stored() {
          const [row] = await bed.t.db.select({ byteSize: paymentProofs.byteSize }).from(payments).innerJoin(paymentProofs, eq(paymentProofs.paymentId, payments.id)).where(and(eq(payments.commitmentId, commitmentId), eq(payments.reference, reference)));
          expect(row?.byteSize).toBe(under(10 * MB));
        },
      };
    },
    without: { field: "reference", message: PAYMENT_MESSAGES.referenceRequired },
    fileMessages: [...Object.values(PROOF_PROBLEMS), PAYMENT_MESSAGES.proofMissing],
  },
  "routes/admin.commitments": {
    promise: "6 photographs of a progress update, up to 5 MB each",
    async form(language, whole) {
      const opportunity = await createOpportunity(bed.t.db, { title: `Progress ${language.locale}` });
      const files = await photos(whole ? PROGRESS_MAX_PHOTOS : 1);
      return {
        page: `/admin/commitments?opportunity=${opportunity.id}`,
        cookie: bed.admin.cookie,
        fields: { intent: "progress-post", opportunityId: opportunity.id, status: "on_track", percent: "40", textEn: "The frame is up.", textAr: "اكتمل الهيكل.", textCkb: "چوارچێوەکە تەواو بوو." },
        files,
        async stored() {
          const [row] = await bed.t.db.select().from(progressUpdates).where(eq(progressUpdates.opportunityId, opportunity.id));
          expect(row?.photos).toHaveLength(files.length);
        },
      };
    },
    without: { field: "textEn", message: PROGRESS_MESSAGES.textRequired },
    fileMessages: [...Object.values(IMAGE_UPLOAD_MESSAGES), PROGRESS_MESSAGES.tooManyPhotos],
  },
};

describe(`uploads just under each page's promise, in every language (${testDriver})`, () => {
  it("finds the pages with a file input by themselves; each declares its body limit and has a case here", () => {
    const found = routesWithFileInputs(build.assets);
    // The walk is not blind: it finds the forms issue 52 was about, and the others.
    expect(found).toEqual(expect.arrayContaining(["routes/portfolio", "routes/admin.commitments", "routes/account.identity", "routes/admin"]));
    const declared = Object.values(build.routes)
      .filter((route) => route && declaredBodyLimit(route.module.handle) !== undefined)
      .map((route) => route!.id)
      .sort();
    expect(declared, "routes that take files declare their body limit in their handle (uploadHandle), and only they").toEqual(found);
    expect(Object.keys(CASES).sort(), "every page with a file input has an upload case in this test").toEqual(found);
  });

  for (const [route, upload] of Object.entries(CASES)) {
    for (const language of LANGUAGES) {
      const stores = language.locale === "en" || !upload.without;
      const whole = !stores || !upload.without;
      it(`${route}: ${upload.promise}; ${language.locale}, ${language.way}, ${whole ? "every file" : "a file"} just under it${stores ? ", stored" : ", one text field left out"}`, { timeout: 60_000 }, async () => {
        const form = await upload.form(language, whole);
        const fields = stores ? form.fields : Object.fromEntries(Object.entries(form.fields).filter(([name]) => name !== upload.without!.field));
        const answer = await send(language, form.page, form.cookie, fields, form.files);
        const t = translator(language.locale);
        const said = readerText(answer.text);
        const says = (key: MessageKey) => said.includes(key) || said.includes(t(key));
        const where = `${address(language, form.page)}: ${said.slice(0, 300)}`;
        expect(upload.fileMessages.filter(says), `${where}: no file refused`).toEqual([]);
        if (stores) {
          expect(answer.status, where).toBe(200);
          await form.stored();
        } else {
          // Not the layer's 413: the action read every file and answers for the field it lacks.
          expect(answer.status, where).toBe(400);
          expect(says(upload.without!.message), `${where}: says ${upload.without!.message}`).toBe(true);
        }
      });
    }
  }

  it("serves a stored image under every language's prefix with the file's own headers, signed in or not", async () => {
    const url = await storeImage(bed.t.db, { bytes: await pngOfSize(300 * 1024), extension: "png" });
    for (const { locale, prefix } of LANGUAGES) {
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
