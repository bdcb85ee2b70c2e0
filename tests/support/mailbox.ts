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
  let files: string[];
  try {
    files = readdirSync(folder).filter((f) => f.endsWith(".eml")).sort();
  } catch {
    return [];
  }
  const parsed = await Promise.all(files.map((f) => simpleParser(readFileSync(path.join(folder, f)))));
  const wanted = address.toLowerCase();
  return parsed.filter((m) =>
    [m.to ?? []].flat().some((to) => to.value.some((v) => v.address?.toLowerCase() === wanted)),
  );
}

/**
 * The first link in the plain-text part of the newest mail to `address` that matches.
 * Mail is sent after the response (in the background), so this waits for it a little.
 */
export async function linkFrom(dataDir: string, address: string, pattern: RegExp, timeoutMs = 5_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await mailsTo(dataDir, address);
    const text = mails.at(-1)?.text ?? "";
    const link = text.match(/https?:\/\/\S+/g)?.find((l) => pattern.test(l));
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no link matching ${pattern} in a mail to ${address}:\n${text}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits until `address` has received `count` mails (they are sent in the background). */
export async function waitForMails(dataDir: string, address: string, count: number, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await mailsTo(dataDir, address);
    if (mails.length >= count || Date.now() > deadline) return mails;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits for a mail to `address` that `matches` (others may arrive first, in any order). */
export async function waitForMail(
  dataDir: string,
  address: string,
  matches: (mail: Awaited<ReturnType<typeof mailsTo>>[number]) => boolean,
  timeoutMs = 5_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mailsTo(dataDir, address)).find(matches);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no matching mail to ${address} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
