import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

// Plain JavaScript: `npm start` (scripts/start.mjs) runs this before anything is compiled.

/**
 * `npm start` builds only when the build is missing or stale. Staleness is judged by a
 * hash of the sources' contents (not times, which a fresh clone resets), stored beside
 * the build.
 */

const INPUTS = [
  "app",
  "public",
  "vite.config.ts",
  "react-router.config.ts",
  "scripts/build-service-worker.ts",
  "scripts/build-server.ts",
  "server.ts",
  "package.json",
  "package-lock.json",
  "tsconfig.json",
];

/** @param {string} root @param {string} entry @param {string[]} out */
function collect(root, entry, out) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  if (statSync(full).isDirectory()) {
    for (const child of readdirSync(full).sort()) collect(root, path.join(entry, child), out);
  } else if (!/\.test\.tsx?$/.test(entry)) {
    out.push(entry);
  }
}

/** @param {string} root @returns {string} */
export function sourceHash(root) {
  /** @type {string[]} */
  const files = [];
  for (const input of INPUTS) collect(root, input, files);
  const hash = createHash("sha256");
  for (const file of files) {
    hash.update(file);
    hash.update(readFileSync(path.join(root, file)));
  }
  return hash.digest("hex");
}

/**
 * Returns true when it had to build. Throws when the build fails.
 * @param {string} root
 * @param {(message: string) => void} [log]
 * @returns {boolean}
 */
export function ensureBuild(root, log = console.log) {
  const stamp = path.join(root, "build", ".source-hash");
  const wanted = sourceHash(root);
  const complete = ["build/server/index.js", "build/server/start.js"].every((file) => existsSync(path.join(root, file)));
  const built = complete && existsSync(stamp)
    ? readFileSync(stamp, "utf8").trim()
    : undefined;
  if (built === wanted) return false;
  log(built ? "sources changed since the last build: rebuilding" : "no build found: building");
  const result = spawnSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error(`react-router build failed (exit code ${result.status})`);
  writeFileSync(stamp, `${wanted}\n`);
  return true;
}
