import { ChevronLeft, ChevronRight } from "lucide-react";
import { Form, Link, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { listPageLink, type ListPage } from "~/domain/list-page";
import { useT } from "~/i18n/i18n";

/** A native select in the admin's forms (h-9, like the inputs); `w-full` inside a form grid. */
export const adminSelectClass =
  "h-9 rounded-md border border-input bg-background px-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/50";

/**
 * A list's status filter: a GET form that applies on change (and with a Filter button
 * when JavaScript is off), keeping the page's other parameters.
 */
export function StatusFilter<S extends string>({
  value,
  statuses,
  label,
  allLabel,
  keep,
}: {
  value: S | undefined;
  statuses: readonly S[];
  label: (status: S) => string;
  allLabel: string;
  /** Parameters the filter keeps (the tab, the opportunity). */
  keep: Record<string, string | undefined>;
}) {
  const submit = useSubmit();
  const t = useT();
  return (
    <Form method="get" className="flex items-end gap-2" preventScrollReset>
      {Object.entries(keep).map(([name, kept]) => (kept ? <input key={name} type="hidden" name={name} value={kept} /> : null))}
      <label className="grid gap-1 text-sm font-medium">
        {t("admin.list.status")}
        <select name="status" defaultValue={value ?? ""} className={adminSelectClass} onChange={(e) => void submit(e.currentTarget.form)}>
          <option value="">{allLabel}</option>
          {statuses.map((s) => (
            <option key={s} value={s}>
              {label(s)}
            </option>
          ))}
        </select>
      </label>
      <noscript>
        <Button type="submit" variant="outline" size="sm">
          {t("admin.list.filter")}
        </Button>
      </noscript>
    </Form>
  );
}

/** Newer / Page N (of M) / Older links under a list, newest first; a link is left out where there is nothing that way. */
export function Pager({ label, page, pages, newer, older }: { label: string; page: number; pages?: number; newer?: string | null; older?: string | null }) {
  const t = useT();
  if (!newer && !older) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between text-sm">
      {newer ? (
        <Link to={newer} rel="prev" className="inline-flex items-center gap-1 hover:underline">
          <ChevronLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" /> {t("admin.list.newer")}
        </Link>
      ) : (
        <span />
      )}
      <span>{pages ? t("admin.list.pageOf", { page, pages }) : t("admin.list.page", { page })}</span>
      {older ? (
        <Link to={older} rel="next" className="inline-flex items-center gap-1 hover:underline">
          {t("admin.list.older")} <ChevronRight className="size-4 rtl:-scale-x-100" aria-hidden="true" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** The Pager of a keyset-paged list (list-page.ts), its links keeping the list's `filters`. */
export function ListPager({ label, list, pageSize, filters }: { label: string; list: ListPage<unknown>; pageSize: number; filters: Record<string, string | undefined> }) {
  return (
    <Pager
      label={label}
      page={list.page}
      // "Page 3 of 12" while the total is known; past the count's bound, "Page 3".
      pages={list.totalIsAtLeast ? undefined : Math.max(list.page, Math.ceil(list.total / pageSize))}
      newer={list.newer && listPageLink(filters, list.page - 1, "newer", list.newer)}
      older={list.older && listPageLink(filters, list.page + 1, "older", list.older)}
    />
  );
}
