import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, lte, ne, sql } from "drizzle-orm";
import { addDays, format, parseISO } from "date-fns";
import { startOfDayInZone } from "~/domain/calendar";
import {
  busiestTimes,
  previousRange,
  statusShares,
  trialConversion,
  weeklyTotals,
  type InsightRange,
  type Insights,
  type OpportunityInsight,
  type PlanInsight,
} from "~/domain/insights";
import {
  availabilitySlots,
  consultationBookings,
  documentDownloads,
  documents,
  investmentOpportunities,
  opportunityInterests,
  subscriptionPlans,
  subscriptions,
} from "../db/schema.server";
import type { ServiceContext } from "../context/service-context.server";
import { requireAdmin, type Actor } from "../security/actor.server";

/** Stripe's states of a subscription that is still on (the plan's subscribers). */
const LIVE_SUBSCRIPTION = ["trialing", "active", "past_due"];
/** After a trial: the investor pays (or is being asked to). */
const PAYING_SUBSCRIPTION = ["active", "past_due"];

/**
 * The insights page (issue 19), admins only: every figure is one aggregate query over an
 * index on the column the range limits (created_at, a slot's date, a trial's end), so a
 * million bookings cost what the range holds, not the table. Days are the firm's
 * (`config.firmTimeZone`); the queries run side by side.
 */
export async function getInsights(ctx: ServiceContext, actor: Actor, range: InsightRange): Promise<Insights> {
  requireAdmin(actor);
  const zone = ctx.config.firmTimeZone;
  const start = startOfDayInZone(range.from, zone);
  const end = startOfDayInZone(format(addDays(parseISO(range.to), 1), "yyyy-MM-dd"), zone);
  const before = previousRange(range);
  const [weekly, earlier, busy, opportunities, plans, trials, meetings] = await Promise.all([
    weeklyCounts(ctx, zone, start, end),
    weeklyCounts(ctx, zone, startOfDayInZone(before.from, zone), start),
    busyCounts(ctx, range),
    opportunityCounts(ctx, start, end),
    planCounts(ctx),
    trialCounts(ctx, start, end, ctx.clock?.() ?? new Date()),
    outcomeCounts(ctx, range),
  ]);
  const weeks = weeklyTotals(range, weekly);
  const previousWeeks = weeklyTotals(before, earlier);
  return {
    range,
    meetings,
    weeks,
    shares: statusShares(weeks),
    previous: { range: before, weeks: previousWeeks, shares: statusShares(previousWeeks) },
    busiest: busiestTimes(busy),
    opportunities,
    plans,
    trials,
  };
}

/** Bookings sent in [start, end), by the firm's ISO week, type, status and whether a time was chosen. */
function weeklyCounts(ctx: ServiceContext, zone: string, start: Date, end: Date) {
  const b = consultationBookings;
  return ctx.db
    .select({
      week: sql<string>`to_char(date_trunc('week', ${b.createdAt} at time zone ${zone}), 'YYYY-MM-DD')`,
      bookingType: b.bookingType,
      status: b.status,
      withSlot: sql<boolean>`${b.availabilitySlotId} is not null`,
      count: sql<number>`count(*)::int`,
    })
    .from(b)
    .where(and(gte(b.createdAt, start), lt(b.createdAt, end)))
    // By position: the week's expression carries the zone as a parameter, which PostgreSQL
    // would not match with a second copy of it.
    .groupBy(sql.raw("1, 2, 3, 4"));
}

/** Meetings in the range marked held or no-show by their slot's day (issue 37). */
async function outcomeCounts(ctx: ServiceContext, range: InsightRange): Promise<Insights["meetings"]> {
  const s = availabilitySlots;
  const b = consultationBookings;
  const rows = await ctx.db
    .select({ outcome: b.outcome, count: sql<number>`count(*)::int` })
    .from(s)
    .innerJoin(b, eq(b.availabilitySlotId, s.id))
    .where(and(gte(s.date, range.from), lte(s.date, range.to), isNotNull(b.outcome)))
    .groupBy(b.outcome);
  const of = (outcome: string) => rows.find((r) => r.outcome === outcome)?.count ?? 0;
  return { held: of("held"), noShow: of("no_show") };
}

