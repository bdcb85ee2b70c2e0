import { spawn, spawnSync, type SpawnSyncReturns } from "node:child_process";
import { request as httpsRequest } from "node:https";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { build } from "esbuild";
import { ENV_VARIABLES } from "../../app/server/core/config.server";
import { DATABASE_BOUNDS_MS, RANDOM_PAGE_COST } from "../../app/server/db/client.server";
import { nginxMainConfig, renderTemplate } from "../../scripts/lib/local-deploy";
import { startCommand } from "../../scripts/lib/start-command";
import { nginxService } from "../support/deploy-services";
import { dockerComposeMissing, dockerComposeService, parseYaml } from "../support/docker-compose";
import { missingReason, serviceValue } from "../support/test-services";
import { expect, test } from "./fixtures";
import { freePort } from "./free-port";

/**
 * Issue 38, the container image (docs/decisions/052). No image can be built or run here
 * (the Docker client but no daemon), so this checks what can be checked without one:
 * - the Dockerfile's steps are two scripts, deploy/container/build.sh and start.sh: the
 *   build script's commands (a dry run: a real `npm ci` and build take minutes, too long
 *   for every run; they were run by hand, decision 052), that everything the runtime loads
 *   survives its prune, and the start script for real, on this run's build, as the
 *   image's entry point and health check run it;
 * - compose.yaml with Debian's `docker-compose config` (1.29), read back as YAML;
 * - the Kubernetes example in deploy/kubernetes, read as YAML and checked for the
 *   objects, probes and selectors an operator relies on.
 */

const root = path.resolve(import.meta.dirname, "../..");
const compose = dockerComposeService();
const composeCommand = serviceValue(compose);

/** Variables node-postgres reads itself (the password, when the URL carries none). */
const DRIVER_SETTINGS = ["PGPASSWORD"];

const BUILD = path.join(root, "deploy/container/build.sh");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const run = (command: string, args: string[], env: NodeJS.ProcessEnv, input?: string): SpawnSyncReturns<string> =>
  spawnSync(command, args, { cwd: root, env, encoding: "utf8", input, timeout: 60_000 });

