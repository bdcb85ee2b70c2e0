import type { AlertTopic } from "~/domain/alerts";
import { ALERT_CONFIRM_DAYS } from "~/domain/alerts";
import { brand } from "~/domain/brand";
import { REPLY_WITHIN_HOURS } from "~/domain/constants";
import { formatUsd } from "~/domain/format";
import { opportunityPath, RISK_DISCLOSURE_PATH } from "~/domain/site-map";
import { INTEREST_STATUS_KEYS, INTEREST_STATUS_LABELS, type InterestStatus } from "~/domain/interests";
import type { MessageKey } from "~/i18n/i18n";
import { DEFAULT_LOCALE, localizePath, type Locale } from "~/i18n/locales";
import { greeting, keepLtr, keepOwn, layout, plainGreeting, readerOf, type EmailContent } from "./templates.server";

/**
 * The e-mails of membership (issue 15): expressions of interest and alerts. A mail to an
 * address nobody verified (an alert's confirmation) carries only the firm's own text and
 * the link; the rest go to verified account addresses and to the admins.
 *
 * A mail to an investor is written in their language (`locale`: the account's, issue 17;
 * English when absent), its links lead to the pages in it; each admin's notice is written in
 * that admin's own saved language (issue 32).
 */

/** An absolute link to a site page in the reader's language. */
const pageUrl = (siteUrl: string, locale: Locale, path: string) => `${siteUrl}${localizePath(locale, path)}`;

const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();

export interface InterestMailInput {
  siteUrl: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  opportunityId: string;
  opportunityTitle: string;
  amountUsd: number;
  units: number | null;
  note: string | null;
  /** The investor's language (the account's). English when absent. */
  locale?: Locale;
}

const interestLines = (input: InterestMailInput, locale: Locale = input.locale ?? DEFAULT_LOCALE) => {
  const { t } = readerOf(locale);
  return [
    t("mail.interest.detail.opportunity", { title: oneLine(input.opportunityTitle) }),
    t("mail.interest.detail.amount", { amount: formatUsd(input.amountUsd) }),
    ...(input.units ? [t("mail.interest.detail.units", { units: String(input.units) })] : []),
  ];
};

/** To the investor (their account's verified address): what they registered. */
export function interestReceiptEmail(input: InterestMailInput): EmailContent {
  const { t, locale } = readerOf(input.locale);
  const title = oneLine(input.opportunityTitle);
  const { html, text } = layout({
    locale,
    preheader: t("mail.interest.receipt.preheader", { title }),
    heading: t("mail.interest.receipt.heading"),
    paragraphs: [greeting(input.firstName, locale), t("mail.interest.receipt.body", { hours: REPLY_WITHIN_HOURS }), ...interestLines(input)],
    action: { label: t("mail.interest.action"), url: pageUrl(input.siteUrl, locale, "/dashboard/interests") },
    note: t("mail.interest.note", { brand: brand.name }),
  });
  return { subject: t("mail.interest.receipt.subject", { title }), html, text };
}

/** To an admin, in that admin's own language: who, in what, how much, with the way to the interests area. */
export function adminInterestNoticeEmail(input: InterestMailInput, locale: Locale = DEFAULT_LOCALE): EmailContent {
  const { t } = readerOf(locale);
  const name = oneLine(`${input.firstName ?? ""} ${input.lastName ?? ""}`) || input.email;
  const title = oneLine(input.opportunityTitle);
  const amount = formatUsd(input.amountUsd);
  const { html, text } = layout({
    locale,
    preheader: t("mail.admin.interest.preheader", { name: keepOwn(locale, name), amount: keepLtr(locale, amount), title }),
    heading: t("mail.admin.interest.heading"),
    paragraphs: [
      t("mail.admin.interest.lead", { hours: REPLY_WITHIN_HOURS }),
      t("mail.admin.interest.investor", { name: keepOwn(locale, name) }),
      t("mail.admin.detail.email", { email: keepLtr(locale, input.email) }),
      ...interestLines(input, locale),
      ...(input.note ? [t("mail.admin.interest.note", { note: keepOwn(locale, oneLine(input.note)) })] : []),
    ],
    action: { label: t("mail.admin.interest.action"), url: pageUrl(input.siteUrl, locale, `/admin/interests?opportunity=${input.opportunityId}`) },
    note: t("mail.admin.note", { firm: brand.name }),
  });
  return { subject: t("mail.admin.interest.subject", { title, name }), html, text };
}

const STATUS_SENTENCES: Record<InterestStatus, MessageKey> = {
  new: "mail.interest.status.new",
  contacted: "mail.interest.status.contacted",
  allocated: "mail.interest.status.allocated",
  declined: "mail.interest.status.declined",
};

/** To the investor when an admin changes their interest's status. */
export function interestStatusEmail(input: InterestMailInput & { status: InterestStatus }): EmailContent {
  const { t, locale } = readerOf(input.locale);
  const label = Object.hasOwn(INTEREST_STATUS_KEYS, input.status) ? t(INTEREST_STATUS_KEYS[input.status]) : INTEREST_STATUS_LABELS[input.status];
  const title = oneLine(input.opportunityTitle);
  const { html, text } = layout({
    locale,
    preheader: t("mail.interest.statusChange.preheader", { title, status: label }),
    heading: t("mail.interest.statusChange.heading", { status: label }),
    paragraphs: [greeting(input.firstName, locale), t(STATUS_SENTENCES[input.status]), ...interestLines(input)],
    action: { label: t("mail.interest.action"), url: pageUrl(input.siteUrl, locale, "/dashboard/interests") },
    note: t("mail.interest.note", { brand: brand.name }),
  });
  return { subject: t("mail.interest.statusChange.subject", { title, status: label }), html, text };
}

