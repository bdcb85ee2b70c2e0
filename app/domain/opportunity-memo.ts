import { z } from "zod";
import type { MessageKey } from "~/i18n/i18n";
import { isCalendarDate } from "./calendar";
import { latinDigits } from "./format";

/**
 * An opportunity read as an investment memo (issue 33): sections an admin fills in the
 * opportunity form, each shown on the page only when filled. Structured data: the words
 * have Arabic and Sorani text beside the English; figures, dates and names do not.
 */

/** Where the construction stands (the page names each in the reader's language). */
export const CONSTRUCTION_STAGES = ["design", "groundworks", "structure", "envelope", "fit_out", "handover"] as const;
export type ConstructionStage = (typeof CONSTRUCTION_STAGES)[number];
export const CONSTRUCTION_STAGE_KEYS = {
  design: "memo.stage.design",
  groundworks: "memo.stage.groundworks",
  structure: "memo.stage.structure",
  envelope: "memo.stage.envelope",
  fit_out: "memo.stage.fitOut",
  handover: "memo.stage.handover",
} as const satisfies Record<ConstructionStage, MessageKey>;

/** A developer's earlier project: handed over, or still being built. */
export const DEVELOPER_PROJECT_STATUSES = ["delivered", "under_construction"] as const;
export type DeveloperProjectStatus = (typeof DEVELOPER_PROJECT_STATUSES)[number];
export const DEVELOPER_PROJECT_STATUS_KEYS = {
  delivered: "memo.project.delivered",
  under_construction: "memo.project.underConstruction",
} as const satisfies Record<DeveloperProjectStatus, MessageKey>;

export const MEMO_LIMITS = { text: 2000, risks: 4000, name: 200, yearsActive: 150, planRows: 12, projectRows: 12, minYear: 1900, maxYear: 2100 } as const;

export const MEMO_MESSAGES = {
  latitude: "memo.form.error.latitudeRange",
  longitude: "memo.form.error.longitudeRange",
  bothCoordinates: "memo.form.error.bothCoordinates",
  yearsActive: "memo.form.error.yearsActive",
  percent: "memo.form.error.percent",
  stage: "memo.form.error.stageUnknown",
  date: "memo.form.error.date",
  tooLong: "memo.form.error.tooLong",
  planLabel: "memo.form.error.planLabelRequired",
  planShare: "memo.form.error.planShare",
  planMilestone: "memo.form.error.planMilestoneRequired",
  planTotal: "memo.form.error.planTotal",
  planRows: "memo.form.error.planRows",
  projectName: "memo.form.error.projectNameRequired",
  projectYear: "memo.form.error.projectYear",
  projectStatus: "memo.form.error.projectStatus",
  projectRows: "memo.form.error.projectRows",
} as const satisfies Record<string, MessageKey>;

// ---------------------------------------------------------------------------------------
// Shares of the payment plan: exact decimals (hundredths of a percent), never floats.

/** 100% in hundredths of a percent: what the shares of a payment plan add up to. */
export const WHOLE_IN_HUNDREDTHS = 10_000;

/**
 * A share as people type it ("10", "12.5", "33,34", "15 %", Arabic-Indic digits too), in hundredths of a percent
 * (1250 for 12.5%); null when it is not a number with at most two decimals, or is not more
 * than 0 and at most 100. Read digit by digit, so 33.33 + 33.33 + 33.34 is exactly 100.
 */
export function parseShare(text: string): number | null {
  const match = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(latinDigits(text).replace(/\u066b/g, ".").replace(/[\s%]/g, ""));
  if (!match) return null;
  const hundredths = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return hundredths > 0 && hundredths <= WHOLE_IN_HUNDREDTHS ? hundredths : null;
}

/** Hundredths of a percent as the database's numeric(5,2) text: 1250 → "12.50". */
export function shareText(hundredths: number): string {
  return `${Math.trunc(hundredths / 100)}.${String(hundredths % 100).padStart(2, "0")}`;
}

/** A stored share ("12.50") as people read it: "12.5", "10", "33.34". */
export function formatShare(stored: string): string {
  return stored.includes(".") ? stored.replace(/0+$/, "").replace(/\.$/, "") : stored;
}

/** The rule of a payment plan: its shares add up to exactly 100%. */
export function sharesMakeWhole(hundredths: readonly number[]): boolean {
  return hundredths.reduce((sum, share) => sum + share, 0) === WHOLE_IN_HUNDREDTHS;
}

// ---------------------------------------------------------------------------------------
// Smaller rules.

/** Percent complete: a whole number from 0 to 100. */
export function isPercent(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value <= 100;
}

export const isLatitude = (value: number) => Number.isFinite(value) && value >= -90 && value <= 90;
export const isLongitude = (value: number) => Number.isFinite(value) && value >= -180 && value <= 180;

