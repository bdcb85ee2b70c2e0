import { brand } from "~/domain/brand";
import { SIGNING_KIND_KEYS, type SigningKind } from "~/domain/signing";
import { localizePath, type Locale } from "~/i18n/locales";
import { greeting, keepLtr, layout, plainGreeting, readerOf, type EmailContent } from "./templates.server";

/**
 * The e-mails of signing (issue 35, item 4): an agreement is ready to sign; the one-time
 * code; the signed copy (the sealed PDF goes with it, attached when the mail is sent). Always
 * to an account's own verified address, never to one typed on a form.
 */

const pageUrl = (siteUrl: string, locale: Locale, path: string) => `${siteUrl}${localizePath(locale, path)}`;

/** To the investor: an agreement waits for their signature. */
export function agreementReadyEmail(input: { siteUrl: string; name: string; locale: Locale; kind: SigningKind; opportunity: string; path: string }): EmailContent {
  const { t, locale } = readerOf(input.locale);
  const kind = t(SIGNING_KIND_KEYS[input.kind]);
  const { html, text } = layout({
    locale,
    preheader: t("mail.signing.ready.preheader", { kind, opportunity: input.opportunity }),
    heading: t("mail.signing.ready.heading"),
    paragraphs: [greeting(input.name.split(" ")[0] ?? null, locale), t("mail.signing.ready.text", { kind, opportunity: input.opportunity })],
    action: { label: t("mail.signing.ready.action"), url: pageUrl(input.siteUrl, locale, input.path) },
    note: t("mail.signing.note", { brand: brand.name }),
  });
  return { subject: t("mail.signing.ready.subject", { kind }), html, text };
}

/**
 * To the investor: the code that confirms their signature. The code is in the body only,
 * after the words that say what it is for: never in the subject or the preview a locked
 * phone shows (issue 52, item 6).
 */
export function agreementCodeEmail(input: { siteUrl: string; name: string; locale: Locale; code: string; minutes: number; reference: string; path: string }): EmailContent {
  const { t, locale } = readerOf(input.locale);
  const { html, text } = layout({
    locale,
    preheader: t("mail.signing.code.preheader", { minutes: input.minutes }),
    heading: t("mail.signing.code.heading"),
    paragraphs: [
      greeting(input.name.split(" ")[0] ?? null, locale),
      t("mail.signing.code.text", { reference: input.reference, minutes: input.minutes }),
      t("mail.signing.code.codeLine", { code: keepLtr(locale, input.code) }),
    ],
    action: { label: t("mail.signing.code.action"), url: pageUrl(input.siteUrl, locale, input.path) },
    note: t("mail.signing.code.note", { brand: brand.name }),
  });
  return { subject: t("mail.signing.code.subject", { reference: input.reference }), html, text };
}

/** To the investor and to each admin: the sealed copy, attached, with its SHA-256. */
export function agreementSignedEmail(input: { siteUrl: string; locale: Locale; kind: SigningKind; name: string; opportunity: string; reference: string; sha: string; forFirm: boolean; path: string }): EmailContent {
  const { t, locale } = readerOf(input.locale);
  const kind = t(SIGNING_KIND_KEYS[input.kind]);
  const values = { kind, name: input.name, opportunity: input.opportunity, reference: input.reference };
  const { html, text } = layout({
    locale,
    preheader: t("mail.signing.signed.preheader", values),
    heading: t("mail.signing.signed.heading"),
    paragraphs: [
      input.forFirm ? plainGreeting(locale) : greeting(input.name.split(" ")[0] ?? null, locale),
      input.forFirm ? t("mail.signing.signed.firmText", values) : t("mail.signing.signed.text", values),
      t("mail.signing.signed.sha", { sha: input.sha }),
    ],
    action: { label: t("mail.signing.signed.action"), url: pageUrl(input.siteUrl, locale, input.path) },
    note: t("mail.signing.note", { brand: brand.name }),
  });
  return { subject: t("mail.signing.signed.subject", values), html, text };
}
