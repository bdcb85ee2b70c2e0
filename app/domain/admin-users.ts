import { z } from "zod";

/** SPEC.md section 8, "Admin" / Users, verbatim. */
export const ADMIN_USER_TOASTS = {
  fetchFailed: "Failed to fetch user data",
  updateFailed: "Failed to update user role",
  removeFailed: "Failed to remove user role",
  updated: "User role updated successfully",
  removed: "User role removed successfully",
} as const;

/** SPEC.md section 4: none (no role row), user or admin. */
export const ROLE_CHOICES = ["none", "user", "admin"] as const;
export type RoleChoice = (typeof ROLE_CHOICES)[number];

export const ROLE_CHOICE_LABELS: Record<RoleChoice, string> = { none: "None", user: "User", admin: "Admin" };

/** Profiles per page in the admin list (paginated in SQL). */
export const ADMIN_USERS_PAGE_SIZE = 25;

export const adminUsersQuerySchema = z.object({
  upage: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});

export const roleChangeSchema = z.object({
  userId: z.string().trim().min(1).max(200),
  role: z.enum(ROLE_CHOICES),
});

/** Ours: the firm always keeps at least one admin. */
export const LAST_ADMIN_MESSAGE = "The firm must keep at least one admin. Make someone else an admin first.";

/** Ours: an admin lowering their own role could leave the firm with no admin at all. */
export const SELF_DEMOTION_MESSAGE = "You cannot remove or lower your own admin role.";

/** One profile as the admin Users tab shows it. */
export interface AdminUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: RoleChoice;
  createdAt: Date;
}