/** Key risks are typed one per line: split, trimmed, empty lines dropped. */
export function parseLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

// ---------------------------------------------------------------------------------------
// What a reader sees.

export interface PaymentPlanRow {
  label: string;
  /** numeric(5,2) text: "12.50". */
  share: string;
  milestone: string;
}

export interface DeveloperProject {
  name: string;
  year: number;
  status: DeveloperProjectStatus;
}

/** An opportunity's memo in the reader's language (the English where none is written). */
export interface OpportunityMemo {
  district: string | null;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
  developerYearsActive: number | null;
  developerProjects: DeveloperProject[];
  paymentPlan: PaymentPlanRow[];
  fees: string | null;
  exitRoute: string | null;
  holdingPeriod: string | null;
  keyRisks: string[];
  constructionStage: ConstructionStage | null;
  percentComplete: number | null;
  lastSiteVisit: string | null;
}

export const EMPTY_MEMO: OpportunityMemo = {
  district: null,
  city: null,
  latitude: null,
  longitude: null,
  developerYearsActive: null,
  developerProjects: [],
  paymentPlan: [],
  fees: null,
  exitRoute: null,
  holdingPeriod: null,
  keyRisks: [],
  constructionStage: null,
  percentComplete: null,
  lastSiteVisit: null,
};

export const MEMO_SECTIONS = ["location", "developer", "paymentPlan", "terms", "risks", "construction"] as const;
export type MemoSection = (typeof MEMO_SECTIONS)[number];

const filled = (text: string | null) => text !== null && text.trim() !== "";

/** Which sections of the memo have something in them: only those are shown. */
export function filledSections(memo: OpportunityMemo): Record<MemoSection, boolean> {
  return {
    location: filled(memo.district) || filled(memo.city) || (memo.latitude !== null && memo.longitude !== null),
    developer: memo.developerYearsActive !== null || memo.developerProjects.length > 0,
    paymentPlan: memo.paymentPlan.length > 0,
    terms: filled(memo.fees) || filled(memo.exitRoute) || filled(memo.holdingPeriod),
    risks: memo.keyRisks.length > 0,
    construction: memo.constructionStage !== null || memo.percentComplete !== null || memo.lastSiteVisit !== null,
  };
}

// ---------------------------------------------------------------------------------------
// The memo's part of the opportunity form (the same on client and server).

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => v ?? "");
const memoText = (max: number = MEMO_LIMITS.text) => optionalText.pipe(z.string().max(max, MEMO_MESSAGES.tooLong));
/** Text that is null when left blank. */
const nullableText = (max?: number) => memoText(max).transform((v) => v || null);
const number = (text: string) => (text === "" ? null : Number(text.replace(",", ".")));
const wholeNumber = (text: string) => (/^\d+$/.test(text) ? Number(text) : Number.NaN);

/** The scalar fields of the memo, in English; their Arabic and Sorani words are in admin-opportunities' translation fields. */
export const memoScalarFields = {
  district: nullableText(MEMO_LIMITS.name),
  city: nullableText(MEMO_LIMITS.name),
  latitude: optionalText.transform(number).refine((v) => v === null || isLatitude(v), MEMO_MESSAGES.latitude),
  longitude: optionalText.transform(number).refine((v) => v === null || isLongitude(v), MEMO_MESSAGES.longitude),
  developerYearsActive: optionalText
    .transform((v) => (v === "" ? null : wholeNumber(v)))
    .refine((v) => v === null || (Number.isInteger(v) && v <= MEMO_LIMITS.yearsActive), MEMO_MESSAGES.yearsActive),
  fees: nullableText(),
  exitRoute: nullableText(),
  holdingPeriod: nullableText(MEMO_LIMITS.name),
  keyRisks: memoText(MEMO_LIMITS.risks).transform(parseLines),
  constructionStage: optionalText
    .refine((v) => v === "" || (CONSTRUCTION_STAGES as readonly string[]).includes(v), MEMO_MESSAGES.stage)
    .transform((v) => (v === "" ? null : (v as ConstructionStage))),
  percentComplete: optionalText
    .transform((v) => (v === "" ? null : wholeNumber(v)))
    .refine((v) => v === null || isPercent(v), MEMO_MESSAGES.percent),
  lastSiteVisit: optionalText.refine((v) => v === "" || isCalendarDate(v), MEMO_MESSAGES.date).transform((v) => v || null),
};

/** One row of the payment plan as the form posts it: every word in English, Arabic and Sorani. */
const planRowInput = z.object({
  label: optionalText,
  share: optionalText,
  milestone: optionalText,
  labelAr: optionalText,
  milestoneAr: optionalText,
  labelCkb: optionalText,
  milestoneCkb: optionalText,
});
export type PaymentPlanInput = z.output<typeof planRowInput>;
/** A payment plan row as stored: the share in hundredths of a percent. */
export type PaymentPlanValues = Omit<PaymentPlanInput, "share"> & { share: number };

