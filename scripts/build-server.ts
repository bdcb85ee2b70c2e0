/**
 * Compiles the server's own code (server.ts and app/server, everything but the React Router
 * build and node_modules) into one plain-JavaScript module, build/server/start.js, after
 * React Router's build (the `buildEnd` hook in react-router.config.ts). `npm start` runs it
 * with Node alone: no TypeScript is compiled at start-up (decision 026).
 */
import { spawnSync } from "node:child_process";
import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { build, type Plugin } from "esbuild";

/**
 * Packages this bundle carries inside itself (decision 028): pure libraries of many small
 * files whose resolution against their package.json (date-fns' is 199 KB, drizzle-orm's
 * 179 KB) took most of a start. Everything else (React, React Router, the database drivers,
 * pg-boss, Express) is loaded from node_modules as it is.
 */
const RUNTIME_BUNDLED = /^(date-fns|@date-fns\/tz|pdf-lib|@pdf-lib\/(standard-fonts|upng)|pako|tslib|drizzle-orm)(\/|$)/;

/** Every other bare import stays external. */
const externalPackages: Plugin = {
  name: "external-packages",
  setup(build) {
    build.onResolve({ filter: /^[^./~]/ }, (args) => (RUNTIME_BUNDLED.test(args.path) || args.path.startsWith("node:") ? undefined : { path: args.path, external: true }));
  },
};

export async function buildServerEntry(root: string, buildDirectory: string): Promise<void> {
  await build({
    // server.ts settles NODE_ENV before it imports the rest; split, the rest is a chunk of
    // its own that loads (with React) only then, as it does from the sources.
    entryPoints: { start: path.join(root, "server.ts") },
    outdir: path.join(buildDirectory, "server"),
    splitting: true,
    chunkNames: "runtime/[name]-[hash]",
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    // Packages are loaded from node_modules as they are (one copy of React and of React
    // Router, shared with the React Router build), but for RUNTIME_BUNDLED.
    plugins: [externalPackages],
    // A bundled CommonJS package may still require() an external one.
    banner: { js: 'import { createRequire as __bundleRequire } from "node:module"; const require = __bundleRequire(import.meta.url);' },
    alias: { "~": path.join(root, "app") },
    jsx: "automatic",
    sourcemap: "linked",
    logLevel: "warning",
    legalComments: "none",
  });
}

/**
 * Fills V8's compile cache (build/.compile-cache, which `npm start` uses: decision 028)
 * by loading the compiled server and the React Router build once in a child process,
 * without starting anything, so even the first start after a build finds its code
 * compiled. A failure here costs only that first start's speed.
 */
export function warmCompileCache(buildDirectory: string): void {
  const cache = path.join(buildDirectory, ".compile-cache");
  rmSync(cache, { recursive: true, force: true });
  const runtime = path.join(buildDirectory, "server", "runtime");
  const serve = readdirSync(runtime).find((file) => /^serve\.server-.*\.js$/.test(file));
  if (!serve) return;
  const modules = [path.join(runtime, serve), path.join(buildDirectory, "server", "index.js")].map((file) => JSON.stringify(path.resolve(file)));
  spawnSync(process.execPath, ["--input-type=module", "-e", modules.map((m) => `await import(${m});`).join(" ")], {
    env: { ...process.env, NODE_ENV: "production", NODE_COMPILE_CACHE: path.resolve(cache) },
    stdio: "ignore",
    timeout: 60_000,
  });
}
