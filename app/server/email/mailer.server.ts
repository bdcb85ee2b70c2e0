import { randomBytes } from "node:crypto";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { createTransport, type SendMailOptions } from "nodemailer";
import { ensurePrivateDir } from "~/server/core/data-dir-lock.server";
import type { Logger } from "~/server/core/logger.server";

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Links the message carries (verification, reset); printed in the log when mail is kept locally. */
  links?: string[];
  /**
   * A calendar invite (RFC 5546): nodemailer adds it as a text/calendar alternative with
   * the METHOD, which mail clients show as an invitation with accept/decline buttons.
   */
  icalEvent?: { method: "REQUEST" | "CANCEL"; content: string; filename?: string };
  /**
   * An unsubscribe link for the mail's header (RFC 2369 List-Unsubscribe, with RFC 8058
   * one-click): mail clients show their own Unsubscribe button for it.
   */
  unsubscribeUrl?: string;
  /** Files attached (a signed agreement's PDF). */
  attachments?: Array<{ filename: string; content: Uint8Array; contentType: string }>;
}

export interface Mailer {
  /** "smtp" when SMTP_URL is set, "files" otherwise. */
  readonly mode: "smtp" | "files";
  send(message: MailMessage): Promise<void>;
}

/**
 * Sends mail through SMTP when `smtpUrl` is set.
 *
 * Without it, mail is not sent: each message is written as a complete `.eml` file to
 * `<dataDir>/mail/` and its links are printed in the server log. This is a development
 * convenience (click the verification link straight from the log, open the file in a mail
 * client to see the layout), not a delivery mechanism: set SMTP_URL in production.
 *
 * Errors from sending or writing propagate to the caller, which decides what the user sees.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  logger: Logger;
  /**
   * The bound on one delivery attempt (SMTP_TIMEOUT_MS): connecting, the greeting and any
   * silence each get at most this long, and the whole attempt at most twice this, so a mail
   * server that accepts and then hangs holds up the outbox for a bounded time, not minutes.
   */
  timeoutMs?: number;
}): Mailer {
  const { smtpUrl, from, dataDir, logger } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  if (smtpUrl) {
    const transport = createTransport({
      url: smtpUrl,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    });
    return {
      mode: "smtp",
      async send(message) {
        await withinBound(transport.sendMail(mailOptions(from, message)), 2 * timeoutMs);
        // Never the body or the links (they carry sign-in tokens), nor the whole address.
        logger.info({ to: maskAddress(message.to), subject: message.subject }, "E-mail sent");
      },
    };
  }

  const transport = createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const mailDir = path.join(dataDir, "mail");
  return {
    mode: "files",
    async send(message) {
      const info = await transport.sendMail(mailOptions(from, message));
      if (!Buffer.isBuffer(info.message)) throw new Error("Expected the composed e-mail as a buffer");
      ensurePrivateDir(mailDir);
      const name = `${new Date().toISOString().replace(/:/g, "-")}-${randomBytes(3).toString("hex")}.eml`;
      const file = path.join(mailDir, name);
      await writeFile(file, info.message, { mode: 0o600, flag: "wx" });
      // Mails from the outbox do not carry their links separately: take them from the text.
      const links = message.links ?? message.text.match(/https?:\/\/\S+/g) ?? [];
      logger.info(
        { file, to: message.to, subject: message.subject, links },
        `E-mail not sent (SMTP_URL is not set), kept in ${file}; to: ${message.to}; subject: ${message.subject}` +
          links.map((link) => `; link: ${link}`).join(""),
      );
    },
  };
}

const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * The attempt, or an error once `ms` have passed. A server that keeps trickling bytes never
 * trips the socket's inactivity timeout; this bounds the attempt as a whole. The late send
 * may still complete: delivery is at least once (app/server/email/outbox.server.ts).
 */
async function withinBound<T>(attempt: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the mail server did not finish within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([attempt, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The nodemailer message for either transport, so the dev mailbox shows what SMTP would send. */
function mailOptions(from: string, message: MailMessage): SendMailOptions {
  return {
    from,
    to: message.to,
    subject: message.subject,
    html: message.html,
    text: message.text,
    ...(message.unsubscribeUrl
      ? { list: { unsubscribe: { url: message.unsubscribeUrl, comment: "Unsubscribe" } }, headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } }
      : {}),
    ...(message.attachments?.length
      ? { attachments: message.attachments.map((a) => ({ filename: a.filename, content: Buffer.from(a.content), contentType: a.contentType })) }
      : {}),
    ...(message.icalEvent
      ? {
          icalEvent: {
            method: message.icalEvent.method,
            content: message.icalEvent.content,
            filename: message.icalEvent.filename ?? "invite.ics",
          },
        }
      : {}),
  };
}

/** "jane@example.com" → "j***@example.com": enough to trace a delivery, not to harvest addresses. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf("@");
  return at > 0 ? `${address[0]}***${address.slice(at)}` : "***";
}
