import { brand } from "~/domain/brand";
import { localizePath, type Locale } from "~/i18n/locales";
import { greeting, layout, plainGreeting, readerOf, type EmailContent } from "./templates.server";

/**
 * The e-mails of identity checks (issue 35): the investor's decision and their reminder,
 * always to the account's own verified address; each admin's notice that a check waits.
 * None carries a file or anything from one: the investor reads the reason on their page
 * too, and the admin opens the files in the product.
 */

const pageUrl = (siteUrl: string, locale: Locale, path: string) => `${siteUrl}${localizePath(locale, path)}`;

interface InvestorMail {
  siteUrl: string;
  firstName: string | null;
  locale?: Locale;
}

/** Approved until a date, or rejected with the admin's reason. */
export function identityDecisionEmail(input: InvestorMail & ({ decision: "approved"; until: string } | { decision: "rejected"; reason: string })): EmailContent {
  const { t, locale } = readerOf(input.locale);
  const approved = input.decision === "approved";
  const { html, text } = layout({
    locale,
    preheader: approved ? t("mail.identity.approved.preheader") : t("mail.identity.rejected.preheader"),
    heading: approved ? t("mail.identity.approved.heading") : t("mail.identity.rejected.heading"),
    paragraphs: [
      greeting(input.firstName, locale),
      approved ? t("mail.identity.approved.text", { date: input.until }) : t("mail.identity.rejected.text"),
      ...(approved ? [] : [t("mail.identity.rejected.reason", { reason: input.reason })]),
    ],
    action: { label: t("mail.identity.action"), url: pageUrl(input.siteUrl, locale, "/account/identity") },
    note: t("mail.identity.note", { brand: brand.name }),
  });
  return { subject: approved ? t("mail.identity.approved.subject") : t("mail.identity.rejected.subject"), html, text };
}

/** Thirty days before an approval ends. */
export function identityReminderEmail(input: InvestorMail & { until: string }): EmailContent {
  const { t, locale } = readerOf(input.locale);
  const { html, text } = layout({
    locale,
    preheader: t("mail.identity.reminder.preheader", { date: input.until }),
    heading: t("mail.identity.reminder.heading"),
    paragraphs: [greeting(input.firstName, locale), t("mail.identity.reminder.text", { date: input.until })],
    action: { label: t("mail.identity.action"), url: pageUrl(input.siteUrl, locale, "/account/identity") },
    note: t("mail.identity.note", { brand: brand.name }),
  });
  return { subject: t("mail.identity.reminder.subject"), html, text };
}

/** To each admin: a check waits in the queue (no name of the investor's files, no detail). */
export function identityWaitingEmail(input: { siteUrl: string; locale?: Locale }): EmailContent {
  const { t, locale } = readerOf(input.locale);
  const { html, text } = layout({
    locale,
    preheader: t("mail.identity.waiting.preheader"),
    heading: t("mail.identity.waiting.heading"),
    paragraphs: [plainGreeting(locale), t("mail.identity.waiting.text")],
    action: { label: t("mail.identity.waiting.action"), url: pageUrl(input.siteUrl, locale, "/admin/identity") },
    note: t("mail.identity.waiting.note", { brand: brand.name }),
  });
  return { subject: t("mail.identity.waiting.subject"), html, text };
}
