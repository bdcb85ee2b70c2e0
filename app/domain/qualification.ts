import { z } from "zod";
import type { MessageKey } from "~/i18n/i18n";
import type { Locale } from "~/i18n/locales";

/*
 * Investor qualification (issue 35, decision 043): before anything beyond public material,
 * an investor says which category they fall in by confirming one of the firm's statements.
 * The firm edits the statements per jurisdiction; an edit is a new version (the wording an
 * investor confirmed is kept with their answer, word for word, and never changes). An
 * investor who confirms "none of these" sees public material only.
 */

/** Where a statement's criteria come from, in the order the questionnaire shows them. */
export const QUALIFICATION_JURISDICTIONS = ["uk", "dfsa", "adgm", "any"] as const;
export type QualificationJurisdiction = (typeof QUALIFICATION_JURISDICTIONS)[number];

export const JURISDICTION_KEYS = {
  uk: "verification.jurisdiction.uk",
  dfsa: "verification.jurisdiction.dfsa",
  adgm: "verification.jurisdiction.adgm",
  any: "verification.jurisdiction.any",
} as const satisfies Record<QualificationJurisdiction, MessageKey>;

/** The languages every statement is written in: an investor confirms the words they read. */
export const STATEMENT_LOCALES = ["en", "ar", "ckb"] as const satisfies readonly Locale[];

/** Where an investor stands: not yet answered, a qualifying category, or none of them. */
export type QualificationStanding = "unstated" | "qualified" | "not-qualified";

/** Where an investor stands, in words (the dashboard and the admins' pipeline). */
export const STANDING_KEYS = {
  unstated: "verification.standing.qualification.unstated",
  qualified: "verification.standing.qualification.qualified",
  "not-qualified": "verification.standing.qualification.publicOnly",
} as const satisfies Record<QualificationStanding, MessageKey>;

export function standingOf(latest: { qualifies: boolean } | null | undefined): QualificationStanding {
  if (!latest) return "unstated";
  return latest.qualifies ? "qualified" : "not-qualified";
}

/** A statement as the questionnaire shows it, in the reader's language. */
export interface QualificationStatement {
  id: string;
  jurisdiction: QualificationJurisdiction;
  qualifies: boolean;
  version: number;
  title: string;
  body: string;
}

/** The investor's answer on record: the exact words they confirmed, in the language they read them, and when. */
export interface QualificationRecord {
  standing: Exclude<QualificationStanding, "unstated">;
  jurisdiction: QualificationJurisdiction;
  title: string;
  wording: string;
  locale: Locale;
  version: number;
  confirmedAt: string;
}

/** A statement as the admin sees it: every language, its version, and how many investors stand on it. */
export interface AdminQualificationStatement {
  id: string;
  lineage: string;
  version: number;
  jurisdiction: QualificationJurisdiction;
  qualifies: boolean;
  position: number;
  texts: Record<(typeof STATEMENT_LOCALES)[number], { title: string; body: string }>;
  /** Investors whose latest answer is this version. */
  confirmations: number;
  updatedAt: string;
}

export const QUALIFICATION_MESSAGES = {
  chooseOne: "verification.qualification.chooseOne",
  confirmRequired: "verification.qualification.confirmRequired",
  gone: "verification.qualification.gone",
  saveFailed: "verification.qualification.saveFailed",
  saved: "verification.qualification.saved",
} as const satisfies Record<string, MessageKey>;

/** The investor's answer: one statement, and the box that says it is true. */
export const qualificationAnswerSchema = z.object({
  statementId: z.uuid({ error: QUALIFICATION_MESSAGES.chooseOne }),
  confirm: z.literal("yes", { error: QUALIFICATION_MESSAGES.confirmRequired }),
});
export type QualificationAnswer = z.infer<typeof qualificationAnswerSchema>;

export const STATEMENT_TITLE_MAX = 160;
export const STATEMENT_BODY_MAX = 4000;

export const STATEMENT_TOASTS = {
  saved: "verification.admin.saved",
  revised: "verification.admin.revised",
  retired: "verification.admin.retired",
  saveFailed: "verification.admin.saveFailed",
  retireFailed: "verification.admin.retireFailed",
  fetchFailed: "verification.admin.fetchFailed",
  notFound: "verification.admin.notFound",
} as const satisfies Record<string, MessageKey>;

const statementText = (max: number) =>
  z
    .string({ error: "verification.admin.required" })
    .trim()
    .min(1, { error: "verification.admin.required" })
    .max(max, { error: max === STATEMENT_TITLE_MAX ? "verification.admin.titleTooLong" : "verification.admin.bodyTooLong" });

/** The admin's form of a statement: a new one (no id) or the next version of one. */
export const statementFormSchema = z.object({
  id: z.preprocess((v) => (v === "" ? undefined : v), z.uuid().optional()),
  jurisdiction: z.enum(QUALIFICATION_JURISDICTIONS, { error: "verification.admin.jurisdictionRequired" }),
  qualifies: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()),
  titleEn: statementText(STATEMENT_TITLE_MAX),
  bodyEn: statementText(STATEMENT_BODY_MAX),
  titleAr: statementText(STATEMENT_TITLE_MAX),
  bodyAr: statementText(STATEMENT_BODY_MAX),
  titleCkb: statementText(STATEMENT_TITLE_MAX),
  bodyCkb: statementText(STATEMENT_BODY_MAX),
});
export type StatementForm = z.infer<typeof statementFormSchema>;

export const statementIdSchema = z.object({ id: z.uuid() });

/** The form's texts by language, as the table keeps them. */
export function statementTexts(form: StatementForm): AdminQualificationStatement["texts"] {
  return {
    en: { title: form.titleEn, body: form.bodyEn },
    ar: { title: form.titleAr, body: form.bodyAr },
    ckb: { title: form.titleCkb, body: form.bodyCkb },
  };
}

/** Statements in the questionnaire's order: by jurisdiction, then the firm's position, then age. */
export function byJurisdiction<T extends { jurisdiction: QualificationJurisdiction; position?: number }>(statements: readonly T[]): Array<{ jurisdiction: QualificationJurisdiction; statements: T[] }> {
  return QUALIFICATION_JURISDICTIONS.map((jurisdiction) => ({
    jurisdiction,
    statements: statements.filter((s) => s.jurisdiction === jurisdiction).sort((a, b) => (a.position ?? 0) - (b.position ?? 0)),
  })).filter((group) => group.statements.length > 0);
}
