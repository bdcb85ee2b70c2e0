import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { AppError } from "~/domain/app-error";
import { startOfMonthInZone } from "~/domain/calendar";
import type { ListSort } from "~/domain/admin-table";
import { likePattern } from "~/domain/admin-messages";
import { emptyListPage, type ListPage, type ListPaging } from "~/domain/list-page";
import {
  ADMIN_INTERESTS_PAGE_SIZE,
  INTEREST_MESSAGES,
  WITHDRAWABLE_STATUSES,
  type AdminInterest,
  type InterestFormValues,
  type InterestPanel,
  type InterestStatus,
  type InterestTotals,
  type OwnInterest,
} from "~/domain/interests";
import type { Database } from "../db/client.server";
import { afterCursor, readListPage, type Cursor } from "../db/keyset.server";
import { investmentOpportunities, opportunityInterests, profiles, user } from "../db/schema.server";
import { adminInterestNoticeEmail, interestReceiptEmail, interestStatusEmail, type InterestMailInput } from "../email/membership-emails.server";
import { enqueueEmails } from "../email/outbox.server";
import { toEachReader } from "../email/templates.server";
import type { ServiceContext } from "../context/service-context.server";
import { requireAdmin, requireUser, type Actor } from "../security/actor.server";
import { hitLimit, spendLimit, type LimitRule } from "../security/rate-limit.server";
import { recordAudit } from "./audit.server";
import { entitlementsOf } from "./entitlements.server";
import { findActiveOpportunity } from "./opportunities.server";
import { firstNameForMail, listAdminReaders } from "./users.server";
import { notify } from "../notifications/notify.server";

/**
 * Expressions of interest (issue 15): an investor's own, on opportunities they may see,
 * limited per calendar month (in the firm's time zone) by their plan
 * (app/domain/entitlements.ts); the admins follow them up and set their status.
 */

const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

const ownColumns = {
  id: opportunityInterests.id,
  opportunityId: opportunityInterests.opportunityId,
  opportunityTitle: investmentOpportunities.title,
  opportunitySlug: investmentOpportunities.slug,
  amountUsd: opportunityInterests.amountUsd,
  units: opportunityInterests.units,
  note: opportunityInterests.note,
  status: opportunityInterests.status,
  withdrawnAt: opportunityInterests.withdrawnAt,
  createdAt: opportunityInterests.createdAt,
};

type OwnRow = Omit<OwnInterest, "withdrawnAt" | "createdAt"> & { withdrawnAt: Date | null; createdAt: Date };

const toOwn = (r: OwnRow): OwnInterest => ({
  id: r.id,
  opportunityId: r.opportunityId,
  opportunityTitle: r.opportunityTitle,
  opportunitySlug: r.opportunitySlug,
  amountUsd: Number(r.amountUsd),
  units: r.units,
  note: r.note,
  status: r.status,
  withdrawnAt: r.withdrawnAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

/** Live (not withdrawn) interests registered since the start of this month: what the plan's limit counts. */
async function usedThisMonth(db: Database, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(opportunityInterests)
    .where(and(eq(opportunityInterests.userId, userId), isNull(opportunityInterests.withdrawnAt), gte(opportunityInterests.createdAt, since)));
  return Number(row?.n ?? 0);
}

const monthStart = (ctx: ServiceContext) => startOfMonthInZone(ctx.config.firmTimeZone, ctx.clock?.() ?? new Date());

/** The reader's standing for one opportunity: their live interest, their limit and what they used. */
export async function interestPanel(ctx: ServiceContext, actor: Actor, { opportunityId }: { opportunityId: string }): Promise<InterestPanel> {
  const entitlements = await entitlementsOf(ctx, actor);
  if (actor.kind !== "user") return { signedIn: false, current: null, limit: entitlements.interestsPerMonth, usedThisMonth: 0 };
  const [current] = await ctx.db
    .select(ownColumns)
    .from(opportunityInterests)
    .innerJoin(investmentOpportunities, eq(investmentOpportunities.id, opportunityInterests.opportunityId))
    .where(and(eq(opportunityInterests.userId, actor.userId), eq(opportunityInterests.opportunityId, opportunityId), isNull(opportunityInterests.withdrawnAt)))
    .limit(1);
  return {
    signedIn: true,
    current: current ? toOwn(current) : null,
    limit: entitlements.interestsPerMonth,
    usedThisMonth: await usedThisMonth(ctx.db, actor.userId, monthStart(ctx)),
  };
}

/** The investor's monthly allowance: their plan's limit (null: unlimited) and what they used this month. */
export async function interestAllowance(ctx: ServiceContext, actor: Actor): Promise<{ limit: number | null; used: number }> {
  const userId = requireUser(actor);
  const { interestsPerMonth } = await entitlementsOf(ctx, actor);
  return { limit: interestsPerMonth, used: await usedThisMonth(ctx.db, userId, monthStart(ctx)) };
}

/** Whether the investor holds a live (not withdrawn) expression of interest in any opportunity: a step of their first hour (issue 33). */
export async function hasLiveInterest(ctx: ServiceContext, actor: Actor): Promise<boolean> {
  const userId = requireUser(actor);
  const [row] = await ctx.db
    .select({ id: opportunityInterests.id })
    .from(opportunityInterests)
    .where(and(eq(opportunityInterests.userId, userId), isNull(opportunityInterests.withdrawnAt)))
    .limit(1);
  return row !== undefined;
}

/** The account's name and verified address, for the mails about an interest. */
async function investorOf(db: Database, userId: string) {
  const [row] = await db
    .select({ email: user.email, firstName: firstNameForMail, lastName: profiles.lastName, locale: user.locale })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId))
    .limit(1);
  return row;
}