/** PATH with this run's Node first: start.sh's `node` and `npm run` use the project's Node 24. */
const withNode = (env: Record<string, string>): NodeJS.ProcessEnv => ({
  ...process.env,
  PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ""}`,
  ...env,
});

// ---------------------------------------------------------------------------------------
// The Dockerfile, parsed as Docker reads it: one instruction a line, `\` continues it.

interface Instruction {
  name: string;
  args: string;
  stage: number;
}

function dockerfile(): Instruction[] {
  const lines = read("Dockerfile")
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));
  let stage = -1;
  return lines.map((line) => {
    const [name, ...rest] = line.split(/\s+/);
    if (name!.toUpperCase() === "FROM") stage += 1;
    return { name: name!.toUpperCase(), args: rest.join(" "), stage };
  });
}

/** ENV lines' `NAME=value` pairs. */
function envOf(instructions: Instruction[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const i of instructions.filter((i) => i.name === "ENV")) {
    for (const [, name, value] of i.args.matchAll(/(\w+)=(\S+)/g)) env[name!] = value!;
  }
  return env;
}

const lockedNodeVersion = () =>
  (JSON.parse(read("package-lock.json")) as { packages: Record<string, { version: string }> }).packages["node_modules/node"]!.version;

test.describe("the container image's Dockerfile and build script", () => {
  test("builds on the project's Node with build.sh and runs start.sh as a non-root user", () => {
    const instructions = dockerfile();
    const arg = instructions.find((i) => i.name === "ARG" && i.args.startsWith("NODE_VERSION="));
    expect(arg?.args, "the image's Node is the version package-lock.json pins (decision 004)").toBe(`NODE_VERSION=${lockedNodeVersion()}`);
    const froms = instructions.filter((i) => i.name === "FROM").map((i) => i.args);
    expect(froms).toEqual(["node:${NODE_VERSION}-bookworm-slim AS build", "node:${NODE_VERSION}-bookworm-slim AS runtime"]);

    const build = instructions.filter((i) => i.stage === 0);
    expect(build.filter((i) => i.name === "RUN").map((i) => i.args)).toEqual([
      "deploy/container/build.sh dependencies",
      "deploy/container/build.sh app prune",
    ]);

    const runtime = instructions.filter((i) => i.stage === 1);
    const env = envOf(runtime);
    expect(env).toMatchObject({ NODE_ENV: "production", PROCESS_ROLE: "all", PORT: "3000" });
    const user = runtime.findLast((i) => i.name === "USER")?.args ?? "root";
    expect(user.split(":")[0], "the server runs as a numeric, non-root user").toMatch(/^[1-9]\d*$/);
    expect(runtime.find((i) => i.name === "EXPOSE")?.args).toBe(env.PORT);
    expect(JSON.parse(runtime.find((i) => i.name === "VOLUME")!.args)).toEqual([env.DATA_DIR, env.BACKUP_DIR]);
    expect(runtime.find((i) => i.name === "HEALTHCHECK")?.args).toMatch(/CMD \["deploy\/container\/start\.sh", "healthcheck"\]$/);
    expect(runtime.find((i) => i.name === "ENTRYPOINT")?.args).toBe('["deploy/container/start.sh"]');
    expect(runtime.find((i) => i.name === "CMD")?.args).toBe('["serve"]');
    expect(runtime.find((i) => i.name === "COPY")?.args).toBe("--from=build /app /app");

    const ignored = read(".dockerignore").split("\n");
    for (const entry of ["node_modules", "build", ".env", ".git", "data"]) expect(ignored).toContain(entry);
  });

  test("build.sh runs npm ci, npm run build and the prune, in that order", () => {
    const dry = run(BUILD, ["--dry-run"], process.env);
    expect(dry.status, dry.stderr).toBe(0);
    expect(dry.stdout.trim().split("\n")).toEqual([
      "+ npm ci --no-audit --no-fund",
      "+ npm run build",
      "+ npm prune --omit=dev --no-audit --no-fund",
    ]);
    const unknown = run(BUILD, ["--dry-run", "everything"], process.env);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain("unknown step 'everything'");
  });

  test("npm ci finds every platform's native packages in the lockfile, for amd64 and arm64 images", () => {
    // A lockfile written against a registry that lacks other platforms' optional packages
    // makes `npm ci` fail on those platforms (DESIGN.md): the image's must be there.
    const packages = (JSON.parse(read("package-lock.json")) as { packages: Record<string, unknown> }).packages;
    for (const stem of ["@esbuild/linux-", "@img/sharp-linux-", "@img/sharp-libvips-linux-", "@rollup/rollup-linux-", "@rolldown/binding-linux-", "@tailwindcss/oxide-linux-", "lightningcss-linux-"]) {
      for (const arch of ["x64", "arm64"]) {
        const found = Object.keys(packages).some((key) => key.startsWith(`node_modules/${stem}${arch}`) && !key.includes("musl"));
        expect(found, `${stem}${arch} in package-lock.json`).toBe(true);
      }
    }
  });

  test("everything the runtime loads survives the prune of the dev dependencies", async () => {
    // The compiled server and React Router's build, and the scripts start.sh runs (on tsx):
    // every package they import must be one `npm prune --omit=dev` keeps.
    const scripts = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts;
    const commands = startShCommands();
    const entries = ["build/server/start.js", "build/server/index.js"];
    for (const name of commands) {
      const file = scripts[name]?.match(/scripts\/[\w-]+\.ts/)?.[0];
      if (file) entries.push(file);
    }
    const result = await build({
      absWorkingDir: root,
      entryPoints: entries,
      bundle: true,
      write: false,
      splitting: true,
      format: "esm",
      platform: "node",
      packages: "external",
      metafile: true,
      outdir: mkdtempSync(path.join(tmpdir(), "e2e-imports-")),
      alias: { "~": path.join(root, "app") },
      jsx: "automatic",
      logLevel: "silent",
    });
    const imported = new Set<string>();
    for (const input of Object.values(result.metafile.inputs)) {
      for (const i of input.imports) {
        if (!i.external || i.path.startsWith("node:") || builtinModules.includes(i.path)) continue;
        imported.add(i.path.split("/").slice(0, i.path.startsWith("@") ? 2 : 1).join("/"));
      }
    }
    imported.add("tsx"); // `node --import tsx` in the scripts start.sh runs
    // Vite: only `npm run dev` loads it (serve.server.ts), never a built server.
    imported.delete("vite");
    const locked = (JSON.parse(read("package-lock.json")) as { packages: Record<string, { dev?: boolean; devOptional?: boolean }> }).packages;
    const pruned = [...imported].filter((name) => {
      const entry = locked[`node_modules/${name}`];
      return !entry || entry.dev || entry.devOptional;
    });
    expect(imported.size).toBeGreaterThan(30);
    expect(pruned, "imported at run time but removed by npm prune --omit=dev").toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------
// start.sh: the entry point, for real, on the build this run has.

/** The npm scripts start.sh passes commands to (its `migrate | backup | ...)` line). */
function startShCommands(): string[] {
  const line = read("deploy/container/start.sh").match(/^\s*(migrate(?: \| [\w:-]+)+)\)$/m);
  return line![1]!.split(" | ");
}

const START = path.join(root, "deploy/container/start.sh");

test.describe("the container's start script", () => {
  test.describe.configure({ timeout: 120_000 });

  test("serves the build as npm start does, reads secrets from files, answers its health check, backs up and stops on SIGTERM", async () => {
    // The same variables and Node flags as package.json's start (decision 025, 026).
    const script = read("deploy/container/start.sh");
    const start = startCommand(root);
    for (const [name, value] of Object.entries(start.env)) expect(script).toContain(`export ${name}="\${${name}:-${value}}"`);
    const flags = start.args.slice(0, -1);
    expect(script).toContain(`exec "$node" ${flags.join(" ")} build/server/start.js`);

    const dir = mkdtempSync(path.join(tmpdir(), "e2e-container-"));
    const secrets = path.join(dir, "secrets");
    const dataDir = path.join(dir, "data");
    const backupDir = path.join(dir, "backups");
    mkdirSync(secrets);
    const metricsToken = randomBytes(24).toString("hex");
    writeFileSync(path.join(secrets, "metrics_token"), `${metricsToken}\n`);
    writeFileSync(path.join(secrets, "better_auth_secret"), `${randomBytes(32).toString("base64")}\n`);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = withNode({
      PORT: String(port),
      DATA_DIR: dataDir,
      BACKUP_DIR: backupDir,
      PROCESS_ROLE: "all",
      DATABASE_URL: "",
      NODE_ENV: "",
      LOG_LEVEL: "info",
      SITE_URL: base,
      METRICS_TOKEN: "",
      METRICS_ALLOW: "",
      METRICS_TOKEN_FILE: path.join(secrets, "metrics_token"),
      BETTER_AUTH_SECRET_FILE: path.join(secrets, "better_auth_secret"),
    });

    const child = spawn(START, [], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    try {
      const deadline = Date.now() + 90_000;
      let ready = false;
      while (!ready && Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error(`start.sh exited early:\n${output}`);
        ready = await fetch(`${base}/readyz`).then((r) => r.ok, () => false);
        if (!ready) await new Promise((r) => setTimeout(r, 250));
      }
      expect(ready, `/readyz never answered 200:\n${output}`).toBe(true);
      expect((await fetch(`${base}/healthz`)).status).toBe(200);

      // exec: the process Docker or Kubernetes signals is Node itself, not a shell.
      const cmdline = readFileSync(`/proc/${child.pid}/cmdline`, "utf8").split("\0");
      expect(cmdline.slice(1, 3)).toEqual([...flags, "build/server/start.js"]);

      // The image's HEALTHCHECK.
      expect(run(START, ["healthcheck"], env).status).toBe(0);

      // METRICS_TOKEN from METRICS_TOKEN_FILE; BETTER_AUTH_SECRET from its file, so none
      // was generated into DATA_DIR.
      expect((await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${metricsToken}` } })).status).toBe(200);
      expect((await fetch(`${base}/metrics`)).status).toBe(403);
      expect(existsSync(path.join(dataDir, "auth-secret"))).toBe(false);

      // `start.sh backup` is `npm run backup`, into BACKUP_DIR (the image's backups volume).
      const backup = spawnSync(START, ["backup"], { cwd: root, env: { ...env, LOG_LEVEL: "warn" }, encoding: "utf8", timeout: 60_000 });
      expect(backup.status, backup.stderr + backup.stdout).toBe(0);
      expect(readdirSync(backupDir).filter((f) => /^tigris-backup-.*\.tar\.gz$/.test(f))).toHaveLength(1);

      child.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(output).toContain("stopped");
      expect(run(START, ["healthcheck"], env).status, "the health check fails once the server is gone").toBe(1);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }
  });

  test("refuses a secret given twice, an unreadable secret file and an unknown command", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "e2e-container-"));
    const file = path.join(dir, "secret");
    writeFileSync(file, "x".repeat(40));
    const twice = run(START, ["healthcheck"], withNode({ BETTER_AUTH_SECRET: "y".repeat(40), BETTER_AUTH_SECRET_FILE: file }));
    expect(twice.status).toBe(2);
    expect(twice.stderr).toContain("both BETTER_AUTH_SECRET and BETTER_AUTH_SECRET_FILE are set");
    const missing = run(START, ["healthcheck"], withNode({ SMTP_URL: "", SMTP_URL_FILE: path.join(dir, "nothing") }));
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain(`SMTP_URL_FILE: cannot read ${path.join(dir, "nothing")}`);
    const unknown = run(START, ["start-everything"], withNode({}));
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain("usage: deploy/container/start.sh");
  });

  test("passes each of its commands to the npm script of that name", () => {
    const scripts = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts;
    const commands = startShCommands();
    expect(commands).toEqual(["migrate", "backup", "restore", "create-admin", "identity:rewrap", "identity:reencrypt"]);
    for (const command of commands) expect(scripts[command], `npm run ${command}`).toBeDefined();
  });
});

