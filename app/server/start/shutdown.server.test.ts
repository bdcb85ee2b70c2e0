import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "../core/logger.server";
import { gracefulShutdown } from "./shutdown.server";

const logger = createLogger({ level: "silent", pretty: false });
let server: Server | undefined;

afterEach(() => {
  server?.closeAllConnections();
});

/** A server whose every response takes `delayMs`; `events` records when each one is sent. */
async function slowServer(delayMs: number, events: string[] = []) {
  server = createServer((_req, res) => {
    res.on("finish", () => events.push("response sent"));
    setTimeout(() => res.end("finished"), delayMs);
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("gracefulShutdown", () => {
  it("lets an in-flight request finish, refuses new ones, then runs the clean-up", async () => {
    const events: string[] = [];
    const base = await slowServer(300, events);
    const shutdown = gracefulShutdown({
      server: server!,
      logger,
      graceMs: 5_000,
      onClosed: async () => {
        events.push("closed");
      },
    });

    const inFlight = fetch(base).then(async (res) => ({ status: res.status, body: await res.text() }));
    await new Promise((r) => setTimeout(r, 50));
    const done = shutdown("SIGTERM");

    await expect(fetch(base, { headers: { Connection: "close" } })).rejects.toThrow();
    expect(await inFlight).toEqual({ status: 200, body: "finished" });
    await done;
    expect(events).toEqual(["response sent", "closed"]);
  });

  it("cuts requests still open after the grace period", async () => {
    const base = await slowServer(10_000);
    let closed = false;
    const shutdown = gracefulShutdown({
      server: server!,
      logger,
      graceMs: 100,
      onClosed: async () => {
        closed = true;
      },
    });
    const stuck = fetch(base).catch((error: unknown) => error);
    await new Promise((r) => setTimeout(r, 50));
    await shutdown("SIGTERM");
    expect(closed).toBe(true);
    expect(await stuck).toBeInstanceOf(Error);
  });

  it("runs the clean-up once however often it is called", async () => {
    await slowServer(0);
    let runs = 0;
    const shutdown = gracefulShutdown({ server: server!, logger, graceMs: 1_000, onClosed: async () => void runs++ });
    await Promise.all([shutdown("SIGTERM"), shutdown("SIGINT")]);
    expect(runs).toBe(1);
  });
});
