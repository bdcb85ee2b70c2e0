import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError } from "./data-dir-lock.server";

const tempDir = () => mkdtempSync(path.join(tmpdir(), "lock-test-"));
const lockModule = fileURLToPath(new URL("./data-dir-lock.server.ts", import.meta.url));

/** Another process that takes the lock and keeps it until killed. */
async function holdLockInChild(dir: string) {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "-e",
      `const { acquireDataDirLock } = await import(${JSON.stringify(lockModule)});
       acquireDataDirLock(${JSON.stringify(dir)}); console.log("locked"); setInterval(() => {}, 1000);`,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("locked") && resolve());
    child.once("exit", (code) => reject(new Error(`lock holder exited with ${code}`)));
  });
  return child;
}

describe("acquireDataDirLock", () => {
  it("refuses while another live process holds the directory, and takes it once that one is gone", async () => {
    const dir = tempDir();
    const holder = await holdLockInChild(dir);
    try {
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dir)).toThrow(new RegExp(`pid ${holder.pid}\\) is already using the data directory`));
    } finally {
      holder.kill("SIGKILL");
      await new Promise((r) => holder.once("exit", r));
    }
    // Killed without cleaning up: the lock is stale and is taken over.
    const lock = acquireDataDirLock(dir);
    lock.release();
    expect(existsSync(lock.file)).toBe(false);
  });

  it("takes over a lock left by a process that no longer exists", () => {
    const dir = tempDir();
    const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]).stdout.toString();
    writeFileSync(path.join(dir, "server.lock"), dead);
    acquireDataDirLock(dir).release();
  });

  it("takes over a lock that carries its own pid (a restarted container reuses pids)", () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "server.lock"), String(process.pid));
    acquireDataDirLock(dir).release();
  });

  it("creates the data directory, private to its owner", () => {
    const dir = path.join(tempDir(), "nested", "data");
    acquireDataDirLock(dir).release();
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });
});
