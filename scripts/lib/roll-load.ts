import { Agent, request as httpsRequest } from "node:https";
import type { IncomingMessage } from "node:http";
import pg from "pg";
import { linkFrom } from "../../tests/support/mailbox";

/**
 * A steady load through nginx while instances restart (issue 38): anonymous pages,
 * signed-in pages and enquiries, each client from an address of its own on the loopback
 * network (nginx passes the address it saw, and the site's limits are per address). It
 * counts every request that failed (a network error, or an answer other than the one
 * expected) and, afterwards, every accepted enquiry the database does not hold.
 *
 * Like a browser, a client whose kept-alive connection was closed by the server just as
 * it sent a request on it (before any answer) sends it once more on a new connection
 * (Node's `reusedSocket` advice): counted apart, as `resent`, and an enquiry stored twice
 * because of it would show as `duplicatedEnquiries`.
 */

export interface LoadOptions {
  url: string;
  /** The certificate nginx serves. */
  ca: string;
  /** A signed-in investor's session cookie, for the signed-in pages. */
  cookie: string;
  /** Requests a second of each kind. */
  rates?: { anonymous?: number; signedIn?: number; enquiries?: number };
}

export interface LoadReport {
  requests: number;
  failures: number;
  /** Failed requests by what went wrong (status or error code) and path. */
  failed: Record<string, number>;
  resent: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  enquiriesSent: number;
  enquiriesAccepted: number;
  /** Enquiries answered as accepted that the database does not hold. */
  lostEnquiries: number;
  duplicatedEnquiries: number;
  /** Accepted enquiries' addresses, for the check against the database. */
  acceptedEmails: string[];
}

interface Answer {
  status: number;
  headers: IncomingMessage["headers"];
  body: string;
}

/**
 * One request; resent once, on a new connection, when a kept-alive connection was closed
 * under it before any answer. A new connection, not the agent's next idle one: nginx's
 * reload closes every idle connection a worker holds at once, and the agent cannot tell
 * its other idle one is closing too (a browser checks an idle socket before it reuses it).
 * An error on the resend is labelled as such.
 */
export function send(
  agent: Agent,
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; ca: string; onResend?: () => void },
): Promise<Answer> {
  const attempt = (mayResend: boolean): Promise<Answer> =>
    new Promise<Answer>((resolve, reject) => {
      const through = mayResend ? agent : new Agent({ keepAlive: false, localAddress: agent.options.localAddress, ca: options.ca });
      const req = httpsRequest(
        url,
        { method: options.method ?? "GET", headers: options.headers, agent: through, ca: options.ca, timeout: 30_000 },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
          // An answer cut off part-way (its headers came): told apart from a refused request.
          res.on("error", (error: NodeJS.ErrnoException) => reject(Object.assign(error, { code: `${error.code ?? "error"} mid-answer` })));
        },
      );
      req.on("timeout", () => req.destroy(Object.assign(new Error("timed out"), { code: "ETIMEDOUT" })));
      req.on("error", (error: NodeJS.ErrnoException) => {
        if (mayResend && req.reusedSocket && (error.code === "ECONNRESET" || error.code === "EPIPE")) {
          options.onResend?.();
          attempt(false).then(resolve, reject);
          return;
        }
        if (!mayResend) error.code = `${error.code ?? "error"} on the resend`;
        reject(error);
      });
      if (!mayResend) req.on("close", () => through.destroy());
      req.end(options.body);
    });
  return attempt(true);
}

/** A client address of its own on the loopback network: 127.<prefix>.<b>.<c>, a different one for each number below 65,024. */
export function loopbackAddress(prefix: number, n: number): string {
  return `127.${prefix}.${Math.floor(n / 254) & 255}.${(n % 254) + 1}`;
}

