import { and, asc, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { likePattern } from "~/domain/admin-messages";
import type { ListSort } from "~/domain/admin-table";
import { ADMIN_AUDIT_PAGE_SIZE, auditChanges, type AdminAuditRow, type AuditAction, type AuditEntity } from "~/domain/audit";
import type { ListPage, ListPaging } from "~/domain/list-page";
import { readListPage } from "../db/keyset.server";
import { requireAdmin, type Actor } from "../security/actor.server";
import type { Database } from "../db/client.server";
import type { ServiceContext } from "../context/service-context.server";
import { auditLog, user } from "../db/schema.server";

/**
 * The admin audit log: every admin write leaves one row saying who did what to which
 * record, with the record's state before and after. `recordAudit` takes the write's own
 * transaction (`tx`), so the entry commits or rolls back with the change it describes.
 */

export interface AuditInput {
  /**
   * The admin's user id (what `requireAdmin` returns); for an investor's change to their own
   * booking, their id, or null when they used the booking's link without signing in.
   */
  actorId: string | null;
  /** What was done, e.g. "booking.status"; one of AUDIT_ACTION_KEYS, so the log can name it. */
  action: AuditAction;
  /** The table written, e.g. "availability_slots". */
  entity: AuditEntity;
  entityId: string;
  /** The changed fields before the write; null for a create. */
  before: unknown;
  /** The changed fields after the write; null for a delete. */
  after: unknown;
}

/**
 * A JSON-safe copy of a snapshot: Dates become ISO strings (their toJSON), bigints
 * strings, undefined null; what JSON cannot hold is dropped the way JSON.stringify drops it.
 */
export function toAuditSnapshot(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  const text = JSON.stringify(value, (_key, v: unknown) => (typeof v === "bigint" ? v.toString() : v));
  return text === undefined ? null : (JSON.parse(text) as unknown);
}

/** Writes one audit entry. Pass the transaction the audited write runs in. */
export async function recordAudit(db: Database, entry: AuditInput): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: toAuditSnapshot(entry.before),
    after: toAuditSnapshot(entry.after),
  });
}

/** Most accounts a search of the log by e-mail takes (an e-mail names one; a fragment may name a few). */
const AUDIT_SEARCH_ACTORS = 50;

/**
 * The audit log as the admins read it (issue 34): newest first or oldest first, of one kind
 * of record, or matching `q` (the acting admin's e-mail, or a record's id exactly), paged
 * by keyset on (created_at, id) like the other admin lists. Admins only.
 */
export async function listAuditLog(ctx: ServiceContext, actor: Actor, query: { entity?: string; q?: string; sort?: ListSort } & ListPaging): Promise<ListPage<AdminAuditRow>> {
  requireAdmin(actor);
  const q = query.q?.trim() ?? "";
  // The admins whose e-mail holds `q`, read first: a list of ids lets PostgreSQL join the
  // entity_id and actor_id indexes (a bitmap OR), where a subquery in the OR would have it
  // read the whole log. The count reads audit_log alone, so the condition is of its columns.
  const actors = q ? (await ctx.db.select({ id: user.id }).from(user).where(ilike(user.email, likePattern(q))).limit(AUDIT_SEARCH_ACTORS)).map((row) => row.id) : [];
  const search = q ? (actors.length ? or(eq(auditLog.entityId, q), inArray(auditLog.actorId, actors)) : eq(auditLog.entityId, q)) : undefined;
  const where = and(query.entity ? eq(auditLog.entity, query.entity) : undefined, search);
  const listed = await readListPage(ctx.db, auditLog, where, query, ADMIN_AUDIT_PAGE_SIZE, (where, order, limit) => {
    const direction = order === "newest" ? desc : asc;
    return ctx.db
      .select({
        id: auditLog.id,
        at: sql<string>`${auditLog.createdAt}::text`,
        createdAt: auditLog.createdAt,
        actorId: auditLog.actorId,
        actorEmail: user.email,
        action: auditLog.action,
        entity: auditLog.entity,
        entityId: auditLog.entityId,
        before: auditLog.before,
        after: auditLog.after,
      })
      .from(auditLog)
      .leftJoin(user, eq(user.id, auditLog.actorId))
      .where(where)
      // id breaks ties between entries written in one transaction (same now()).
      .orderBy(direction(auditLog.createdAt), direction(auditLog.id))
      .limit(limit);
  });
  return {
    ...listed,
    rows: listed.rows.map(({ before, after, createdAt, ...row }) => ({ ...row, createdAt: createdAt.toISOString(), changes: auditChanges(before, after) })),
  };
}
