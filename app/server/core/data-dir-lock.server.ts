import {
  chmodSync,
  linkSync,
  mkdirSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";

/**
 * PGlite has no lock between processes: two servers on one data directory silently lose
 * writes. The first process records its pid in `<dataDir>/server.lock`; a second one
 * finds that pid alive and refuses to start. A lock left by a process that died without
 * cleaning up (its pid is gone, or is our own or our parent's pid, as happens when a
 * container restarts) is taken over.
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
  if (pid === process.pid || pid === process.ppid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, "utf8").trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Creates the data directory readable by its owner only: it holds password hashes and sessions. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  ensurePrivateDir(dataDir);
  const file = path.join(dataDir, "server.lock");
  // The pid is written to a private file first and then linked into place: link is
  // atomic and fails if the lock exists, so nobody ever sees a half-written lock.
  const candidate = path.join(dataDir, `server.lock.${process.pid}.tmp`);
  writeFileSync(candidate, String(process.pid), { mode: 0o600 });
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(candidate, file);
        let released = false;
        return {
          file,
          release() {
            if (released) return;
            released = true;
            if (readPid(file) === process.pid) unlinkSync(file);
          },
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      const holder = readPid(file);
      if (holder !== undefined && isAlive(holder)) throw new DataDirLockedError(file, holder);
      // Stale: move it aside (atomic, so two processes cannot both remove a fresh lock).
      try {
        const aside = `${file}.stale.${process.pid}`;
        renameSync(file, aside);
        unlinkSync(aside);
      } catch {
        // Someone else moved it first; try again.
      }
    }
    throw new Error(`Could not take the lock file ${file}`);
  } finally {
    try {
      unlinkSync(candidate);
    } catch {
      // already gone
    }
  }
}
