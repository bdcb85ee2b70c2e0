import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "../../tests/e2e/free-port";

/**
 * The production topology of deploy/ (issue 38, decision 051), run on this machine from
 * Debian's packages: nginx terminating TLS with HTTP/2 in front of three `web` instances,
 * one `worker`, PgBouncer in transaction pooling in front of PostgreSQL for the web
 * instances, and the job queue and migrations on a direct connection. Migrations run once,
 * by the deploy step (`npm run migrate`), before any instance starts. Started and stopped
 * by `npm run deploy:local`, which the tests use through this module.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");

export type Role = "all" | "web" | "worker";

export interface Instance {
  name: string;
  role: Role;
  /** The release it runs: a project folder with a build (this one, or a previous release's). */
  root: string;
  port: number;
  dataDir: string;
  child: ChildProcess | null;
  /** Everything the process has printed, over all its starts. */
  output: string;
}

export interface TopologyOptions {
  /** A PostgreSQL server to make the site's database on (its URL names any database there). */
  serverUrl: string;
  webInstances?: number;
  /**
   * "roles": the topology of deploy/ (web instances through PgBouncer, one worker,
   * migrations by the deploy step). "all-in-one": what there was before issue 38, every
   * instance `PROCESS_ROLE=all` on PostgreSQL directly, migrating as it starts, no worker.
   */
  layout?: "roles" | "all-in-one";
  /** Extra environment for every instance. */
  env?: Record<string, string>;
  /**
   * A previous release (a project folder with its build, `previousRelease()`) that the
   * instances run at first: it migrates itself as it starts, as releases before issue 38
   * did, and `roll({ release })` replaces it, after this release's deploy step.
   */
  firstRelease?: string;
  log?: (line: string) => void;
}

export interface Topology {
  /** https://localhost:<port>, through nginx. */
  url: string;
  /** The plain-HTTP port, which only redirects (and answers /nginx-health). */
  httpPort: number;
  /** The certificate nginx serves (self-signed for localhost), for clients that check it. */
  certificate: string;
  /** The site's database, directly (not through PgBouncer). */
  directUrl: string;
  /** The site's database through PgBouncer (what web instances use), or the direct URL without it. */
  databaseUrl: string;
  secret: string;
  metricsToken: string;
  webs: Instance[];
  worker: Instance | undefined;
  /** What `npm run migrate` printed, each time it ran. */
  migrations: string[];
  /** The deploy step: this release's `npm run migrate`, once. */
  migrate(): Promise<void>;
  /** Stops one instance (SIGTERM: it finishes what it has), by name. */
  stopInstance(name: string): Promise<void>;
  /** Starts a stopped instance again and waits for its /readyz. */
  startInstance(name: string): Promise<void>;
  /** Restarts every instance as the layout does it (RollOptions). */
  roll(options?: RollOptions): Promise<RollReport>;
  stop(): Promise<void>;
}

export interface RollOptions {
  /**
   * "one-at-a-time" (deploy/): each web instance is taken out of nginx, stopped with
   * SIGTERM (it finishes what it has), started, and put back once /readyz says so; then
   * the worker. "all-at-once": every instance is stopped and started together, nginx left
   * alone (how all-in-one instances were restarted before issue 38).
   */
  strategy?: "one-at-a-time" | "all-at-once";
  /** Run between stopping and starting instances (a new release's migration, say). */
  beforeStart?: () => Promise<void>;
  /** The release the instances restart into (default: this project). */
  release?: string;
}

export interface RollReport {
  strategy: string;
  milliseconds: number;
  restarted: string[];
}

const nginxBinary = process.env.NGINX_BINARY || "/usr/sbin/nginx";
const pgbouncerBinary = process.env.PGBOUNCER_BINARY || "/usr/sbin/pgbouncer";

/** The `${TIGRIS_*}` names filled in, as the official nginx image's envsubst does with defined variables: nothing else. */
export function renderTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\$\{(TIGRIS_[A-Z_]+)\}/g, (whole, name: string) => {
    if (!(name in values)) throw new Error(`the template needs ${name}`);
    return values[name]!;
  });
}

