import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import path from "node:path";

/**
 * PGlite has no lock between processes: two servers on one data directory silently lose
 * writes. The first process writes its pid to `<dataDir>/server.lock`; a second one finds
 * that pid alive and refuses to start. A lock left by a crashed process (its pid is gone)
 * is taken over.
 */

export class DataDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly pid: number,
  ) {
    super(
      `Another server (pid ${pid}) is already using the data directory ${path.dirname(lockFile)}. ` +
        `Stop it first, or start this one with a different DATA_DIR. ` +
        `(The embedded database allows only one process; set DATABASE_URL to run several.)`,
    );
    this.name = "DataDirLockedError";
  }
}

export interface DataDirLock {
  file: string;
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "server.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return {
        file,
        release() {
          if (released) return;
          released = true;
          try {
            if (readFileSync(file, "utf8").trim() === String(process.pid)) unlinkSync(file);
          } catch {
            // already gone
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number.parseInt(readFileSync(file, "utf8").trim(), 10);
      if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) throw new DataDirLockedError(file, pid);
      // Stale lock from a process that died without cleaning up.
      unlinkSync(file);
    }
  }
  throw new Error(`Could not take the lock file ${file}`);
}
