import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

/**
 * Real server processes, started the way `npm start` starts them (the build already
 * exists, made by the web server of this test run), for tests of the process itself.
 */

const root = path.resolve(import.meta.dirname, "../..");

export interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

export function startProcess(env: Record<string, string>): Run {
  const child = spawn(process.execPath, ["build/server/start.js"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "", LOG_LEVEL: "info", DATABASE_URL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

export async function waitForHealth(base: string, run: Run) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (run.child.exitCode !== null) throw new Error(`server exited early:\n${run.output()}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy:\n${run.output()}`);
}

/** Stops a server with SIGTERM and waits for it to exit. */
export async function stopProcess(run: Run): Promise<number | null> {
  if (run.child.exitCode === null) run.child.kill("SIGTERM");
  return run.exited;
}
