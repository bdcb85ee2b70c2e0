import { chmodSync, rmSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import path from "node:path";
import type { Logger } from "../core/logger.server";
import type { BackupResult } from "./backup.server";

/**
 * The embedded database can be opened by one process only: the server holding DATA_DIR.
 * `npm run backup` asks that server to take the backup, over a Unix socket inside DATA_DIR
 * (mode 0600, like the directory itself: whoever may read the data may ask for a copy,
 * nobody else, and nothing listens on the network).
 */

export const controlSocketPath = (dataDir: string) => path.join(dataDir, "control.sock");

export interface ControlSocket {
  close(): Promise<void>;
}

/** Serves POST /backup on DATA_DIR/control.sock by running `backup`. */
export async function startControlSocket(options: { dataDir: string; backup: () => Promise<BackupResult>; log: Logger }): Promise<ControlSocket> {
  const socket = controlSocketPath(options.dataDir);
  // We hold the data directory's lock: a socket file left here is a dead server's.
  rmSync(socket, { force: true });
  let running: Promise<BackupResult> | undefined;
  const server: Server = createServer((req, res) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.method !== "POST" || req.url !== "/backup") return reply(404, { error: "Unknown command" });
    // Two at once would only make the same snapshot twice: the second waits for the first.
    running ??= options.backup().finally(() => (running = undefined));
    running.then(
      (result) => reply(200, result),
      (error: unknown) => {
        options.log.error({ err: error }, "backup failed");
        reply(500, { error: error instanceof Error ? error.message : String(error) });
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socket, () => {
      server.off("error", reject);
      resolve();
    });
  });
  chmodSync(socket, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        rmSync(socket, { force: true });
      }),
  };
}

/** Asks the server holding `dataDir` for a backup; rejects with its error message. */
export function requestBackup(dataDir: string): Promise<BackupResult> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: controlSocketPath(dataDir), method: "POST", path: "/backup" }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => {
        try {
          const parsed = JSON.parse(body) as BackupResult & { error?: string };
          if (res.statusCode === 200) resolve(parsed);
          else reject(new Error(parsed.error ?? `the server answered ${res.statusCode}`));
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    });
    req.on("error", reject);
    req.end();
  });
}
