import { addDays, differenceInCalendarDays, format, parseISO, startOfISOWeek } from "date-fns";
import { z } from "zod";
import { isCalendarDate } from "./calendar";
import { BOOKING_STATUSES, BOOKING_TYPES, type BookingStatus, type BookingType } from "./constants";

/**
 * The admins' insights page (issue 19): how the business is going, as counts the database
 * adds up (app/server/services/insights.server.ts) and the pure rules here that shape them
 * for the charts and their tables. Days are the firm's wall-clock days; weeks start on
 * Monday (ISO weeks).
 */

/** The ranges offered as one click, in weeks back from today. */
export const INSIGHT_PRESET_WEEKS = [4, 12, 26, 52] as const;
export const DEFAULT_INSIGHT_WEEKS = 12;
/** The longest range one page adds up: three years of weeks still read as a chart. */
export const MAX_INSIGHT_DAYS = 3 * 366;

const day = z.string().trim().refine(isCalendarDate);

/** `?from=yyyy-MM-dd&to=yyyy-MM-dd`; either may be missing (the default range fills it). */
export const insightsQuerySchema = z.object({
  from: day.optional(),
  to: day.optional(),
});

export interface InsightRange {
  /** First day, yyyy-MM-dd, inclusive. */
  from: string;
  /** Last day, yyyy-MM-dd, inclusive. */
  to: string;
}

export type RangeProblem = "invalid" | "reversed" | "tooLong" | null;

/** The period of the same length just before `range` (issue 34: each headline figure is compared with it). */
export function previousRange(range: InsightRange): InsightRange {
  const days = differenceInCalendarDays(parseISO(range.to), parseISO(range.from)) + 1;
  const to = addDays(parseISO(range.from), -1);
  return { from: format(addDays(to, -(days - 1)), "yyyy-MM-dd"), to: format(to, "yyyy-MM-dd") };
}

/** The range `weeks` long ending on `today` (inclusive): 12 weeks is 84 days. */
export function presetRange(weeks: number, today: string): InsightRange {
  return { from: format(addDays(parseISO(today), -(weeks * 7 - 1)), "yyyy-MM-dd"), to: today };
}

/**
 * The range the page shows for what the address asked: the asked range when it is a real
 * one, otherwise the default, with what was wrong (the page says it; nothing is lost, the
 * form keeps what was typed).
 */
export function resolveRange(raw: Record<string, string | undefined>, today: string): { range: InsightRange; problem: RangeProblem } {
  const fallback = presetRange(DEFAULT_INSIGHT_WEEKS, today);
  const asked = { from: raw.from?.trim() || undefined, to: raw.to?.trim() || undefined };
  if (!asked.from && !asked.to) return { range: fallback, problem: null };
  const parsed = insightsQuerySchema.safeParse(asked);
  if (!parsed.success) return { range: fallback, problem: "invalid" };
  const to = parsed.data.to ?? today;
  const from = parsed.data.from ?? presetRange(DEFAULT_INSIGHT_WEEKS, to).from;
  if (from > to) return { range: fallback, problem: "reversed" };
  if (differenceInCalendarDays(parseISO(to), parseISO(from)) + 1 > MAX_INSIGHT_DAYS) return { range: fallback, problem: "tooLong" };
  return { range: { from, to }, problem: null };
}

/** The Monday (yyyy-MM-dd) of every week the range touches, oldest first. */
export function weeksOf(range: InsightRange): string[] {
  const weeks: string[] = [];
  const last = parseISO(range.to);
  for (let monday = startOfISOWeek(parseISO(range.from)); monday <= last; monday = addDays(monday, 7)) {
    weeks.push(format(monday, "yyyy-MM-dd"));
  }
  return weeks;
}

/** One row of the weekly count the database answers: a week, a type, a status, with or without a slot. */
export interface WeeklyCountRow {
  week: string;
  bookingType: string;
  status: string;
  withSlot: boolean;
  count: number;
}

export interface WeekTotals {
  /** The week's Monday, yyyy-MM-dd. */
  week: string;
  /** Every enquiry sent in the week (each is a booking request). */
  enquiries: number;
  /** Those with a consultation time chosen from the calendar. */
  withSlot: number;
  byType: Record<BookingType, number>;
  byStatus: Record<BookingStatus, number>;
}

const zeroes = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;

