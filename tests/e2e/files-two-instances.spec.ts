import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { extractText, getDocumentProxy } from "unpdf";
import { renderPdf } from "../../app/server/documents/pdf.server";
import { runScript } from "../support/run-script";
import { pngOfSize } from "../support/upload-fixtures";
import { totpCode } from "../support/totp";
import { missingReason, postgresService, serviceValue } from "../support/test-services";
import { expect, test } from "./fixtures";
import { freePort } from "./free-port";
import { startProcess, stopProcess, waitForHealth, type Run } from "./server-processes";

/**
 * Issue 15: files every instance can serve. Two real server processes share one
 * PostgreSQL (and nothing else: each has a data directory of its own); an image and a
 * document an admin uploads through the first are served by the second. Needs
 * TEST_DATABASE_URL, which `.ci/run` sets.
 */

const postgres = postgresService();
const serverUrl = serviceValue(postgres);
const ADMIN = { email: "files-admin@tigris-e2e.example.com", password: "tigris files admin 2031" };

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

test.describe("files across instances", () => {
  test.skip(!serverUrl, missingReason(postgres));
  test.describe.configure({ timeout: 240_000 });

  test("an image and a document uploaded through one instance are served by the other", async ({ browser }) => {
    // A real picture of 600 KB (over the 256 KB of an ordinary form): uploads are decoded, not taken by their first bytes.
    const PNG = Buffer.from(await pngOfSize(600 * 1024));
    const database = `files_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
    const admin = new pg.Client({ connectionString: withDatabase(serverUrl!, "postgres") });
    await admin.connect();
    await admin.query(`create database "${database}"`);
    const url = withDatabase(serverUrl!, database);
    const secret = randomBytes(32).toString("base64url");
    const runs: Run[] = [];
    const bases: string[] = [];
    try {
      for (let i = 0; i < 2; i++) {
        const port = await freePort();
        const base = `http://localhost:${port}`;
        const run = startProcess({
          PORT: String(port),
          SITE_URL: base,
          DATA_DIR: mkdtempSync(path.join(tmpdir(), `e2e-files-${i}-`)),
          DATABASE_URL: url,
          BETTER_AUTH_SECRET: secret,
          SEED_DEMO_CONTENT: "false",
        });
        runs.push(run);
        bases.push(base);
        await waitForHealth(base, run);
      }
      const [first, second] = bases as [string, string];
      const made = await runScript("create-admin", ["--email", ADMIN.email, "--password", ADMIN.password], { DATABASE_URL: url, DATA_DIR: mkdtempSync(path.join(tmpdir(), "e2e-files-cli-")), BETTER_AUTH_SECRET: secret });
      expect(made.status, made.stderr).toBe(0);

      // The admin signs in on the first instance and sets up two-factor sign-in, as every admin must.
      const context = await browser.newContext({ baseURL: first });
      const page = await context.newPage();
      const signIn = await page.request.post("/auth", { headers: { Origin: first }, form: { intent: "sign-in", email: ADMIN.email, password: ADMIN.password, redirectTo: "/" }, maxRedirects: 0 });
      expect(signIn.status()).toBe(302);
      await page.goto("/admin");
      await expect(page).toHaveURL(/\/account\/security\?required=two-factor$/);
      await page.getByLabel("Your password").fill(ADMIN.password);
      await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
      const key = (await page.getByTestId("two-factor-key").textContent())!.trim();
      await page.getByLabel("Code from the app").fill(totpCode(key));
      await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
      await expect(page.getByTestId("backup-code")).toHaveCount(10);

      // Uploads through the first instance, as the admin's forms post them.
      const opportunity = await page.request.post(`${first}/admin`, {
        headers: { Origin: first },
        multipart: {
          intent: "opportunity-save",
          title: "Two Instance Tower",
          description: "A tower whose picture is stored once and served everywhere.",
          location: "Erbil, Kurdistan Region",
          minimumInvestment: "250000",
          projectedReturns: "15% IRR",
          developer: "Zagros Development Group",
          totalValue: "1000000",
          investmentPeriod: "3 years",
          status: "active",
          image: { name: "tower.png", mimeType: "image/png", buffer: PNG },
        },
      });
      expect(opportunity.status(), await opportunity.text()).toBe(200);
      const pdf = Buffer.from(await renderPdf({ title: "Two Instance Brief", sections: [{ heading: "Where", paragraphs: ["Stored once, served by every instance."] }] }));
      const document = await page.request.post(`${first}/admin/documents`, {
        headers: { Origin: first },
        multipart: {
          intent: "document-save",
          title: "Two Instance Brief",
          summary: "A brief uploaded to one instance and read through another.",
          kind: "market_report",
          audience: "investor",
          opportunityId: "",
          isPublished: "on",
          file: { name: "brief.pdf", mimeType: "application/pdf", buffer: pdf },
        },
      });
      expect(document.status(), await document.text()).toBe(200);

      const check = new pg.Client({ connectionString: url });
      await check.connect();
      const imageUrl = (await check.query<{ image_url: string }>("select image_url from investment_opportunities where title = 'Two Instance Tower'")).rows[0]!.image_url;
      const documentId = (await check.query<{ id: string }>("select id from documents where title = 'Two Instance Brief'")).rows[0]!.id;
      await check.end();
      expect(imageUrl).toMatch(/^\/media\/[0-9a-f-]{36}\.png$/);

      // The second instance serves both: the image to anyone, the document (a member's) to the admin, stamped.
      const image = await fetch(`${second}${imageUrl}`);
      expect(image.status).toBe(200);
      expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);
      expect(await (await fetch(`${second}/opportunities`)).text()).toContain(imageUrl);
      const download = await page.request.get(`${second}/documents/${documentId}/download`);
      expect(download.status()).toBe(200);
      expect(download.headers()["content-type"]).toBe("application/pdf");
      const { text } = await extractText(await getDocumentProxy(new Uint8Array(await download.body())), { mergePages: true });
      expect(text).toContain("Stored once, served by every instance.");
      expect(text).toContain(`Prepared for ${ADMIN.email}`);
      // The copy stamped there is kept in the database: the first instance serves that same copy (decision 031).
      const again = await page.request.get(`${first}/documents/${documentId}/download`);
      expect(again.status()).toBe(200);
      expect(Buffer.from(await again.body()).equals(Buffer.from(await download.body()))).toBe(true);
      const copies = new pg.Client({ connectionString: url });
      await copies.connect();
      expect((await copies.query<{ n: number }>("select count(*)::int as n from stored_files where stamp_key is not null")).rows[0]!.n).toBe(1);
      await copies.end();
      // And a visitor there is asked to sign in first.
      const visitor = await fetch(`${second}/documents/${documentId}/download`, { redirect: "manual" });
      expect(visitor.headers.get("location")).toBe(`/auth?redirectTo=${encodeURIComponent(`/documents/${documentId}`)}`);
      await context.close();
    } finally {
      for (const run of runs) await stopProcess(run);
      await admin.query(`drop database if exists "${database}" with (force)`).catch(() => {});
      await admin.end();
    }
  });
});
