import { z } from "zod";
import type { MessageKey } from "~/i18n/i18n";
import type { InterestStatus } from "./interests";

/** An investor's recent activity, as the admin sees it (issue 15): downloads and expressions of interest. */
export interface ActivityEvent {
  /** The row's own id, by its kind ("download:<id>", "interest:<id>"): the two tables' ids never meet. */
  id: string;
  kind: "download" | "interest";
  at: string;
  investor: { id: string; name: string; email: string };
  /** The document's or the opportunity's title. */
  subject: string;
  subjectPath: string;
  /** An expression of interest's amount and where it stands ("$250,000 · Contacted"); null for a download. */
  interest: { amountUsd: number; status: InterestStatus; withdrawn: boolean } | null;
}

/** What each kind of event is called in the table's What column. */
export const ACTIVITY_KIND_KEYS = {
  download: "admin.activity.kind.download",
  interest: "admin.activity.kind.interest",
} as const satisfies Record<ActivityEvent["kind"], MessageKey>;

/** The latest events the page shows: the newest of each kind, merged. */
export const ACTIVITY_LIMIT = 50;

/** The longest e-mail search the page reads. */
export const ACTIVITY_SEARCH_MAX = 100;

export const adminActivityQuerySchema = z.object({
  q: z.string().trim().max(ACTIVITY_SEARCH_MAX).catch(""),
});
