/**
 * `npm start`: builds when the build is missing or stale, then runs the compiled server
 * (build/server/start.js) in this same process. Plain JavaScript throughout: nothing is
 * compiled at start-up on an existing build (decision 026).
 */
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

// Before React loads anywhere (see server.ts).
process.env.NODE_ENV ||= "production";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { ensureBuild } = await import("./ensure-build.mjs");
ensureBuild(root, (message) => console.log(message));
await import(pathToFileURL(path.join(root, "build/server/start.js")).href);
