import { columnVisibilityFeature, rowSelectionFeature, tableFeatures, useTable, type ColumnDef, type RowSelectionState } from "@tanstack/react-table";
import { ArrowDown, ArrowUp, Columns3 } from "lucide-react";
import { useMemo, useState, type ReactNode } from "react";
import { Link, useFetcher } from "react-router";
import { cn } from "~/components/ui/cn";
import { Button } from "~/components/ui/button";
import { HIDEABLE_COLUMNS, type AdminTableKey, type ListSort } from "~/domain/admin-table";
import { viewLink } from "~/domain/list-page";
import { useT } from "~/i18n/i18n";

/*
 * The one table of the admin's lists (issue 34), on TanStack Table: it keeps the columns,
 * which of them the admin hid, and which rows are selected; the rows themselves are one
 * server page (keyset, app/server/db/keyset.server.ts), and the search, filters and order
 * are the page's address, so every view can be bookmarked. Everything works without
 * JavaScript: the order is a link, the selection is checkboxes of the bulk form, the
 * Columns menu is a form. On a phone each row is a card of at most three lines: the title
 * cell (with the row's `phoneLine` under it) beside its `aside` cell and, under that, its
 * actions.
 */

const features = tableFeatures({ columnVisibilityFeature, rowSelectionFeature });

export interface AdminColumn<Row> {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /**
   * Where the cell is on a phone's card: `title` (first line, with `phoneLine` under it),
   * `aside` (beside the title), `actions` (under the aside); any other column shows on
   * wider screens only, its facts being in the row's `phoneLine`.
   */
  phone?: "title" | "aside" | "actions";
  /** The column the list is ordered by (created_at): its header is a link that turns the order round. */
  sortable?: boolean;
  className?: string;
}

export interface AdminTableProps<Row extends object> {
  table: AdminTableKey;
  /** The table's accessible name. */
  label: string;
  rows: Row[];
  rowId: (row: Row) => string;
  /** How each row reads as a whole (a checkbox's label): "Booking from Layla Haddad". */
  rowLabel: (row: Row) => string;
  columns: AdminColumn<Row>[];
  /** The columns this admin hid (admin_table_preferences). */
  hidden: readonly string[];
  /** The list's order, and the address of the other order (the page's filters kept). */
  sort?: { value: ListSort; toggle: string };
  /** The second line of a row's card on a phone: its facts in one line. */
  phoneLine?: (row: Row) => ReactNode;
  /** Row selection for bulk actions: the form the checkboxes belong to, and the bar shown above the table. */
  bulk?: { form: string; bar: (selected: string[], clear: () => void) => ReactNode };
}