// ---------------------------------------------------------------------------------------
// compose.yaml, checked by docker-compose 1.29 itself.

interface ComposeService {
  image?: string;
  build?: { context: string };
  command?: string[];
  restart?: string;
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[]; disable?: boolean };
  volumes?: string[];
  secrets?: Array<{ source: string }>;
}
interface ComposeConfig {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
  secrets: Record<string, { file: string }>;
}

const COMPOSE_SETTINGS = { SITE_URL: "https://www.example.com", TIGRIS_SERVER_NAME: "www.example.com" };

/** `docker-compose config` on compose.yaml, with only the given settings (no `.env` of this checkout). */
function composeConfig(settings: Record<string, string>, ...args: string[]) {
  const emptyEnvFile = path.join(mkdtempSync(path.join(tmpdir(), "e2e-compose-")), "empty.env");
  writeFileSync(emptyEnvFile, "");
  return run(composeCommand!, ["--env-file", emptyEnvFile, "-f", "compose.yaml", "config", ...args], {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    ...settings,
  });
}

const APP_SERVICES = ["migrate", "web1", "web2", "worker"];

test.describe("compose.yaml", () => {
  test.skip(!composeCommand, dockerComposeMissing(compose));

  test("is valid for docker-compose config, and names the settings it cannot do without", () => {
    const quiet = composeConfig(COMPOSE_SETTINGS, "--quiet");
    expect(quiet.status, quiet.stderr).toBe(0);
    expect(quiet.stdout).toBe("");
    const withoutSite = composeConfig({ TIGRIS_SERVER_NAME: "www.example.com" }, "--quiet");
    expect(withoutSite.status).not.toBe(0);
    expect(withoutSite.stderr).toContain("set SITE_URL");
  });

  test("runs PostgreSQL, PgBouncer, a migration, two web instances, a worker and nginx, with health checks and volumes", () => {
    const result = composeConfig(COMPOSE_SETTINGS);
    expect(result.status, result.stderr).toBe(0);
    const config = parseYaml(result.stdout)[0] as ComposeConfig;
    const { services } = config;
    expect(Object.keys(services).sort()).toEqual(["migrate", "nginx", "pgbouncer", "postgres", "web1", "web2", "worker"]);
    expect(Object.keys(config.volumes).sort()).toEqual(["backups", "data", "postgres"]);

    // Every long-running service has a health check; the one-shot migration has none.
    for (const [name, service] of Object.entries(services)) {
      if (name === "migrate") expect(service.healthcheck?.test).toEqual(["NONE"]);
      else expect(service.healthcheck?.test?.[0], `${name}'s health check`).toMatch(/^CMD(-SHELL)?$/);
    }
    expect(services.postgres!.volumes).toContain("postgres:/var/lib/postgresql/data:rw");
    expect(services.postgres!.healthcheck!.test).toEqual(["CMD", "pg_isready", "-U", "tigris", "-d", "tigris"]);

    // The app's services: one image, built from this folder, its volumes where the
    // Dockerfile puts DATA_DIR and BACKUP_DIR, its health check.
    const image = envOf(dockerfile().filter((i) => i.stage === 1));
    for (const name of APP_SERVICES) {
      const service = services[name]!;
      expect(service.image, name).toBe(services.migrate!.image);
      expect(service.build?.context, name).toBe(root);
      expect(service.volumes, name).toEqual([`data:${image.DATA_DIR}:rw`, `backups:${image.BACKUP_DIR}:rw`]);
      if (name !== "migrate") expect(service.healthcheck!.test, name).toEqual(["CMD", "deploy/container/start.sh", "healthcheck"]);
      expect(service.environment!.MIGRATE_ON_START, name).toBe("false");
    }
    // The migration runs once, first; the instances start only when it has succeeded.
    expect(services.migrate).toMatchObject({ command: ["migrate"], restart: "no", depends_on: { postgres: { condition: "service_healthy" } } });
    for (const name of ["web1", "web2", "worker"]) {
      expect(services[name]!.depends_on!.migrate, name).toEqual({ condition: "service_completed_successfully" });
    }
    // Roles and connections: web through PgBouncer, the rest and every direct need straight to PostgreSQL.
    for (const name of ["web1", "web2"]) {
      expect(services[name]!.environment).toMatchObject({
        PROCESS_ROLE: "web",
        DATABASE_URL: "postgres://tigris@pgbouncer:6432/tigris",
        DIRECT_DATABASE_URL: "postgres://tigris@postgres:5432/tigris",
      });
      expect(services[name]!.depends_on!.pgbouncer).toEqual({ condition: "service_healthy" });
    }
    expect(services.worker!.environment).toMatchObject({ PROCESS_ROLE: "worker", DATABASE_URL: "postgres://tigris@postgres:5432/tigris" });

    // Every variable the app reads reaches its services: set here, left to the image, or
    // given as a file start.sh reads (VAR_FILE, a compose secret the service mounts).
    const secretNames = startShSecretNames();
    for (const name of APP_SERVICES) {
      const service = services[name]!;
      const environment = service.environment!;
      for (const variable of [...ENV_VARIABLES]) {
        const given = variable in environment || `${variable}_FILE` in environment || variable in image;
        expect(given, `${name} gets ${variable}`).toBe(true);
      }
      const mounted = (service.secrets ?? []).map((s) => s.source);
      for (const [key, value] of Object.entries(environment).filter(([key]) => key.endsWith("_FILE") && key !== "SEAL_P12_FILE")) {
        const variable = key.slice(0, -"_FILE".length);
        expect(secretNames, `start.sh reads ${key}`).toContain(variable);
        expect([...ENV_VARIABLES, ...DRIVER_SETTINGS]).toContain(variable);
        expect(mounted.map((s) => `/run/secrets/${s}`), `${name} mounts the secret ${key} names`).toContain(value);
      }
    }

    // PgBouncer with the committed configuration; nginx with the template and every
    // variable it is rendered with, in front of both web instances.
    expect(services.pgbouncer!.volumes).toContain(`${path.join(root, "deploy/compose/pgbouncer.ini")}:/etc/pgbouncer/pgbouncer.ini:ro`);
    const nginx = services.nginx!;
    expect(nginx.volumes).toContain(`${path.join(root, "deploy/nginx/site.conf.template")}:/etc/nginx/templates/default.conf.template:ro`);
    expect(Object.keys(nginx.environment!).sort()).toEqual(
      ["TIGRIS_CACHE_DIR", "TIGRIS_CERT", "TIGRIS_CERT_KEY", "TIGRIS_HTTPS_PORT", "TIGRIS_HTTP_PORT", "TIGRIS_SERVER_NAME", "TIGRIS_UPSTREAM_SERVERS"],
    );
    expect(nginx.environment!.TIGRIS_UPSTREAM_SERVERS).toBe("server web1:3000 max_fails=0; server web2:3000 max_fails=0;");
    expect(nginx.depends_on).toEqual({ web1: { condition: "service_healthy" }, web2: { condition: "service_healthy" } });

    // The secrets are the files make-secrets.sh writes.
    expect(Object.values(config.secrets).map((s) => path.relative(root, s.file)).sort()).toEqual(
      MADE_SECRETS.map((name) => `deploy/compose/secrets/${name}`).sort(),
    );
  });

  test("nginx's template is rendered with variables compose sets", () => {
    const template = path.join(root, "deploy/nginx/site.conf.template");
    const used = new Set([...readFileSync(template, "utf8").matchAll(/\$\{(TIGRIS_\w+)\}/g)].map((m) => m[1]));
    const services = (parseYaml(composeConfig(COMPOSE_SETTINGS).stdout)[0] as ComposeConfig).services;
    // Each of the template's variables is set, and compose sets no other.
    expect(Object.keys(services.nginx!.environment!).sort()).toEqual([...used].sort());
  });
});

