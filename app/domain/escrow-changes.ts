import type { MessageKey } from "~/i18n/i18n";
import type { EscrowAccount } from "./escrow";

/*
 * Changes of an escrow account (issue 52 item 3, decision 058). The account investors pay
 * into changes only when a second admin approves the change; a firm with one admin has no
 * second, so there the change takes effect after a 24-hour hold, and every investor with a
 * commitment on the plan is told at once, so that anyone who did not expect it can call the
 * firm before it does. Until then the account in force is the only one shown as the one to
 * pay. The rules here are pure; app/server/services/escrow-changes.server.ts keeps them.
 */

/** pending: waiting; applied: the account in force since; stopped: an admin stopped it. */
export const ESCROW_CHANGE_STATUSES = ["pending", "applied", "stopped"] as const;
export type EscrowChangeStatus = (typeof ESCROW_CHANGE_STATUSES)[number];

/** How long a change asked for by a firm's only admin waits before it takes effect. */
export const ESCROW_HOLD_HOURS = 24;

/**
 * When a change asked for at `requestedAt` takes effect by itself: after the hold when the
 * firm has one admin (nobody else could approve it), never (null: a second admin approves
 * it) when it has more.
 */
export function holdEndsAt(requestedAt: Date, admins: number): Date | null {
  return admins <= 1 ? new Date(requestedAt.getTime() + ESCROW_HOLD_HOURS * 60 * 60 * 1000) : null;
}

/** Whether the admin `adminId` may approve a change `requestedBy` asked for: anyone but its requester. */
export function mayApprove(change: { requestedBy: string | null }, adminId: string): boolean {
  return change.requestedBy !== adminId;
}

/** The last four characters of an IBAN: how an account not yet in force is named to investors. */
export function ibanEnding(iban: string): string {
  return iban.replace(/\s+/g, "").slice(-4);
}

/** A change waiting, as the admins' page shows it. */
export interface PendingEscrowChange {
  id: string;
  escrow: EscrowAccount;
  requestedAt: Date;
  /** Who asked for it (null once their account is gone). */
  requestedBy: { id: string; name: string; email: string } | null;
  /** When it takes effect by itself (the firm had one admin), or null: it waits for a second admin. */
  takesEffectAt: Date | null;
}

/**
 * A change waiting on the hold, as an investor committed to the plan sees it: never the
 * whole new account (only its bank, its name and the IBAN's last four), so the page can
 * never be read as telling them to pay into it.
 */
export interface EscrowChangeNotice {
  bank: string;
  accountName: string;
  ibanEnding: string;
  requestedAt: Date;
  takesEffectAt: Date;
  /** The firm's time zone, the one `takesEffectAt` is said in. */
  timeZone: string;
}

/** What saving a plan did with its escrow account. */
export type EscrowSaveOutcome =
  /** No change of account (or the plan's first account, in force at once). */
  | { escrow: "unchanged" | "set" }
  /** A change waits for a second admin. */
  | { escrow: "waiting" }
  /** A change waits for the hold to end (`takesEffectAt`); the committed investors are told. */
  | { escrow: "held"; takesEffectAt: Date };

export const ESCROW_CHANGE_MESSAGES = {
  waiting: "escrow.change.waiting",
  held: "escrow.change.held",
  alreadyWaiting: "escrow.change.alreadyWaiting",
  approved: "escrow.change.approved",
  stopped: "escrow.change.stopped",
  ownChange: "escrow.change.ownChange",
  notWaiting: "escrow.change.notWaiting",
  decisionFailed: "escrow.change.decisionFailed",
} as const satisfies Record<string, MessageKey>;
