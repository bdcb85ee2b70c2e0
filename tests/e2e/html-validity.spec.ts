import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { APIRequestContext } from "@playwright/test";
import { LOCALES, localizePath } from "../../app/i18n/locales";
import { expect, test } from "./fixtures";

/**
 * Issue 32, item 10: every page a visitor can reach without an account, in every language,
 * passes the Nu Html Checker (vnu-jar, the W3C's validator) with no error. The raw HTML
 * the server sends (what a crawler and the validator see, before any script runs) is
 * saved for each page and checked in one run of the checker: one JVM for all of them.
 * Warnings are printed, not counted.
 */

const require = createRequire(import.meta.url);
/** The checker's jar, from the vnu-jar package (it exports the jar's path). */
const VNU_JAR = String(require("vnu-jar"));

interface VnuMessage {
  type: "error" | "info" | "non-document-error";
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** The paths a signed-out visitor reaches: the sitemap's pages, the library, the auth pages and the not-found pages. */
async function pagesToCheck(request: APIRequestContext, baseURL: string): Promise<string[]> {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.slice(baseURL.length) || "/");
  // A library document's page, from the library's own links.
  const library = await (await request.get("/documents")).text();
  const documentPage = /href="(\/documents\/[0-9a-f-]{36})"/.exec(library)?.[1];
  expect(documentPage, "a document page linked from /documents").toBeDefined();
  const perLanguage = [
    "/documents",
    documentPage!,
    "/auth",
    "/auth?mode=sign-up",
    "/auth/forgot-password",
    "/auth/reset-password?token=not-a-real-token",
    "/no/such/page",
    "/opportunities/00000000-0000-4000-8000-000000000000",
  ];
  return [...new Set([...listed, ...LOCALES.flatMap((locale) => perLanguage.map((p) => localizePath(locale, p)))])];
}

test.describe("HTML validity", () => {
  test("every public page, the auth pages and the not-found pages in every language validate with no error", async ({ request, baseURL }) => {
    test.setTimeout(180_000);
    const paths = await pagesToCheck(request, baseURL!);
    const folder = mkdtempSync(path.join(tmpdir(), "vnu-pages-"));
    const fileOf = new Map<string, string>();
    for (const [i, pagePath] of paths.entries()) {
      const response = await request.get(pagePath, { maxRedirects: 0 });
      expect([200, 404], `${pagePath} answers a page`).toContain(response.status());
      expect(response.headers()["content-type"], pagePath).toContain("text/html");
      const file = path.join(folder, `page-${String(i).padStart(3, "0")}.html`);
      writeFileSync(file, await response.body());
      fileOf.set(`file:${file}`, pagePath);
    }

    await promisify(execFile)("java", ["-version"]).catch(() => {
      throw new Error("The Nu Html Checker needs Java 11 or later as `java` (Debian: apt-get install -y default-jre-headless).");
    });
    const { stdout } = await promisify(execFile)("java", ["-jar", VNU_JAR, "--format", "json", "--stdout", "--exit-zero-always", ...[...fileOf.keys()].map((u) => u.slice("file:".length))], {
      maxBuffer: 64 * 1024 * 1024,
    });
    const messages = (JSON.parse(stdout) as { messages: VnuMessage[] }).messages;
    const describe = (m: VnuMessage) => `${fileOf.get(m.url ?? "") ?? m.url} line ${m.lastLine ?? "?"}: ${m.message}${m.extract ? `\n    ${m.extract.replace(/\s+/g, " ").trim()}` : ""}`;
    const errors = messages.filter((m) => m.type !== "info");
    const warnings = messages.filter((m) => m.type === "info" && m.subType === "warning");
    if (warnings.length > 0) console.log(`vnu: ${warnings.length} warnings\n${warnings.map(describe).join("\n")}`);
    console.log(`vnu: ${errors.length} errors over ${fileOf.size} pages`);
    expect(errors.map(describe), `vnu errors over ${fileOf.size} pages`).toEqual([]);
  });
});
