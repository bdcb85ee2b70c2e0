import { addDays, format, parseISO, type Locale as DateFnsLocale } from "date-fns";
import { electronicFormatIBAN, friendlyFormatIBAN, isValidBIC, isValidIBAN } from "ibantools";
import { z } from "zod";
import { datePattern } from "~/i18n/date-patterns";
import type { MessageKey } from "~/i18n/i18n";
import { isCalendarDate } from "./calendar";
import { amountInCurrency, CURRENCIES } from "./money";
import { parseShare, WHOLE_IN_HUNDREDTHS } from "./opportunity-memo";
import type { UploadProblem } from "./uploads";

/*
 * After the signature (issue 36): a signed reservation becomes a commitment; each
 * opportunity has a payment plan of instalments, shares of the commitment due on a date or
 * when a construction milestone is certified, paid into the plan's escrow account. A
 * certified milestone turns the instalments due on it into calls, with reminders before
 * and after the due date. Amounts are exact (decision 047).
 */

/** Construction milestones an instalment can wait for; "structure" has a level (the floor reached). */
export const MILESTONE_KINDS = ["booking", "foundation", "structure", "facade", "handover"] as const;
export type MilestoneKind = (typeof MILESTONE_KINDS)[number];

export const MILESTONE_KIND_KEYS = {
  booking: "escrow.milestone.booking",
  foundation: "escrow.milestone.foundation",
  structure: "escrow.milestone.structure",
  facade: "escrow.milestone.facade",
  handover: "escrow.milestone.handover",
} as const satisfies Record<MilestoneKind, MessageKey>;

/** Where a commitment came from: a signed reservation agreement, or an admin's hand. */
export const COMMITMENT_SOURCES = ["signed", "manual"] as const;
export type CommitmentSource = (typeof COMMITMENT_SOURCES)[number];

/** A transfer the investor recorded: waiting for the firm, confirmed (in full or in part) or rejected. */
export const PAYMENT_STATUSES = ["recorded", "confirmed", "rejected"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** An instalment is due on a date, or when a milestone is certified. */
export const INSTALMENT_DUE_KINDS = ["date", "milestone"] as const;
export type InstalmentDueKind = (typeof INSTALMENT_DUE_KINDS)[number];

/** A plan has at most this many instalments. */
export const PLAN_MAX_INSTALMENTS = 12;
/** Days from a milestone's certification to the calls' due date, unless the admin says otherwise. */
export const CALL_DUE_DAYS = 30;
/** Reminders of an unpaid call: days from its due date (7 and 1 before, 3 after). */
export const CALL_REMINDER_LEADS = ["before-7", "before-1", "after-3"] as const;
export type CallReminderLead = (typeof CALL_REMINDER_LEADS)[number];
export const CALL_REMINDER_OFFSET_DAYS: Record<CallReminderLead, number> = { "before-7": -7, "before-1": -1, "after-3": 3 };

export const ESCROW_MESSAGES = {
  bankRequired: "escrow.plan.bankRequired",
  accountNameRequired: "escrow.plan.accountNameRequired",
  ibanInvalid: "escrow.plan.ibanInvalid",
  bicInvalid: "escrow.plan.bicInvalid",
  tooLong: "escrow.plan.tooLong",
  labelRequired: "escrow.plan.labelRequired",
  shareInvalid: "escrow.plan.shareInvalid",
  sharesTotal: "escrow.plan.sharesTotal",
  dueDateInvalid: "escrow.plan.dueDateInvalid",
  milestoneRequired: "escrow.plan.milestoneRequired",
  levelInvalid: "escrow.plan.levelInvalid",
  instalmentsRequired: "escrow.plan.instalmentsRequired",
  instalmentsTooMany: "escrow.plan.instalmentsTooMany",
  milestoneTwice: "escrow.plan.milestoneTwice",
  planSaved: "escrow.plan.saved",
  planLocked: "escrow.plan.locked",
  opportunityUnknown: "escrow.plan.opportunityUnknown",
  saveFailed: "escrow.saveFailed",
  investorUnknown: "escrow.commitment.investorUnknown",
  unitRequired: "escrow.commitment.unitRequired",
  amountInvalid: "escrow.commitment.amountInvalid",
  commitmentRecorded: "escrow.commitment.recorded",
  certifyDateInvalid: "escrow.certify.dateInvalid",
  certifyNoteRequired: "escrow.certify.noteRequired",
  certifyAlready: "escrow.certify.already",
  certifyUnknown: "escrow.certify.unknown",
  certified: "escrow.certify.done",
  dueDaysInvalid: "escrow.certify.dueDaysInvalid",
  fetchFailed: "escrow.admin.fetchFailed",
} as const satisfies Record<string, MessageKey>;

const text = (max: number, required: MessageKey) => z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: ESCROW_MESSAGES.tooLong });

