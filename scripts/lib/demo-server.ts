import { spawn } from "node:child_process";
import { startCommand } from "./start-command";

/**
 * The production server on `port` with a fresh embedded database (demo content) in
 * `dataDir`, as `npm start` runs it: for the benchmarks and the screenshots. `env` adds to
 * or overrides its environment (a PostgreSQL DATABASE_URL). Resolves once /healthz
 * answers; `stop()` ends it.
 */
export async function startDemoServer(root: string, port: number, dataDir: string, env: Record<string, string> = {}) {
  const base = `http://localhost:${port}`;
  const start = startCommand(root);
  const child = spawn(process.execPath, start.args, {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      SITE_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      ...start.env,
      ...env,
    },
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { base, pid: child.pid!, stop: () => stopChild(child) };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill("SIGKILL");
  throw new Error("the server did not become healthy within 120 s");
}

export function stopChild(child: ReturnType<typeof spawn>): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

