import { connect as connectHttp2 } from "node:http2";
import pg from "pg";
import { DATABASE_BOUNDS_MS, RANDOM_PAGE_COST } from "../../app/server/db/client.server";
import { expect, test } from "@playwright/test";
import { previousRelease, startTopology, type Topology } from "../../scripts/lib/local-deploy";
import { agentFrom, investorSession, loopbackAddress, send, startLoad } from "../../scripts/lib/roll-load";
import { nginxService, pgbouncerService } from "../support/deploy-services";
import { missingReason, postgresService, serviceValue } from "../support/test-services";

/**
 * The production topology of deploy/ (issue 38, decision 051), from Debian's packages:
 * nginx (TLS, HTTP/2) in front of three web instances and a worker, PgBouncer in front of
 * PostgreSQL, migrations run once by the deploy step. The instances start on the previous
 * release (deploy/previous-release) and are rolled onto this one under a steady load, after
 * this release's deploy step migrated under the previous one: no request may fail and no
 * enquiry be lost.
 */
const services = [postgresService(), nginxService(), pgbouncerService()];
const missing = services.find((service) => !serviceValue(service));
const serverUrl = process.env.TEST_DATABASE_URL ?? "";

test.describe.configure({ mode: "serial", timeout: 240_000 });
test.skip(Boolean(missing), missing ? missingReason(missing) : "");