/** An IBAN as typed ("AE07 0331 …") in its electronic form ("AE070331…"), or null when it is not a valid one (checksum and country format). */
export function normaliseIban(typed: string): string | null {
  const electronic = electronicFormatIBAN(typed.trim());
  return electronic && isValidIBAN(electronic) ? electronic : null;
}

/** An IBAN in groups of four, as banks print it. */
export const printIban = (iban: string): string => friendlyFormatIBAN(iban) ?? iban;

/** A BIC (SWIFT code) as typed, upper-cased and checked, or null. */
export function normaliseBic(typed: string): string | null {
  const bic = typed.trim().replace(/\s+/g, "").toUpperCase();
  return isValidBIC(bic) ? bic : null;
}

/** The escrow account payments go to: part of the plan, its change audited and mailed. */
export const escrowSchema = z.object({
  bank: text(120, ESCROW_MESSAGES.bankRequired),
  accountName: text(160, ESCROW_MESSAGES.accountNameRequired),
  iban: z
    .string({ error: ESCROW_MESSAGES.ibanInvalid })
    .transform((v, ctx) => normaliseIban(v) ?? (ctx.addIssue({ code: "custom", message: ESCROW_MESSAGES.ibanInvalid }), z.NEVER)),
  bic: z
    .string({ error: ESCROW_MESSAGES.bicInvalid })
    .transform((v, ctx) => normaliseBic(v) ?? (ctx.addIssue({ code: "custom", message: ESCROW_MESSAGES.bicInvalid }), z.NEVER)),
});
export type EscrowAccount = z.infer<typeof escrowSchema>;

const instalmentSchema = z
  .object({
    label: text(80, ESCROW_MESSAGES.labelRequired),
    share: z.string({ error: ESCROW_MESSAGES.shareInvalid }).transform((v, ctx) => parseShare(v) ?? (ctx.addIssue({ code: "custom", message: ESCROW_MESSAGES.shareInvalid }), z.NEVER)),
    dueKind: z.enum(INSTALMENT_DUE_KINDS),
    dueDate: z.string().trim().optional().default(""),
    milestone: z.enum(MILESTONE_KINDS).optional(),
    level: z.string().trim().optional().default(""),
  })
  .transform((row, ctx) => {
    if (row.dueKind === "date") {
      if (!isCalendarDate(row.dueDate)) ctx.addIssue({ code: "custom", message: ESCROW_MESSAGES.dueDateInvalid, path: ["dueDate"] });
      return { label: row.label, sharePoints: row.share, dueKind: "date" as const, dueDate: row.dueDate, milestone: null, level: null };
    }
    if (!row.milestone) {
      ctx.addIssue({ code: "custom", message: ESCROW_MESSAGES.milestoneRequired, path: ["milestone"] });
      return z.NEVER;
    }
    let level: number | null = null;
    if (row.milestone === "structure") {
      level = /^\d{1,3}$/.test(row.level) ? Number(row.level) : NaN;
      if (!(level >= 1 && level <= 200)) ctx.addIssue({ code: "custom", message: ESCROW_MESSAGES.levelInvalid, path: ["level"] });
    }
    return { label: row.label, sharePoints: row.share, dueKind: "milestone" as const, dueDate: null, milestone: row.milestone, level };
  });
