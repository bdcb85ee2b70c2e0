import { z } from "zod";
import { listViewSchema } from "./admin-table";
import type { MessageKey } from "~/i18n/i18n";

/** SPEC.md section 8, "Admin" / Users: message keys (the English is verbatim). */
export const ADMIN_USER_TOASTS = {
  fetchFailed: "admin.users.toast.fetchFailed",
  updateFailed: "admin.users.toast.updateFailed",
  removeFailed: "admin.users.toast.removeFailed",
  updated: "admin.users.toast.updated",
  removed: "admin.users.toast.removed",
} as const satisfies Record<string, MessageKey>;

/** SPEC.md section 4: none (no role row), user or admin. */
export const ROLE_CHOICES = ["none", "user", "admin"] as const;
export type RoleChoice = (typeof ROLE_CHOICES)[number];

export const ROLE_CHOICE_LABELS: Record<RoleChoice, MessageKey> = { none: "admin.users.role.none", user: "admin.users.role.user", admin: "admin.users.role.admin" };

/**
 * A role as the Users tab shows one: a choice, or "adviser" (issue 37), which is given and
 * taken away with the adviser's invitation in the Team area, not from this list.
 */
export type AccountRole = RoleChoice | "adviser";

/** Ours: an adviser's account is managed from the Team area (a message key). */
export const ADVISER_ROLE_MESSAGE = "admin.users.adviserRole" satisfies MessageKey;

/** Profiles per page in the admin list (paginated in SQL). */
export const ADMIN_USERS_PAGE_SIZE = 25;

/** ?q= (a name or e-mail), ?sort= (by when they joined) and ?upage=: the users list is paged by number, not keyset (its ids are not ordered). */
export const adminUsersQuerySchema = listViewSchema.extend({
  upage: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const roleChangeSchema = z.object({
  userId: z.string().trim().min(1).max(200),
  role: z.enum(ROLE_CHOICES),
});

/** Ours: the firm always keeps at least one admin (a message key). */
export const LAST_ADMIN_MESSAGE = "admin.users.lastAdmin" satisfies MessageKey;

/** Ours: an admin lowering their own role could leave the firm with no admin at all (a message key). */
export const SELF_DEMOTION_MESSAGE = "admin.users.selfDemotion" satisfies MessageKey;

/** One profile as the admin Users tab shows it. */
export interface AdminUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: AccountRole;
  createdAt: Date;
  verified: boolean;
  twoFactor: boolean;
  /** The language of the account's mails. */
  locale: string;
  /** The newest sign-in on any device; null before the first. */
  lastSignIn: Date | null;
  /** The plan that entitles the account, or null. */
  plan: string | null;
}

/** An admin's action on a user (resend verification, end sessions): the user's id. */
export const userActionSchema = z.object({ userId: z.string().trim().min(1).max(200) });
