import { useFetcher } from "react-router";
import { toast } from "~/components/ui/toaster";
import { ADMIN_USER_TOASTS, ADMIN_USERS_PAGE_SIZE, ROLE_CHOICE_LABELS, ROLE_CHOICES } from "~/domain/admin-users";
import type { AdminActionResult } from "~/domain/action-result";
import { useDateLocale } from "~/i18n/date-locales";
import { useT } from "~/i18n/i18n";
import { formatDayInZone } from "~/domain/booking-labels";
import { adminSelectClass, Pager } from "./list-controls";
import { useActionResult } from "./use-action-result";
import type { AdminUser } from "~/domain/admin-users";
import { TypedText } from "~/components/ui/typed-text";
import { RichText, standIns } from "~/i18n/rich-text";

const ROLE_FETCHER = "admin-user-role";

/** SPEC.md section 2, /admin Users: every profile with a role select (none, user, admin). */
export function AdminUsersTab({
  page,
  total,
  users,
  failed,
  viewerId,
  timeZone,
}: {
  page: number;
  total: number;
  users: AdminUser[];
  failed: boolean;
  viewerId: string;
  timeZone: string;
}) {
  useRoleChangeToasts();
  const t = useT();
  const pages = Math.max(1, Math.ceil(total / ADMIN_USERS_PAGE_SIZE));
  return (
    <section aria-labelledby="admin-users-heading" className="space-y-6">
      <h2 id="admin-users-heading" className="font-serif text-2xl font-semibold">
        {t("admin.users.title")} <span className="text-base font-normal text-muted-foreground">({total})</span>
      </h2>
      {users.length === 0 ? (
        <p className="rounded-xl border border-dashed bg-card p-10 text-center text-muted-foreground">{failed ? t(ADMIN_USER_TOASTS.fetchFailed) : t("admin.users.none")}</p>
      ) : (
        <ul className="divide-y rounded-xl border bg-card shadow-sm">
          {users.map((u) => (
            <li key={u.id}>
              <UserRow user={u} isSelf={u.id === viewerId} timeZone={timeZone} />
            </li>
          ))}
        </ul>
      )}
      {pages > 1 ? <Pager label={t("admin.users.pages")} page={page} pages={pages} newer={page > 1 ? `?tab=users&upage=${page - 1}` : null} older={page < pages ? `?tab=users&upage=${page + 1}` : null} /> : null}
    </section>
  );
}

function useRoleChangeToasts() {
  const t = useT();
  useActionResult(ROLE_FETCHER, (result, sent) => {
    // SPEC.md has its own toasts for a removal (the choice none).
    const removed = sent?.get("role") === "none";
    if (result.ok) toast.success(t(removed ? ADMIN_USER_TOASTS.removed : ADMIN_USER_TOASTS.updated));
    else toast.error(t(removed ? ADMIN_USER_TOASTS.removeFailed : ADMIN_USER_TOASTS.updateFailed), { description: result.message });
  });
}

function UserRow({ user, isSelf, timeZone }: { user: AdminUser; isSelf: boolean; timeZone: string }) {
  const fetcher = useFetcher<AdminActionResult>({ key: ROLE_FETCHER });
  const t = useT();
  const dateLocale = useDateLocale();
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ") || user.email;
  const mine = fetcher.state !== "idle" && fetcher.formData?.get("userId") === user.id;
  const shown = (mine ? fetcher.formData?.get("role") : null) ?? user.role;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 p-4">
      <div>
        <p className="font-medium">
          <TypedText text={name} name /> {isSelf ? <span className="text-sm font-normal text-muted-foreground">{t("admin.users.you")}</span> : null}
        </p>
        <p className="text-sm text-muted-foreground">
          <span dir="ltr">{user.email}</span> · {t("admin.users.joined", { date: formatDayInZone(user.createdAt, timeZone, dateLocale) })}
        </p>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <span className="sr-only"><RichText message={t("admin.users.roleOf", standIns("name"))} elements={{ name: <TypedText text={name} name /> }} /></span>
        <select
          className={adminSelectClass}
          value={String(shown)}
          disabled={mine || isSelf}
          title={isSelf ? t("admin.users.ownRole") : undefined}
          onChange={(e) => void fetcher.submit({ intent: "user-role", userId: user.id, role: e.currentTarget.value }, { method: "post" })}
        >
          {ROLE_CHOICES.map((role) => (
            <option key={role} value={role}>
              {t(ROLE_CHOICE_LABELS[role])}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
