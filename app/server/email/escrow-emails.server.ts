import { brand } from "~/domain/brand";
import { formatCalendarDay, printIban, PROGRESS_STATUS_KEYS, type ProgressStatus, type CallReminderLead, type EscrowAccount } from "~/domain/escrow";
import { ibanEnding } from "~/domain/escrow-changes";
import { formatMoney, type Currency } from "~/domain/money";
import { meetingTime } from "~/domain/notification-text";
import { PORTFOLIO_PATH, progressUpdatePath } from "~/domain/portfolio";
import { dateLocaleOf } from "~/i18n/date-locales";
import type { MessageKey } from "~/i18n/i18n";
import { localizePath, type Locale } from "~/i18n/locales";
import { greeting, keepLtr, keepOwn, layout, plainGreeting, readerOf, type EmailContent } from "./templates.server";

/*
 * The e-mails of payments into escrow (issue 36): an instalment called, its reminders, and
 * a changed escrow account. Always to an account's own verified address. Each carries the
 * escrow details in full and the warning that the firm never changes them by e-mail alone.
 */

const pageUrl = (siteUrl: string, locale: Locale, path: string) => `${siteUrl}${localizePath(locale, path)}`;

/** A subject line's values without the direction isolates the body keeps (mail programs show subjects as plain text). */
const plain = <V extends Record<string, string | number>>(values: V): V =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === "string" ? v.replace(/[\u2066-\u2069]/g, "") : v])) as V;


/** The escrow account as lines of a mail, IBAN in groups of four, kept left to right in Arabic and Sorani. */
function escrowLines(t: ReturnType<typeof readerOf>["t"], locale: Locale, escrow: EscrowAccount): string[] {
  return [
    t("mail.escrow.bank", { bank: keepOwn(locale, escrow.bank) }),
    t("mail.escrow.accountName", { name: keepOwn(locale, escrow.accountName) }),
    t("mail.escrow.iban", { iban: keepLtr(locale, printIban(escrow.iban)) }),
    t("mail.escrow.bic", { bic: keepLtr(locale, escrow.bic) }),
  ];
}

/** The words of a call and of each reminder. */
const CALL_MAIL_KEYS = {
  call: { subject: "mail.escrow.call.subject", preheader: "mail.escrow.call.preheader", heading: "mail.escrow.call.heading", text: "mail.escrow.call.text" },
  "before-7": { subject: "mail.escrow.before7.subject", preheader: "mail.escrow.before7.preheader", heading: "mail.escrow.before7.heading", text: "mail.escrow.before7.text" },
  "before-1": { subject: "mail.escrow.before1.subject", preheader: "mail.escrow.before1.preheader", heading: "mail.escrow.before1.heading", text: "mail.escrow.before1.text" },
  "after-3": { subject: "mail.escrow.after3.subject", preheader: "mail.escrow.after3.preheader", heading: "mail.escrow.after3.heading", text: "mail.escrow.after3.text" },
} as const satisfies Record<"call" | CallReminderLead, Record<"subject" | "preheader" | "heading" | "text", MessageKey>>;

export interface CallMailInput {
  siteUrl: string;
  locale: Locale;
  name: string;
  opportunity: string;
  label: string;
  amountMinor: bigint;
  currency: Currency;
  dueOn: string;
  escrow: EscrowAccount;
  /** The call itself when absent; else which reminder. */
  reminder?: CallReminderLead;
  /** The instalment is due on a date of the plan, not at a certified milestone. */
  dated?: boolean;
}

/** An instalment is called (a milestone was certified, or its date is 30 days away), or a reminder of one not yet paid. */
export function instalmentCallEmail(input: CallMailInput): EmailContent {
  const { t, locale } = readerOf(input.locale);
  const amount = keepLtr(locale, formatMoney(input.amountMinor, input.currency, locale));
  const due = formatCalendarDay(input.dueOn, dateLocaleOf(locale));
  const values = { opportunity: keepOwn(locale, input.opportunity), instalment: keepOwn(locale, input.label), amount, due };
  const keys = CALL_MAIL_KEYS[input.reminder ?? "call"];
  const { html, text } = layout({
    locale,
    preheader: t(keys.preheader, values),
    heading: t(keys.heading, values),
    paragraphs: [greeting(input.name.split(" ")[0] ?? null, locale), t(!input.reminder && input.dated ? "mail.escrow.call.datedText" : keys.text, values), t("mail.escrow.payTo"), ...escrowLines(t, locale, input.escrow), t("mail.escrow.reference"), t("mail.escrow.neverByEmail", { brand: brand.name })],
    action: { label: t("mail.escrow.action"), url: pageUrl(input.siteUrl, locale, PORTFOLIO_PATH) },
    note: t("mail.escrow.note", { brand: brand.name }),
  });
  return { subject: t(keys.subject, plain(values)), html, text };
}

