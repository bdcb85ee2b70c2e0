import { Link, useFetcher } from "react-router";
import { toast } from "~/components/ui/toaster";
import { ADMIN_USER_TOASTS, ADMIN_USERS_PAGE_SIZE, ROLE_CHOICE_LABELS, ROLE_CHOICES } from "~/domain/admin-users";
import { formatBookedDate } from "~/domain/booking-labels";
import type { AdminActionResult } from "~/domain/action-result";
import { useActionResult } from "./use-action-result";
import type { AdminUser } from "~/domain/admin-users";

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
  const pages = Math.max(1, Math.ceil(total / ADMIN_USERS_PAGE_SIZE));
  return (
    <section aria-labelledby="admin-users-heading" className="space-y-6">
      <h2 id="admin-users-heading" className="font-serif text-2xl font-semibold">
        Users <span className="text-base font-normal text-muted-foreground">({total})</span>
      </h2>
      {users.length === 0 ? (
        <p className="rounded-xl border border-dashed bg-card p-10 text-center text-muted-foreground">{failed ? ADMIN_USER_TOASTS.fetchFailed : "No users yet"}</p>
      ) : (
        <ul className="divide-y rounded-xl border bg-card shadow-sm">
          {users.map((u) => (
            <li key={u.id}>
              <UserRow user={u} isSelf={u.id === viewerId} timeZone={timeZone} />
            </li>
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav aria-label="Users pages" className="flex items-center justify-between text-sm">
          {page > 1 ? <Link to={`?tab=users&upage=${page - 1}`}>Newer</Link> : <span />}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages ? <Link to={`?tab=users&upage=${page + 1}`}>Older</Link> : <span />}
        </nav>
      ) : null}
    </section>
  );
}

function useRoleChangeToasts() {
  useActionResult(ROLE_FETCHER, (result, sent) => {
    // SPEC.md has its own toasts for a removal (the choice none).
    const removed = sent?.get("role") === "none";
    if (result.ok) toast.success(removed ? ADMIN_USER_TOASTS.removed : ADMIN_USER_TOASTS.updated);
    else toast.error(removed ? ADMIN_USER_TOASTS.removeFailed : ADMIN_USER_TOASTS.updateFailed, { description: result.message });
  });
}

function UserRow({ user, isSelf, timeZone }: { user: AdminUser; isSelf: boolean; timeZone: string }) {
  const fetcher = useFetcher<AdminActionResult>({ key: ROLE_FETCHER });
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ") || user.email;
  const mine = fetcher.state !== "idle" && fetcher.formData?.get("userId") === user.id;
  const shown = (mine ? fetcher.formData?.get("role") : null) ?? user.role;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 p-4">
      <div>
        <p className="font-medium">
          {name} {isSelf ? <span className="text-sm font-normal text-muted-foreground">(you)</span> : null}
        </p>
        <p className="text-sm text-muted-foreground">
          {user.email} · joined {formatBookedDate(user.createdAt, timeZone)}
        </p>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <span className="sr-only">Role of {name}</span>
        <select
          className="h-9 rounded-md border border-input bg-background px-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/50"
          value={String(shown)}
          disabled={mine || isSelf}
          title={isSelf ? "You cannot change your own role" : undefined}
          onChange={(e) => void fetcher.submit({ intent: "user-role", userId: user.id, role: e.currentTarget.value }, { method: "post" })}
        >
          {ROLE_CHOICES.map((role) => (
            <option key={role} value={role}>
              {ROLE_CHOICE_LABELS[role]}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
