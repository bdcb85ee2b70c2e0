import { Download } from "lucide-react";
import type { ReactNode } from "react";
import { useFetcher, useHref } from "react-router";
import { Button } from "~/components/ui/button";
import type { AdminActionResult } from "~/domain/action-result";
import { useT } from "~/i18n/i18n";

/*
 * The bulk actions of an admin table (issue 34, decision 041): a hidden form the rows'
 * checkboxes belong to (`form=` on each box), and the bar above the table that says how
 * many are selected, holds the list's own buttons and exports the selection as CSV. The
 * buttons post the form, so they work without JavaScript too.
 */

/** The form a table's row checkboxes post: its fetcher's `key` doubles as its element id. */
export function BulkForm({ id, action, intent }: { id: string; action: string; intent: string }) {
  const fetcher = useFetcher<AdminActionResult>({ key: id });
  return (
    <fetcher.Form id={id} method="post" action={action} className="hidden">
      <input type="hidden" name="intent" value={intent} />
    </fetcher.Form>
  );
}

/** Whether the bulk form `id` is being posted. */
export function useBulkBusy(id: string): boolean {
  return useFetcher({ key: id }).state !== "idle";
}

/**
 * The bar: the count selected, `children` (the list's own submit buttons, `form={id}`), and
 * Export selected, which downloads `exportPath?ids=…` while the list stays (a GET of the
 * same form without JavaScript).
 */
export function BulkBar({ id, selected, exportPath, children }: { id: string; selected: string[]; exportPath: string; children: ReactNode }) {
  const t = useT();
  const exportHref = useHref(exportPath);
  const none = selected.length === 0;
  return (
    <div role="group" aria-label={t("admin.table.bulkActions")} className="flex flex-wrap items-center gap-2">
      <span className="text-sm text-muted-foreground" aria-live="polite">
        {none ? t("admin.table.noneSelected") : t("admin.table.selected", { count: selected.length })}
      </span>
      {children}
      <Button
        type="submit"
        form={id}
        formMethod="get"
        formAction={exportHref}
        size="sm"
        variant="outline"
        disabled={none}
        onClick={(event) => {
          // A download, not a page: the browser fetches the file while the list stays.
          event.preventDefault();
          window.location.assign(`${exportHref}?${new URLSearchParams(selected.map((selectedId) => ["ids", selectedId]))}`);
        }}
      >
        <Download aria-hidden="true" /> {t("admin.table.exportSelected")}
      </Button>
    </div>
  );
}
