import autocannon from "autocannon";
import { totpCode } from "../../tests/support/totp";

/**
 * The HTTP side of `npm run bench:server`: load with autocannon, single-request timings,
 * and an admin's session got the way a browser without JavaScript gets one.
 */

export interface Throughput {
  requestsPerSecond: number;
  p99Ms: number;
  /** Answers that were not 2xx (or, for `expectStatus`, not that status). */
  failures: number;
}

/** Requests a second (mean over `seconds`) and the 99th percentile latency of GET `url` with `connections` clients. */
export async function loadGet(url: string, { connections = 20, seconds = 8 }: { connections?: number; seconds?: number } = {}): Promise<Throughput> {
  const result = await autocannon({ url, connections, duration: seconds, headers: { "accept-encoding": "gzip" } });
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99, failures: result.non2xx + result.errors + result.timeouts };
}

/**
 * POSTs built by `body(n)` (n counts the requests of this run) to each of `urls`, spread
 * over `connections` clients in all, for `seconds`; each request from its own client
 * address (X-Forwarded-For, which the benchmark's servers trust) and with its server's own
 * Origin (the cross-site guard's).
 */
export async function loadPost(
  urls: string[],
  body: (n: number) => Record<string, string>,
  { connections = 50, seconds = 10, headers = {} }: { connections?: number; seconds?: number; headers?: Record<string, string> } = {},
): Promise<Throughput & { statuses: Record<string, number> }> {
  let n = 0;
  const statuses: Record<string, number> = {};
  const runs = urls.map(
    (url) =>
      new Promise<autocannon.Result>((resolve, reject) => {
        const instance = autocannon(
          {
            url,
            connections: Math.max(1, Math.round(connections / urls.length)),
            duration: seconds,
            requests: [
              {
                method: "POST",
                setupRequest: (request) => {
                  n += 1;
                  const form = new URLSearchParams(body(n)).toString();
                  return {
                    ...request,
                    body: form,
                    headers: {
                      ...request.headers,
                      ...headers,
                      origin: new URL(url).origin,
                      "content-type": "application/x-www-form-urlencoded",
                      "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
                    },
                  };
                },
              },
            ],
          },
          (error, result) => (error ? reject(error) : resolve(result)),
        );
        instance.on("response", (_client, statusCode) => {
          statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
        });
      }),
  );
  const results = await Promise.all(runs);
  const total = results.reduce((sum, r) => sum + r.requests.average, 0);
  // The slowest instance's p99: what the unluckiest client saw.
  const p99 = Math.max(...results.map((r) => r.latency.p99));
  const failures = results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0);
  return { requestsPerSecond: total, p99Ms: p99, failures, statuses };
}

/** The time of one GET, answer read whole, in milliseconds; the answer must be 200. */
async function timeGet(url: string, cookie: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie, "accept-encoding": "gzip" }, redirect: "manual" });
  await response.arrayBuffer();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  return ms;
}

const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;

/** The median time of `runs` sequential GETs (after `warm` unmeasured ones), in milliseconds; every answer must be 200. */
export async function medianGet(url: string, cookie: string, { runs = 9, warm = 2 }: { runs?: number; warm?: number } = {}): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < warm + runs; i++) {
    const ms = await timeGet(url, cookie);
    if (i >= warm) times.push(ms);
  }
  return median(times);
}

/**
 * The median times of `runs` GETs of each of two requests, taken in turn (after `warm` of
 * each), in milliseconds: a drift in the machine's speed during the run (another tenant of
 * the host, a checkpoint) falls on both alike, so their ratio holds.
 */
export async function pairedMedians(
  a: { url: string; cookie: string },
  b: { url: string; cookie: string },
  { runs = 9, warm = 2 }: { runs?: number; warm?: number } = {},
): Promise<[number, number]> {
  const timesA: number[] = [];
  const timesB: number[] = [];
  for (let i = 0; i < warm + runs; i++) {
    // Each goes first in turn: the second of a pair may find the machine warmer.
    let msA: number;
    let msB: number;
    if (i % 2 === 0) {
      msA = await timeGet(a.url, a.cookie);
      msB = await timeGet(b.url, b.cookie);
    } else {
      msB = await timeGet(b.url, b.cookie);
      msA = await timeGet(a.url, a.cookie);
    }
    if (i >= warm) {
      timesA.push(msA);
      timesB.push(msB);
    }
  }
  return [median(timesA), median(timesB)];
}

/** The cookies a response sets, as a Cookie header (merged over `previous`). */
function cookiesOf(response: Response, previous = ""): string {
  const jar = new Map(previous.split("; ").filter(Boolean).map((pair) => [pair.slice(0, pair.indexOf("=")), pair]));
  for (const header of response.headers.getSetCookie()) {
    const pair = header.split(";", 1)[0]!;
    jar.set(pair.slice(0, pair.indexOf("=")), pair);
  }
  return [...jar.values()].join("; ");
}

/**
 * Signs an admin (made by `npm run create-admin`) in over HTTP as a browser without
 * JavaScript would, and sets up the two-factor sign-in every admin must have: the
 * password, then the key the security page shows, then a code from it. Answers the
 * session's Cookie header.
 */
export async function adminSession(base: string, email: string, password: string): Promise<string> {
  const post = async (path: string, fields: Record<string, string>, cookie = "") =>
    fetch(`${base}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: base, cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
  const signIn = await post("/auth", { intent: "sign-in", email, password, redirectTo: "/" });
  if (signIn.status !== 302) throw new Error(`admin sign-in answered ${signIn.status}`);
  let cookie = cookiesOf(signIn);
  // The key is shown by the page's script from the action's data: asked for as the browser does (.data).
  const started = await post("/account/security.data", { intent: "two-factor-enable", password }, cookie);
  cookie = cookiesOf(started, cookie);
  const key = /"([A-Z2-7]{4}(?: [A-Z2-7]{1,4})+)"/.exec(await started.text())?.[1];
  if (!key) throw new Error(`two-factor setup showed no key (${started.status})`);
  const confirmed = await post("/account/security.data", { intent: "two-factor-confirm", code: totpCode(key) }, cookie);
  cookie = cookiesOf(confirmed, cookie);
  const admin = await fetch(`${base}/admin`, { headers: { cookie }, redirect: "manual" });
  if (admin.status !== 200) throw new Error(`/admin answered ${admin.status} after two-factor setup`);
  return cookie;
}

/** A Cookie header (as `adminSession` answers it) as the cookies a browser context adds for `url`. */
export function browserCookies(header: string, url: string): { name: string; value: string; url: string }[] {
  return header
    .split("; ")
    .filter(Boolean)
    .map((pair) => ({ name: pair.slice(0, pair.indexOf("=")), value: pair.slice(pair.indexOf("=") + 1), url }));
}