/**
 * The nginx.conf around the rendered template (`dir/site.conf`), as the official image's
 * holds it: its http block sets no server_tokens (the template does), and nginx keeps its
 * own files in `dir`, so it runs without root.
 */
export function nginxMainConfig(dir: string, o: { workers: number; connections: number }): string {
  return [
    `worker_processes ${o.workers};`,
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    `events { worker_connections ${o.connections}; }`,
    "http {",
    "  include /etc/nginx/mime.types;",
    "  default_type application/octet-stream;",
    "  access_log off;",
    ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => `  ${t}_temp_path ${dir}/${t}_temp;`),
    `  include ${dir}/site.conf;`,
    "}",
    "",
  ].join("\n");
}

function run(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; input?: Buffer } = {}): string {
  const result = spawnSync(command, args, { encoding: "utf8", ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed (${result.status}): ${result.stderr || result.stdout || result.error?.message}`);
  return `${result.stdout}${result.stderr}`;
}

/**
 * `run`, without blocking: what the roll runs while the load is measured (the deploy step,
 * nginx's check of its configuration). The load's clients share this process, and a client
 * frozen for the seconds a migration takes is no client a site has.
 */
function runInBackground(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (status) => {
      if (status === 0) resolve(`${stdout}${stderr}`);
      else reject(new Error(`${command} ${args.join(" ")} failed (${status}): ${stderr || stdout}`));
    });
  });
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 60_000, child?: () => ChildProcess | null): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const process_ = child?.();
    if (process_ && process_.exitCode !== null) throw new Error(`${what}: the process exited with ${process_.exitCode}`);
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}

const answers = (url: string, status = 200) => async () => (await fetch(url, { signal: AbortSignal.timeout(2_000) })).status === status;

/** PgBouncer refuses to run as root: as root, it runs as postgres, which must own its files. */
function pgbouncerUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(run("id", [flag, "postgres"]).trim());
  return { uid: id("-u"), gid: id("-g") };
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function startTopology(options: TopologyOptions): Promise<Topology> {
  const log = options.log ?? (() => {});
  const layout = options.layout ?? "roles";
  const dir = mkdtempSync(path.join(tmpdir(), "tigris-deploy-"));
  // nginx's workers and PgBouncer do not run as root: they must reach their files.
  chmodSync(dir, 0o755);
  const children = new Set<ChildProcess>();
  const stops: Array<() => Promise<void> | void> = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await Promise.resolve(stop()).catch((error: unknown) => log(`clean-up: ${String(error)}`));
    stops.length = 0;
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    // The site's own database on the server.
    const name = `tigris_deploy_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
    const server = new URL(options.serverUrl);
    const admin = new pg.Client({ connectionString: options.serverUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    stops.push(async () => {
      const cleanup = new pg.Client({ connectionString: options.serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    });
    const directUrl = withDatabase(options.serverUrl, name);

    // PgBouncer, transaction pooling.
    let databaseUrl = directUrl;
    if (layout === "roles") {
      const bouncerDir = path.join(dir, "pgbouncer");
      mkdirSync(bouncerDir);
      const port = await freePort();
      const user = decodeURIComponent(server.username || "postgres");
      writeFileSync(path.join(bouncerDir, "userlist.txt"), `"${user}" ""\n`);
      const ini = renderTemplate(readFileSync(path.join(ROOT, "deploy/pgbouncer/pgbouncer.ini.template"), "utf8"), {
        TIGRIS_DB_HOST: server.hostname,
        TIGRIS_DB_PORT: server.port || "5432",
        TIGRIS_DB_NAME: name,
        TIGRIS_DB_USER: user,
        TIGRIS_PGBOUNCER_PORT: String(port),
        TIGRIS_PGBOUNCER_DIR: bouncerDir,
        // The local server trusts loopback; a real one is reached with a password (docs/operations.md).
        TIGRIS_PGBOUNCER_AUTH: `auth_type = trust\nauth_file = ${path.join(bouncerDir, "userlist.txt")}`,
      });
      writeFileSync(path.join(bouncerDir, "pgbouncer.ini"), ini);
      const owner = pgbouncerUser();
      const command = owner ? ["runuser", ["-u", "postgres", "--", pgbouncerBinary, path.join(bouncerDir, "pgbouncer.ini")]] as const : [pgbouncerBinary, [path.join(bouncerDir, "pgbouncer.ini")]] as const;
      if (owner) for (const file of ["", "userlist.txt", "pgbouncer.ini"]) chownSync(path.join(bouncerDir, file), owner.uid, owner.gid);
      const bouncer = spawn(command[0], [...command[1]], { stdio: ["ignore", "pipe", "pipe"] });
      children.add(bouncer);
      let bouncerOutput = "";
      bouncer.stdout!.on("data", (chunk) => (bouncerOutput += chunk));
      bouncer.stderr!.on("data", (chunk) => (bouncerOutput += chunk));
      stops.push(() => stopChild(bouncer));
      databaseUrl = `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/${name}`;
      const bouncerLog = () => `${bouncerOutput}${(() => {
        try {
          return readFileSync(path.join(bouncerDir, "pgbouncer.log"), "utf8");
        } catch {
          return "";
        }
      })()}`;
      await waitFor(
        `PgBouncer on ${port}`,
        async () => {
          const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 1_000 });
          await client.connect();
          await client.end();
          return true;
        },
        20_000,
        () => bouncer,
      ).catch((error: unknown) => {
        throw new Error(`${error instanceof Error ? error.message : String(error)}\n${bouncerLog()}`);
      });
      log(`PgBouncer: ${databaseUrl} (transaction pooling)`);
    }

    // The certificate nginx serves.
    const certificate = path.join(dir, "cert.pem");
    const key = path.join(dir, "key.pem");
    run("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate, "-days", "2", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"]);

    const httpsPort = await freePort();
    const httpPort = await freePort();
    const url = `https://localhost:${httpsPort}`;
    const secret = randomBytes(32).toString("base64");
    const metricsToken = randomBytes(24).toString("hex");
    const migrations: string[] = [];

    const baseEnv = (instance: Instance): Record<string, string> => ({
      ...(process.env as Record<string, string>),
      NODE_ENV: "production",
      PORT: String(instance.port),
      DATA_DIR: instance.dataDir,
      SITE_URL: url,
      // nginx, on this machine, is the one proxy whose forwarded headers count.
      TRUST_PROXY: "loopback",
      BETTER_AUTH_SECRET: secret,
      METRICS_TOKEN: metricsToken,
      LOG_LEVEL: "warn",
      SEED_DEMO_CONTENT: "true",
      // Through PgBouncer: this release's web instances (a release before issue 38 was
      // never behind it: it migrates and names prepared statements on its connections).
      DATABASE_URL: instance.role === "web" && instance.root === ROOT ? databaseUrl : directUrl,
      DIRECT_DATABASE_URL: directUrl,
      PROCESS_ROLE: instance.role,
      MIGRATE_ON_START: layout === "roles" ? "false" : "true",
      ...options.env,
    });

    const migrate = async () => {
      const env = { ...(process.env as Record<string, string>), NODE_ENV: "production", DATA_DIR: path.join(dir, "migrate"), DATABASE_URL: directUrl, BETTER_AUTH_SECRET: secret, SEED_DEMO_CONTENT: "true", ...options.env };
      const printed = await runInBackground(process.execPath, ["--import", "tsx", "scripts/migrate.ts"], { cwd: ROOT, env });
      migrations.push(printed.trim());
      log(`migrate: ${printed.trim()}`);
    };

    const startInstance = async (instance: Instance) => {
      const child = spawn(process.execPath, ["build/server/start.js"], { cwd: instance.root, env: baseEnv(instance), stdio: ["ignore", "pipe", "pipe"] });
      instance.child = child;
      children.add(child);
      child.stdout!.on("data", (chunk) => (instance.output += chunk));
      child.stderr!.on("data", (chunk) => (instance.output += chunk));
      child.once("exit", () => children.delete(child));
      await waitFor(`${instance.name} ready on ${instance.port}\n${instance.output}`, answers(`http://127.0.0.1:${instance.port}/readyz`), 90_000, () => child);
    };
    const stopInstance = async (instance: Instance) => {
      if (instance.child) await stopChild(instance.child);
      instance.child = null;
    };

    const newInstance = async (name: string, role: Role): Promise<Instance> => {
      const dataDir = path.join(dir, name);
      mkdirSync(dataDir);
      return { name, role, root: options.firstRelease ?? ROOT, port: await freePort(), dataDir, child: null, output: "" };
    };
    const webRole: Role = layout === "roles" ? "web" : "all";
    const webs: Instance[] = [];
    for (let i = 1; i <= (options.webInstances ?? 3); i++) webs.push(await newInstance(`web${i}`, webRole));
    const worker = layout === "roles" ? await newInstance("worker", "worker") : undefined;
    stops.push(async () => {
      await Promise.all([...webs, ...(worker ? [worker] : [])].map(stopInstance));
    });

    // The deploy step: migrate once, then the instances (a previous release migrates itself).
    if (layout === "roles" && !options.firstRelease) await migrate();
    if (worker) await startInstance(worker);
    if (layout === "roles") await Promise.all(webs.map(startInstance));
    else for (const web of webs) await startInstance(web);
    log(`instances: ${webs.map((w) => `${w.name} (${w.role}) :${w.port}`).join(", ")}${worker ? `, worker :${worker.port}` : ""}`);

    // nginx.
    const nginxDir = path.join(dir, "nginx");
    mkdirSync(nginxDir);
    const down = new Set<string>();
    const renderSite = () =>
      renderTemplate(readFileSync(path.join(ROOT, "deploy/nginx/site.conf.template"), "utf8"), {
        TIGRIS_SERVER_NAME: "localhost",
        TIGRIS_HTTPS_PORT: String(httpsPort),
        TIGRIS_HTTP_PORT: String(httpPort),
        TIGRIS_CERT: certificate,
        TIGRIS_CERT_KEY: key,
        TIGRIS_CACHE_DIR: path.join(nginxDir, "cache"),
        TIGRIS_UPSTREAM_SERVERS: webs.map((w) => `server 127.0.0.1:${w.port} max_fails=0${down.has(w.name) ? " down" : ""};`).join("\n    "),
      });
    writeFileSync(path.join(nginxDir, "site.conf"), renderSite());
    writeFileSync(path.join(nginxDir, "nginx.conf"), nginxMainConfig(nginxDir, { workers: 2, connections: 1024 }));
    run(nginxBinary, ["-t", "-q", "-p", nginxDir, "-c", path.join(nginxDir, "nginx.conf")]);
    const nginx = spawn(nginxBinary, ["-p", nginxDir, "-c", path.join(nginxDir, "nginx.conf"), "-g", "daemon off;"], { stdio: ["ignore", "pipe", "pipe"] });
    children.add(nginx);
    let nginxOutput = "";
    nginx.stderr!.on("data", (chunk) => (nginxOutput += chunk));
    stops.push(() => stopChild(nginx, "SIGQUIT"));
    await waitFor(`nginx on ${httpPort} ${nginxOutput}`, answers(`http://127.0.0.1:${httpPort}/nginx-health`), 20_000, () => nginx);
    log(`nginx: ${url} (TLS, HTTP/2) and http://localhost:${httpPort} (redirects)`);

    const instanceNamed = (name: string) => {
      const found = [...webs, ...(worker ? [worker] : [])].find((i) => i.name === name);
      if (!found) throw new Error(`no instance named ${name}`);
      return found;
    };

    /** Rewrites the upstream list and has nginx load it; its old workers finish what they hold. */
    const reloadNginx = async () => {
      writeFileSync(path.join(nginxDir, "site.conf"), renderSite());
      await runInBackground(nginxBinary, ["-t", "-q", "-p", nginxDir, "-c", path.join(nginxDir, "nginx.conf")]);
      nginx.kill("SIGHUP");
      // nginx starts new workers with the new list within a moment of the signal.
      await new Promise((resolve) => setTimeout(resolve, 500));
    };

    return {
      url,
      httpPort,
      certificate: readFileSync(certificate, "utf8"),
      directUrl,
      databaseUrl,
      secret,
      metricsToken,
      webs,
      worker,
      migrations,
      migrate,
      async stopInstance(name) {
        await stopInstance(instanceNamed(name));
      },
      async startInstance(name) {
        await startInstance(instanceNamed(name));
      },
      async roll(rollOptions = {}) {
        const strategy = rollOptions.strategy ?? (layout === "roles" ? "one-at-a-time" : "all-at-once");
        const started = performance.now();
        const restarted: string[] = [];
        const release = rollOptions.release ?? ROOT;
        const restart = async (instance: Instance) => {
          await stopInstance(instance);
          instance.root = release;
          await startInstance(instance);
        };
        if (strategy === "all-at-once") {
          const all = [...webs, ...(worker ? [worker] : [])];
          await Promise.all(all.map(stopInstance));
          for (const instance of all) instance.root = release;
          await rollOptions.beforeStart?.();
          if (worker) await startInstance(worker);
          await Promise.all(webs.map(startInstance));
          restarted.push(...all.map((i) => i.name));
        } else {
          await rollOptions.beforeStart?.();
          for (const web of webs) {
            down.add(web.name);
            await reloadNginx();
            await restart(web);
            down.delete(web.name);
            await reloadNginx();
            restarted.push(web.name);
          }
          if (worker) {
            await restart(worker);
            restarted.push(worker.name);
          }
        }
        return { strategy, milliseconds: Math.round(performance.now() - started), restarted };
      },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    for (const child of children) child.kill("SIGKILL");
    throw error;
  }
}

/** SIGTERM (or `signal`), then SIGKILL after 15 s; resolves when the process has exited. */
async function stopChild(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill(signal);
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}

/**
 * A previous release to roll from (decision 053): the commit `deploy/previous-release`
 * names, taken out of this repository's history into a folder of its own (with this
 * project's node_modules, which it shares while the dependencies are unchanged) and built
 * there. The folder is kept between runs. Undefined when the commit is not in this clone
 * (a shallow one).
 */
export function previousRelease(log: (line: string) => void = () => {}): { commit: string; root: string } | undefined {
  const commit = readFileSync(path.join(ROOT, "deploy/previous-release"), "utf8")
    .split("\n")
    .map((line) => line.trim())
    .find((line) => /^[0-9a-f]{7,40}$/.test(line));
  if (!commit) throw new Error("deploy/previous-release names no commit");
  if (spawnSync("git", ["cat-file", "-e", `${commit}^{commit}`], { cwd: ROOT }).status !== 0) return undefined;
  const root = path.join(tmpdir(), `tigris-release-${commit}`);
  const built = path.join(root, "build/server/start.js");
  if (!existsSync(built)) {
    rmSync(root, { recursive: true, force: true });
    mkdirSync(root, { recursive: true });
    const archive = spawnSync("git", ["archive", "--format=tar", commit], { cwd: ROOT, maxBuffer: 512 * 1024 * 1024 });
    if (archive.status !== 0) throw new Error(`git archive ${commit} failed: ${archive.stderr}`);
    run("tar", ["-x", "-C", root], { input: archive.stdout });
    symlinkSync(path.join(ROOT, "node_modules"), path.join(root, "node_modules"));
    log(`building the previous release ${commit} in ${root}`);
    run(process.execPath, ["--input-type=module", "-e", `const { ensureBuild } = await import("./scripts/ensure-build.mjs"); ensureBuild(process.cwd(), () => {});`], { cwd: root, env: { ...process.env, NODE_ENV: "production" } });
  }
  return { commit, root };
}
