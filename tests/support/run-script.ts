import { spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

export interface ScriptRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs one of the project's scripts (`scripts/<name>.ts`) as `npm run <name>` does, on
 * the Node running the tests, without blocking this process (a test may itself be the
 * server the script talks to). `viaShell` keeps a shell as the script's parent: the
 * data-directory lock treats a holder that is the script's own parent as gone (a
 * restarted container), which a test holding the lock itself must avoid.
 */
export function runScript(name: string, args: string[], env: Record<string, string>, options: { viaShell?: boolean } = {}): Promise<ScriptRun> {
  const node = ["--import", "tsx", `scripts/${name}.ts`, ...args];
  const [command, argv] = options.viaShell
    ? ["sh", ["-c", `"${process.execPath}" "$@"; exit $?`, "sh", ...node]]
    : [process.execPath, node];
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { cwd: root, env: { ...process.env, DATABASE_URL: "", LOG_LEVEL: "silent", ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}
