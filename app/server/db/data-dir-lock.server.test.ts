import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError } from "./data-dir-lock.server";

const tempDir = () => mkdtempSync(path.join(tmpdir(), "lock-test-"));

describe("acquireDataDirLock", () => {
  it("refuses a second holder while the first is alive, and frees the directory on release", () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(/already using the data directory/);
    lock.release();
    expect(existsSync(lock.file)).toBe(false);
    acquireDataDirLock(dir).release();
  });

  it("takes over a lock left by a process that no longer exists", () => {
    const dir = tempDir();
    // The pid of a process that has certainly exited.
    const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]).stdout.toString();
    writeFileSync(path.join(dir, "server.lock"), dead);
    const lock = acquireDataDirLock(dir);
    expect(lock.file).toBe(path.join(dir, "server.lock"));
    lock.release();
  });

  it("creates the data directory when it does not exist yet", () => {
    const dir = path.join(tempDir(), "nested", "data");
    acquireDataDirLock(dir).release();
    expect(existsSync(dir)).toBe(true);
  });
});
