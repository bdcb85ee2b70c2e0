import { z } from "zod";
import type { MessageKey } from "~/i18n/i18n";
import { emailSchema } from "./auth-validation";

/**
 * Advisers' own accounts (issue 37, decision 049): an admin invites an adviser by address
 * from the Team page; the invitation's link sets their password; their workspace opens once
 * two-factor sign-in is on. Removing access takes the role away and ends their sessions.
 */

/** How long an invitation's link works, in days: long enough for a week's travel. */
export const ADVISER_INVITE_DAYS = 7;

export const adviserInviteSchema = z.object({ id: z.uuid("team.admin.toast.notFound"), email: emailSchema });
export type AdviserInviteValues = z.infer<typeof adviserInviteSchema>;

/** Ours: why an invitation or a removal was refused, and what was done (message keys). */
export const ADVISER_ACCOUNT_MESSAGES = {
  emailTaken: "team.admin.account.emailTaken",
  otherAddress: "team.admin.account.otherAddress",
  alreadyActive: "team.admin.account.alreadyActive",
  invited: "team.admin.account.invited",
  removed: "team.admin.account.removed",
  failed: "team.admin.account.failed",
} as const satisfies Record<string, MessageKey>;

/** The first and last name an account is made with, from the adviser's name as the Team page keeps it. */
export function accountNames(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { firstName: words[0] ?? name.trim(), lastName: words[0] ?? name.trim() };
  return { firstName: words[0]!, lastName: words.slice(1).join(" ") };
}
