import { brand } from "~/domain/brand";
import { layout, type EmailContent } from "./templates.server";

/**
 * Security notices (issue 13): sent to the account's own, verified address when something
 * about signing in changes, so the owner hears of it if it was not them. They carry only
 * the firm's text, the time, the server-observed address and a device name built from a
 * fixed list (app/domain/devices.ts); nothing anyone typed.
 */

interface NoticeInput {
  /** The account security page, absolute. */
  securityUrl: string;
  /** When it happened, already formatted for the reader (the firm's time zone). */
  when: string;
}

const NOT_YOU = `If this was not you, change your password now and write to ${brand.supportEmail}.`;

function notice(subject: string, heading: string, paragraphs: string[], url: string): EmailContent {
  const { html, text } = layout({
    preheader: paragraphs[0]!,
    heading,
    paragraphs: ["Hello,", ...paragraphs],
    action: { label: "Review your account security", url },
    note: NOT_YOU,
  });
  return { subject, html, text, links: [url] };
}

export function newDeviceSignInEmail(input: NoticeInput & { device: string; ipAddress: string | null }): EmailContent {
  return notice(
    `New sign-in to your ${brand.name} account`,
    "New sign-in to your account",
    [
      `Your ${brand.name} account was signed in to from a device it has not used before.`,
      `Device: ${input.device}. Time: ${input.when}.${input.ipAddress ? ` Network address: ${input.ipAddress}.` : ""}`,
    ],
    input.securityUrl,
  );
}

export function passwordChangedEmail(input: NoticeInput): EmailContent {
  return notice(
    `Your ${brand.name} password was changed`,
    "Your password was changed",
    [`The password of your ${brand.name} account was changed on ${input.when}. Every other device was signed out.`],
    input.securityUrl,
  );
}

/** To the old address when a change is asked for: the link itself goes to the new one. */
export function emailChangeRequestedEmail(input: NoticeInput & { newEmail: string }): EmailContent {
  return notice(
    `A change of your ${brand.name} e-mail address was requested`,
    "E-mail change requested",
    [
      `On ${input.when} someone signed in to your ${brand.name} account asked to change its e-mail address to ${input.newEmail}.`,
      "The change happens only when the link we sent to the new address is opened.",
    ],
    input.securityUrl,
  );
}

/** To the old address once the new one is confirmed. */
export function emailChangedEmail(input: NoticeInput & { newEmail: string }): EmailContent {
  return notice(
    `Your ${brand.name} e-mail address was changed`,
    "Your e-mail address was changed",
    [`On ${input.when} the e-mail address of your ${brand.name} account was changed to ${input.newEmail}. We will write to the new address from now on.`],
    input.securityUrl,
  );
}

export function twoFactorDisabledEmail(input: NoticeInput): EmailContent {
  return notice(
    `Two-factor sign-in was turned off for your ${brand.name} account`,
    "Two-factor sign-in turned off",
    [`Two-factor sign-in was turned off for your ${brand.name} account on ${input.when}. Signing in now needs only your password.`],
    input.securityUrl,
  );
}

export function twoFactorEnabledEmail(input: NoticeInput): EmailContent {
  return notice(
    `Two-factor sign-in is on for your ${brand.name} account`,
    "Two-factor sign-in turned on",
    [`Two-factor sign-in was turned on for your ${brand.name} account on ${input.when}. Signing in with your password now also asks for a code from your authenticator app.`],
    input.securityUrl,
  );
}

/** The link that confirms a new address: sent to that address only. */
export function confirmNewEmailEmail(input: { url: string }): EmailContent {
  const { html, text } = layout({
    preheader: `Confirm this address for your ${brand.name} account.`,
    heading: "Confirm your new e-mail address",
    paragraphs: [
      "Hello,",
      `You asked to use this address for your ${brand.name} account. Confirm it with the button below; until then we keep writing to your current address.`,
    ],
    action: { label: "Confirm new e-mail address", url: input.url },
    note: "This link expires in 24 hours. If you did not ask for this, ignore this email: nothing changes.",
  });
  return { subject: `Confirm your new e-mail address for ${brand.name}`, html, text, links: [input.url] };
}