export type InstalmentInput = z.output<typeof instalmentSchema>;

/** A plan: the escrow account and the instalments, whose shares add up to 100 %. */
export const planSchema = z.object({
  opportunityId: z.uuid({ error: ESCROW_MESSAGES.opportunityUnknown }),
  escrow: escrowSchema,
  instalments: z
    .array(instalmentSchema, { error: ESCROW_MESSAGES.instalmentsRequired })
    .min(1, { error: ESCROW_MESSAGES.instalmentsRequired })
    .max(PLAN_MAX_INSTALMENTS, { error: ESCROW_MESSAGES.instalmentsTooMany })
    .superRefine((rows, ctx) => {
      if (!rows.length) return;
      if (rows.reduce((sum, r) => sum + r.sharePoints, 0) !== WHOLE_IN_HUNDREDTHS) ctx.addIssue({ code: "custom", message: ESCROW_MESSAGES.sharesTotal });
      const milestones = rows.filter((r) => r.dueKind === "milestone").map((r) => `${r.milestone}:${r.level ?? ""}`);
      if (new Set(milestones).size !== milestones.length) ctx.addIssue({ code: "custom", message: ESCROW_MESSAGES.milestoneTwice });
    }),
});
export type PlanForm = z.output<typeof planSchema>;

/** A commitment an admin records by hand (one made outside the product, before it). */
export const manualCommitmentSchema = z
  .object({
    investorEmail: z.string({ error: ESCROW_MESSAGES.investorUnknown }).trim().toLowerCase().pipe(z.email({ error: ESCROW_MESSAGES.investorUnknown })),
    opportunityId: z.uuid({ error: ESCROW_MESSAGES.opportunityUnknown }),
    entityName: z.string().trim().max(160, { error: ESCROW_MESSAGES.tooLong }).optional().default(""),
    unit: text(120, ESCROW_MESSAGES.unitRequired),
    amount: z.string({ error: ESCROW_MESSAGES.amountInvalid }),
    currency: z.enum(CURRENCIES),
  })
  .refine(...amountInCurrency(ESCROW_MESSAGES.amountInvalid));
export type ManualCommitmentForm = z.infer<typeof manualCommitmentSchema>;

/** An admin certifies a milestone: the date it was reached, a note, and the days investors have to pay. */
export const certifySchema = z.object({
  milestoneId: z.uuid({ error: ESCROW_MESSAGES.certifyUnknown }),
  certifiedOn: z.string({ error: ESCROW_MESSAGES.certifyDateInvalid }).trim().refine(isCalendarDate, { error: ESCROW_MESSAGES.certifyDateInvalid }),
  note: text(2000, ESCROW_MESSAGES.certifyNoteRequired),
  dueDays: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return CALL_DUE_DAYS;
      const days = /^\d{1,3}$/.test(v) ? Number(v) : NaN;
      if (days >= 1 && days <= 180) return days;
      ctx.addIssue({ code: "custom", message: ESCROW_MESSAGES.dueDaysInvalid });
      return z.NEVER;
    }),
});
export type CertifyForm = z.output<typeof certifySchema>;

/** A calendar date `days` after `date` (both "yyyy-MM-dd"). */
export const dateAfter = (date: string, days: number): string => format(addDays(parseISO(date), days), "yyyy-MM-dd");

/** A calendar day ("2026-12-28") in words, e.g. "Dec 28, 2026": a date, not a moment, so no time zone moves it. */
export const formatCalendarDay = (date: string, locale?: DateFnsLocale): string => format(parseISO(date), datePattern("date", locale), { locale });

/** The day a reminder of a call due on `dueOn` goes out. */
export const reminderDay = (dueOn: string, lead: CallReminderLead): string => dateAfter(dueOn, CALL_REMINDER_OFFSET_DAYS[lead]);