const TOPIC_PROMISES: Record<AlertTopic, MessageKey> = {
  app_launch: "mail.alert.confirm.appLaunch",
  new_opportunities: "mail.alert.confirm.newOpportunities",
};

/**
 * To an address a visitor typed, not yet confirmed: the firm's text and the link only,
 * nothing the visitor wrote (the address itself is its only input).
 */
export function alertConfirmationEmail(input: { siteUrl: string; topic: AlertTopic; token: string; locale?: Locale }): EmailContent {
  const { t, locale } = readerOf(input.locale);
  const { html, text } = layout({
    locale,
    preheader: t("mail.alert.confirm.preheader"),
    heading: t("mail.alert.confirm.heading"),
    paragraphs: [plainGreeting(locale), t(TOPIC_PROMISES[input.topic], { brand: brand.name })],
    action: { label: t("mail.alert.confirm.action"), url: pageUrl(input.siteUrl, locale, `/alerts/confirm?token=${input.token}`) },
    note: t("mail.alert.confirm.note", { days: ALERT_CONFIRM_DAYS }),
  });
  return { subject: t("mail.alert.confirm.subject", { brand: brand.name }), html, text };
}

const SUBSCRIBED: Record<AlertTopic, { subject: MessageKey; promise: MessageKey }> = {
  app_launch: { subject: "mail.alert.subscribed.subject.appLaunch", promise: "mail.alert.subscribed.appLaunch" },
  new_opportunities: { subject: "mail.alert.subscribed.subject.newOpportunities", promise: "mail.alert.subscribed.newOpportunities" },
};

/** An alert's unsubscribe link, on the page in the reader's language (it works signed out: the token is the permission). */
export function unsubscribeUrl(siteUrl: string, locale: Locale, token: string): string {
  return pageUrl(siteUrl, locale, `/alerts/unsubscribe?token=${token}`);
}

/**
 * "You are subscribed" (issue 32): to an address just confirmed (or a signed-in investor's
 * own), what they will receive and how to stop, with the unsubscribe link under the note
 * and in the List-Unsubscribe header, as every alert has. The firm's words only.
 */
export function alertSubscribedEmail(input: { siteUrl: string; topic: AlertTopic; unsubscribeToken: string; locale?: Locale }): EmailContent {
  const { t, locale } = readerOf(input.locale);
  const values = { brand: brand.name };
  const unsubscribe = unsubscribeUrl(input.siteUrl, locale, input.unsubscribeToken);
  const { html, text } = layout({
    locale,
    preheader: t("mail.alert.subscribed.preheader"),
    heading: t("mail.alert.subscribed.heading"),
    paragraphs: [plainGreeting(locale), t(SUBSCRIBED[input.topic].promise, values), t("mail.alert.subscribed.howToStop")],
    action: { label: t("mail.alert.subscribed.action", values), url: pageUrl(input.siteUrl, locale, "/") },
    note: t("mail.alert.subscribed.note", values),
    unsubscribeUrl: unsubscribe,
  });
  return { subject: t(SUBSCRIBED[input.topic].subject, values), html, text, unsubscribeUrl: unsubscribe };
}

/** A new opportunity, to a subscriber it just opened to (an Elite member before the public). */
export function newOpportunityAlertEmail(input: {
  siteUrl: string;
  firstName: string | null;
  unsubscribeUrl: string;
  earlyAccess: boolean;
  opportunity: { slug: string; title: string; location: string; minimumInvestment: number; projectedReturns: string };
  /** The subscriber's language (their account's). English when absent. */
  locale?: Locale;
}): EmailContent {
  const { t, locale } = readerOf(input.locale);
  const o = input.opportunity;
  const values = { title: oneLine(o.title), location: oneLine(o.location) };
  const { html, text } = layout({
    locale,
    preheader: t("mail.alert.opportunity.preheader", { ...values, amount: formatUsd(o.minimumInvestment) }),
    heading: t(input.earlyAccess ? "mail.alert.opportunity.headingEarly" : "mail.alert.opportunity.heading"),
    paragraphs: [
      greeting(input.firstName, locale),
      t(input.earlyAccess ? "mail.alert.opportunity.leadEarly" : "mail.alert.opportunity.lead"),
      t("mail.alert.opportunity.where", values),
      t("mail.alert.opportunity.minimum", { amount: formatUsd(o.minimumInvestment) }),
      // Issue 33: every projected return with the caveat, and where the risks are set out.
      t("mail.alert.opportunity.returns", { returns: oneLine(o.projectedReturns) }),
      t("mail.alert.opportunity.riskDisclosure", { url: pageUrl(input.siteUrl, locale, RISK_DISCLOSURE_PATH) }),
    ],
    action: { label: t("mail.alert.opportunity.action"), url: pageUrl(input.siteUrl, locale, opportunityPath(o.slug)) },
    note: t("mail.alert.opportunity.note", { brand: brand.name }),
    unsubscribeUrl: input.unsubscribeUrl,
  });
  const subject = t(input.earlyAccess ? "mail.alert.opportunity.subjectEarly" : "mail.alert.opportunity.subject", { title: values.title });
  return { subject, html, text, unsubscribeUrl: input.unsubscribeUrl };
}
