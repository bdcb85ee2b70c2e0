import { brand } from "~/domain/brand";
import { DEFAULT_LOCALE, localizePath, type Locale } from "~/i18n/locales";
import { layout, plainGreeting, readerOf, safeUrl, type EmailContent } from "./templates.server";

/**
 * The e-mail a deleted account's owner receives (issue 13, decision record 013). It goes to
 * the account's verified address and says only what the firm says: no name, no text anyone
 * typed, so the mail can never carry someone else's words. Written in the account's
 * language (its `locale`, read before the row is anonymised; English when absent).
 */
export function accountDeletedEmail(input: { siteUrl: string; locale?: Locale }): EmailContent {
  const { t, locale } = readerOf(input.locale);
  const values = { brand: brand.name };
  const { html, text } = layout({
    locale,
    preheader: t("mail.accountDeleted.preheader", values),
    heading: t("mail.accountDeleted.heading"),
    paragraphs: [
      plainGreeting(locale),
      t("mail.accountDeleted.done", values),
      t("mail.accountDeleted.records"),
      t("mail.accountDeleted.notYou", { email: brand.supportEmail }),
    ],
    action: { label: t("mail.accountDeleted.action", values), url: locale === DEFAULT_LOCALE ? input.siteUrl : `${input.siteUrl}${localizePath(locale, "/")}` },
    note: t("mail.accountDeleted.note"),
  });
  return { subject: t("mail.accountDeleted.subject", values), html, text };
}

/**
 * The invitation to an adviser's own account (issue 37): who they are at the firm, and the
 * link that sets their password (valid ADVISER_INVITE_DAYS). It says nothing anyone typed
 * but the adviser's name as an admin keeps it on the Team page.
 */
export function adviserInviteEmail(input: { url: string; adviserName: string; days: number; locale?: Locale }): EmailContent {
  const { t, locale } = readerOf(input.locale);
  const values = { brand: brand.name, name: input.adviserName, days: input.days };
  const { html, text } = layout({
    locale,
    preheader: t("mail.adviserInvite.preheader", values),
    heading: t("mail.adviserInvite.heading", values),
    paragraphs: [plainGreeting(locale), t("mail.adviserInvite.body", values), t("mail.adviserInvite.twoFactor")],
    action: { label: t("mail.adviserInvite.action"), url: input.url },
    note: t("mail.adviserInvite.note", values),
  });
  return { subject: t("mail.adviserInvite.subject", values), html, text, links: [safeUrl(input.url)] };
}