/**
 * Registrations and withdrawals together, per investor and hour (issue 32): more than any
 * investor makes by hand, far fewer than a script cycling one interest to mail the admins.
 */
export const INTEREST_CHANGE_LIMIT: LimitRule = { max: 30, windowSeconds: 60 * 60 };

/** The admins hear of one investor's interest in one opportunity at most once in this window, however often it is withdrawn and registered. */
export const ADMIN_NOTICE_WINDOW: LimitRule = { max: 1, windowSeconds: 24 * 60 * 60 };

/** Counts a registration or a withdrawal against the investor's hour: RATE_LIMITED past it. */
const countChange = (ctx: ServiceContext, userId: string) => spendLimit(ctx, `interest-change:user:${userId}`, INTEREST_CHANGE_LIMIT, INTEREST_MESSAGES.tooManyChanges);

/**
 * Whether the admins are told of this interest: the first registration of an investor in an
 * opportunity within ADMIN_NOTICE_WINDOW. Counted in the registration's transaction, so a
 * registration that fails leaves the next one to tell them.
 */
async function firstNoticeToday(tx: Database, userId: string, opportunityId: string): Promise<boolean> {
  return (await hitLimit(tx, `interest-notice:${userId}:${opportunityId}`, ADMIN_NOTICE_WINDOW)).allowed;
}

/**
 * Registers the investor's interest in an opportunity they may see. One live interest per
 * opportunity; at most their plan's number a calendar month, counted under a lock on their
 * account row so two at once cannot both take the last one; at most INTEREST_CHANGE_LIMIT
 * registrations and withdrawals an hour. The receipt (to their own, verified address) and,
 * once a day per investor and opportunity, the admins' notices are queued in the same
 * transaction.
 */