test.describe("nginx's template, served", () => {
  const nginx = nginxService();
  const binary = serviceValue(nginx);
  test.skip(!binary, missingReason(nginx));

  test("names no nginx version in its Server header or on its own error pages, under an nginx.conf like the official image's", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "e2e-nginx-"));
    const [certificate, key] = [path.join(dir, "cert.pem"), path.join(dir, "key.pem")];
    const made = run("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate, "-days", "1", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost"], process.env);
    expect(made.status, made.stderr).toBe(0);
    const [httpsPort, httpPort, closedPort] = [await freePort(), await freePort(), await freePort()];
    writeFileSync(
      path.join(dir, "site.conf"),
      renderTemplate(read("deploy/nginx/site.conf.template"), {
        TIGRIS_SERVER_NAME: "localhost",
        TIGRIS_HTTPS_PORT: String(httpsPort),
        TIGRIS_HTTP_PORT: String(httpPort),
        TIGRIS_CERT: certificate,
        TIGRIS_CERT_KEY: key,
        TIGRIS_CACHE_DIR: path.join(dir, "cache"),
        // No instance answers: nginx answers with its own error page.
        TIGRIS_UPSTREAM_SERVERS: `server 127.0.0.1:${closedPort};`,
      }),
    );
    // What the official image's /etc/nginx/nginx.conf holds around the template: nothing about server_tokens.
    writeFileSync(path.join(dir, "nginx.conf"), nginxMainConfig(dir, { workers: 1, connections: 64 }));
    const server = spawn(binary!, ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-g", "daemon off;"], { stdio: ["ignore", "ignore", "pipe"] });
    let output = "";
    server.stderr!.on("data", (chunk) => (output += chunk));
    try {
      await expect.poll(() => fetch(`http://127.0.0.1:${httpPort}/nginx-health`).then((r) => r.status, () => 0), { message: output, timeout: 15_000 }).toBe(200);
      const version = /nginx\/\d/;
      // Plain HTTP: its health answer, and its redirect page.
      const health = await fetch(`http://127.0.0.1:${httpPort}/nginx-health`);
      expect(health.headers.get("server")).toBe("nginx");
      const redirect = await fetch(`http://127.0.0.1:${httpPort}/opportunities`, { redirect: "manual" });
      expect(redirect.status).toBe(301);
      expect(redirect.headers.get("server")).toBe("nginx");
      expect(await redirect.text()).not.toMatch(version);
      // Over TLS, the error page it shows when no instance answers.
      const failed = await new Promise<{ status: number; server: string; body: string }>((resolve, reject) => {
        const request = httpsRequest({ host: "127.0.0.1", port: httpsPort, path: "/", servername: "localhost", ca: readFileSync(certificate), headers: { host: `localhost:${httpsPort}` } }, (response) => {
          let body = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => (body += chunk));
          response.on("end", () => resolve({ status: response.statusCode ?? 0, server: String(response.headers.server), body }));
        });
        request.on("error", reject);
        request.end();
      });
      expect(failed.status).toBe(502);
      expect(failed.server).toBe("nginx");
      expect(failed.body).toContain("<center>nginx</center>");
      expect(failed.body).not.toMatch(version);
    } finally {
      server.kill("SIGQUIT");
      await new Promise((resolve) => (server.exitCode === null ? server.once("exit", resolve) : resolve(undefined)));
    }
  });
});

