import { brand } from "~/domain/brand";
// Every language's messages, however this process started (the web server, the job worker,
// a script): a mail must never go out in message keys.
import "~/i18n/catalogues.server";
import { translator, type Translate } from "~/i18n/i18n";
import { DEFAULT_LOCALE, directionOf, type Locale } from "~/i18n/locales";
import type { FirmFacts } from "~/domain/firm";
import { firmFacts } from "~/server/core/firm.server";
import type { MailMessage } from "~/server/email/mailer.server";

/**
 * Branded transactional e-mails. Every template goes through `layout`, which produces the
 * HTML and plain-text parts from the same content. The HTML is table-based with inline
 * styles only: many e-mail clients drop <style> blocks and ignore modern CSS layout.
 * Every mail is written in its reader's language (the `mail` catalogue, issue 17): the
 * booking's for a visitor, the account's `user.locale` for an account holder.
 */

export type EmailContent = Omit<MailMessage, "to">;

const colors = {
  navy: "#1c2a4a",
  brass: "#c9a14a",
  page: "#f4f1ea",
  card: "#ffffff",
  text: "#33415c",
  muted: "#6b7280",
  rule: "#e5e0d5",
} as const;

const serif = "Georgia, 'Times New Roman', Times, serif";
const sans = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Helvetica, Arial, sans-serif";

const htmlEntities: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Escapes text for use in HTML element content and in quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => htmlEntities[c] ?? c);
}

/**
 * Accepts only absolute http(s) URLs and returns them normalised, so a `javascript:` or
 * `data:` link can never end up behind the button.
 */
export function safeUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error("E-mail links must be absolute http(s) URLs");
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new Error(`E-mail links must be http(s) URLs, not ${parsed.protocol}`);
  }
  return parsed.href;
}

/**
 * "Hello Jane," for the owner of a verified address, or the greeting without a name
 * ("Good day,") in the reader's language. Only mails to verified account addresses may
 * pass a name: a mail to an address nobody has confirmed carries nothing anyone typed.
 */
export function greeting(firstName: string | null | undefined, locale: Locale = DEFAULT_LOCALE): string {
  const t = translator(locale);
  const name = firstName?.replace(/\s+/g, " ").trim();
  return name ? t("mail.greeting.named", { name }) : t("mail.greeting.plain");
}

/** The greeting that reads naturally without a name ("Good day,"), for mails that name no one. */
export function plainGreeting(locale: Locale = DEFAULT_LOCALE): string {
  return translator(locale)("mail.greeting.plain");
}

const LRI = "\u2066";
const FSI = "\u2068";
const PDI = "\u2069";
const ISOLATED = /([\u2066\u2068])([^\u2066-\u2069]*)\u2069/g;

/**
 * Text that must keep its left-to-right order inside right-to-left text (times like
 * "09:00–09:30", addresses, links): wrapped in an isolate outside English. The plain-text
 * part keeps the isolate (U+2066 LEFT-TO-RIGHT ISOLATE … U+2069 POP DIRECTIONAL ISOLATE);
 * the HTML part turns it into an element (`inlineHtml`), as the site's pages do, because
 * mail programs that ignore those invisible characters would show "14:30–15:00" as
 * "15:00–14:30" in an Arabic sentence.
 */
export function keepLtr(locale: Locale, value: string): string {
  return locale === DEFAULT_LOCALE ? value : `${LRI}${withoutIsolates(value)}${PDI}`;
}

/**
 * Text someone typed (a name, a message line) inside a sentence in another language: it
 * keeps its own direction, whichever its first letter gives, and does not disturb the
 * sentence's (U+2068 FIRST STRONG ISOLATE … U+2069 outside English; `<bdi>` in the HTML).
 */
export function keepOwn(locale: Locale, value: string): string {
  return locale === DEFAULT_LOCALE ? value : `${FSI}${withoutIsolates(value)}${PDI}`;
}

/** Typed text may carry isolate characters of its own: they would unbalance ours. */
const withoutIsolates = (value: string) => value.replace(/[\u2066-\u2069]/g, "");

/** Text for an HTML element's content: escaped, each isolate as an element (`<span dir="ltr">`, `<bdi>`). */
export function inlineHtml(value: string): string {
  return escapeHtml(value)
    .replace(ISOLATED, (_whole, kind: string, inside: string) => (kind === LRI ? `<span dir="ltr">${inside}</span>` : `<bdi>${inside}</bdi>`))
    .replace(/[\u2066-\u2069]/g, "");
}

