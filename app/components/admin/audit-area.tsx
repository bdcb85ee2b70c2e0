import { Link } from "react-router";
import { ADMIN_AUDIT_PAGE_SIZE, AUDIT_ACTION_KEYS, AUDIT_ENTITIES, AUDIT_ENTITY_KEYS, auditRecordPath, type AdminAuditQuery, type AdminAuditRow, type AuditAction, type AuditEntity } from "~/domain/audit";
import type { ListPage } from "~/domain/list-page";
import { type MessageKey, type Translate, useT } from "~/i18n/i18n";
import { AdminTable, otherOrderLink, type AdminColumn } from "./admin-table";
import { FilterSelect, ListPager, ListSearch } from "./list-controls";
import { useAdminFormat } from "./use-admin-format";

/**
 * /admin/audit (issue 34): the audit log every admin write leaves, newest or oldest first,
 * of one kind of record or searched by an admin's e-mail or a record's id; each entry with
 * who acted, what was done, to which record (opened where it has a screen) and what changed.
 */
export function AdminAuditLog({ query, list, error, timeZone, hidden }: { query: AdminAuditQuery; list: ListPage<AdminAuditRow>; error: MessageKey | null; timeZone: string; hidden: readonly string[] }) {
  const t = useT();
  const format = useAdminFormat(timeZone);
  const columns = useAuditColumns(timeZone);
  const view = { entity: query.entity, q: query.q || undefined, sort: query.sort === "oldest" ? "oldest" : undefined };
  const filtered = Boolean(query.entity || query.q);

  return (
    <section aria-labelledby="audit-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="audit-heading" className="font-serif text-2xl font-semibold">
          {t("admin.audit.entries")}{" "}
          <span className="text-base font-normal text-muted-foreground">({list.totalIsAtLeast ? t("admin.list.atLeast", { count: list.total }) : format.count(list.total)})</span>
        </h2>
        <AuditFilters query={query} />
      </div>

      {list.rows.length === 0 ? (
        <p className="rounded-xl border border-dashed bg-card p-10 text-center text-muted-foreground">
          {error ? t(error) : filtered ? t("admin.audit.noMatch") : t("admin.audit.none")}
        </p>
      ) : (
        <AdminTable
          table="audit"
          label={t("admin.audit.entries")}
          rows={list.rows}
          rowId={(entry) => entry.id}
          rowLabel={(entry) => actionLabel(t, entry.action)}
          columns={columns}
          hidden={hidden}
          sort={{ value: query.sort, toggle: otherOrderLink(view, query.sort) }}
          phoneLine={(entry) => (
            <span className="block truncate">
              {actionLabel(t, entry.action)} · {format.moment(entry.createdAt)}
            </span>
          )}
        />
      )}

      {filtered ? (
        <p className="text-sm">
          <Link to="?" className="font-medium text-primary underline-offset-4 hover:underline">
            {t("admin.audit.showAll")}
          </Link>
        </p>
      ) : null}
      <ListPager label={t("admin.audit.pages")} list={list} pageSize={ADMIN_AUDIT_PAGE_SIZE} filters={view} />
    </section>
  );
}

const actionLabel = (t: Translate, action: string) => (Object.hasOwn(AUDIT_ACTION_KEYS, action) ? t(AUDIT_ACTION_KEYS[action as AuditAction]) : action);
const entityLabel = (t: Translate, entity: string) => (entity in AUDIT_ENTITY_KEYS ? t(AUDIT_ENTITY_KEYS[entity as AuditEntity]) : entity);

/** The kind of record and the search: one GET form, so the view is its address. */
function AuditFilters({ query }: { query: AdminAuditQuery }) {
  const t = useT();
  return (
    <ListSearch
      keep={{ sort: query.sort === "oldest" ? "oldest" : undefined }}
      search={{ label: t("admin.audit.search"), value: query.q, placeholder: t("admin.audit.searchPlaceholder"), button: t("admin.messages.searchButton") }}
      className="flex w-full flex-wrap items-end gap-2 lg:w-auto"
    >
      <FilterSelect
        name="entity"
        label={t("admin.audit.record")}
        value={query.entity}
        allLabel={t("admin.audit.allRecords")}
        options={AUDIT_ENTITIES.map((entity) => ({ value: entity, label: t(AUDIT_ENTITY_KEYS[entity]) }))}
      />
    </ListSearch>
  );
}

function useAuditColumns(timeZone: string): AdminColumn<AdminAuditRow>[] {
  const t = useT();
  const format = useAdminFormat(timeZone);
  return [
    {
      id: "actor",
      header: t("admin.audit.column.actor"),
      phone: "title",
      cell: (entry) => (
        <span className="block font-medium break-all" dir={entry.actorEmail ? "ltr" : undefined}>
          {entry.actorEmail ?? (entry.actorId ? t("admin.audit.deletedAccount") : t("admin.audit.noAccount"))}
        </span>
      ),
    },
    { id: "action", header: t("admin.audit.column.action"), cell: (entry) => actionLabel(t, entry.action) },
    {
      id: "record",
      header: t("admin.audit.record"),
      phone: "aside",
      cell: (entry) => {
        const path = auditRecordPath(entry.entity, entry.entityId);
        const label = entityLabel(t, entry.entity);
        return (
          <span className="block whitespace-nowrap">
            {path ? (
              <Link to={path} className="text-primary underline decoration-primary/40 underline-offset-4 hover:decoration-primary">
                {label}
              </Link>
            ) : (
              label
            )}{" "}
            <span className="font-mono text-xs text-muted-foreground max-md:hidden" dir="ltr" title={entry.entityId}>
              {entry.entityId.slice(0, 8)}
            </span>
          </span>
        );
      },
    },
    {
      id: "changes",
      header: t("admin.audit.column.changes"),
      className: "min-w-56 max-w-md",
      cell: (entry) =>
        entry.changes.length === 0 ? (
          <span className="text-muted-foreground">—</span>
        ) : (
          <dl className="grid gap-0.5 text-xs">
            {entry.changes.map((change) => (
              <div key={change.field} className="flex flex-wrap gap-x-1.5" dir="ltr">
                <dt className="font-mono text-muted-foreground">{change.field}</dt>
                <dd className="break-all">
                  {change.before ? <del className="text-muted-foreground">{change.before}</del> : null}
                  {change.before && change.after ? " → " : null}
                  {change.after ? <ins className="no-underline">{change.after}</ins> : null}
                </dd>
              </div>
            ))}
          </dl>
        ),
    },
    { id: "when", header: t("admin.audit.column.when"), sortable: true, className: "whitespace-nowrap", cell: (entry) => format.moment(entry.createdAt) },
  ];
}