/**
 * The reminders of an unpaid call due on `dueOn` that have come due by `today`, latest
 * first and only the latest: a call certified six days before it is due gets the 1-day
 * reminder when its day comes, not the 7-day one late. Empty once the call is paid.
 */
export function remindersDue(dueOn: string, today: string, paid: boolean): CallReminderLead[] {
  if (paid) return [];
  const due = CALL_REMINDER_LEADS.filter((lead) => reminderDay(dueOn, lead) <= today);
  return due.length ? [due[due.length - 1]!] : [];
}

export const PAYMENT_MESSAGES = {
  dateInvalid: "escrow.payment.dateInvalid",
  amountInvalid: "escrow.payment.amountInvalid",
  referenceRequired: "escrow.payment.referenceRequired",
  proofMissing: "escrow.payment.proofMissing",
  proofTooLarge: "escrow.payment.proofTooLarge",
  proofWrongType: "escrow.payment.proofWrongType",
  proofEncrypted: "escrow.payment.proofEncrypted",
  proofUnreadable: "escrow.payment.proofUnreadable",
  proofTooManyPages: "escrow.payment.proofTooManyPages",
  recorded: "escrow.payment.recorded",
  notFound: "escrow.payment.notFound",
  notWaiting: "escrow.payment.notWaiting",
  receivedInvalid: "escrow.payment.receivedInvalid",
  receivedTooMuch: "escrow.payment.receivedTooMuch",
  confirmed: "escrow.payment.confirmed",
  rejected: "escrow.payment.rejected",
  noteRequired: "escrow.payment.noteRequired",
  callUnknown: "escrow.payment.callUnknown",
  escrowChanged: "escrow.payment.escrowChanged",
  /** Issue 52 (decision 058): nobody decides on their own transfer. */
  ownTransfer: "escrow.payment.ownTransfer",
} as const satisfies Record<string, MessageKey>;

/** A bank's reference for a transfer: up to 140 characters, the length of a SEPA transfer's unstructured remittance information. */
export const TRANSFER_REFERENCE_MAX = 140;

/**
 * The escrow account a page showed, as the transfer form carries it back (issue 52, item
 * 10): the service records the transfer only against the account the investor saw. An
 * empty string when the page showed none.
 */
export const escrowAccountKey = (account: EscrowAccount | null | undefined): string =>
  account ? JSON.stringify([account.bank, account.accountName, account.iban, account.bic]) : "";

/** The bank's confirmation of a transfer: a PDF, JPEG or PNG of at most 10 MB, checked by its content and sealed like an identity file. */
export const PROOF_MAX_BYTES = 10 * 1024 * 1024;

/** What the investor is told about a confirmation that was refused. */
export const PROOF_PROBLEMS = {
  tooLarge: PAYMENT_MESSAGES.proofTooLarge,
  wrongType: PAYMENT_MESSAGES.proofWrongType,
  encrypted: PAYMENT_MESSAGES.proofEncrypted,
  unreadable: PAYMENT_MESSAGES.proofUnreadable,
  tooManyPages: PAYMENT_MESSAGES.proofTooManyPages,
} as const satisfies Record<UploadProblem, MessageKey>;

/** The investor records a transfer they made into escrow: when, how much (in the commitment's currency) and the bank's reference. */
export const transferSchema = z.object({
  commitmentId: z.uuid({ error: PAYMENT_MESSAGES.notFound }),
  callId: z.union([z.uuid({ error: PAYMENT_MESSAGES.callUnknown }), z.literal("")]).optional().default(""),
  transferredOn: z.string({ error: PAYMENT_MESSAGES.dateInvalid }).trim().refine(isCalendarDate, { error: PAYMENT_MESSAGES.dateInvalid }),
  amount: z.string({ error: PAYMENT_MESSAGES.amountInvalid }).trim().min(1, { error: PAYMENT_MESSAGES.amountInvalid }),
  reference: z.string({ error: PAYMENT_MESSAGES.referenceRequired }).trim().min(1, { error: PAYMENT_MESSAGES.referenceRequired }).max(TRANSFER_REFERENCE_MAX, { error: ESCROW_MESSAGES.tooLong }),
  /** `escrowAccountKey` of the account the page showed; absent from a form that predates it (then the account in force is recorded). */
  escrowShown: z.string().max(1000).optional(),
});
export type TransferForm = z.infer<typeof transferSchema>;

