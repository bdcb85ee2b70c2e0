import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import type { AddressInfo, Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { enquiryForm } from "../support/enquiry-form";
import { missingReason, postgresService, serviceValue } from "../support/test-services";
import { expect, test } from "./fixtures";
import { freePort } from "./free-port";
import { startProcess, stopProcess, waitForHealth, type Run } from "./server-processes";

/**
 * Issue 16: `kill -9` of the server between a mail's enqueue and its delivery loses
 * nothing. A real server takes an enquiry; its mail server takes the receipt and never
 * answers, so the server is killed mid-delivery with the job in hand. A server started
 * again on the same data, with a working mail server, sends the receipt: the dead worker's
 * job stops sending heartbeats, is retried, and delivered once.
 */

const postgres = postgresService();
const serverUrl = serviceValue(postgres);
const drivers = ["pglite", "postgres"] as const;

interface Smtp {
  url: string;
  /** Messages taken (their raw text), answered or not. */
  taken: string[];
  close(): Promise<void>;
}

/** A mail server on a free port; `stall` takes each message and never answers it. */
async function startSmtp(stall: boolean): Promise<Smtp> {
  const taken: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        taken.push(Buffer.concat(chunks).toString("utf8"));
        if (!stall) callback();
      });
    },
  });
  const sockets = new Set<Socket>();
  smtp.server.on("connection", (socket: Socket) => void sockets.add(socket));
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    taken,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}

for (const driver of drivers) {
  test.describe(`a mail survives kill -9 (${driver})`, () => {
    test.skip(driver === "postgres" && !serverUrl, missingReason(postgres));
    test.describe.configure({ timeout: 240_000 });

    test("the receipt of an enquiry whose server was killed mid-delivery is sent after the restart, once", async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "e2e-crash-"));
      const env: Record<string, string> = { DATA_DIR: dataDir, SMTP_TIMEOUT_MS: "120000" };
      const admin = driver === "postgres" ? new pg.Client({ connectionString: serverUrl }) : undefined;
      let database: string | undefined;
      const runs: Run[] = [];
      const smtps: Smtp[] = [];
      try {
        if (admin) {
          await admin.connect();
          database = `crash_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
          await admin.query(`create database "${database}"`);
          const url = new URL(serverUrl!);
          url.pathname = `/${database}`;
          env.DATABASE_URL = url.toString();
          // Required with DATABASE_URL; the restarted server runs with the same one.
          env.BETTER_AUTH_SECRET = randomBytes(32).toString("base64url");
        }
        const port = await freePort();
        const base = `http://localhost:${port}`;
        const serve = async (smtp: Smtp) => {
          const run = startProcess({ ...env, SMTP_URL: smtp.url, PORT: String(port), SITE_URL: base, TRUST_PROXY: "loopback" });
          runs.push(run);
          await waitForHealth(base, run);
          return run;
        };

        const stalling = await startSmtp(true);
        smtps.push(stalling);
        const first = await serve(stalling);
        const email = `crash-${Date.now()}@example.com`;
        const answer = await fetch(`${base}/_.data?index`, {
          method: "POST",
          headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "10.99.0.1" },
          body: new URLSearchParams(enquiryForm(email)),
        });
        expect(answer.status).toBe(200);
        expect(await answer.text()).toContain('"sent"');

        // The worker has handed the receipt to the mail server and waits for its answer.
        await expect.poll(() => stalling.taken.some((raw) => raw.includes(email)), { timeout: 30_000 }).toBe(true);
        first.child.kill("SIGKILL");
        expect(await first.exited).toBeNull();

        const working = await startSmtp(false);
        smtps.push(working);
        const second = await serve(working);
        const receipts = () => working.taken.filter((raw) => raw.includes(email));
        await expect.poll(() => receipts().length, { timeout: 180_000, intervals: [1_000] }).toBe(1);
        const parsed = await simpleParser(receipts()[0]!);
        expect(parsed.subject).toMatch(/^Your consultation request with /);
        // Once: nothing more arrives while the queue settles.
        await new Promise((resolve) => setTimeout(resolve, 3_000));
        expect(receipts()).toHaveLength(1);
        expect(await stopProcess(second)).toBe(0);
      } finally {
        for (const run of runs) if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill("SIGKILL");
        await Promise.all(runs.map((run) => run.exited));
        await Promise.all(smtps.map((smtp) => smtp.close()));
        if (admin) {
          if (database) await admin.query(`drop database if exists "${database}" with (force)`);
          await admin.end();
        }
      }
    });
  });
}
