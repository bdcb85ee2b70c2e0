import type { EscrowAccount, MilestoneKind, PaymentStatus, ProgressStatus } from "./escrow";
import type { EscrowChangeNotice } from "./escrow-changes";
import type { Currency } from "./money";

/*
 * What the investor's portfolio and the admins' ledger show (issue 36): the shapes the
 * services answer and the pages render. Amounts are minor units (bigint) in the
 * commitment's currency.
 */

/** Where investors follow their commitments, calls and payments. */
export const PORTFOLIO_PATH = "/portfolio";

/** Where an investor reads one progress update (opening it there is recorded). */
export const progressUpdatePath = (id: string) => `${PORTFOLIO_PATH}/updates/${id}`;

/** The portfolio's files: a receipt, a kept statement (or "today"'s), a proof of transfer. */
export const portfolioFile = (kind: "receipt" | "statement" | "proof", id: string) => `${PORTFOLIO_PATH}/files/${kind}/${id}`;

export interface CommitmentPosition {
  id: string;
  userId: string | null;
  investorName: string;
  entityName: string | null;
  opportunityId: string | null;
  opportunityTitle: string;
  unit: string;
  currency: Currency;
  committed: bigint;
  called: bigint;
  paid: bigint;
  /** Called and not yet paid. */
  outstanding: bigint;
  notYetCalled: bigint;
  /** Called, due before today and not yet paid. */
  overdue: bigint;
  /** The earliest call not paid in full: its name, what is left of it and its due date. */
  nextDue: { label: string; remaining: bigint; dueOn: string } | null;
  escrow: EscrowAccount | null;
  /** The instalments called, by due date, with what is left to pay of each. */
  calls: Array<{ id: string; label: string; amountMinor: bigint; dueOn: string; remaining: bigint }>;
  /** The signed reservation it came from, if any. */
  signingRequestId: string | null;
}

export interface PaymentRow {
  id: string;
  commitmentId: string;
  callId: string | null;
  callLabel: string | null;
  investorName: string;
  opportunityTitle: string;
  transferredOn: string;
  amountMinor: bigint;
  receivedMinor: bigint | null;
  currency: Currency;
  reference: string;
  status: PaymentStatus;
  reviewNote: string | null;
  receiptNumber: string | null;
  receiptSha256: string | null;
  createdAt: Date;
}

/** A transfer as the admins' list shows it: whether it is the acting admin's own, which another admin decides (issue 52). */
export interface AdminPaymentRow extends PaymentRow {
  own: boolean;
  /** The escrow account the investor was shown when they recorded it (bank, IBAN); null for transfers recorded before that was kept (issue 52, item 10). */
  paidInto: { bank: string; iban: string } | null;
}

export interface ProgressUpdate {
  id: string;
  opportunityId: string;
  opportunityTitle: string;
  status: ProgressStatus;
  percent: number;
  /** In the reader's language. */
  text: string;
  photos: string[];
  postedAt: Date;
}

export interface PortfolioCommitment extends CommitmentPosition {
  progress: { status: ProgressStatus; percent: number; postedAt: Date } | null;
  payments: PaymentRow[];
  /** A change of the escrow account on its 24-hour hold (issue 52): never the account to pay, until it takes effect. */
  escrowChange: EscrowChangeNotice | null;
}

export interface Portfolio {
  today: string;
  commitments: PortfolioCommitment[];
  statements: Array<{ id: string; period: string; asOf: string; sha256: string }>;
  updates: Array<ProgressUpdate & { read: boolean }>;
}

/** A call not yet paid in full, for the dashboard's notice. */
export interface OpenCall {
  opportunityTitle: string;
  label: string;
  remaining: bigint;
  currency: Currency;
  dueOn: string;
  overdue: boolean;
}

/** An opportunity's payment plan (issue 36, item 2): its escrow account, instalments and milestones. */
export interface PlanInstalment {
  id: string;
  position: number;
  label: string;
  sharePoints: number;
  dueKind: "date" | "milestone";
  dueOn: string | null;
  milestoneId: string | null;
  milestone: MilestoneKind | null;
  level: number | null;
}

export interface PlanMilestone {
  id: string;
  kind: MilestoneKind;
  level: number | null;
  certifiedOn: string | null;
  note: string | null;
  dueDays: number | null;
}

export interface PaymentPlan {
  opportunityId: string;
  escrow: EscrowAccount;
  instalments: PlanInstalment[];
  milestones: PlanMilestone[];
  /** Someone has committed: the instalments can no longer change. */
  locked: boolean;
  updatedAt: Date;
}

/** A progress update as admins see it: to whom it went, and who has opened it. */
export interface AdminProgressUpdate extends ProgressUpdate {
  readers: Array<{ name: string; email: string; readAt: Date | null }>;
}
