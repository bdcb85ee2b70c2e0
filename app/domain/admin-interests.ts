import type { MessageKey } from "~/i18n/i18n";

/**
 * The /admin/interests toasts as message keys of the admin catalogue (the English is
 * interests.ts' ADMIN_INTEREST_TOASTS).
 */
export const ADMIN_INTEREST_TOAST_KEYS = {
  fetchFailed: "admin.interests.toast.fetchFailed",
  updateFailed: "admin.interests.toast.updateFailed",
  updated: "admin.interests.toast.updated",
} as const satisfies Record<string, MessageKey>;