/** Consultations held in the range (booked, not cancelled), by the slot's ISO weekday and starting hour. */
function busyCounts(ctx: ServiceContext, range: InsightRange) {
  const s = availabilitySlots;
  const b = consultationBookings;
  return ctx.db
    .select({
      weekday: sql<number>`extract(isodow from ${s.date}::date)::int`,
      hour: sql<number>`extract(hour from ${s.startTime})::int`,
      count: sql<number>`count(*)::int`,
    })
    .from(s)
    .innerJoin(b, eq(b.availabilitySlotId, s.id))
    .where(and(gte(s.date, range.from), lte(s.date, range.to), ne(b.status, "cancelled")))
    .groupBy(sql.raw("1, 2"));
}

/**
 * Each opportunity's expressions of interest registered in [start, end) and not withdrawn
 * (how many, and their amounts added up), and its documents' downloads in the same days;
 * only opportunities with either, most interest first.
 */
async function opportunityCounts(ctx: ServiceContext, start: Date, end: Date): Promise<OpportunityInsight[]> {
  const i = opportunityInterests;
  const d = documentDownloads;
  const [interests, downloads] = await Promise.all([
    ctx.db
      .select({ id: i.opportunityId, interests: sql<number>`count(*)::int`, amountUsd: sql<string>`coalesce(sum(${i.amountUsd}), 0)` })
      .from(i)
      .where(and(gte(i.createdAt, start), lt(i.createdAt, end), isNull(i.withdrawnAt)))
      .groupBy(i.opportunityId),
    ctx.db
      .select({ id: documents.opportunityId, downloads: sql<number>`count(*)::int` })
      .from(d)
      .innerJoin(documents, eq(documents.id, d.documentId))
      .where(and(gte(d.createdAt, start), lt(d.createdAt, end), isNotNull(documents.opportunityId)))
      .groupBy(documents.opportunityId),
  ]);
  const byId = new Map<string, OpportunityInsight>();
  const entry = (id: string) => byId.get(id) ?? byId.set(id, { id, slug: "", title: "", interests: 0, amountUsd: 0, downloads: 0 }).get(id)!;
  for (const row of interests) Object.assign(entry(row.id), { interests: row.interests, amountUsd: Number(row.amountUsd) });
  for (const row of downloads) if (row.id) entry(row.id).downloads = row.downloads;
  if (byId.size === 0) return [];
  const titles = await ctx.db
    .select({ id: investmentOpportunities.id, slug: investmentOpportunities.slug, title: investmentOpportunities.title })
    .from(investmentOpportunities)
    .where(inArray(investmentOpportunities.id, [...byId.keys()]));
  for (const { id, slug, title } of titles) Object.assign(entry(id), { slug, title });
  return [...byId.values()].sort((a, b) => b.interests - a.interests || b.downloads - a.downloads || a.title.localeCompare(b.title));
}

/** Subscribers now on each plan, every plan on sale listed (a plan taken off sale only while someone is still on it). */
async function planCounts(ctx: ServiceContext): Promise<PlanInsight[]> {
  const p = subscriptionPlans;
  const s = subscriptions;
  const rows = await ctx.db
    .select({ id: p.id, name: p.name, isActive: p.isActive, subscribers: sql<number>`count(${s.id})::int` })
    .from(p)
    .leftJoin(s, and(eq(s.planId, p.id), inArray(s.status, LIVE_SUBSCRIPTION)))
    .groupBy(p.id)
    .orderBy(asc(p.priceMonthly), asc(p.name));
  return rows.filter((r) => r.isActive || r.subscribers > 0).map(({ id, name, subscribers }) => ({ id, name, subscribers }));
}

/** Trials that ended in [start, end) and before now, and how many of those went on to pay. */
async function trialCounts(ctx: ServiceContext, start: Date, end: Date, now: Date) {
  const s = subscriptions;
  const [row] = await ctx.db
    .select({
      ended: sql<number>`count(*)::int`,
      converted: sql<number>`(count(*) filter (where ${inArray(s.status, PAYING_SUBSCRIPTION)}))::int`,
    })
    .from(s)
    .where(and(gte(s.trialEnd, start), lt(s.trialEnd, end), lte(s.trialEnd, now), ne(s.status, "trialing")));
  return trialConversion(row?.ended ?? 0, row?.converted ?? 0);
}