test.describe("the production topology (deploy/)", () => {
  let topology: Topology;
  let previous: ReturnType<typeof previousRelease>;
  test.beforeAll(async () => {
    test.setTimeout(480_000);
    const log = (line: string) => console.log(`  ${line}`);
    // The instances start on the previous release (built from this repository's history),
    // as production runs it; the first test rolls them onto this one.
    previous = previousRelease(log);
    if (!previous) log("the previous release's commit is not in this clone: starting on this release");
    topology = await startTopology({ serverUrl, log, firstRelease: previous?.root });
  });
  test.afterAll(async () => {
    await topology?.stop();
  });

  test("the previous release, rolled to this one under load, fails no request and loses no enquiry", async () => {
    const dirs = () => [...topology.webs, topology.worker!].map((i) => i.dataDir);
    const cookie = await investorSession(topology.url, topology.certificate, dirs());
    const load = startLoad({ url: topology.url, ca: topology.certificate, cookie, directUrl: topology.directUrl });
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    load.markWindow();
    // This release's deploy step migrates while the previous release serves (it must keep
    // serving on the new schema: decision 053), then every instance is rolled onto this one.
    const roll = await topology.roll({ beforeStart: async () => topology.migrate() });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const { all, window } = await load.stop();
    const figures = {
      from: previous ? `the previous release, ${previous.commit.slice(0, 12)}` : "this release (the previous one's commit is not in this clone)",
      roll: `${roll.strategy}: ${roll.restarted.join(", ")} in ${(roll.milliseconds / 1000).toFixed(1)} s`,
      requests: all.requests,
      duringRoll: window.requests,
      failures: all.failures,
      failed: all.failed,
      resent: all.resent,
      enquiries: `${all.enquiriesSent} sent, ${all.enquiriesAccepted} accepted, ${all.lostEnquiries} lost, ${all.duplicatedEnquiries} stored twice`,
      p99DuringRollMs: window.p99Ms,
    };
    console.log(`rolling restart under load: ${JSON.stringify(figures)}`);
    test.info().annotations.push({ type: "rolling restart", description: JSON.stringify(figures) });
    expect(topology.migrations, "the deploy step ran once").toHaveLength(1);
    expect(roll.restarted).toEqual(["web1", "web2", "web3", "worker"]);
    expect([...topology.webs, topology.worker!].every((i) => i.root !== previous?.root)).toBe(true);
    expect(window.requests).toBeGreaterThan(100);
    expect(all.enquiriesSent).toBeGreaterThan(10);
    expect(all.failed).toEqual({});
    expect(all.lostEnquiries).toBe(0);
    expect(all.duplicatedEnquiries).toBe(0);
    expect(all.enquiriesAccepted).toBe(all.enquiriesSent);
  });

  const post = (path: string, body: string, headers: Record<string, string>, address: string) => {
    const agent = agentFrom(address, topology.certificate);
    return send(agent, `${topology.url}${path}`, {
      method: "POST",
      ca: topology.certificate,
      body,
      headers: { origin: topology.url, "content-type": "application/x-www-form-urlencoded", "content-length": String(Buffer.byteLength(body)), ...headers },
    }).finally(() => agent.destroy());
  };
  const enquiry = (email: string) =>
    new URLSearchParams({ firstName: "Layla", lastName: "Haddad", email, investmentAmount: "$750,000", bookingType: "consultation", message: "A question about the Erbil project's payment plan." }).toString();

  test("nginx serves the site over TLS with HTTP/2, compressed, caches hashed assets and bounds requests", async () => {
    // HTTP/2, negotiated over TLS with the certificate made for the test.
    const session = connectHttp2(topology.url, { ca: topology.certificate });
    const home = await new Promise<{ status: number; encoding?: string; body: string }>((resolve, reject) => {
      const stream = session.request({ ":path": "/", "accept-encoding": "gzip" });
      let status = 0;
      let encoding: string | undefined;
      const chunks: Buffer[] = [];
      stream.on("response", (headers) => {
        status = Number(headers[":status"]);
        encoding = headers["content-encoding"] as string | undefined;
      });
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => resolve({ status, encoding, body: Buffer.concat(chunks).toString("latin1") }));
      stream.on("error", reject);
    });
    session.close();
    expect(home.status).toBe(200);
    expect(home.encoding).toBe("gzip");

    // Plain HTTP only redirects.
    const plain = await fetch(`http://127.0.0.1:${topology.httpPort}/opportunities?x=1`, { redirect: "manual" });
    expect(plain.status).toBe(301);
    expect(plain.headers.get("location")).toBe(`${topology.url}/opportunities?x=1`);

    // A hashed asset: a year, immutable, and kept by nginx after the first request.
    const page = await send(agentFrom("127.0.0.1", topology.certificate), `${topology.url}/`, { ca: topology.certificate });
    const asset = /\/assets\/[\w.-]+\.js/.exec(page.body)?.[0];
    expect(asset, "the home page links a hashed script").toBeTruthy();
    const agent = agentFrom("127.0.0.1", topology.certificate);
    const first = await send(agent, `${topology.url}${asset}`, { ca: topology.certificate });
    const second = await send(agent, `${topology.url}${asset}`, { ca: topology.certificate });
    agent.destroy();
    expect(first.status).toBe(200);
    expect(first.headers["cache-control"]).toContain("immutable");
    expect(first.headers["cache-control"]).toContain("max-age=31536000");
    expect(second.headers["x-cache-status"]).toBe("HIT");

    // A body over nginx's limit is refused before it reaches an instance.
    const tooLarge = await send(agentFrom("127.0.0.1", topology.certificate), `${topology.url}/?index`, {
      method: "POST",
      ca: topology.certificate,
      headers: { origin: topology.url, "content-type": "application/x-www-form-urlencoded", "content-length": String(40 * 1024 * 1024) },
      body: "",
    }).catch((error: Error) => ({ status: -1, body: error.message, headers: {} }));
    expect(tooLarge.status).toBe(413);
  });

  test("the client's address is the one nginx saw: a forged X-Forwarded-For does not escape the enquiry limit", async () => {
    const address = loopbackAddress(40, 7);
    const firstAnswer = await post("/?index", enquiry(`forged-1-${Date.now()}@example.com`), { "x-forwarded-for": "203.0.113.10" }, address);
    expect(firstAnswer.status).toBe(200);
    // Another forged address, the same real one: the 30-second cooldown per address holds.
    const secondAnswer = await post("/?index", enquiry(`forged-2-${Date.now()}@example.com`), { "x-forwarded-for": "203.0.113.11" }, address);
    expect(secondAnswer.status).toBe(429);
  });

  test("the deploy step migrated once; web instances run no jobs; the worker answers only its health", async () => {
    expect(topology.migrations).toHaveLength(1);
    expect(topology.migrations[0]).toMatch(/^The database is up to date \(postgres/);
    expect(topology.webs.map((w) => w.role)).toEqual(["web", "web", "web"]);
    const worker = topology.worker!;
    const at = (path: string, headers: Record<string, string> = {}) => fetch(`http://127.0.0.1:${worker.port}${path}`, { headers, redirect: "manual" });
    expect((await at("/healthz")).status).toBe(200);
    expect(await (await at("/readyz")).json()).toMatchObject({ status: "ready", checks: { database: "ok", jobs: "ok" } });
    expect((await at("/metrics", { authorization: `Bearer ${topology.metricsToken}` })).status).toBe(200);
    for (const path of ["/", "/opportunities", "/auth", "/api/auth/get-session"]) expect((await at(path)).status, path).toBe(404);
    for (const web of topology.webs) expect(web.output).not.toMatch(/"level":(50|60)/);
    // PgBouncer sets on its server connections the bounds the app's driver asks for (which
    // it cannot pass per client): the same values as the app's own.
    expect(topology.databaseUrl).not.toBe(topology.directUrl);
    const bouncer = new pg.Client({ connectionString: topology.databaseUrl });
    await bouncer.connect();
    const setting = async (name: string) => (await bouncer.query<Record<string, string>>(`show ${name}`)).rows[0]![name];
    expect(await setting("statement_timeout")).toBe(`${DATABASE_BOUNDS_MS.statement / 1000}s`);
    expect(await setting("idle_in_transaction_session_timeout")).toBe(`${DATABASE_BOUNDS_MS.idleInTransaction / 1000}s`);
    expect(Number(await setting("random_page_cost"))).toBe(RANDOM_PAGE_COST);
    await bouncer.end();

    // Without the worker, an enquiry's mails wait: no web instance works a job.
    const db = new pg.Client({ connectionString: topology.directUrl });
    await db.connect();
    try {
      const waitingMails = async () => Number((await db.query<{ n: string }>("select count(*) as n from pgboss.job where name = 'email' and state in ('created', 'retry')")).rows[0]!.n);
      await topology.stopInstance("worker");
      expect((await post("/?index", enquiry(`no-worker-${Date.now()}@example.com`), {}, loopbackAddress(41, 3))).status).toBe(200);
      expect(await waitingMails()).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      expect(await waitingMails(), "five seconds later, still waiting: the web instances took none").toBeGreaterThan(0);
      await topology.startInstance("worker");
      await expect.poll(waitingMails, { timeout: 30_000 }).toBe(0);
    } finally {
      await db.end();
    }
  });

});

test.describe("before issue 38: all-in-one instances restarted at once", () => {
  test("the same load sees failed requests, which the measure counts", async () => {
    const topology = await startTopology({ serverUrl, layout: "all-in-one", webInstances: 2 });
    try {
      const cookie = await investorSession(topology.url, topology.certificate, topology.webs.map((w) => w.dataDir)).catch(() => "");
      const load = startLoad({ url: topology.url, ca: topology.certificate, cookie, directUrl: topology.directUrl, rates: { signedIn: cookie ? 5 : 0 } });
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      load.markWindow();
      await topology.roll({ strategy: "all-at-once" });
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const { all } = await load.stop();
      console.log(`all-in-one, restarted at once: ${all.requests} requests, ${all.failures} failed ${JSON.stringify(all.failed)}, ${all.lostEnquiries} enquiries lost`);
      expect(all.failures).toBeGreaterThan(0);
    } finally {
      await topology.stop();
    }
  });
});