/** Every week of the range, with zeroes where nothing came in; a type or status the product does not know counts only in the totals. */
export function weeklyTotals(range: InsightRange, rows: readonly WeeklyCountRow[]): WeekTotals[] {
  const byWeek = new Map(
    weeksOf(range).map((week) => [week, { week, enquiries: 0, withSlot: 0, byType: zeroes(BOOKING_TYPES), byStatus: zeroes(BOOKING_STATUSES) }]),
  );
  for (const row of rows) {
    const totals = byWeek.get(row.week);
    if (!totals) continue;
    totals.enquiries += row.count;
    if (row.withSlot) totals.withSlot += row.count;
    if (row.bookingType in totals.byType) totals.byType[row.bookingType as BookingType] += row.count;
    if (row.status in totals.byStatus) totals.byStatus[row.status as BookingStatus] += row.count;
  }
  return [...byWeek.values()];
}

export interface StatusShare {
  status: BookingStatus;
  count: number;
  /** Whole per cent of all the range's bookings, rounded so the shares add up to 100. */
  percent: number;
}

/** Each status's share of the range's bookings; the per cents add up to 100 (largest remainder), or are all 0 when there is none. */
export function statusShares(weeks: readonly WeekTotals[]): StatusShare[] {
  const counts = BOOKING_STATUSES.map((status) => ({ status, count: weeks.reduce((sum, w) => sum + w.byStatus[status], 0) }));
  const total = counts.reduce((sum, c) => sum + c.count, 0);
  if (total === 0) return counts.map((c) => ({ ...c, percent: 0 }));
  const exact = counts.map((c) => (c.count * 100) / total);
  const percents = exact.map(Math.floor);
  let left = 100 - percents.reduce((a, b) => a + b, 0);
  const order = exact.map((value, i) => ({ i, rest: value - Math.floor(value) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    percents[i]! += 1;
    left -= 1;
  }
  return counts.map((c, i) => ({ ...c, percent: percents[i]! }));
}

/** ISO weekdays, Monday (1) to Sunday (7). */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** Booked consultations by the weekday and the hour they are held (the firm's wall clock). */
export interface BusyCountRow {
  weekday: number;
  hour: number;
  count: number;
}

export interface BusiestTimes {
  byWeekday: { weekday: number; count: number }[];
  /** Only the hours something is booked in, earliest first (a day's office hours, not 24 empty bars). */
  byHour: { hour: number; count: number }[];
}

export function busiestTimes(rows: readonly BusyCountRow[]): BusiestTimes {
  const days = new Map<number, number>(WEEKDAYS.map((d) => [d, 0]));
  const hours = new Map<number, number>();
  for (const row of rows) {
    if (days.has(row.weekday)) days.set(row.weekday, days.get(row.weekday)! + row.count);
    hours.set(row.hour, (hours.get(row.hour) ?? 0) + row.count);
  }
  return {
    byWeekday: [...days].map(([weekday, count]) => ({ weekday, count })),
    byHour: [...hours].sort(([a], [b]) => a - b).map(([hour, count]) => ({ hour, count })),
  };
}

/** An opportunity's interest and reading in the range. */
export interface OpportunityInsight {
  id: string;
  /** Its page's address (issue 33). */
  slug: string;
  title: string;
  interests: number;
  /** The interests' amounts added up, in US dollars (withdrawn ones left out). */
  amountUsd: number;
  downloads: number;
}

/** Subscribers now (a live subscription: trialing, active or past due) on each plan. */
export interface PlanInsight {
  id: string | null;
  name: string;
  subscribers: number;
}

/** Trials that ended in the range, and what became of them. */
export interface TrialInsight {
  ended: number;
  /** Went on to pay (active or past due after the trial). */
  converted: number;
  /** Whole per cent of `ended`; null when none ended. */
  percent: number | null;
}

export function trialConversion(ended: number, converted: number): TrialInsight {
  return { ended, converted, percent: ended === 0 ? null : Math.round((converted * 100) / ended) };
}

/** Everything the insights page shows. */
export interface Insights {
  range: InsightRange;
  /** Meetings in the range (by their day) marked held, and marked no-show (issue 37). */
  meetings: { held: number; noShow: number };
  weeks: WeekTotals[];
  shares: StatusShare[];
  /** The period of the same length before (`previousRange`): its weeks and shares, for the headline figures' comparison. */
  previous: { range: InsightRange; weeks: WeekTotals[]; shares: StatusShare[] };
  busiest: BusiestTimes;
  opportunities: OpportunityInsight[];
  plans: PlanInsight[];
  trials: TrialInsight;
}

/** Every booking in the weeks, with and without a chosen time. */
export function rangeTotals(weeks: readonly WeekTotals[]): { enquiries: number; withSlot: number } {
  return weeks.reduce((sum, w) => ({ enquiries: sum.enquiries + w.enquiries, withSlot: sum.withSlot + w.withSlot }), { enquiries: 0, withSlot: 0 });
}