/** An admin confirms what the escrow account received (all or part of the transfer). */
export const confirmPaymentSchema = z.object({
  paymentId: z.uuid({ error: PAYMENT_MESSAGES.notFound }),
  received: z.string({ error: PAYMENT_MESSAGES.receivedInvalid }).trim().min(1, { error: PAYMENT_MESSAGES.receivedInvalid }),
  note: z.string().trim().max(500, { error: ESCROW_MESSAGES.tooLong }).optional().default(""),
});
export type ConfirmPaymentForm = z.infer<typeof confirmPaymentSchema>;

/** An admin rejects a transfer that did not arrive, saying why. */
export const rejectPaymentSchema = z.object({
  paymentId: z.uuid({ error: PAYMENT_MESSAGES.notFound }),
  note: text(500, PAYMENT_MESSAGES.noteRequired),
});
export type RejectPaymentForm = z.infer<typeof rejectPaymentSchema>;

/** A receipt's number: the year it was issued and the sequence's next value. */
export const receiptNumber = (year: number, sequence: bigint | number): string => `RC-${year}-${String(sequence).padStart(6, "0")}`;

/** A quarter's name, "2026-Q4", of a calendar day. */
export const quarterOf = (date: string): string => `${date.slice(0, 4)}-Q${Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1}`;

/** The quarter that ended before `today`'s quarter began: its name and last day (a statement's period). */
export function previousQuarter(today: string): { period: string; asOf: string } {
  const year = Number(today.slice(0, 4));
  const firstMonth = Math.floor((Number(today.slice(5, 7)) - 1) / 3) * 3 + 1;
  const asOf = dateAfter(`${year}-${String(firstMonth).padStart(2, "0")}-01`, -1);
  return { period: quarterOf(asOf), asOf };
}

/** A project's status as its progress updates give it (issue 36, item 6). */
export const PROGRESS_STATUSES = ["on_track", "delayed", "on_hold", "completed"] as const;
export type ProgressStatus = (typeof PROGRESS_STATUSES)[number];

export const PROGRESS_STATUS_KEYS = {
  on_track: "escrow.progress.status.onTrack",
  delayed: "escrow.progress.status.delayed",
  on_hold: "escrow.progress.status.onHold",
  completed: "escrow.progress.status.completed",
} as const satisfies Record<ProgressStatus, MessageKey>;

/** Photographs an update (or a certified milestone) carries, at most. */
export const PROGRESS_MAX_PHOTOS = 6;

export const PROGRESS_MESSAGES = {
  textRequired: "escrow.progress.textRequired",
  percentInvalid: "escrow.progress.percentInvalid",
  posted: "escrow.progress.posted",
  notFound: "escrow.progress.notFound",
  tooManyPhotos: "escrow.progress.tooManyPhotos",
} as const satisfies Record<string, MessageKey>;

/** An update as an admin writes it: the status, how far construction is, and the text in each language. */
export const progressUpdateSchema = z.object({
  opportunityId: z.uuid({ error: ESCROW_MESSAGES.opportunityUnknown }),
  status: z.enum(PROGRESS_STATUSES),
  percent: z
    .string({ error: PROGRESS_MESSAGES.percentInvalid })
    .trim()
    .regex(/^\d{1,3}$/, { error: PROGRESS_MESSAGES.percentInvalid })
    .transform(Number)
    .refine((n) => n <= 100, { error: PROGRESS_MESSAGES.percentInvalid }),
  textEn: text(4000, PROGRESS_MESSAGES.textRequired),
  textAr: text(4000, PROGRESS_MESSAGES.textRequired),
  textCkb: text(4000, PROGRESS_MESSAGES.textRequired),
});
export type ProgressUpdateForm = z.output<typeof progressUpdateSchema>;
