/**
 * `npm run bench:web`: builds the site (when the sources changed), starts it on a free port with a fresh embedded
 * database (demo content), and runs Lighthouse (mobile: emulated Moto G Power, simulated
 * slow 4G) on the public pages. Prints the four category scores, LCP, TBT and CLS for each
 * page, and the JavaScript each page loads (gzip, as sent); exits 1 when a budget of
 * DESIGN.md is missed.
 *
 *   npm run bench:web                      # 5 runs a page, the median by performance score
 *   BENCH_RUNS=1 npm run bench:web         # quicker, noisier
 *   CHROMIUM_PATH=/path/to/chrome npm run bench:web
 *   BENCH_PAGES=/,/pricing npm run bench:web   # only these pages
 *   BENCH_CPU_MULTIPLIER=3 npm run bench:web   # Lighthouse's CPU slowdown (default 4)
 *
 * Lighthouse's default 4x CPU slowdown assumes a fast desktop host. The output prints this
 * host's benchmark index and the slowdown that would emulate Lighthouse's phone (Moto G
 * Power 2022, index about 264 by Chrome DevTools' own calibration) on it.
 *
 * The median report of each page is written to bench-results/ (open it in the Lighthouse
 * viewer to see why a score is what it is).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { throttling } from "lighthouse/core/config/constants.js";
import type { Result as LighthouseResult } from "lighthouse";
import { freePort } from "../tests/e2e/free-port";
import { FIRST_LOAD_JS_BUDGET_KB, LIGHTHOUSE_BUDGETS, MEASURED_PAGES, PRIVATE_CODE } from "../tests/support/budgets";
import { CHROMIUM_FLAGS, findChromium } from "../tests/support/chromium";
import { ensureBuild } from "./ensure-build.mjs";
import { startDemoServer } from "./lib/demo-server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const PAGES = process.env.BENCH_PAGES?.split(",") ?? MEASURED_PAGES;
const REPORT_DIR = path.join(root, "bench-results");
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];

const BUDGETS: Record<Category, number> = LIGHTHOUSE_BUDGETS;

const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
const cpuMultiplier = process.env.BENCH_CPU_MULTIPLIER ? Number(process.env.BENCH_CPU_MULTIPLIER) : undefined;
/** Chrome DevTools' CPU calibration: the benchmark index of a Moto G Power 2022. */
const LOW_TIER_PHONE_INDEX = 264;

interface PageResult {
  path: string;
  scores: Record<Category, number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  scriptKb: number;
  scripts: string[];
  /** Every run's performance score, lowest first (the table shows the median run). */
  perfRuns?: number[];
}

/** The gzip size of the scripts a page loaded, fetched again from the server. */
async function gzipKb(urls: string[]): Promise<number> {
  let total = 0;
  for (const url of urls) total += gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer())).length;
  return total / 1024;
}

async function summarise(pagePath: string, lhr: LighthouseResult): Promise<PageResult> {
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  const requests = (lhr.audits["network-requests"]?.details as { items?: { url: string; resourceType?: string }[] } | undefined)?.items ?? [];
  const scriptRequests = requests.filter((r) => r.resourceType === "Script");
  return {
    path: pagePath,
    scores,
    lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN,
    tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? NaN,
    cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN,
    scriptKb: await gzipKb(scriptRequests.map((r) => r.url)),
    scripts: scriptRequests.map((r) => new URL(r.url).pathname),
  };
}

function failedAudits(lhr: LighthouseResult, category: Category): string[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs
    .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => `${ref.id} (${lhr.audits[ref.id]?.displayValue ?? lhr.audits[ref.id]?.score})`);
}

async function audit(url: string, port: number, attempt = 1): Promise<LighthouseResult> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: [...CATEGORIES],
    ...(cpuMultiplier ? { throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuMultiplier } } : {}),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (result.lhr.runtimeError) {
    // Lighthouse itself asks for another run after a failed trace (NO_NAVSTART and the like).
    if (attempt < 3) return audit(url, port, attempt + 1);
    throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
  }
  return result.lhr;
}

const pad = (s: string | number, n: number) => String(s).padStart(n);

