import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../e2e/free-port";
import type { TestService } from "./test-services";

/**
 * A real Prometheus for the tests (issue 38): Debian's package (`.ci/run` installs it, with
 * `promtool` beside it), started on a free port with its own empty storage, scraping what a
 * test names every second.
 */

/** Debian's binary, or another named by TEST_PROMETHEUS; promtool is expected beside it. */
const BINARY = process.env.TEST_PROMETHEUS || "/usr/bin/prometheus";

const promtoolBeside = (prometheus: string) => path.join(path.dirname(prometheus), "promtool");

export const prometheusService = (): TestService => ({
  name: "Prometheus and promtool (apt-get install prometheus)",
  variable: "TEST_PROMETHEUS",
  value: existsSync(BINARY) && existsSync(promtoolBeside(BINARY)) ? BINARY : undefined,
});

/** What `promtool` said: its exit status and everything it wrote. */
export interface PromtoolResult {
  status: number | null;
  output: string;
}

/** Runs `promtool args...` (with `input` on its standard input) beside `prometheus`. */
export function promtool(prometheus: string, args: string[], input?: string): PromtoolResult {
  const run = spawnSync(promtoolBeside(prometheus), args, { input, encoding: "utf8", timeout: 30_000 });
  if (run.error) throw run.error;
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

export interface ScrapeTarget {
  job: string;
  /** host:port */
  target: string;
  /** Sent as a bearer token, read from a file as a deployment would (credentials_file). */
  token: string;
}

/** One element of an instant query's answer. */
export interface Sample {
  metric: Record<string, string>;
  value: number;
}

export interface Prometheus {
  base: string;
  /** An instant query through the HTTP API; throws when Prometheus refuses it. */
  query(promql: string): Promise<Sample[]>;
  /** The rules Prometheus loaded, with their health after evaluation. */
  rules(): Promise<Array<{ name: string; health: string; lastError?: string }>>;
  /** What Prometheus wrote to its log so far. */
  output(): string;
  destroy(): Promise<void>;
}

export async function startPrometheus(binary: string, options: { targets: ScrapeTarget[]; ruleFiles?: string[] }): Promise<Prometheus> {
  const dir = mkdtempSync(path.join(tmpdir(), "prometheus-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const jobs = options.targets.map((t, i) => {
    const tokenFile = path.join(dir, `token-${i}`);
    writeFileSync(tokenFile, t.token, { mode: 0o600 });
    return { job_name: t.job, metrics_path: "/metrics", authorization: { type: "Bearer", credentials_file: tokenFile }, static_configs: [{ targets: [t.target] }] };
  });
  // JSON is YAML: no YAML writer needed.
  const config = { global: { scrape_interval: "1s", scrape_timeout: "1s", evaluation_interval: "1s" }, rule_files: options.ruleFiles ?? [], scrape_configs: jobs };
  const configFile = path.join(dir, "prometheus.yml");
  writeFileSync(configFile, JSON.stringify(config, null, 2));

  let output = "";
  const child: ChildProcess = spawn(
    binary,
    [`--config.file=${configFile}`, `--storage.tsdb.path=${path.join(dir, "data")}`, `--web.listen-address=127.0.0.1:${port}`, "--log.level=warn"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const destroy = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) {
      await destroy();
      throw new Error(`prometheus exited with ${child.exitCode}:\n${output}`);
    }
    try {
      if ((await fetch(`${base}/-/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await destroy();
      throw new Error(`prometheus did not become ready:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  const api = async <T>(pathAndQuery: string): Promise<T> => {
    const answer = (await (await fetch(`${base}${pathAndQuery}`)).json()) as { status: string; data: T; error?: string };
    if (answer.status !== "success") throw new Error(`Prometheus refused ${pathAndQuery}: ${answer.error}`);
    return answer.data;
  };

  return {
    base,
    async query(promql) {
      const data = await api<{ result: Array<{ metric: Record<string, string>; value: [number, string] }> }>(`/api/v1/query?query=${encodeURIComponent(promql)}`);
      return data.result.map((r) => ({ metric: r.metric, value: Number(r.value[1]) }));
    },
    async rules() {
      const data = await api<{ groups: Array<{ rules: Array<{ name: string; health: string; lastError?: string }> }> }>("/api/v1/rules");
      return data.groups.flatMap((g) => g.rules.map(({ name, health, lastError }) => ({ name, health, ...(lastError ? { lastError } : {}) })));
    },
    output: () => output,
    destroy,
  };
}
