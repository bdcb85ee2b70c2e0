import type { OpportunityStatus } from "./constants";
import type { Entitlements } from "./entitlements";

/**
 * Who may see an opportunity, and when (issue 15's early access; issue 32 made it the one
 * check of every surface: docs/decisions/029). An opportunity is seen by a reader when it is
 * active and its public date (the start of that day in the firm's time zone; none: as soon as
 * it is active) is at most their early-access days away. Everything that shows an opportunity
 * or a document attached to one (the list, its page, the library, a document's page and its
 * download, the investor pack, the sitemap, alerts, the booking dialog, receipts) decides by
 * this rule: here for one opportunity in hand, and through `opportunityOpenTo`
 * (app/server/services/opportunity-access.server.ts), built from the same `earlyAccessHorizon`,
 * in the queries that scope what a reader is shown.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the rule needs to know of a reader: how many days ahead of everyone they see. */
export type Reader = Pick<Entitlements, "earlyAccessDays">;

/** Anyone at all: a visitor, a mail to an address nobody has shown to be theirs, a search engine. */
export const EVERYONE: Reader = { earlyAccessDays: 0 };

/** What the rule needs to know of an opportunity. */
export interface OpportunityTiming {
  status: OpportunityStatus;
  /** When it opens to everyone; null: as soon as it is active. */
  publicAt: Date | string | null;
}

const instant = (value: Date | string) => (typeof value === "string" ? new Date(value) : value);

/** The latest public date an opportunity may have and still be open to `reader` at `now`. */
export function earlyAccessHorizon(reader: Reader, now: Date): Date {
  return new Date(now.getTime() + reader.earlyAccessDays * DAY_MS);
}

/** When an opportunity with this public date opens to `reader`; null when it has none (open as soon as it is active). */
export function opensToReaderAt(opportunity: Pick<OpportunityTiming, "publicAt">, reader: Reader): Date | null {
  return opportunity.publicAt ? new Date(instant(opportunity.publicAt).getTime() - reader.earlyAccessDays * DAY_MS) : null;
}

/** May `reader` see this opportunity at `now`: its title, its page, its documents, an alert or a mail naming it. */
export function maySeeOpportunity(reader: Reader, opportunity: OpportunityTiming, now: Date): boolean {
  if (opportunity.status !== "active") return false;
  return !opportunity.publicAt || instant(opportunity.publicAt).getTime() <= earlyAccessHorizon(reader, now).getTime();
}

/** Open to everyone at `now`: active, and public by then. */
export function isOpenToEveryone(opportunity: OpportunityTiming, now: Date): boolean {
  return maySeeOpportunity(EVERYONE, opportunity, now);
}

/**
 * Who a mail goes to, for the question "may it name this opportunity": the address it is
 * sent to, and the signed-in reader who caused it (their account's address, when verified,
 * and what they may see); `account` is null for a visitor.
 */
export interface MailRecipient {
  address: string;
  account: { verifiedEmail: string | null; reader: Reader } | null;
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * May a mail to `recipient` name this opportunity (issue 32, item 2)? When it is open to
 * everyone; before that, only when the mail goes to the signed-in reader's own verified
 * address and that reader may see it. An address typed in a form, however entitled the
 * person typing it, has shown nothing: it gets only what is public.
 */
export function mayNameInMail(opportunity: OpportunityTiming, recipient: MailRecipient, now: Date): boolean {
  if (isOpenToEveryone(opportunity, now)) return true;
  const account = recipient.account;
  if (!account?.verifiedEmail || !sameAddress(account.verifiedEmail, recipient.address)) return false;
  return maySeeOpportunity(account.reader, opportunity, now);
}
