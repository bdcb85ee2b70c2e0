import { and, desc, eq, type SQL } from "drizzle-orm";
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
  /** What was done, e.g. "booking.status", "opportunity.create", "slot.delete", "user.role". */
  action: string;
  /** The table written, e.g. "availability_slots". */
  entity: string;
  entityId: string;
  /** The changed fields before the write; null for a create. */
  before: unknown;
  /** The changed fields after the write; null for a delete. */
  after: unknown;
}

export type AuditEntry = typeof auditLog.$inferSelect & {
  /** The acting admin's e-mail; null once their account is deleted. */
  actorEmail: string | null;
};

export interface AuditQuery {
  entity?: string;
  entityId?: string;
  /** Page size, 1 to MAX_AUDIT_PAGE (default 50). */
  limit?: number;
  offset?: number;
}

export const DEFAULT_AUDIT_PAGE = 50;
export const MAX_AUDIT_PAGE = 100;

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

function pageBounds(query: AuditQuery): { limit: number; offset: number } {
  const limit = Number.isFinite(query.limit) ? Math.trunc(query.limit!) : DEFAULT_AUDIT_PAGE;
  const offset = Number.isFinite(query.offset) ? Math.trunc(query.offset!) : 0;
  return { limit: Math.min(Math.max(limit, 1), MAX_AUDIT_PAGE), offset: Math.max(offset, 0) };
}

/**
 * One page of the audit log, newest first, optionally for one entity (and one record of
 * it). Admins only (FORBIDDEN otherwise). `hasMore` says whether a further page exists.
 */
export async function listAuditEntries(
  ctx: ServiceContext,
  actor: Actor,
  query: AuditQuery = {},
): Promise<{ entries: AuditEntry[]; hasMore: boolean }> {
  requireAdmin(actor);
  const { limit, offset } = pageBounds(query);
  const filters: SQL[] = [];
  if (query.entity !== undefined) filters.push(eq(auditLog.entity, query.entity));
  if (query.entityId !== undefined) filters.push(eq(auditLog.entityId, query.entityId));
  const rows = await ctx.db
    .select({
      id: auditLog.id,
      actorId: auditLog.actorId,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
      createdAt: auditLog.createdAt,
      actorEmail: user.email,
    })
    .from(auditLog)
    .leftJoin(user, eq(user.id, auditLog.actorId))
    .where(filters.length ? and(...filters) : undefined)
    // id breaks ties between entries written in one transaction (same now()), so pages never overlap.
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit + 1)
    .offset(offset);
  return { entries: rows.slice(0, limit), hasMore: rows.length > limit };
}
