import { brand } from "~/domain/brand";
import type { MessageKey } from "~/i18n/i18n";
import type { Locale } from "~/i18n/locales";
import { keepLtr, layout, plainGreeting, readerOf, type EmailContent } from "./templates.server";

/**
 * Security notices (issue 13): sent to the account's own, verified address when something
 * about signing in changes, so the owner hears of it if it was not them. They carry only
 * the firm's text, the time, the server-observed address and a device name built from a
 * fixed list (app/domain/devices.ts); nothing anyone typed. Each is written in the
 * account's language (`user.locale`, issue 17); English when absent.
 */

interface NoticeInput {
  /** The account security page, absolute (in the reader's language). */
  securityUrl: string;
  /** When it happened, already formatted for the reader (the firm's time zone, their language). */
  when: string;
  /** The reader's language. */
  locale?: Locale;
}

function notice(
  input: NoticeInput,
  subject: MessageKey,
  heading: MessageKey,
  paragraphs: string[],
  options: { action?: { label: string; url: string }; preheader?: string } = {},
): EmailContent {
  const { t, locale } = readerOf(input.locale);
  const action = options.action ?? { label: t("mail.security.action"), url: input.securityUrl };
  const { html, text } = layout({
    locale,
    preheader: options.preheader ?? paragraphs[0]!,
    heading: t(heading),
    paragraphs: [plainGreeting(locale), ...paragraphs],
    action,
    note: t("mail.security.notYou", { email: brand.supportEmail }),
  });
  return { subject: t(subject, { brand: brand.name }), html, text, links: [action.url] };
}

export function newDeviceSignInEmail(input: NoticeInput & { device: string; ipAddress: string | null }): EmailContent {
  const { t, locale } = readerOf(input.locale);
  const seen = t("mail.security.newDevice.seen", { device: input.device, when: input.when });
  return notice(input, "mail.security.newDevice.subject", "mail.security.newDevice.heading", [
    t("mail.security.newDevice.lead", { brand: brand.name }),
    input.ipAddress ? `${seen} ${t("mail.security.newDevice.address", { address: keepLtr(locale, input.ipAddress) })}` : seen,
  ]);
}

export function passwordChangedEmail(input: NoticeInput): EmailContent {
  const { t } = readerOf(input.locale);
  return notice(input, "mail.security.passwordChanged.subject", "mail.security.passwordChanged.heading", [
    t("mail.security.passwordChanged.lead", { brand: brand.name, when: input.when }),
  ]);
}

/** To the old address when a change is asked for: the link itself goes to the new one. */
export function emailChangeRequestedEmail(input: NoticeInput & { newEmail: string }): EmailContent {
  const { t, locale } = readerOf(input.locale);
  return notice(input, "mail.security.emailChangeRequested.subject", "mail.security.emailChangeRequested.heading", [
    t("mail.security.emailChangeRequested.lead", { brand: brand.name, when: input.when, email: keepLtr(locale, input.newEmail) }),
    t("mail.security.emailChangeRequested.howItHappens"),
  ]);
}

/**
 * To the old address once the new one is confirmed, with the link that undoes the change
 * for 72 hours (issue 52, item 1): the old address comes back and every session ends.
 */
export function emailChangedEmail(input: NoticeInput & { newEmail: string; undoUrl: string; hours: number }): EmailContent {
  const { t, locale } = readerOf(input.locale);
  return notice(
    input,
    "mail.security.emailChanged.subject",
    "mail.security.emailChanged.heading",
    [
      t("mail.security.emailChanged.lead", { brand: brand.name, when: input.when, email: keepLtr(locale, input.newEmail) }),
      t("mail.security.emailChanged.undo", { hours: input.hours }),
    ],
    { action: { label: t("mail.security.emailChanged.undoAction"), url: input.undoUrl } },
  );
}

/** To the address that came back when a change was undone: every session was ended. */
export function emailChangeUndoneEmail(input: NoticeInput & { newEmail: string }): EmailContent {
  const { t, locale } = readerOf(input.locale);
  return notice(input, "mail.security.emailChangeUndone.subject", "mail.security.emailChangeUndone.heading", [
    t("mail.security.emailChangeUndone.lead", { brand: brand.name, when: input.when, email: keepLtr(locale, input.newEmail) }),
    t("mail.security.emailChangeUndone.next"),
  ]);
}

/**
 * The code that proves a change of address on an account without a password (it signs in
 * with Google or LinkedIn): to its current, verified address only, the code in the body
 * after what it is for, never in the subject or the preview.
 */
export function emailChangeCodeEmail(input: NoticeInput & { code: string; minutes: number }): EmailContent {
  const { t, locale } = readerOf(input.locale);
  return notice(
    input,
    "mail.security.emailChangeCode.subject",
    "mail.security.emailChangeCode.heading",
    [
      t("mail.security.emailChangeCode.lead", { brand: brand.name, when: input.when, minutes: input.minutes }),
      t("mail.security.emailChangeCode.codeLine", { code: keepLtr(locale, input.code) }),
      t("mail.security.emailChangeCode.warning"),
    ],
    { preheader: t("mail.security.emailChangeCode.preheader", { minutes: input.minutes }) },
  );
}

export function twoFactorDisabledEmail(input: NoticeInput): EmailContent {
  const { t } = readerOf(input.locale);
  return notice(input, "mail.security.twoFactorOff.subject", "mail.security.twoFactorOff.heading", [
    t("mail.security.twoFactorOff.lead", { brand: brand.name, when: input.when }),
  ]);
}

export function twoFactorEnabledEmail(input: NoticeInput): EmailContent {
  const { t } = readerOf(input.locale);
  return notice(input, "mail.security.twoFactorOn.subject", "mail.security.twoFactorOn.heading", [
    t("mail.security.twoFactorOn.lead", { brand: brand.name, when: input.when }),
  ]);
}

/** The link that confirms a new address: sent to that address only. */
export function confirmNewEmailEmail(input: { url: string; locale?: Locale }): EmailContent {
  const { t, locale } = readerOf(input.locale);
  const values = { brand: brand.name };
  const { html, text } = layout({
    locale,
    preheader: t("mail.confirmNewEmail.preheader", values),
    heading: t("mail.confirmNewEmail.heading"),
    paragraphs: [plainGreeting(locale), t("mail.confirmNewEmail.body", values)],
    action: { label: t("mail.confirmNewEmail.action"), url: input.url },
    note: t("mail.confirmNewEmail.note"),
  });
  return { subject: t("mail.confirmNewEmail.subject", values), html, text, links: [input.url] };
}