export async function registerInterest(ctx: ServiceContext, actor: Actor, input: InterestFormValues): Promise<{ id: string }> {
  const userId = requireUser(actor, INTEREST_MESSAGES.signInFirst);
  await countChange(ctx, userId);
  const opportunity = await findActiveOpportunity(ctx, actor, { id: input.opportunityId });
  if (!opportunity) throw new AppError("NOT_FOUND", INTEREST_MESSAGES.notFound);
  const { interestsPerMonth: limit } = await entitlementsOf(ctx, actor);
  const since = monthStart(ctx);
  const created = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${user} where ${user.id} = ${userId} for update`);
    const [live] = await tx
      .select({ id: opportunityInterests.id })
      .from(opportunityInterests)
      .where(and(eq(opportunityInterests.userId, userId), eq(opportunityInterests.opportunityId, opportunity.id), isNull(opportunityInterests.withdrawnAt)))
      .limit(1);
    if (live) throw new AppError("CONFLICT", INTEREST_MESSAGES.alreadyRegistered);
    if (limit !== null && (await usedThisMonth(tx, userId, since)) >= limit) {
      throw new AppError("FORBIDDEN", INTEREST_MESSAGES.limitReached, { detail: { limit }, values: { limit } });
    }
    const [row] = await tx
      .insert(opportunityInterests)
      .values({ opportunityId: opportunity.id, userId, amountUsd: input.amountUsd, units: input.units, note: input.note })
      .returning({ id: opportunityInterests.id });
    const investor = await investorOf(tx, userId);
    if (investor) {
      const mail: InterestMailInput = { siteUrl: ctx.config.siteUrl, ...investor, ...input, opportunityId: opportunity.id, opportunityTitle: opportunity.title };
      const admins = (await firstNoticeToday(tx, userId, opportunity.id)) ? await listAdminReaders(tx) : [];
      const notices = toEachReader(admins, (locale) => adminInterestNoticeEmail(mail, locale));
      await enqueueEmails(tx, ctx.jobs, [
        { ...interestReceiptEmail(mail), to: investor.email, kind: "interest-receipt" },
        ...notices.map((notice) => ({ ...notice, kind: "interest-admin-notice" })),
      ]);
    }
    return row!;
  });
  ctx.log.info({ interestId: created.id, opportunityId: opportunity.id }, "expression of interest registered");
  return created;
}

/** Withdraws one of the investor's own live interests, while the firm has not yet allocated or declined it; counted like a registration. */
export async function withdrawInterest(ctx: ServiceContext, actor: Actor, { interestId }: { interestId: string }): Promise<void> {
  const userId = requireUser(actor, INTEREST_MESSAGES.signInFirst);
  await countChange(ctx, userId);
  if (!isUuid(interestId)) throw new AppError("NOT_FOUND", "admin.error.interestNotFound");
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: opportunityInterests.status, withdrawnAt: opportunityInterests.withdrawnAt })
      .from(opportunityInterests)
      .where(and(eq(opportunityInterests.id, interestId), eq(opportunityInterests.userId, userId)))
      .for("update")
      .limit(1);
    // Someone else's interest looks exactly like one that does not exist.
    if (!row || row.withdrawnAt) throw new AppError("NOT_FOUND", "admin.error.interestNotFound");
    if (!WITHDRAWABLE_STATUSES.includes(row.status)) throw new AppError("CONFLICT", INTEREST_MESSAGES.notWithdrawable);
    await tx.update(opportunityInterests).set({ withdrawnAt: ctx.clock?.() ?? new Date() }).where(eq(opportunityInterests.id, interestId));
  });
}

/** The investor's own interests, newest first (withdrawn ones included, marked). */
export async function listOwnInterests(ctx: ServiceContext, actor: Actor): Promise<OwnInterest[]> {
  const userId = requireUser(actor);
  const rows = await ctx.db
    .select(ownColumns)
    .from(opportunityInterests)
    .innerJoin(investmentOpportunities, eq(investmentOpportunities.id, opportunityInterests.opportunityId))
    .where(eq(opportunityInterests.userId, userId))
    .orderBy(desc(opportunityInterests.createdAt), desc(opportunityInterests.id))
    .limit(200);
  return rows.map(toOwn);
}

// ---- Admin ---------------------------------------------------------------------------------

const adminColumns = {
  ...ownColumns,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  investorEmail: user.email,
  /** created_at as PostgreSQL prints it, to the microsecond: the keyset's cursor. */
  at: sql<string>`${opportunityInterests.createdAt}::text`,
};

/** What the admin's list and its export are narrowed by: the address's opportunity, status and search. */
interface AdminFilter {
  opportunityId?: string;
  status?: InterestStatus;
  /** Part of the investor's name or e-mail. */
  q?: string;
}

/**
 * The investors whose name or e-mail holds `q`: a subquery on the interest's own user_id,
 * so the condition is of opportunity_interests alone (readListPage counts that table).
 */
function investorSearch(db: Database, q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = likePattern(q);
  const matching = db
    .select({ id: user.id })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(or(ilike(user.email, pattern), ilike(sql`concat_ws(' ', ${profiles.firstName}, ${profiles.lastName})`, pattern)));
  return inArray(opportunityInterests.userId, matching);
}

function adminFilter(db: Database, query: AdminFilter): SQL | undefined {
  return and(
    query.opportunityId ? eq(opportunityInterests.opportunityId, query.opportunityId) : undefined,
    query.status ? and(eq(opportunityInterests.status, query.status), isNull(opportunityInterests.withdrawnAt)) : undefined,
    investorSearch(db, query.q),
  );
}

type AdminRow = Awaited<ReturnType<typeof adminSelect>>[number];
const adminSelect = (db: Database, where: SQL | undefined, order: ListSort = "newest") => {
  const direction = order === "newest" ? desc : asc;
  return db
    .select(adminColumns)
    .from(opportunityInterests)
    .innerJoin(investmentOpportunities, eq(investmentOpportunities.id, opportunityInterests.opportunityId))
    .leftJoin(user, eq(user.id, opportunityInterests.userId))
    .leftJoin(profiles, eq(profiles.id, opportunityInterests.userId))
    .where(where)
    .orderBy(direction(opportunityInterests.createdAt), direction(opportunityInterests.id));
};

function toAdmin(r: AdminRow): AdminInterest {
  const name = `${r.firstName ?? ""} ${r.lastName ?? ""}`.trim();
  return { ...toOwn(r), investorName: name || (r.investorEmail ?? "Deleted account"), investorEmail: r.investorEmail };
}

/**
 * One page of interests (of an opportunity, of a status, of the investors whose name or
 * e-mail holds `q`), newest or oldest first, by keyset on (created_at, id): a deep page
 * costs what the first does, and the total is counted up to LIST_COUNT_BOUND. Admins only.
 */
export async function listInterestsForAdmin(
  ctx: ServiceContext,
  actor: Actor,
  query: AdminFilter & { sort?: ListSort } & ListPaging,
): Promise<ListPage<AdminInterest>> {
  requireAdmin(actor);
  if (query.opportunityId && !isUuid(query.opportunityId)) return emptyListPage();
  const listed = await readListPage(ctx.db, opportunityInterests, adminFilter(ctx.db, query), query, ADMIN_INTERESTS_PAGE_SIZE, (where, order, limit) =>
    adminSelect(ctx.db, where, order).limit(limit),
  );
  return { ...listed, rows: listed.rows.map(toAdmin) };
}

/** Per opportunity with any interest: live interests and the total they indicate, against the project's value. Admins only. */
export async function interestTotals(ctx: ServiceContext, actor: Actor): Promise<InterestTotals[]> {
  requireAdmin(actor);
  const rows = await ctx.db
    .select({
      opportunityId: investmentOpportunities.id,
      opportunityTitle: investmentOpportunities.title,
      totalValue: investmentOpportunities.totalValue,
      live: sql<number>`count(*) filter (where ${opportunityInterests.withdrawnAt} is null and ${opportunityInterests.status} <> 'declined')::int`,
      indicatedUsd: sql<string>`coalesce(sum(${opportunityInterests.amountUsd}) filter (where ${opportunityInterests.withdrawnAt} is null and ${opportunityInterests.status} <> 'declined'), 0)`,
    })
    .from(opportunityInterests)
    .innerJoin(investmentOpportunities, eq(investmentOpportunities.id, opportunityInterests.opportunityId))
    .groupBy(investmentOpportunities.id, investmentOpportunities.title, investmentOpportunities.totalValue)
    .orderBy(investmentOpportunities.title);
  return rows.map((r) => ({ ...r, totalValue: Number(r.totalValue), live: Number(r.live), indicatedUsd: Number(r.indicatedUsd) }));
}

/**
 * Sets an interest's status (admins only), audited, and tells the investor by e-mail (to
 * their account's verified address) in the same transaction. A withdrawn interest stays
 * withdrawn.
 */
export async function setInterestStatus(ctx: ServiceContext, actor: Actor, input: { interestId: string; status: InterestStatus }): Promise<void> {
  const adminId = requireAdmin(actor);
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(opportunityInterests).where(eq(opportunityInterests.id, input.interestId)).for("update").limit(1);
    if (!before) throw new AppError("NOT_FOUND", "admin.error.interestNotFound");
    if (before.withdrawnAt) throw new AppError("CONFLICT", "admin.error.interestWithdrawn");
    if (before.status === input.status) return;
    const [after] = await tx
      .update(opportunityInterests)
      .set({ status: input.status, updatedAt: ctx.clock?.() ?? new Date() })
      .where(eq(opportunityInterests.id, input.interestId))
      .returning();
    await recordAudit(tx, { actorId: adminId, action: "interest.status", entity: "opportunity_interests", entityId: input.interestId, before: { status: before.status }, after: { status: input.status } });
    const investor = before.userId ? await investorOf(tx, before.userId) : undefined;
    const [opportunity] = await tx.select({ title: investmentOpportunities.title }).from(investmentOpportunities).where(eq(investmentOpportunities.id, before.opportunityId)).limit(1);
    if (investor && opportunity) {
      const mail = {
        siteUrl: ctx.config.siteUrl,
        ...investor,
        opportunityId: before.opportunityId,
        opportunityTitle: opportunity.title,
        amountUsd: Number(after!.amountUsd),
        units: after!.units,
        note: after!.note,
        status: input.status,
      };
      await notify(tx, { jobs: ctx.jobs, config: ctx.config, now: ctx.clock?.() ?? new Date() }, {
        userId: before.userId,
        kind: "interest-status",
        link: "/dashboard/interests",
        data: { opportunity: opportunity.title, status: input.status },
        email: { ...interestStatusEmail(mail), to: investor.email, kind: "interest-status" },
      });
    }
  });
}

/** A keyset batch of interests (of the list's filter and search) for the CSV export (app/server/services/exports.server.ts). Admins only. */
export async function listInterestsForExport(ctx: ServiceContext, actor: Actor, query: AdminFilter & { cursor: Cursor | null; limit: number }): Promise<Array<AdminInterest & Cursor>> {
  requireAdmin(actor);
  if (query.opportunityId && !isUuid(query.opportunityId)) return [];
  const rows = await adminSelect(ctx.db, and(adminFilter(ctx.db, query), afterCursor(opportunityInterests, query.cursor))).limit(query.limit);
  return rows.map((r) => ({ ...toAdmin(r), at: r.at }));
}
