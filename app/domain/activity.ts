import { z } from "zod";
import type { InterestStatus } from "./interests";

/** An investor's recent activity, as the admin sees it (issue 15): downloads and expressions of interest. */
export interface ActivityEvent {
  kind: "download" | "interest";
  at: string;
  investor: { id: string; name: string; email: string };
  /** The document's or the opportunity's title. */
  subject: string;
  subjectPath: string;
  /** An expression of interest's amount and where it stands ("$250,000 · Contacted"); null for a download. */
  interest: { amountUsd: number; status: InterestStatus; withdrawn: boolean } | null;
}

export const ACTIVITY_LIMIT = 50;

export const adminActivityQuerySchema = z.object({
  q: z.string().trim().max(100).catch(""),
});
