import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { type AddressObject, simpleParser } from "mailparser";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "~/server/core/logger.server";
import { createMailer, type MailMessage } from "./mailer.server";

const link = "https://tigris.example/api/auth/verify-email?token=secret-token-123";
const message: MailMessage = {
  to: "jane@example.com",
  subject: "Verify your email",
  html: `<p>Hello Jane, <a href="${link}">verify</a></p>`,
  text: `Hello Jane,\n\n${link}\n`,
  links: [link],
};
const from = "Tigris Advisory <no-reply@tigrisadvisory.com>";

const tempDirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "mailer-test-"));
  tempDirs.push(dir);
  return dir;
}

/** Both parts are really in the message: mailparser would otherwise derive the text from the html. */
function expectBothParts(raw: Buffer) {
  const source = raw.toString("utf8");
  expect(source).toMatch(/^Content-Type: multipart\/alternative;/im);
  expect(source).toMatch(/^Content-Type: text\/plain;/im);
  expect(source).toMatch(/^Content-Type: text\/html;/im);
}

/** A pino logger whose JSON lines are kept in `lines`. */
function capturingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level: "info" }, { write: (chunk: string) => void lines.push(JSON.parse(chunk)) });
  return { logger, lines };
}

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((a) => a.value.map((v) => v.address ?? ""));
}

afterEach(() => {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("createMailer without SMTP_URL", () => {
  it("writes a private .eml with both parts and logs the file and the link", async () => {
    const dataDir = tempDir();
    const { logger, lines } = capturingLogger();
    const mailer = createMailer({ smtpUrl: undefined, from, dataDir, logger });
    expect(mailer.mode).toBe("files");

    await mailer.send(message);

    const mailDir = path.join(dataDir, "mail");
    expect(statSync(mailDir).mode & 0o777).toBe(0o700);
    const files = readdirSync(mailDir);
    expect(files).toHaveLength(1);
    const name = files[0]!;
    expect(name).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-[0-9a-f]{6}\.eml$/);
    const file = path.join(mailDir, name);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const raw = readFileSync(file);
    expect(raw.includes("\r\n")).toBe(false);
    const parsed = await simpleParser(raw);
    expect(parsed.from?.value[0]).toMatchObject({ name: "Tigris Advisory", address: "no-reply@tigrisadvisory.com" });
    expect(addresses(parsed.to)).toEqual(["jane@example.com"]);
    expect(parsed.subject).toBe("Verify your email");
    expect(parsed.html).toContain(`<a href="${link}">verify</a>`);
    expect(parsed.text).toContain(link);
    expect(parsed.text?.trim()).toBe(message.text.trim());
    expectBothParts(raw);

    expect(lines).toHaveLength(1);
    const line = lines[0]!;
    expect(line.level).toBe(30);
    expect(line).toMatchObject({ file, to: "jane@example.com", subject: "Verify your email", links: [link] });
    expect(String(line.msg)).toContain(file);
    expect(String(line.msg)).toContain(link);
  });

  it("keeps each message in its own file", async () => {
    const dataDir = tempDir();
    const mailer = createMailer({ smtpUrl: undefined, from, dataDir, logger: createLogger({ level: "silent", pretty: false }) });
    await mailer.send(message);
    await mailer.send({ ...message, subject: "Second", links: undefined });
    const files = readdirSync(path.join(dataDir, "mail"));
    expect(files).toHaveLength(2);
    const subjects = await Promise.all(
      files.map(async (f) => (await simpleParser(readFileSync(path.join(dataDir, "mail", f)))).subject),
    );
    expect(subjects.sort()).toEqual(["Second", "Verify your email"]);
  });

  it("keeps a calendar invite in the .eml as a text/calendar part", async () => {
    const dataDir = tempDir();
    const mailer = createMailer({ smtpUrl: undefined, from, dataDir, logger: createLogger({ level: "silent", pretty: false }) });
    const content = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n";
    await mailer.send({ ...message, icalEvent: { method: "REQUEST", content, filename: "consultation.ics" } });
    const [name] = readdirSync(path.join(dataDir, "mail"));
    const raw = readFileSync(path.join(dataDir, "mail", name!)).toString("utf8");
    expect(raw).toMatch(/^Content-Type: text\/calendar; charset=utf-8; method=REQUEST/im);
    const parsed = await simpleParser(raw);
    expect(parsed.attachments.map((a) => a.contentType)).toContain("text/calendar");
    const invite = parsed.attachments.find((a) => a.contentType === "text/calendar");
    expect(invite?.content.toString("utf8")).toContain("METHOD:REQUEST");
  });

  it("lets a write failure reach the caller", async () => {
    const dir = tempDir();
    const notADir = path.join(dir, "file");
    writeFileSync(notADir, "");
    const mailer = createMailer({ smtpUrl: undefined, from, dataDir: notADir, logger: createLogger({ level: "silent", pretty: false }) });
    await expect(mailer.send(message)).rejects.toThrow();
  });
});

describe("createMailer with SMTP_URL", () => {
  let server: SMTPServer | undefined;

  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(resolve) : resolve()));
    server = undefined;
  });

  async function startServer(options: { reject?: boolean } = {}) {
    const received: Array<{ raw: Buffer; mailFrom: string; rcptTo: string[] }> = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          if (options.reject) {
            callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
            return;
          }
          const mailFrom = session.envelope.mailFrom;
          received.push({
            raw: Buffer.concat(chunks),
            mailFrom: mailFrom ? mailFrom.address : "",
            rcptTo: session.envelope.rcptTo.map((r) => r.address),
          });
          callback();
        });
      },
    });
    server = smtp;
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const { port } = smtp.server.address() as AddressInfo;
    return { received, smtpUrl: `smtp://127.0.0.1:${port}` };
  }

  it("delivers the message and logs only the recipient and subject", async () => {
    const { received, smtpUrl } = await startServer();
    const { logger, lines } = capturingLogger();
    const dataDir = tempDir();
    const mailer = createMailer({ smtpUrl, from, dataDir, logger });
    expect(mailer.mode).toBe("smtp");

    await mailer.send(message);

    expect(received).toHaveLength(1);
    const delivery = received[0]!;
    expect(delivery.mailFrom).toBe("no-reply@tigrisadvisory.com");
    expect(delivery.rcptTo).toEqual(["jane@example.com"]);
    const parsed = await simpleParser(delivery.raw);
    expect(parsed.subject).toBe("Verify your email");
    expect(addresses(parsed.to)).toEqual(["jane@example.com"]);
    expect(parsed.from?.value[0]?.address).toBe("no-reply@tigrisadvisory.com");
    expect(parsed.html).toContain(`<a href="${link}">verify</a>`);
    expect(parsed.text).toContain(link);
    expect(parsed.text?.trim()).toBe(message.text.trim());
    expectBothParts(delivery.raw);

    // Nothing is kept on disk in SMTP mode.
    expect(readdirSync(dataDir)).toEqual([]);

    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, to: "j***@example.com", subject: "Verify your email" });
    expect(JSON.stringify(lines)).not.toContain("jane@example.com");
    const logged = JSON.stringify(lines);
    expect(logged).not.toContain("secret-token-123");
    expect(logged).not.toContain("Hello Jane");
  });

  it("lets a refusal from the server reach the caller", async () => {
    const { smtpUrl } = await startServer({ reject: true });
    const { logger, lines } = capturingLogger();
    const mailer = createMailer({ smtpUrl, from, dataDir: tempDir(), logger });
    await expect(mailer.send(message)).rejects.toThrow(/Mailbox unavailable/);
    expect(lines).toHaveLength(0);
  });
});