const projectRowInput = z.object({ name: optionalText, year: optionalText, status: optionalText });
export type DeveloperProjectValues = DeveloperProject;

const blank = (row: Record<string, string>) => Object.values(row).every((value) => value === "");
const tooLong = (row: Record<string, string>, max: number) => Object.keys(row).filter((key) => row[key]!.length > max);

/**
 * The payment plan: rows with a label, a share and a milestone (a row left wholly blank is
 * dropped); the shares add up to exactly 100 (issue 33). Field messages point at the row.
 */
export const paymentPlanField = z
  .array(planRowInput)
  .optional()
  .transform((rows) => rows ?? [])
  .superRefine((rows, ctx) => {
    const kept = rows.map((row, index) => ({ row, index })).filter(({ row }) => !blank(row));
    if (kept.length > MEMO_LIMITS.planRows) ctx.addIssue({ code: "custom", message: MEMO_MESSAGES.planRows, path: [] });
    const shares: number[] = [];
    for (const { row, index } of kept) {
      if (row.label === "") ctx.addIssue({ code: "custom", message: MEMO_MESSAGES.planLabel, path: [index, "label"] });
      if (row.milestone === "") ctx.addIssue({ code: "custom", message: MEMO_MESSAGES.planMilestone, path: [index, "milestone"] });
      for (const key of tooLong(row, MEMO_LIMITS.name)) ctx.addIssue({ code: "custom", message: MEMO_MESSAGES.tooLong, path: [index, key] });
      const share = parseShare(row.share);
      if (share === null) ctx.addIssue({ code: "custom", message: MEMO_MESSAGES.planShare, path: [index, "share"] });
      else shares.push(share);
    }
    if (kept.length > 0 && shares.length === kept.length && !sharesMakeWhole(shares)) {
      ctx.addIssue({ code: "custom", message: MEMO_MESSAGES.planTotal, path: [] });
    }
  })
  .transform((rows): PaymentPlanValues[] => rows.filter((row) => !blank(row)).map((row) => ({ ...row, share: parseShare(row.share)! })));

/** The developer's projects delivered or under construction: a name, a year and a status each. */
export const developerProjectsField = z
  .array(projectRowInput)
  .optional()
  .transform((rows) => rows ?? [])
  .superRefine((rows, ctx) => {
    const kept = rows.map((row, index) => ({ row, index })).filter(({ row }) => !blank(row));
    if (kept.length > MEMO_LIMITS.projectRows) ctx.addIssue({ code: "custom", message: MEMO_MESSAGES.projectRows, path: [] });
    for (const { row, index } of kept) {
      if (row.name === "") ctx.addIssue({ code: "custom", message: MEMO_MESSAGES.projectName, path: [index, "name"] });
      if (row.name.length > MEMO_LIMITS.name) ctx.addIssue({ code: "custom", message: MEMO_MESSAGES.tooLong, path: [index, "name"] });
      const year = wholeNumber(row.year);
      if (!(year >= MEMO_LIMITS.minYear && year <= MEMO_LIMITS.maxYear)) ctx.addIssue({ code: "custom", message: MEMO_MESSAGES.projectYear, path: [index, "year"] });
      if (!(DEVELOPER_PROJECT_STATUSES as readonly string[]).includes(row.status)) ctx.addIssue({ code: "custom", message: MEMO_MESSAGES.projectStatus, path: [index, "status"] });
    }
  })
  .transform((rows): DeveloperProjectValues[] =>
    rows.filter((row) => !blank(row)).map((row) => ({ name: row.name, year: Number(row.year), status: row.status as DeveloperProjectStatus })),
  );

/**
 * The form posts rows as `paymentPlan[0].label`; the server reads the form as flat fields
 * (`Object.fromEntries`), so the rows are gathered into lists first, as Conform does in
 * the browser. Other fields pass through unchanged.
 */
export function gatherRows(fields: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    const row = /^(paymentPlan|developerProjects)\[(\d{1,2})\]\.([A-Za-z]+)$/.exec(name);
    if (!row) {
      out[name] = value;
      continue;
    }
    const [, list, index, key] = row;
    const rows = (out[list!] ??= []) as Record<string, string>[];
    (rows[Number(index)] ??= {})[key!] = value;
  }
  for (const list of ["paymentPlan", "developerProjects"]) {
    if (Array.isArray(out[list])) out[list] = (out[list] as (Record<string, string> | undefined)[]).filter(Boolean);
  }
  return out;
}

/** Whether the latitude and longitude are both given or both left out (a pin needs both). */
export function coordinatesPaired(values: { latitude: number | null; longitude: number | null }): boolean {
  return (values.latitude === null) === (values.longitude === null);
}
