/** `npm start`: build if missing or stale, then run the server in this same process. */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startServer } from "../server";
import { ensureBuild } from "./ensure-build";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

await startServer({
  beforeStart: (_config, logger) => {
    ensureBuild(root, (message) => logger.info(message));
  },
});
