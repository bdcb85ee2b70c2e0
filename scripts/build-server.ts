/**
 * Compiles the server's own code (server.ts and app/server, everything but the React Router
 * build and node_modules) into one plain-JavaScript module, build/server/start.js, after
 * React Router's build (the `buildEnd` hook in react-router.config.ts). `npm start` runs it
 * with Node alone: no TypeScript is compiled at start-up (decision 026).
 */
import path from "node:path";
import { build } from "esbuild";

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
    // Packages are loaded from node_modules as they are: one copy of React, of React
    // Router and of everything else, shared with the React Router build.
    packages: "external",
    alias: { "~": path.join(root, "app") },
    jsx: "automatic",
    sourcemap: "linked",
    logLevel: "warning",
    legalComments: "none",
  });
}
