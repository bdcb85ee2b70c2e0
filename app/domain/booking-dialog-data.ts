import type { AppErrorCode } from "./app-error";
import type { OfferedSlot, SlotTimes } from "./slots";

/** A signed-in visitor's details, filled into the enquiry form (SPEC.md section 5). */
export interface EnquiryPrefill {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/** GET /api/booking: what the booking dialog opens with. */
export interface BookingDialogData {
  /** FIRM_TIME_ZONE: every slot is a wall-clock time there. */
  timeZone: string;
  /** Today on the firm's clock, yyyy-MM-dd (the date picker disables days before it). */
  today: string;
  /** At most UPCOMING_SLOT_LIMIT (5), earliest first; the first is the next available. */
  upcoming: OfferedSlot[];
  /** Every date with an offered slot, for the date picker. */
  dates: string[];
  prefill: EnquiryPrefill | null;
  /**
   * The advisers who take bookings (issue 37), those who fit the page's language and the
   * opportunity's market first; empty while the firm books from one shared pool.
   */
  advisers: BookingAdviser[];
  /** The adviser whose times are listed, or null for "any adviser" (those who fit, merged). */
  adviser: string | null;
}

/** An adviser the visitor may pick by name in the booking dialog. */
export interface BookingAdviser {
  id: string;
  name: string;
  /** Whether routing chose them for this visit: they speak the page's language and cover the market. */
  fits: boolean;
}

/** GET /api/booking?date=yyyy-MM-dd: the times offered that day. */
export interface BookingTimesData {
  date: string;
  times: OfferedSlot[];
}

/**
 * A booking made (issue 33): what the booking dialog's confirmation shows, for the one who
 * just made it. `manageToken` is its page's token (/booking/<token>, and the calendar file at
 * /api/booking?calendar=<token>), the permission the receipt's link carries; `slot` its time
 * on the firm's clock (`timeZone`), null when none was chosen.
 */
export interface EnquirySent {
  status: "sent";
  reference: string;
  manageToken: string;
  slot: SlotTimes | null;
  /** The adviser the visitor will meet (issue 37), null for the firm's pool. */
  adviserName: string | null;
  timeZone: string;
}

/**
 * The enquiry action's answer (POST /?index), which the form turns into messages and toasts.
 * A refused form that named itself (`formKey`, decision record 034) gets back what was typed
 * (`values`): posted without scripts, the page is drawn anew and keeps it only so.
 */
export type EnquiryResult =
  | EnquirySent
  | { status: "invalid"; fieldErrors: Partial<Record<string, string>>; formKey?: string; values?: Record<string, string> }
  | { status: "slot-taken" }
  | { status: "rate-limited" }
  | { status: "failed" };

/** The enquiry action's answer for a refusal, by the error's code (the rest say only that it failed). */
export function enquiryRefusal(code: AppErrorCode): EnquiryResult {
  if (code === "RATE_LIMITED") return { status: "rate-limited" };
  if (code === "CONFLICT") return { status: "slot-taken" };
  return { status: "failed" };
}