/** The VAR of every VAR_FILE start.sh reads. */
function startShSecretNames(): string[] {
  const list = read("deploy/container/start.sh").match(/SECRET_NAMES="([^"]+)"/)![1]!;
  return list.split(/\s+/).filter(Boolean);
}

const MADE_SECRETS = ["postgres_password", "pgbouncer_userlist", "better_auth_secret", "identity_files_key", "metrics_token"];

test.describe("compose's PgBouncer and secrets", () => {
  test("PgBouncer pools transactions and sets the app's own timeouts on each server connection", () => {
    const ini = read("deploy/compose/pgbouncer.ini");
    expect(ini).toMatch(/^pool_mode = transaction$/m);
    const ignored = ini.match(/^ignore_startup_parameters = (.+)$/m)![1]!.split(",");
    expect(ignored.sort()).toEqual(["extra_float_digits", "idle_in_transaction_session_timeout", "options", "statement_timeout"]);
    const connectQuery = ini.match(/connect_query='([^']+)'/)![1]!;
    expect(connectQuery).toContain(`SET statement_timeout = ${DATABASE_BOUNDS_MS.statement};`);
    expect(connectQuery).toContain(`SET idle_in_transaction_session_timeout = ${DATABASE_BOUNDS_MS.idleInTransaction};`);
    expect(connectQuery).toContain(`SET random_page_cost = ${RANDOM_PAGE_COST}`);
  });

  test("make-secrets.sh writes every secret once, in the form the app accepts", () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), "e2e-secrets-")), "secrets");
    const first = run(path.join(root, "deploy/compose/make-secrets.sh"), [dir], process.env);
    expect(first.status, first.stderr).toBe(0);
    const secret = (name: string) => readFileSync(path.join(dir, name), "utf8").trim();
    expect(readdirSync(dir).sort()).toEqual([...MADE_SECRETS].sort());
    expect(secret("better_auth_secret").length).toBeGreaterThanOrEqual(32);
    expect(Buffer.from(secret("identity_files_key"), "base64")).toHaveLength(32);
    expect(secret("metrics_token").length).toBeGreaterThanOrEqual(16);
    expect(secret("pgbouncer_userlist")).toBe(`"tigris" "${secret("postgres_password")}"`);
    const before = MADE_SECRETS.map(secret);
    const again = run(path.join(root, "deploy/compose/make-secrets.sh"), [dir], process.env);
    expect(again.status).toBe(0);
    expect(MADE_SECRETS.map(secret), "a second run keeps every secret").toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------
