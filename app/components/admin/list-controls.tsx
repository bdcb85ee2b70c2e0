import { ChevronLeft, ChevronRight, Search } from "lucide-react";
import type { OptionHTMLAttributes, ReactNode } from "react";
import { Form, Link, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Input } from "~/components/ui/input";
import { LIST_SEARCH_MAX } from "~/domain/admin-table";
import { listPageLink, type ListPage } from "~/domain/list-page";
import { useT } from "~/i18n/i18n";

/** A native select in the admin's forms (h-9, like the inputs); `w-full` inside a form grid. */
export const adminSelectClass =
  "h-9 rounded-md border border-input bg-background px-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/50";

/** The parameters a list's form carries unchanged (the tab, the order, another filter), as hidden fields. */
function KeptFields({ keep }: { keep: Record<string, string | undefined> }) {
  return Object.entries(keep).map(([name, kept]) => (kept ? <input key={name} type="hidden" name={name} value={kept} /> : null));
}

/**
 * A list's view as one GET form, so the view is the address and it works without
 * JavaScript: the parameters it keeps, its filters (FilterSelect, as children) and a search
 * box with its button. Each field is drawn afresh for each view, so going back shows its own.
 */
export function ListSearch({
  keep,
  search,
  label,
  className = "flex min-w-0 basis-full items-end gap-2 sm:basis-auto",
  children,
}: {
  keep: Record<string, string | undefined>;
  search: { label: string; value: string; placeholder: string; button: string; width?: string; maxLength?: number };
  /** The form's name, where the page has more than one search. */
  label?: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <Form method="get" role="search" aria-label={label} className={className} preventScrollReset>
      <KeptFields keep={keep} />
      {children}
      {/* Beside filters, the search takes a line of its own on a phone rather than squeeze. */}
      <label className={cn("grid min-w-0 flex-1 gap-1 text-sm font-medium", children && "basis-full sm:basis-auto")}>
        {search.label}
        <Input key={search.value} name="q" type="search" defaultValue={search.value} maxLength={search.maxLength ?? LIST_SEARCH_MAX} placeholder={search.placeholder} className={search.width ?? "md:w-64"} />
      </label>
      <Button type="submit" variant="outline">
        <Search aria-hidden="true" /> {search.button}
      </Button>
    </Form>
  );
}

/** One choice of a FilterSelect: its value, its name, and (for a title typed in one language) its lang and dir. */
export interface FilterOption extends Pick<OptionHTMLAttributes<HTMLOptionElement>, "lang" | "dir"> {
  value: string;
  label: string;
}

/** A filter of a list's form (ListSearch, StatusFilter): a select that applies on change; "" is every row. */
export function FilterSelect({
  name,
  label,
  value,
  allLabel,
  options,
  wide = false,
}: {
  name: string;
  label: string;
  value: string | undefined;
  allLabel: string;
  options: readonly FilterOption[];
  /** A whole line on a phone, 14rem beside the search from sm up (a document's title). */
  wide?: boolean;
}) {
  const submit = useSubmit();
  return (
    <label className={cn("grid min-w-0 gap-1 text-sm font-medium", wide && "basis-full sm:basis-auto")}>
      {label}
      <select
        key={value ?? ""}
        name={name}
        defaultValue={value ?? ""}
        className={cn(adminSelectClass, wide && "w-full min-w-0 sm:w-56")}
        onChange={(e) => void submit(e.currentTarget.form, { preventScrollReset: true })}
      >
        <option value="">{allLabel}</option>
        {options.map(({ value: option, label: name, ...text }) => (
          <option key={option} value={option} {...text}>
            {name}
          </option>
        ))}
      </select>
    </label>
  );
}

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
  const t = useT();
  return (
    <Form method="get" className="flex items-end gap-2" preventScrollReset>
      <KeptFields keep={keep} />
      <FilterSelect name="status" label={t("admin.list.status")} value={value} allLabel={allLabel} options={statuses.map((s) => ({ value: s, label: label(s) }))} />
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

/** The Pager of a keyset-paged list (list-page.ts), its links keeping the list's `filters` (and, on a page of several lists, going to its `hash`). */
export function ListPager({ label, list, pageSize, filters, hash }: { label: string; list: ListPage<unknown>; pageSize: number; filters: Record<string, string | undefined>; hash?: string }) {
  const link = (page: number, direction: "older" | "newer", cursor: string | null) => cursor && `${listPageLink(filters, page, direction, cursor)}${hash ? `#${hash}` : ""}`;
  return (
    <Pager
      label={label}
      page={list.page}
      // "Page 3 of 12" while the total is known; past the count's bound, "Page 3".
      pages={list.totalIsAtLeast ? undefined : Math.max(list.page, Math.ceil(list.total / pageSize))}
      newer={link(list.page - 1, "newer", list.newer)}
      older={link(list.page + 1, "older", list.older)}
    />
  );
}
