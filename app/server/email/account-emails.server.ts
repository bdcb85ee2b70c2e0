import { brand } from "~/domain/brand";
import { layout, type EmailContent } from "./templates.server";

/**
 * The e-mail a deleted account's owner receives (issue 13, decision record 013). It goes to
 * the account's verified address and says only what the firm says: no name, no text anyone
 * typed, so the mail can never carry someone else's words.
 */
export function accountDeletedEmail(input: { siteUrl: string }): EmailContent {
  const { html, text } = layout({
    preheader: `Your ${brand.name} account and its personal details have been removed.`,
    heading: "Your account has been deleted",
    paragraphs: [
      "Hello,",
      `As you asked, we have deleted your ${brand.name} account: your profile, your sign-in details and every session on every device.`,
      "We keep the records of consultations and enquiries that we must hold as a business, with your name, email address, phone number and messages removed from them.",
      `If you did not ask for this, please write to ${brand.supportEmail} straight away.`,
    ],
    action: { label: `Visit ${brand.name}`, url: input.siteUrl },
    note: "This is the last email we send about this account. You are welcome to create a new account at any time.",
  });
  return { subject: `Your ${brand.name} account has been deleted`, html, text };
}