/** The escrow account of an opportunity the investor is committed to has changed. */
export function escrowChangedEmail(input: { siteUrl: string; locale: Locale; name: string; opportunity: string; escrow: EscrowAccount }): EmailContent {
  const { t, locale } = readerOf(input.locale);
  const values = { opportunity: keepOwn(locale, input.opportunity), brand: brand.name };
  const { html, text } = layout({
    locale,
    preheader: t("mail.escrow.changed.preheader", values),
    heading: t("mail.escrow.changed.heading"),
    paragraphs: [greeting(input.name.split(" ")[0] ?? null, locale), t("mail.escrow.changed.text", values), ...escrowLines(t, locale, input.escrow), t("mail.escrow.changed.check", values), t("mail.escrow.neverByEmail", { brand: brand.name })],
    action: { label: t("mail.escrow.action"), url: pageUrl(input.siteUrl, locale, PORTFOLIO_PATH) },
    note: t("mail.escrow.note", { brand: brand.name }),
  });
  return { subject: t("mail.escrow.changed.subject", plain(values)), html, text };
}

/**
 * To each committed investor, when the firm's only admin asked for a change of the escrow
 * account (issue 52, decision 058): it takes effect after a 24-hour hold unless the firm
 * stops it. The account in force is given whole, the new one only by its bank, its name and
 * the IBAN's last four characters: nothing here can be read as telling them to pay into it.
 */
export function escrowChangeHeldEmail(input: {
  siteUrl: string;
  locale: Locale;
  name: string;
  opportunity: string;
  current: EscrowAccount;
  proposed: EscrowAccount;
  takesEffectAt: Date;
  timeZone: string;
}): EmailContent {
  const { t, locale } = readerOf(input.locale);
  const when = keepOwn(locale, meetingTime({ startsAt: input.takesEffectAt.toISOString(), timeZone: input.timeZone }, locale));
  const values = { opportunity: keepOwn(locale, input.opportunity), brand: brand.name, when };
  const proposed = { bank: keepOwn(locale, input.proposed.bank), name: keepOwn(locale, input.proposed.accountName), ending: keepLtr(locale, ibanEnding(input.proposed.iban)) };
  const { html, text } = layout({
    locale,
    preheader: t("mail.escrow.held.preheader", values),
    heading: t("mail.escrow.held.heading"),
    paragraphs: [
      greeting(input.name.split(" ")[0] ?? null, locale),
      t("mail.escrow.held.text", values),
      t("mail.escrow.held.proposed", proposed),
      t("mail.escrow.held.until", values),
      ...escrowLines(t, locale, input.current),
      t("mail.escrow.held.call", values),
      t("mail.escrow.neverByEmail", { brand: brand.name }),
    ],
    action: { label: t("mail.escrow.action"), url: pageUrl(input.siteUrl, locale, PORTFOLIO_PATH) },
    note: t("mail.escrow.note", { brand: brand.name }),
  });
  return { subject: t("mail.escrow.held.subject", plain(values)), html, text };
}

/** To each committed investor who was told of a change on hold: it was stopped; the account in force stays. */
export function escrowChangeStoppedEmail(input: { siteUrl: string; locale: Locale; name: string; opportunity: string; current: EscrowAccount }): EmailContent {
  const { t, locale } = readerOf(input.locale);
  const values = { opportunity: keepOwn(locale, input.opportunity), brand: brand.name };
  const { html, text } = layout({
    locale,
    preheader: t("mail.escrow.stopped.preheader", values),
    heading: t("mail.escrow.stopped.heading"),
    paragraphs: [greeting(input.name.split(" ")[0] ?? null, locale), t("mail.escrow.stopped.text", values), ...escrowLines(t, locale, input.current), t("mail.escrow.neverByEmail", { brand: brand.name })],
    action: { label: t("mail.escrow.action"), url: pageUrl(input.siteUrl, locale, PORTFOLIO_PATH) },
    note: t("mail.escrow.note", { brand: brand.name }),
  });
  return { subject: t("mail.escrow.stopped.subject", plain(values)), html, text };
}

/** To every other admin: a change of an escrow account waits for their approval. The mail names no account. */
export function escrowApprovalNeededEmail(input: { siteUrl: string; locale: Locale; opportunity: string; opportunityId: string }): EmailContent {
  const { t, locale } = readerOf(input.locale);
  const values = { opportunity: keepOwn(locale, input.opportunity) };
  const { html, text } = layout({
    locale,
    preheader: t("mail.escrow.approval.preheader", values),
    heading: t("mail.escrow.approval.heading"),
    paragraphs: [plainGreeting(locale), t("mail.escrow.approval.text", values), t("mail.escrow.approval.check")],
    action: { label: t("mail.escrow.approval.action"), url: pageUrl(input.siteUrl, locale, `/admin/commitments?opportunity=${input.opportunityId}`) },
    note: t("mail.escrow.transfer.note", { brand: brand.name }),
  });
  return { subject: t("mail.escrow.approval.subject", plain(values)), html, text };
}