async function main() {
  ensureBuild(root);
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-web-"));
  const server = await startDemoServer(root, await freePort(), dataDir);
  const chrome = await chromeLauncher.launch({
    chromePath: findChromium(),
    chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS],
  });
  const results: PageResult[] = [];
  const benchmarkIndexes: number[] = [];
  const problems: string[] = [];
  try {
    // One unmeasured Lighthouse run, so the first measured one does not pay for the server's
    // and the browser's warm-up (it scored 10-15 points lower than the rest, every time).
    await audit(`${server.base}/`, chrome.port);
    for (const pagePath of PAGES) {
      const lhrs: LighthouseResult[] = [];
      for (let i = 0; i < runs; i++) lhrs.push(await audit(`${server.base}${pagePath}`, chrome.port));
      benchmarkIndexes.push(...lhrs.map((l) => l.environment.benchmarkIndex));
      lhrs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
      const median = lhrs[Math.floor(lhrs.length / 2)]!;
      const result = await summarise(pagePath, median);
      result.perfRuns = lhrs.map((l) => Math.round((l.categories.performance?.score ?? 0) * 100));
      mkdirSync(REPORT_DIR, { recursive: true });
      writeFileSync(path.join(REPORT_DIR, `lighthouse-${pagePath === "/" ? "home" : pagePath.slice(1).replaceAll("/", "-")}.json`), JSON.stringify(median));
      results.push(result);
      for (const c of CATEGORIES) {
        if (result.scores[c] < BUDGETS[c]) {
          problems.push(`${pagePath}: ${c} ${result.scores[c]} < ${BUDGETS[c]} — ${failedAudits(median, c).join(", ")}`);
        }
      }
      const privateCode = result.scripts.filter((s) => PRIVATE_CODE.test(s));
      if (privateCode.length) problems.push(`${pagePath} loads private code: ${privateCode.join(", ")}`);
      console.log(`measured ${pagePath}: performance ${result.perfRuns.join(", ")}`);
    }
  } finally {
    chrome.kill();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const home = results.find((r) => r.path === "/");
  if (home && home.scriptKb > FIRST_LOAD_JS_BUDGET_KB) {
    problems.push(`/ loads ${home.scriptKb.toFixed(1)} KB of JavaScript (gzip) > ${FIRST_LOAD_JS_BUDGET_KB} KB`);
  }

  const hostIndex = benchmarkIndexes.sort((a, b) => a - b)[Math.floor(benchmarkIndexes.length / 2)] ?? NaN;
  console.log(`\nLighthouse ${lighthouseVersion()} (mobile), median of ${runs} run${runs > 1 ? "s" : ""} a page, CPU slowdown ${cpuMultiplier ?? 4}x`);
  console.log(`host benchmark index ${Math.round(hostIndex)}: ${(hostIndex / LOW_TIER_PHONE_INDEX).toFixed(1)}x would emulate Lighthouse's phone here\n`);
  console.log(`${"page".padEnd(32)} perf  a11y  b-p   seo    LCP ms  TBT ms    CLS   JS KB gz`);
  for (const r of results) {
    console.log(
      `${r.path.padEnd(32)}${pad(r.scores.performance, 5)}${pad(r.scores.accessibility, 6)}${pad(r.scores["best-practices"], 6)}` +
        `${pad(r.scores.seo, 6)}${pad(Math.round(r.lcpMs), 10)}${pad(Math.round(r.tbtMs), 8)}${pad(r.cls.toFixed(3), 7)}${pad(r.scriptKb.toFixed(1), 11)}`,
    );
  }
  console.log(`\nbudgets: performance >= ${BUDGETS.performance}, accessibility ${BUDGETS.accessibility}, best practices >= ${BUDGETS["best-practices"]}, SEO ${BUDGETS.seo}; JavaScript for / <= ${FIRST_LOAD_JS_BUDGET_KB} KB gzip; no dashboard or admin code on public pages`);
  if (problems.length) {
    console.log(`\nbudget missed:\n${problems.map((p) => `- ${p}`).join("\n")}`);
    process.exitCode = 1;
  } else {
    console.log("all budgets met");
  }
}

function lighthouseVersion(): string {
  return (spawnSync(process.execPath, ["-p", "require('lighthouse/package.json').version"], { cwd: root, encoding: "utf8" }).stdout ?? "").trim();
}

await main();