export interface LayoutInput {
  /** Summary line shown by inbox lists next to the subject; hidden in the message itself. */
  preheader: string;
  heading: string;
  paragraphs: string[];
  action: { label: string; url: string };
  note: string;
  /** An alert's unsubscribe link, shown under the note (and sent in List-Unsubscribe). */
  unsubscribeUrl?: string;
  /** The reader's language: the layout's own words, `lang` and `dir`. English when absent. */
  locale?: Locale;
}

/**
 * The firm's legal facts under every mail (issue 33, decision 038), in the reader's
 * language: its legal name (marked when these are the demo's examples), company number,
 * registered office, the regulator and licence where it has one, phone and e-mail.
 * Numbers and addresses keep their left-to-right order in Arabic and Sorani.
 */
export function firmFooterLines(locale: Locale, firm: FirmFacts = firmFacts()): string[] {
  const t = translator(locale);
  const name = firm.isExample ? `${keepOwn(locale, firm.legalName)} (${t("mail.layout.example")})` : keepOwn(locale, firm.legalName);
  return [
    `${name} · ${t("mail.layout.companyNumber", { number: keepLtr(locale, firm.companyNumber) })}`,
    t("mail.layout.registeredOffice", { address: keepOwn(locale, firm.registeredOffice) }),
    ...(firm.regulator && firm.licenceNumber
      ? [t("mail.layout.licence", { regulator: keepOwn(locale, firm.regulator), number: keepLtr(locale, firm.licenceNumber) })]
      : []),
    `${keepLtr(locale, firm.phone)} · ${keepLtr(locale, firm.email)}`,
  ];
}

/** The firm's e-mail layout: one place for the look of every transactional message. */
export function layout(input: LayoutInput): { html: string; text: string } {
  const { locale, t } = readerOf(input.locale);
  const dir = directionOf(locale);
  // Right to left: the HTML says so and aligns its text to the right (many clients ignore `dir` alone).
  const align = dir === "rtl" ? "direction:rtl;text-align:right;" : "";
  const dirAttr = dir === "rtl" ? ' dir="rtl"' : "";
  const questionsParts = t("mail.layout.questions", { email: "\u0000" }).split("\u0000");
  const url = safeUrl(input.action.url);
  const href = escapeHtml(url);
  const unsubscribe = input.unsubscribeUrl ? safeUrl(input.unsubscribeUrl) : null;
  const offices = brand.offices.map((o) => o.city).join(" · ");
  const year = new Date().getFullYear();
  const firm = firmFacts();
  const firmLines = firmFooterLines(locale, firm);

  const paragraphsHtml = input.paragraphs
    .map(
      (p) =>
        `<p style="margin:0 0 16px 0;${align}font-family:${sans};font-size:16px;line-height:24px;color:${colors.text};">${inlineHtml(p)}</p>`,
    )
    .join("\n");

  const html = `<!DOCTYPE html>
<html lang="${locale}"${dirAttr}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${escapeHtml(input.heading)}</title>
</head>
<body${dirAttr} style="margin:0;padding:0;background-color:${colors.page};">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;mso-hide:all;">${inlineHtml(input.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${colors.page};">
<tr>
<td align="center" style="padding:32px 16px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;border-collapse:separate;">
<tr>
<td align="center" style="background-color:${colors.navy};padding:28px 32px;border-radius:8px 8px 0 0;border-bottom:3px solid ${colors.brass};">
<span style="font-family:${serif};font-size:26px;line-height:32px;letter-spacing:1px;color:#ffffff;">${escapeHtml(brand.name)}</span>
</td>
</tr>
<tr>
<td${dirAttr} style="background-color:${colors.card};padding:40px 32px 32px 32px;border-radius:0 0 8px 8px;${align}">
<h1 style="margin:0 0 24px 0;${align}font-family:${serif};font-size:24px;line-height:32px;font-weight:normal;color:${colors.navy};">${inlineHtml(input.heading)}</h1>
${paragraphsHtml}
<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:32px 0;">
<tr>
<td align="center" bgcolor="${colors.brass}" style="background-color:${colors.brass};border-radius:4px;">
<a href="${href}" target="_blank" style="display:inline-block;padding:14px 32px;font-family:${sans};font-size:16px;line-height:20px;font-weight:bold;color:${colors.navy};text-decoration:none;border-radius:4px;">${escapeHtml(input.action.label)}</a>
</td>
</tr>
</table>
<p style="margin:0 0 8px 0;${align}font-family:${sans};font-size:14px;line-height:20px;color:${colors.muted};">${escapeHtml(t("mail.layout.copyLink"))}</p>
<p${dir === "rtl" ? ' dir="ltr"' : ""} style="margin:0 0 24px 0;${dir === "rtl" ? "text-align:right;" : ""}font-family:${sans};font-size:14px;line-height:20px;word-break:break-all;"><a href="${href}" target="_blank" style="color:${colors.navy};text-decoration:underline;">${href}</a></p>
<p style="margin:0;padding-top:24px;border-top:1px solid ${colors.rule};${align}font-family:${sans};font-size:14px;line-height:20px;color:${colors.muted};">${inlineHtml(input.note)}</p>${
    unsubscribe
      ? `
<p style="margin:12px 0 0 0;${align}font-family:${sans};font-size:14px;line-height:20px;color:${colors.muted};"><a href="${escapeHtml(unsubscribe)}" target="_blank" style="color:${colors.navy};text-decoration:underline;">${escapeHtml(t("mail.layout.unsubscribe"))}</a></p>`
      : ""
  }
</td>
</tr>
<tr>
<td align="center"${dirAttr} style="padding:24px 32px;font-family:${sans};font-size:12px;line-height:18px;color:${colors.muted};">
<p style="margin:0 0 4px 0;">${escapeHtml(brand.name)} · ${escapeHtml(offices)}</p>
<p style="margin:0 0 12px 0;">${escapeHtml(questionsParts[0] ?? "")}<a href="mailto:${escapeHtml(brand.supportEmail)}" style="color:${colors.navy};">${escapeHtml(brand.supportEmail)}</a>${escapeHtml(questionsParts[1] ?? "")}</p>
${firmLines.map((line) => `<p style="margin:0 0 4px 0;">${inlineHtml(line)}</p>`).join("\n")}
<p style="margin:8px 0 0 0;">&copy; ${year} ${escapeHtml(firm.legalName)}</p>
</td>
</tr>
</table>
</td>
</tr>
</table>
</body>
</html>
`;

  const text = [
    brand.name.toUpperCase(),
    "",
    input.heading,
    "",
    ...input.paragraphs.flatMap((p) => [p, ""]),
    `${input.action.label}:`,
    url,
    "",
    input.note,
    ...(unsubscribe ? ["", `${t("mail.layout.unsubscribe")}: ${unsubscribe}`] : []),
    "",
    "--",
    `${brand.name} · ${offices}`,
    t("mail.layout.questions", { email: brand.supportEmail }),
    "",
    ...firmLines,
    "",
  ].join("\n");

  return { html, text };
}