/** To each admin: an investor recorded a transfer into escrow, to confirm against the bank. */
export function transferRecordedEmail(input: { siteUrl: string; locale: Locale; investor: string; opportunity: string; amountMinor: bigint; currency: Currency }): EmailContent {
  const { t, locale } = readerOf(input.locale);
  const values = { investor: keepOwn(locale, input.investor), opportunity: keepOwn(locale, input.opportunity), amount: keepLtr(locale, formatMoney(input.amountMinor, input.currency, locale)) };
  const { html, text } = layout({
    locale,
    preheader: t("mail.escrow.transfer.preheader", values),
    heading: t("mail.escrow.transfer.heading"),
    paragraphs: [plainGreeting(locale), t("mail.escrow.transfer.text", values)],
    action: { label: t("mail.escrow.transfer.action"), url: pageUrl(input.siteUrl, locale, "/admin/commitments") },
    note: t("mail.escrow.transfer.note", { brand: brand.name }),
  });
  return { subject: t("mail.escrow.transfer.subject", plain(values)), html, text };
}

/** To the investor: their payment is confirmed; the receipt is attached when the mail is sent. */
export function paymentConfirmedEmail(input: { siteUrl: string; locale: Locale; name: string; opportunity: string; amountMinor: bigint; currency: Currency; number: string }): EmailContent {
  const { t, locale } = readerOf(input.locale);
  const values = { opportunity: keepOwn(locale, input.opportunity), amount: keepLtr(locale, formatMoney(input.amountMinor, input.currency, locale)), number: keepLtr(locale, input.number) };
  const { html, text } = layout({
    locale,
    preheader: t("mail.escrow.confirmed.preheader", values),
    heading: t("mail.escrow.confirmed.heading"),
    paragraphs: [greeting(input.name.split(" ")[0] ?? null, locale), t("mail.escrow.confirmed.text", values)],
    action: { label: t("mail.escrow.action"), url: pageUrl(input.siteUrl, locale, PORTFOLIO_PATH) },
    note: t("mail.escrow.note", { brand: brand.name }),
  });
  return { subject: t("mail.escrow.confirmed.subject", plain(values)), html, text };
}

/** To the investor: a transfer they recorded has not arrived, and why. */
export function paymentRejectedEmail(input: { siteUrl: string; locale: Locale; name: string; opportunity: string; amountMinor: bigint; currency: Currency; reference: string; note: string }): EmailContent {
  const { t, locale } = readerOf(input.locale);
  const values = { opportunity: keepOwn(locale, input.opportunity), amount: keepLtr(locale, formatMoney(input.amountMinor, input.currency, locale)), reference: keepLtr(locale, input.reference), note: keepOwn(locale, input.note) };
  const { html, text } = layout({
    locale,
    preheader: t("mail.escrow.rejected.preheader", values),
    heading: t("mail.escrow.rejected.heading"),
    paragraphs: [greeting(input.name.split(" ")[0] ?? null, locale), t("mail.escrow.rejected.text", values), t("mail.escrow.rejected.reason", values)],
    action: { label: t("mail.escrow.action"), url: pageUrl(input.siteUrl, locale, PORTFOLIO_PATH) },
    note: t("mail.escrow.note", { brand: brand.name }),
  });
  return { subject: t("mail.escrow.rejected.subject", plain(values)), html, text };
}

/** To the investor: the quarter's statement, attached when the mail is sent. */
export function statementEmail(input: { siteUrl: string; locale: Locale; name: string; period: string }): EmailContent {
  const { t, locale } = readerOf(input.locale);
  const values = { period: keepLtr(locale, input.period) };
  const { html, text } = layout({
    locale,
    preheader: t("mail.statement.mail.preheader", values),
    heading: t("mail.statement.mail.heading", values),
    paragraphs: [greeting(input.name.split(" ")[0] ?? null, locale), t("mail.statement.mail.text", values)],
    action: { label: t("mail.escrow.action"), url: pageUrl(input.siteUrl, locale, PORTFOLIO_PATH) },
    note: t("mail.escrow.note", { brand: brand.name }),
  });
  return { subject: t("mail.statement.mail.subject", plain(values)), html, text };
}


/** To a committed or interested investor: a project's progress update, in their language. */
export function progressUpdateEmail(input: { siteUrl: string; locale: Locale; name: string; opportunity: string; status: ProgressStatus; percent: number; text: string; updateId: string }): EmailContent {
  const { t, locale } = readerOf(input.locale);
  const values = { opportunity: keepOwn(locale, input.opportunity), status: t(PROGRESS_STATUS_KEYS[input.status]), percent: input.percent };
  const { html, text } = layout({
    locale,
    preheader: t("mail.progress.preheader", values),
    heading: t("mail.progress.heading", values),
    paragraphs: [greeting(input.name.split(" ")[0] ?? null, locale), t("mail.progress.status", values), ...input.text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean)],
    action: { label: t("mail.progress.action"), url: pageUrl(input.siteUrl, locale, progressUpdatePath(input.updateId)) },
    note: t("mail.progress.note", { brand: brand.name }),
  });
  return { subject: t("mail.progress.subject", plain(values)), html, text };
}