export function agentFrom(localAddress: string, ca: string): Agent {
  return new Agent({ keepAlive: true, maxSockets: 2, localAddress, ca });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export interface RunningLoad {
  /** Latencies and failures from now on count towards the window's figures (`stop` reports both). */
  markWindow(): void;
  stop(): Promise<{ all: LoadReport; window: LoadReport }>;
}

/** Starts the load; `stop` ends it, waits for the requests in flight, and checks the enquiries against `directUrl`'s database. */
export function startLoad(options: LoadOptions & { directUrl: string }): RunningLoad {
  const rates = { anonymous: 10, signedIn: 5, enquiries: 2, ...options.rates };
  const origin = new URL(options.url).origin;
  type Sample = { ms: number; failed?: string; resent: boolean; enquiry?: { email: string; accepted: boolean }; inWindow: boolean };
  const samples: Sample[] = [];
  const inFlight = new Set<Promise<void>>();
  let windowOpen = false;
  let running = true;
  const agents = {
    anonymous: Array.from({ length: 8 }, (_, i) => agentFrom(loopbackAddress(31, i + 1), options.ca)),
    signedIn: Array.from({ length: 4 }, (_, i) => agentFrom(loopbackAddress(32, i + 1), options.ca)),
  };
  let enquiryNumber = 0;
  const runId = Date.now().toString(36);

  const measure = (kind: string, work: (onResend: () => void) => Promise<{ failed?: string; enquiry?: Sample["enquiry"] }>) => {
    const started = performance.now();
    let resent = false;
    const inWindow = windowOpen;
    const task = work(() => (resent = true))
      .catch((error: NodeJS.ErrnoException) => ({ failed: `${error.code ?? error.message} ${kind}` }) as { failed?: string; enquiry?: Sample["enquiry"] })
      .then((outcome) => {
        samples.push({ ms: performance.now() - started, resent, inWindow, ...outcome });
      });
    inFlight.add(task);
    void task.finally(() => inFlight.delete(task));
  };

  const pages = ["/", "/opportunities", "/team", "/pricing"];
  const tickers: NodeJS.Timeout[] = [];
  const every = (perSecond: number, fire: (n: number) => void) => {
    if (perSecond <= 0) return;
    let n = 0;
    tickers.push(setInterval(() => running && fire(n++), 1000 / perSecond));
  };
  every(rates.anonymous, (n) => {
    const path = pages[n % pages.length]!;
    measure(`GET ${path}`, async (onResend) => {
      const answer = await send(agents.anonymous[n % agents.anonymous.length]!, `${options.url}${path}`, { ca: options.ca, onResend, headers: { "accept-encoding": "gzip" } });
      return answer.status === 200 ? {} : { failed: `${answer.status} GET ${path}` };
    });
  });
  every(rates.signedIn, (n) => {
    measure("GET /dashboard", async (onResend) => {
      const answer = await send(agents.signedIn[n % agents.signedIn.length]!, `${options.url}/dashboard`, { ca: options.ca, onResend, headers: { cookie: options.cookie } });
      // Signed in: the dashboard itself, never the sign-in page it sends strangers to.
      return answer.status === 200 && !answer.headers.location ? {} : { failed: `${answer.status} GET /dashboard` };
    });
  });
  every(rates.enquiries, () => {
    const n = ++enquiryNumber;
    const email = `roll-${runId}-${n}@example.com`;
    // A new visitor each time, from an address of their own (one enquiry per address per 30 s).
    const agent = agentFrom(loopbackAddress(33, n), options.ca);
    measure("POST enquiry", async (onResend) => {
      const body = new URLSearchParams({
        firstName: "Rolling",
        lastName: "Visitor",
        email,
        investmentAmount: "$500,000",
        bookingType: "consultation",
        message: "Enquiry sent while the instances restart, to count that none is lost.",
      }).toString();
      try {
        const answer = await send(agent, `${options.url}/?index`, {
          method: "POST",
          ca: options.ca,
          onResend,
          body,
          headers: { origin, "content-type": "application/x-www-form-urlencoded", "content-length": String(Buffer.byteLength(body)) },
        });
        const accepted = answer.status === 200;
        return accepted ? { enquiry: { email, accepted } } : { failed: `${answer.status} POST enquiry`, enquiry: { email, accepted } };
      } finally {
        agent.destroy();
      }
    });
  });

  const report = (chosen: Sample[], stored: Map<string, number>): LoadReport => {
    const times = chosen.map((s) => s.ms).sort((a, b) => a - b);
    const failed: Record<string, number> = {};
    for (const s of chosen) if (s.failed) failed[s.failed] = (failed[s.failed] ?? 0) + 1;
    const enquiries = chosen.flatMap((s) => (s.enquiry ? [s.enquiry] : []));
    const accepted = enquiries.filter((e) => e.accepted).map((e) => e.email);
    return {
      requests: chosen.length,
      failures: chosen.filter((s) => s.failed).length,
      failed,
      resent: chosen.filter((s) => s.resent).length,
      p50Ms: Math.round(percentile(times, 50)),
      p99Ms: Math.round(percentile(times, 99)),
      maxMs: Math.round(times.at(-1) ?? 0),
      enquiriesSent: enquiries.length,
      enquiriesAccepted: accepted.length,
      lostEnquiries: accepted.filter((email) => !stored.has(email)).length,
      duplicatedEnquiries: [...stored.values()].filter((count) => count > 1).length,
      acceptedEmails: accepted,
    };
  };

  return {
    markWindow() {
      windowOpen = true;
    },
    async stop() {
      running = false;
      for (const ticker of tickers) clearInterval(ticker);
      await Promise.all([...inFlight]);
      for (const agent of [...agents.anonymous, ...agents.signedIn]) agent.destroy();
      const client = new pg.Client({ connectionString: options.directUrl });
      await client.connect();
      const rows = await client.query<{ email: string; count: string }>(
        "select email, count(*) as count from consultation_bookings where email like $1 group by email",
        [`roll-${runId}-%@example.com`],
      );
      await client.end();
      const stored = new Map(rows.rows.map((r) => [r.email, Number(r.count)]));
      return { all: report(samples, stored), window: report(samples.filter((s) => s.inWindow), stored) };
    },
  };
}

/**
 * Signs a new investor up through the site (the sign-up form, posted as a browser without
 * JavaScript posts it), opens the verification link mailed (to the dev mailbox of one of
 * `mailDataDirs`), which signs them in, and answers their session cookie.
 */
export async function investorSession(url: string, ca: string, mailDataDirs: string[]): Promise<string> {
  const agent = agentFrom(loopbackAddress(34, 1 + Math.floor(Math.random() * 60_000)), ca);
  const email = `roll-investor-${Date.now().toString(36)}@example.com`;
  try {
    const body = new URLSearchParams({ intent: "sign-up", email, password: "Rolling-restart-9-password", firstName: "Rana", lastName: "Investor" }).toString();
    const signUp = await send(agent, `${url}/auth`, {
      method: "POST",
      ca,
      body,
      headers: { origin: new URL(url).origin, "content-type": "application/x-www-form-urlencoded", "content-length": String(Buffer.byteLength(body)) },
    });
    if (signUp.status !== 200) throw new Error(`sign-up answered ${signUp.status}: ${signUp.body.slice(0, 300)}`);
    // Whichever instance worked the mail's job wrote it (releases before issue 38 have no worker).
    const link = await Promise.any(mailDataDirs.map((dir) => linkFrom(dir, email, /verify-email/, 30_000)));
    const verified = await send(agent, link, { ca });
    const cookies = ([] as string[]).concat(verified.headers["set-cookie"] ?? []).map((c) => c.split(";", 1)[0]!);
    if (verified.status !== 302 || !cookies.some((c) => /session_token=/.test(c))) throw new Error(`the verification link answered ${verified.status} without a session`);
    return cookies.join("; ");
  } finally {
    agent.destroy();
  }
}
