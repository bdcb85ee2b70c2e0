import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";

/**
 * The dev mailbox (DATA_DIR/mail/*.eml, written when SMTP_URL is unset), read the way a
 * mail client would. Shared by the integration and end-to-end tests.
 */

/** Every mail written so far to one address, oldest first, parsed. */
export async function mailsTo(dataDir: string, address: string) {
  const folder = path.join(dataDir, "mail");
  let files: string[] = [];
  try {
    files = readdirSync(folder).filter((f) => f.endsWith(".eml")).sort();
  } catch {
    return [];
  }
  const parsed = await Promise.all(files.map((f) => simpleParser(readFileSync(path.join(folder, f)))));
  return parsed.filter((m) => m.to && JSON.stringify(m.to).includes(address));
}

/** The first link in the plain-text part of the newest mail to `address` that matches. */
export async function linkFrom(dataDir: string, address: string, pattern: RegExp): Promise<string> {
  const mails = await mailsTo(dataDir, address);
  const text = mails.at(-1)?.text ?? "";
  const link = text.match(/https?:\/\/\S+/g)?.find((l) => pattern.test(l));
  if (!link) throw new Error(`no link matching ${pattern} in the mail to ${address}:\n${text}`);
  return link;
}