// The Kubernetes example.

interface Probe {
  httpGet?: { path: string; port: string | number };
}
interface Container {
  name: string;
  image: string;
  args?: string[];
  ports?: Array<{ name: string; containerPort: number }>;
  env?: Array<{ name: string; value?: string; valueFrom?: { secretKeyRef: { name: string; key: string } } }>;
  envFrom?: Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  startupProbe?: Probe;
  lifecycle?: { preStop?: { exec?: { command: string[] } } };
}
interface PodSpec {
  terminationGracePeriodSeconds?: number;
  restartPolicy?: string;
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number };
  containers: Container[];
}
interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  spec?: {
    replicas?: number;
    selector?: Record<string, unknown> & { matchLabels?: Record<string, string> };
    strategy?: { type: string; rollingUpdate?: { maxUnavailable: number } };
    template?: { metadata: { labels: Record<string, string> }; spec: PodSpec };
    minAvailable?: number;
    ports?: Array<{ targetPort: string | number }>;
  };
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  resources?: string[];
  images?: Array<{ name: string }>;
}

test.describe("the Kubernetes example", () => {
  test.skip(!composeCommand, dockerComposeMissing(compose));

  test("is valid YAML with the objects, probes and selectors an operator relies on", () => {
    const dir = path.join(root, "deploy/kubernetes");
    const files = readdirSync(dir).filter((f) => f.endsWith(".yaml"));
    const objects = files.flatMap((file) => parseYaml(readFileSync(path.join(dir, file), "utf8")) as K8sObject[]);
    const kinds = objects.map((o) => `${o.kind}/${o.metadata?.name ?? ""}`).sort();
    expect(kinds).toEqual([
      "ConfigMap/tigris-config",
      "Deployment/tigris-web",
      "Deployment/tigris-worker",
      "Job/tigris-migrate",
      "Kustomization/",
      "PersistentVolumeClaim/tigris-backups",
      "PodDisruptionBudget/tigris-web",
      "Secret/tigris-secrets",
      "Service/tigris-web",
    ]);
    const find = (kind: string, name: string) => objects.find((o) => o.kind === kind && o.metadata?.name === name)!;
    const web = find("Deployment", "tigris-web");
    const worker = find("Deployment", "tigris-worker");
    const job = find("Job", "tigris-migrate");
    const uid = Number(dockerfile().findLast((i) => i.name === "USER")!.args.split(":")[0]);
    const envOfContainer = (c: Container) => Object.fromEntries((c.env ?? []).map((e) => [e.name, e.value ?? e.valueFrom]));

    for (const workload of [web, worker, job]) {
      const pod = workload.spec!.template!.spec;
      expect(pod.securityContext, workload.metadata.name).toMatchObject({ runAsNonRoot: true, runAsUser: uid });
      const container = pod.containers[0]!;
      expect(container.image).toBe("tigris-advisory:latest");
      expect(container.envFrom).toEqual([{ configMapRef: { name: "tigris-config" } }, { secretRef: { name: "tigris-secrets" } }]);
      if (workload.kind === "Deployment") {
        // The selector picks the pods the template makes; the probes ask the named port.
        expect(workload.spec!.template!.metadata.labels).toMatchObject(workload.spec!.selector!.matchLabels!);
        expect(container.args).toEqual(["serve"]);
        expect(container.ports).toEqual([{ name: "http", containerPort: 3000 }]);
        expect(container.readinessProbe?.httpGet).toEqual({ path: "/readyz", port: "http" });
        expect(container.livenessProbe?.httpGet).toEqual({ path: "/healthz", port: "http" });
        expect(container.startupProbe?.httpGet).toEqual({ path: "/healthz", port: "http" });
      }
    }

    // Web: rolls one at a time, leaves the endpoints before SIGTERM, and is given longer
    // than the server's 8 s drain and 2 s for jobs in hand.
    const webPod = web.spec!.template!.spec;
    const webContainer = webPod.containers[0]!;
    expect(envOfContainer(webContainer)).toEqual({ PROCESS_ROLE: "web" });
    expect(web.spec!.replicas).toBeGreaterThanOrEqual(2);
    expect(web.spec!.strategy).toMatchObject({ type: "RollingUpdate", rollingUpdate: { maxUnavailable: 0 } });
    const preStop = webContainer.lifecycle!.preStop!.exec!.command;
    expect(preStop[0]).toBe("sleep");
    expect(webPod.terminationGracePeriodSeconds!).toBeGreaterThan(Number(preStop[1]) + 8 + 2);

    // The worker and the migration connect straight to PostgreSQL.
    const direct = { secretKeyRef: { name: "tigris-secrets", key: "DIRECT_DATABASE_URL" } };
    expect(envOfContainer(worker.spec!.template!.spec.containers[0]!)).toEqual({ PROCESS_ROLE: "worker", DATABASE_URL: direct });
    expect(job.spec!.template!.spec.containers[0]!.args).toEqual(["migrate"]);
    expect(job.spec!.template!.spec.restartPolicy).toBe("Never");
    expect(envOfContainer(job.spec!.template!.spec.containers[0]!)).toEqual({ DATABASE_URL: direct });

    // The Service and the PodDisruptionBudget select the web pods.
    const service = find("Service", "tigris-web");
    expect(web.spec!.template!.metadata.labels).toMatchObject(service.spec!.selector!);
    expect(service.spec!.ports![0]!.targetPort).toBe("http");
    const pdb = find("PodDisruptionBudget", "tigris-web");
    expect(pdb.spec!.selector!.matchLabels).toEqual(web.spec!.selector!.matchLabels);
    expect(pdb.spec!.minAvailable!).toBeLessThan(web.spec!.replicas!);

    // The settings are the app's; instances never migrate.
    const config = find("ConfigMap", "tigris-config");
    const secret = find("Secret", "tigris-secrets");
    expect(config.data!.MIGRATE_ON_START).toBe("false");
    for (const key of [...Object.keys(config.data!), ...Object.keys(secret.stringData!)]) {
      expect([...ENV_VARIABLES], `${key} is a setting the app reads`).toContain(key);
    }

    // kubectl apply -k: its files exist; its image is the containers'.
    const kustomization = objects.find((o) => o.kind === "Kustomization")!;
    for (const file of kustomization.resources!) expect(files).toContain(file);
    expect(kustomization.images!.map((i) => i.name)).toEqual(["tigris-advisory"]);
  });
});

test("docs/operations.md's table documents every setting the app reads", () => {
  const rows = read("docs/operations.md")
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .map((line) => line.split(" | ")[0]!);
  for (const variable of [...ENV_VARIABLES]) {
    expect(rows.some((names) => names.includes(`\`${variable}\``)), `${variable} in docs/operations.md`).toBe(true);
  }
});