/**
 * The input of the account mails better-auth asks for: the link and the reader's language.
 * No name: these go to an address nobody may have verified yet (a sign-up, a reset asked
 * for an account never confirmed), and whoever signed up could have typed anything as a
 * name (issue 32: "Buy cheap pills at ..." reached a stranger's inbox twice).
 */
interface AccountLinkInput {
  url: string;
  locale?: Locale;
}

export function verificationEmail(input: AccountLinkInput): EmailContent {
  const { locale, t } = readerOf(input.locale);
  const values = { brand: brand.name };
  const { html, text } = layout({
    locale,
    preheader: t("mail.verify.preheader", values),
    heading: t("mail.verify.heading"),
    paragraphs: [plainGreeting(locale), t("mail.verify.body", values)],
    action: { label: t("mail.verify.action"), url: input.url },
    note: t("mail.verify.note"),
  });
  return { subject: t("mail.verify.subject", values), html, text, links: [safeUrl(input.url)] };
}

export function passwordResetEmail(input: AccountLinkInput): EmailContent {
  const { locale, t } = readerOf(input.locale);
  const values = { brand: brand.name };
  const { html, text } = layout({
    locale,
    preheader: t("mail.passwordReset.preheader", values),
    heading: t("mail.passwordReset.heading"),
    paragraphs: [plainGreeting(locale), t("mail.passwordReset.body", values)],
    action: { label: t("mail.passwordReset.action"), url: input.url },
    note: t("mail.passwordReset.note"),
  });
  return { subject: t("mail.passwordReset.subject", values), html, text, links: [safeUrl(input.url)] };
}

/** Someone a mail is written to: their address and the language they read it in. */
export interface MailReader {
  email: string;
  locale: Locale;
}

/** One mail to each reader, in the reader's language: `write` runs once per language. */
export function toEachReader(readers: readonly MailReader[], write: (locale: Locale) => EmailContent): Array<EmailContent & { to: string }> {
  const written = new Map<Locale, EmailContent>();
  return readers.map((reader) => {
    let content = written.get(reader.locale);
    if (!content) written.set(reader.locale, (content = write(reader.locale)));
    return { ...content, to: reader.email };
  });
}

/** The translating function and language of a mail's reader (English when none is known). */
export function readerOf(locale: Locale | null | undefined): { locale: Locale; t: Translate } {
  const l = locale ?? DEFAULT_LOCALE;
  return { locale: l, t: translator(l) };
}