export function AdminTable<Row extends object>({ table, label, rows, rowId, rowLabel, columns, hidden, sort, phoneLine, bulk }: AdminTableProps<Row>) {
  const t = useT();
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [columnVisibility, setColumnVisibility] = useState(() => Object.fromEntries(hidden.map((id) => [id, false])));
  const defs = useMemo<ColumnDef<typeof features, Row>[]>(() => columns.map((column) => ({ id: column.id, header: column.header, accessorFn: (row: Row) => row, meta: column })), [columns]);
  const tanstack = useTable({
    features,
    columns: defs,
    data: rows,
    getRowId: (row) => rowId(row),
    enableRowSelection: Boolean(bulk),
    state: { rowSelection, columnVisibility },
    onRowSelectionChange: setRowSelection,
    onColumnVisibilityChange: setColumnVisibility,
  });
  // A selection outlives no page: the rows it named are gone from view.
  const ids = rows.map(rowId).join(",");
  const [shownIds, setShownIds] = useState(ids);
  if (shownIds !== ids) {
    setShownIds(ids);
    setRowSelection({});
  }
  const selected = Object.keys(rowSelection).filter((id) => rowSelection[id]);
  const visible = tanstack.getVisibleLeafColumns().map((column) => columns.find((c) => c.id === column.id)!);
  const allSelected = rows.length > 0 && selected.length === rows.length;

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-h-9">{bulk ? bulk.bar(selected, () => setRowSelection({})) : null}</div>
        <ColumnsMenu table={table} columns={columns} visibility={columnVisibility} onChange={setColumnVisibility} />
      </div>
      {/*
        A table wider than the screen scrolls inside its own box: the page never scrolls
        sideways. Positioned, so the visually hidden labels in its cells (absolute) are
        placed, and clipped, inside it rather than stretching the page. A region that can
        take the keyboard's focus, so the arrow keys scroll it too.
      */}
      <div role="region" aria-label={label} tabIndex={0} className="relative rounded-sm focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:outline-none md:overflow-x-auto">
      <table aria-label={label} className="w-full border-separate border-spacing-0 text-sm max-md:block">
        <thead className="max-md:sr-only">
          <tr>
            {bulk ? (
              <th scope="col" className="w-10 border-b px-2 py-2 text-start">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  aria-label={t("admin.table.selectAll")}
                  checked={allSelected}
                  ref={(box) => {
                    if (box) box.indeterminate = selected.length > 0 && !allSelected;
                  }}
                  onChange={() => tanstack.toggleAllRowsSelected(!allSelected)}
                />
              </th>
            ) : null}
            {visible.map((column) => (
              <th key={column.id} scope="col" aria-sort={column.sortable && sort ? (sort.value === "newest" ? "descending" : "ascending") : undefined} className={cn("border-b px-2 py-2 text-start font-medium whitespace-nowrap text-muted-foreground", column.className)}>
                {column.sortable && sort ? (
                  <Link to={sort.toggle} preventScrollReset className="inline-flex items-center gap-1 hover:text-foreground hover:underline" aria-label={t(sort.value === "newest" ? "admin.table.sortOldest" : "admin.table.sortNewest", { column: column.header })}>
                    {column.header}
                    {sort.value === "newest" ? <ArrowDown className="size-3.5" aria-hidden="true" /> : <ArrowUp className="size-3.5" aria-hidden="true" />}
                  </Link>
                ) : (
                  column.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-md:block max-md:space-y-2">
          {tanstack.getRowModel().rows.map((row) => {
            const id = row.id;
            const item = row.original;
            const isSelected = row.getIsSelected();
            return (
              <tr
                key={id}
                data-selected={isSelected || undefined}
                className="align-top hover:bg-muted/40 data-[selected]:bg-primary/5 max-md:grid max-md:grid-cols-[auto_minmax(0,1fr)_auto] max-md:items-center max-md:gap-x-3 max-md:gap-y-1 max-md:rounded-lg max-md:border max-md:bg-card max-md:p-3"
              >
                {bulk ? (
                  <td className="border-b px-2 py-3 max-md:col-start-1 max-md:row-start-1 max-md:border-0 max-md:p-0">
                    <input
                      type="checkbox"
                      name="ids"
                      value={id}
                      form={bulk.form}
                      className="size-4 accent-primary"
                      aria-label={t("admin.table.select", { row: rowLabel(item) })}
                      checked={isSelected}
                      onChange={() => row.toggleSelected()}
                    />
                  </td>
                ) : null}
                {visible.map((column) => (
                  <td key={column.id} className={cn("border-b px-2 py-3 max-md:border-0 max-md:p-0", PHONE_PLACE[column.phone ?? "none"], column.className)}>
                    {column.cell(item)}
                    {column.phone === "title" && phoneLine ? <div className="text-xs text-muted-foreground md:hidden">{phoneLine(item)}</div> : null}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      </div>
    </div>
  );
}

/** The address of a list's view in the other order: `view` (its filters) kept, `sort` turned round. */
export function otherOrderLink(view: Record<string, string | undefined>, sort: ListSort): string {
  return viewLink({ ...view, sort: sort === "oldest" ? undefined : "oldest" });
}

/** A cell's place on a phone's card (see AdminColumn.phone). */
const PHONE_PLACE = {
  title: "max-md:col-start-2 max-md:row-span-2 max-md:row-start-1 max-md:min-w-0",
  aside: "max-md:col-start-3 max-md:row-start-1 max-md:justify-self-end",
  actions: "max-md:col-start-3 max-md:row-start-2 max-md:justify-self-end",
  none: "max-md:hidden",
} as const;

/**
 * The Columns menu: a box per column that can be hidden. A change applies at once and is
 * remembered for this admin (intent "table-columns", posted to /admin); without JavaScript
 * the ticked boxes are saved with the Save button.
 */
function ColumnsMenu<Row>({
  table,
  columns,
  visibility,
  onChange,
}: {
  table: AdminTableKey;
  columns: AdminColumn<Row>[];
  visibility: Record<string, boolean>;
  onChange: (next: Record<string, boolean>) => void;
}) {
  const t = useT();
  const fetcher = useFetcher({ key: `admin-table-columns-${table}` });
  const hideable = columns.filter((column) => (HIDEABLE_COLUMNS[table] as readonly string[]).includes(column.id));
  if (hideable.length === 0) return null;
  const toggle = (id: string, shown: boolean) => {
    const next = { ...visibility, [id]: shown };
    onChange(next);
    const form = new FormData();
    form.set("intent", "table-columns");
    form.set("table", table);
    for (const column of hideable) if (next[column.id] === false) form.append("hidden", column.id);
    void fetcher.submit(form, { method: "post", action: "/admin" });
  };
  return (
    <details className="group relative">
      <summary className="inline-flex h-9 cursor-pointer list-none items-center gap-2 rounded-md border bg-background px-3 text-sm font-medium shadow-xs hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:outline-none [&::-webkit-details-marker]:hidden">
        <Columns3 className="size-4" aria-hidden="true" /> {t("admin.table.columns")}
      </summary>
      <fetcher.Form method="post" action="/admin" className="absolute end-0 z-20 mt-2 grid w-56 gap-2 rounded-lg border bg-popover p-3 text-sm shadow-lg">
        <input type="hidden" name="intent" value="table-columns" />
        <input type="hidden" name="table" value={table} />
        <input type="hidden" name="mode" value="shown" />
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-xs font-medium text-muted-foreground">{t("admin.table.columnsShown")}</legend>
          {hideable.map((column) => (
            <label key={column.id} className="flex items-center gap-2">
              <input type="checkbox" name="shown" value={column.id} className="size-4 accent-primary" checked={visibility[column.id] !== false} onChange={(e) => toggle(column.id, e.currentTarget.checked)} />
              {column.header}
            </label>
          ))}
        </fieldset>
        <noscript>
          <Button type="submit" size="sm" variant="outline">
            {t("admin.table.saveColumns")}
          </Button>
        </noscript>
      </fetcher.Form>
    </details>
  );
}
