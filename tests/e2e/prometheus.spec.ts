import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { QUEUES } from "../../app/server/jobs/queue.server";
import { enquiryForm } from "../support/enquiry-form";
import { promtool, prometheusService, startPrometheus, type Prometheus } from "../support/prometheus";
import { missingReason, serviceValue } from "../support/test-services";
import { expect, test } from "./fixtures";
import { freePort } from "./free-port";
import { startProcess, stopProcess, waitForHealth, type Run } from "./server-processes";

/**
 * Issue 38: the metrics as a real Prometheus reads them. The built server runs as a child
 * process with a data directory of its own, a bearer token, hourly backups and a mail
 * server that refuses every connection; Debian's Prometheus scrapes it every second with
 * the token read from a file, and evaluates deploy/prometheus/alerts.yml against what it
 * scraped. promtool lints the scraped text and checks and unit-tests the rules. Needs
 * Prometheus (`apt-get install prometheus`, which `.ci/run` installs).
 */

const root = path.resolve(import.meta.dirname, "../..");
const ALERTS = path.join(root, "deploy/prometheus/alerts.yml");
const service = prometheusService();
const binary = serviceValue(service);

test.describe("Prometheus scraping the server", () => {
  test.skip(!binary, missingReason(service));
  test.describe.configure({ mode: "serial", timeout: 120_000 });

  const token = randomBytes(24).toString("base64url");
  const dirs: string[] = [];
  let server: Run | undefined;
  let prometheus: Prometheus | undefined;
  let base: string;

  test.beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const dataDir = mkdtempSync(path.join(tmpdir(), "e2e-prometheus-"));
    dirs.push(dataDir);
    server = startProcess({
      PORT: String(port),
      SITE_URL: base,
      DATA_DIR: dataDir,
      METRICS_TOKEN: token,
      METRICS_ALLOW: "",
      // The schedule takes its first backup at start: the backup's age is then real.
      BACKUP_EVERY_HOURS: "1",
      // A port nothing listens on: every delivery fails and is retried later.
      SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
      SMTP_TIMEOUT_MS: "1000",
      LOG_LEVEL: "warn",
    });
    await waitForHealth(base, server);
    prometheus = await startPrometheus(binary!, { targets: [{ job: "tigris-web", target: `127.0.0.1:${port}`, token }], ruleFiles: [ALERTS] });
  });

  test.afterAll(async () => {
    await prometheus?.destroy();
    if (server) await stopProcess(server);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  /** The single value of an instant query, or undefined while it has none. */
  const value = async (promql: string) => {
    const result = await prometheus!.query(promql);
    return result.length === 1 ? result[0]!.value : undefined;
  };
  const poll = { timeout: 30_000, intervals: [250] };

  test("scrapes /metrics with the token and reads request rates by route, the job queues, mail failures and the backup's age", async () => {
    // The target is up: the token from the file was taken.
    await expect.poll(() => value('up{job="tigris-web"}'), poll).toBe(1);

    // Requests by route: each round makes requests, then asks for the rate over the last
    // seconds' scrapes (a series needs two scrapes before it has a rate).
    await expect
      .poll(async () => {
        expect((await fetch(`${base}/`)).status).toBe(200);
        expect((await fetch(`${base}/opportunities`)).status).toBe(200);
        expect((await fetch(`${base}/no-such-page-here`)).status).toBe(404);
        const rates = await prometheus!.query('sum by (route, status) (rate(http_request_duration_seconds_count{job="tigris-web"}[15s]))');
        return Object.fromEntries(rates.filter((r) => r.value > 0).map((r) => [`${r.metric.route} ${r.metric.status}`, true]));
      }, poll)
      .toMatchObject({ "/ 200": true, "/opportunities 200": true, "/* 404": true });
    expect(await value('sum(http_request_duration_seconds_count{job="tigris-web", route="/", status="200"})')).toBeGreaterThanOrEqual(1);

    // An enquiry queues a mail; the mail server refuses it, so the email job waits out its
    // retry's back-off (deferred), a failure is counted and the mail is still unsent.
    const enquiry = await fetch(`${base}/_.data?index`, { method: "POST", headers: { Origin: base }, body: new URLSearchParams(enquiryForm(`prometheus-${Date.now()}@example.com`)) });
    expect(enquiry.status).toBe(200);
    await expect.poll(() => value('sum(mail_failures_total{job="tigris-web", final="false"})'), poll).toBeGreaterThanOrEqual(1);
    await expect.poll(() => value('job_queue_depth{job="tigris-web", queue="email", state="deferred"}'), poll).toBeGreaterThanOrEqual(1);
    expect(await value('mail_queue_depth{job="tigris-web"}')).toBeGreaterThanOrEqual(1);
    // Every queue has its series, and nothing ready has been left waiting.
    expect(await value('count(job_queue_depth{job="tigris-web", state="ready"})')).toBe(Object.keys(QUEUES).length);
    expect(await value('max(job_queue_oldest_ready_age_seconds{job="tigris-web"})')).toBeLessThan(60);

    // The backup the schedule took at start: seconds old, due hourly.
    await expect.poll(() => value('time() - backup_last_success_timestamp_seconds{job="tigris-web"}'), poll).toBeLessThan(300);
    expect(await value('time() - backup_last_success_timestamp_seconds{job="tigris-web"}')).toBeGreaterThanOrEqual(0);
    expect(await value('backup_schedule_interval_seconds{job="tigris-web"}')).toBe(3600);
    // Failed reads are counted by source (a read slower than its bound on a loaded machine
    // is one, so the count is not asserted), and the embedded database has no pool to report.
    expect(await value('count(metrics_read_failures_total{job="tigris-web"})')).toBe(3);
    expect(await prometheus!.query('{job="tigris-web", __name__=~"db_pool_.*"}')).toEqual([]);

    // The alerting rules evaluate against these series without an error.
    await expect
      .poll(async () => (await prometheus!.rules()).filter((r) => r.health !== "ok"), { ...poll, message: "rules not yet evaluated, or failing" })
      .toEqual([]);
    // Neither the backup's nor the instance's alert is firing, nor pending once the rules
    // have seen the backup. ALERTS holds pending alerts too: TigrisBackupTooOld is rightly
    // pending for the seconds before the first backup lands (its age is then the epoch's),
    // and stays so until the next evaluation after the scrape that shows the backup.
    const alerts = async () =>
      (await prometheus!.query('ALERTS{alertname=~"TigrisBackupTooOld|TigrisInstanceDown"}')).map((a) => `${a.metric.alertname} ${a.metric.alertstate}`);
    await expect.poll(alerts, { ...poll, message: "an alert about the backup or the instance" }).toEqual([]);
    expect(await prometheus!.query('ALERTS{alertstate="firing"}')).toEqual([]);
  });

  test("promtool finds nothing wrong in the scraped metrics, and checks and unit-tests the alerting rules", async () => {
    const scrape = await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${token}` } });
    expect(scrape.status).toBe(200);
    const text = await scrape.text();
    expect(text).toContain("job_queue_depth{");
    expect(promtool(binary!, ["check", "metrics"], text)).toEqual({ status: 0, output: "" });

    const rules = promtool(binary!, ["check", "rules", ALERTS]);
    expect(rules.status, rules.output).toBe(0);
    expect(rules.output).toMatch(/SUCCESS: \d+ rules found/);
    const tests = promtool(binary!, ["test", "rules", path.join(root, "deploy/prometheus/alerts.test.yml")]);
    expect(tests.status, tests.output).toBe(0);
    expect(tests.output).toContain("SUCCESS");

    // The example scrape configuration is valid once its token file exists.
    const dir = mkdtempSync(path.join(tmpdir(), "e2e-prometheus-config-"));
    dirs.push(dir);
    writeFileSync(path.join(dir, "token"), token, { mode: 0o600 });
    writeFileSync(path.join(dir, "alerts.yml"), readFileSync(ALERTS));
    const example = readFileSync(path.join(root, "deploy/prometheus/prometheus.yml"), "utf8");
    expect(example).toContain("credentials_file: /etc/prometheus/tigris-metrics-token");
    writeFileSync(path.join(dir, "prometheus.yml"), example.replaceAll("/etc/prometheus/tigris-metrics-token", path.join(dir, "token")));
    const config = promtool(binary!, ["check", "config", path.join(dir, "prometheus.yml")]);
    expect(config.status, config.output).toBe(0);
  });
});
