import { brand } from "~/domain/brand";
import type { MailMessage } from "~/server/email/mailer.server";

/**
 * Branded transactional e-mails. Every template goes through `layout`, which produces the
 * HTML and plain-text parts from the same content. The HTML is table-based with inline
 * styles only: many e-mail clients drop <style> blocks and ignore modern CSS layout.
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

export function greeting(firstName: string | null | undefined): string {
  const name = firstName?.replace(/\s+/g, " ").trim();
  return name ? `Hello ${name},` : "Hello,";
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
}

/** The firm's e-mail layout: one place for the look of every transactional message. */
export function layout(input: LayoutInput): { html: string; text: string } {
  const url = safeUrl(input.action.url);
  const href = escapeHtml(url);
  const unsubscribe = input.unsubscribeUrl ? safeUrl(input.unsubscribeUrl) : null;
  const offices = brand.offices.map((o) => o.city).join(" · ");
  const year = new Date().getFullYear();

  const paragraphsHtml = input.paragraphs
    .map(
      (p) =>
        `<p style="margin:0 0 16px 0;font-family:${sans};font-size:16px;line-height:24px;color:${colors.text};">${escapeHtml(p)}</p>`,
    )
    .join("\n");

  const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${escapeHtml(input.heading)}</title>
</head>
<body style="margin:0;padding:0;background-color:${colors.page};">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;mso-hide:all;">${escapeHtml(input.preheader)}</div>
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
<td style="background-color:${colors.card};padding:40px 32px 32px 32px;border-radius:0 0 8px 8px;">
<h1 style="margin:0 0 24px 0;font-family:${serif};font-size:24px;line-height:32px;font-weight:normal;color:${colors.navy};">${escapeHtml(input.heading)}</h1>
${paragraphsHtml}
<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:32px 0;">
<tr>
<td align="center" bgcolor="${colors.brass}" style="background-color:${colors.brass};border-radius:4px;">
<a href="${href}" target="_blank" style="display:inline-block;padding:14px 32px;font-family:${sans};font-size:16px;line-height:20px;font-weight:bold;color:${colors.navy};text-decoration:none;border-radius:4px;">${escapeHtml(input.action.label)}</a>
</td>
</tr>
</table>
<p style="margin:0 0 8px 0;font-family:${sans};font-size:14px;line-height:20px;color:${colors.muted};">If the button does not work, copy and paste this link into your browser:</p>
<p style="margin:0 0 24px 0;font-family:${sans};font-size:14px;line-height:20px;word-break:break-all;"><a href="${href}" target="_blank" style="color:${colors.navy};text-decoration:underline;">${href}</a></p>
<p style="margin:0;padding-top:24px;border-top:1px solid ${colors.rule};font-family:${sans};font-size:14px;line-height:20px;color:${colors.muted};">${escapeHtml(input.note)}</p>${
    unsubscribe
      ? `
<p style="margin:12px 0 0 0;font-family:${sans};font-size:14px;line-height:20px;color:${colors.muted};"><a href="${escapeHtml(unsubscribe)}" target="_blank" style="color:${colors.navy};text-decoration:underline;">Unsubscribe from these e-mails</a></p>`
      : ""
  }
</td>
</tr>
<tr>
<td align="center" style="padding:24px 32px;font-family:${sans};font-size:12px;line-height:18px;color:${colors.muted};">
<p style="margin:0 0 4px 0;">${escapeHtml(brand.legalName)} · ${escapeHtml(offices)}</p>
<p style="margin:0 0 4px 0;">Questions? Write to <a href="mailto:${escapeHtml(brand.supportEmail)}" style="color:${colors.navy};">${escapeHtml(brand.supportEmail)}</a></p>
<p style="margin:0;">&copy; ${year} ${escapeHtml(brand.legalName)}</p>
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
    ...(unsubscribe ? ["", `Unsubscribe from these e-mails: ${unsubscribe}`] : []),
    "",
    "--",
    `${brand.legalName} · ${offices}`,
    `Questions? Write to ${brand.supportEmail}`,
    "",
  ].join("\n");

  return { html, text };
}

export function verificationEmail(input: { firstName?: string | null; url: string }): EmailContent {
  const { html, text } = layout({
    preheader: `Confirm your email address to finish setting up your ${brand.name} account.`,
    heading: "Verify your email address",
    paragraphs: [
      greeting(input.firstName),
      `Thank you for registering with ${brand.name}. Please confirm your email address to finish setting up your account and access our investment opportunities.`,
    ],
    action: { label: "Verify email address", url: input.url },
    note: "This link expires in 24 hours. If you did not sign up, you can safely ignore this email.",
  });
  return { subject: `Verify your email for ${brand.name}`, html, text, links: [safeUrl(input.url)] };
}

export function passwordResetEmail(input: { firstName?: string | null; url: string }): EmailContent {
  const { html, text } = layout({
    preheader: `A link to choose a new password for your ${brand.name} account.`,
    heading: "Reset your password",
    paragraphs: [
      greeting(input.firstName),
      `We received a request to reset the password of your ${brand.name} account. Use the button below to choose a new one.`,
    ],
    action: { label: "Choose a new password", url: input.url },
    note: "This link expires in 1 hour. If you did not ask to reset your password, you can ignore this email: your password stays unchanged.",
  });
  return { subject: `Reset your ${brand.name} password`, html, text, links: [safeUrl(input.url)] };
}
