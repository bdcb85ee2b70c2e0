/** `npm start`: build if missing or stale, then run the server in this same process. */
import path from "node:path";
import { fileURLToPath } from "node:url";

// Before React loads anywhere (see server.ts).
process.env.NODE_ENV ||= "production";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { ensureBuild } = await import("./ensure-build");
const { startServer } = await import("../app/server/runtime/serve.server");

await startServer({
  beforeStart: (_config, logger) => {
    ensureBuild(root, (message) => logger.info(message));
  },
});
