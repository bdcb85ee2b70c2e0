import { LogOut, MailCheck } from "lucide-react";
import { Link, useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toaster";
import { TypedText } from "~/components/ui/typed-text";
import type { AdminActionResult } from "~/domain/action-result";
import { ADMIN_USER_TOASTS, ADMIN_USERS_PAGE_SIZE, ROLE_CHOICE_LABELS, ROLE_CHOICES, type AdminUser, type AdminUsersQuery } from "~/domain/admin-users";
import { viewLink } from "~/domain/list-page";
import { useT, useTranslateMessage } from "~/i18n/i18n";
import { isLocale, LOCALE_NAMES } from "~/i18n/locales";
import { RichText, standIns } from "~/i18n/rich-text";
import { AdminTable, otherOrderLink, type AdminColumn } from "./admin-table";
import { adminSelectClass, ListSearch, Pager } from "./list-controls";
import { useActionResult } from "./use-action-result";
import { useAdminFormat } from "./use-admin-format";
import { StepUpNotice, useStepUpFresh } from "./step-up-field";

const ROLE_FETCHER = "admin-user-role";
const USER_ACTION_FETCHER = "admin-user-action";

/**
 * SPEC.md section 2, /admin Users: every profile with a role select (none, user, admin),
 * as a table (issue 34): with each account's plan, whether its address is verified, two-factor
 * sign-in, its last sign-in and its language; the verification mail sent again, and every
 * session ended, from the row.
 */
export function AdminUsersTab({
  query,
  total,
  users,
  failed,
  viewerId,
  timeZone,
  hidden,
}: {
  query: AdminUsersQuery;
  total: number;
  users: AdminUser[];
  failed: boolean;
  viewerId: string;
  timeZone: string;
  hidden: readonly string[];
}) {
  useRoleChangeToasts();
  useUserActionToasts();
  const t = useT();
  const format = useAdminFormat(timeZone);
  const columns = useUserColumns(viewerId, timeZone);
  const pages = Math.max(1, Math.ceil(total / ADMIN_USERS_PAGE_SIZE));
  const page = query.upage;
  const view = { tab: "users", q: query.q || undefined, sort: query.sort === "oldest" ? "oldest" : undefined };
  const pageLink = (n: number) => viewLink({ ...view, upage: String(n) });
  return (
    <section aria-labelledby="admin-users-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="admin-users-heading" className="font-serif text-2xl font-semibold">
          {t("admin.users.title")} <span className="text-base font-normal text-muted-foreground">({format.count(total)})</span>
        </h2>
        <ListSearch
          keep={{ tab: "users", sort: view.sort }}
          search={{ label: t("admin.users.search"), value: query.q, placeholder: t("admin.users.searchPlaceholder"), button: t("admin.messages.searchButton") }}
          className="flex w-full min-w-0 items-end gap-2 sm:w-auto"
        />
      </div>
      {/* A role changes only with a fresh second factor (decision 058); a menu cannot carry a code. */}
      <StepUpNotice back={`/admin${pageLink(page)}`} message="admin.stepUp.rolesNotice" />
      {users.length === 0 ? (
        <p className="rounded-xl border border-dashed bg-card p-10 text-center text-muted-foreground">
          {failed ? t(ADMIN_USER_TOASTS.fetchFailed) : query.q ? t("admin.users.noMatch", { q: query.q }) : t("admin.users.none")}
        </p>
      ) : (
        <AdminTable
          table="users"
          label={t("admin.users.title")}
          rows={users}
          rowId={(u) => u.id}
          rowLabel={(u) => displayName(u)}
          columns={columns}
          hidden={hidden}
          sort={{ value: query.sort, toggle: otherOrderLink(view, query.sort) }}
          phoneLine={(u) => <UserPhoneLine user={u} timeZone={timeZone} />}
        />
      )}
      {query.q ? (
        <p className="text-sm">
          <Link to="?tab=users" className="font-medium text-primary underline-offset-4 hover:underline">
            {t("admin.users.showAll")}
          </Link>
        </p>
      ) : null}
      {pages > 1 ? <Pager label={t("admin.users.pages")} page={page} pages={pages} newer={page > 1 ? pageLink(page - 1) : null} older={page < pages ? pageLink(page + 1) : null} /> : null}
    </section>
  );
}

const displayName = (u: AdminUser) => [u.firstName, u.lastName].filter(Boolean).join(" ") || u.email;
const languageName = (locale: string) => (isLocale(locale) ? LOCALE_NAMES[locale] : locale);

function useRoleChangeToasts() {
  const t = useT();
  useActionResult(ROLE_FETCHER, (result, sent) => {
    // SPEC.md has its own toasts for a removal (the choice none).
    const removed = sent?.get("role") === "none";
    if (result.ok) toast.success(t(removed ? ADMIN_USER_TOASTS.removed : ADMIN_USER_TOASTS.updated));
    else toast.error(t(removed ? ADMIN_USER_TOASTS.removeFailed : ADMIN_USER_TOASTS.updateFailed), { description: result.message });
  });
}

function useUserActionToasts() {
  const t = useT();
  const say = useTranslateMessage();
  useActionResult(USER_ACTION_FETCHER, (result, sent) => {
    const resend = sent?.get("intent") === "user-resend-verification";
    if (result.ok) toast.success(resend ? t("admin.users.resent") : t("admin.users.sessionsEnded", { count: result.changed ?? 0 }));
    else toast.error(say(resend ? "admin.users.resendFailed" : "admin.users.endSessionsFailed"), { description: result.message });
  });
}

/** A user's facts on one line of its phone card: plan, verification, two-factor. */
function UserPhoneLine({ user, timeZone }: { user: AdminUser; timeZone: string }) {
  const t = useT();
  const format = useAdminFormat(timeZone);
  return (
    <span className="block truncate">
      {user.plan ? <TypedText text={user.plan} /> : t("admin.booking.noPlan")} · {user.verified ? t("admin.booking.verified") : t("admin.booking.unverified")} ·{" "}
      {user.lastSignIn ? format.day(user.lastSignIn) : t("admin.users.neverSignedIn")}
    </span>
  );
}

function useUserColumns(viewerId: string, timeZone: string): AdminColumn<AdminUser>[] {
  const t = useT();
  const format = useAdminFormat(timeZone);
  const yesNo = (on: boolean, yes: string, no: string) => <Badge variant={on ? "secondary" : "outline"}>{on ? yes : no}</Badge>;
  return [
    {
      id: "person",
      header: t("admin.users.column.person"),
      phone: "title",
      cell: (u) => (
        <div className="min-w-0">
          <p className="font-medium">
            <TypedText text={displayName(u)} name /> {u.id === viewerId ? <span className="text-sm font-normal text-muted-foreground">{t("admin.users.you")}</span> : null}
          </p>
          <p className="truncate text-muted-foreground max-md:hidden">
            <span dir="ltr">{u.email}</span>
          </p>
        </div>
      ),
    },
    { id: "plan", header: t("admin.booking.plan"), cell: (u) => (u.plan ? <TypedText text={u.plan} /> : <span className="text-muted-foreground">{t("admin.booking.noPlan")}</span>) },
    { id: "verified", header: t("admin.users.column.verified"), cell: (u) => yesNo(u.verified, t("admin.booking.verified"), t("admin.booking.unverified")) },
    { id: "twoFactor", header: t("admin.users.column.twoFactor"), cell: (u) => yesNo(u.twoFactor, t("admin.users.twoFactorOn"), t("admin.users.twoFactorOff")) },
    {
      id: "lastSignIn",
      header: t("admin.users.column.lastSignIn"),
      className: "whitespace-nowrap",
      cell: (u) => (u.lastSignIn ? format.moment(u.lastSignIn) : <span className="text-muted-foreground">{t("admin.users.neverSignedIn")}</span>),
    },
    { id: "language", header: t("admin.users.column.language"), cell: (u) => <span lang={u.locale}>{languageName(u.locale)}</span> },
    { id: "joined", header: t("admin.booking.joined"), sortable: true, className: "whitespace-nowrap", cell: (u) => format.day(u.createdAt) },
    { id: "role", header: t("admin.users.column.role"), phone: "aside", cell: (u) => <RoleSelect user={u} isSelf={u.id === viewerId} /> },
    { id: "actions", header: t("admin.table.actions"), phone: "actions", cell: (u) => <UserActions user={u} isSelf={u.id === viewerId} /> },
  ];
}

function RoleSelect({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const fetcher = useFetcher<AdminActionResult>({ key: ROLE_FETCHER });
  const t = useT();
  const fresh = useStepUpFresh();
  const name = displayName(user);
  const mine = fetcher.state !== "idle" && fetcher.formData?.get("userId") === user.id;
  const shown = (mine ? fetcher.formData?.get("role") : null) ?? user.role;
  // An adviser's access comes and goes with their invitation in the Team area.
  if (user.role === "adviser") return <span className="text-sm">{t("admin.users.role.adviser")}</span>;
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="sr-only">
        <RichText message={t("admin.users.roleOf", standIns("name"))} elements={{ name: <TypedText text={name} name /> }} />
      </span>
      <select
        className={adminSelectClass}
        value={String(shown)}
        disabled={mine || isSelf || !fresh}
        title={isSelf ? t("admin.users.ownRole") : !fresh ? t("admin.stepUp.rolesNotice") : undefined}
        onChange={(e) => void fetcher.submit({ intent: "user-role", userId: user.id, role: e.currentTarget.value }, { method: "post", action: "/admin?tab=users" })}
      >
        {ROLE_CHOICES.map((role) => (
          <option key={role} value={role}>
            {t(ROLE_CHOICE_LABELS[role])}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Resend the verification mail (an address not yet verified) and end every session (anyone but oneself). */
function UserActions({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const fetcher = useFetcher<AdminActionResult>({ key: USER_ACTION_FETCHER });
  const t = useT();
  const name = displayName(user);
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("userId") === user.id;
  return (
    <div className="flex flex-wrap items-center gap-1 md:justify-end">
      {!user.verified ? (
        <fetcher.Form method="post" action="/admin?tab=users">
          <input type="hidden" name="intent" value="user-resend-verification" />
          <input type="hidden" name="userId" value={user.id} />
          <Button type="submit" size="sm" variant="ghost" disabled={busy} aria-label={t("admin.users.resendOf", { name })} title={t("admin.users.resend")}>
            <MailCheck aria-hidden="true" /> <span className="max-xl:sr-only">{t("admin.users.resend")}</span>
          </Button>
        </fetcher.Form>
      ) : null}
      {!isSelf ? (
        <fetcher.Form method="post" action="/admin?tab=users">
          <input type="hidden" name="intent" value="user-end-sessions" />
          <input type="hidden" name="userId" value={user.id} />
          <Button type="submit" size="sm" variant="ghost" disabled={busy} aria-label={t("admin.users.endSessionsOf", { name })} title={t("admin.users.endSessions")}>
            <LogOut aria-hidden="true" /> <span className="max-xl:sr-only">{t("admin.users.endSessions")}</span>
          </Button>
        </fetcher.Form>
      ) : null}
    </div>
  );
}
