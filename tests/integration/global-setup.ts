import { mkdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureBuild } from "../../scripts/ensure-build.mjs";

/**
 * Before the integration tests: the production build of the app, made only when the
 * sources changed (the same check `npm start` makes, so the end-to-end tests that follow
 * reuse it). The tests that drive the whole app over HTTP (tests/integration/real-app.ts)
 * load its route modules from it. Both integration projects (PGlite, PostgreSQL) run this
 * setup, possibly at once: a lock directory makes the second wait for the first.
 */

const root = fileURLToPath(new URL("../..", import.meta.url));
const lock = path.join(root, "build.lock");
const STALE_MS = 10 * 60_000;

export default async function setup(): Promise<void> {
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock left by a run that died is taken over after a while.
      try {
        if (Date.now() - statSync(lock).mtimeMs > STALE_MS) rmSync(lock, { recursive: true, force: true });
      } catch {
        // gone meanwhile
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    ensureBuild(root, (message) => process.stdout.write(`integration tests: ${message}\n`));
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
