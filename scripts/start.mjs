/**
 * `npm start`: builds when the build is missing or stale, then runs the compiled server
 * (build/server/start.js) in this same process. Plain JavaScript throughout: nothing is
 * compiled at start-up on an existing build (decision 026).
 */
import * as nodeModule from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

// Before React loads anywhere (see server.ts).
process.env.NODE_ENV ||= "production";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { ensureBuild } = await import("./ensure-build.mjs");
ensureBuild(root, (message) => console.log(message));
// V8 keeps the code it compiled for the server's modules on disk beside the build, and the
// next start reuses it instead of compiling again (decision 028). Keyed by each file's
// contents, so a new build or a new Node simply fills it anew.
nodeModule.enableCompileCache?.(path.join(root, "build", ".compile-cache"));
await import(pathToFileURL(path.join(root, "build/server/start.js")).href);
