import { z } from "zod";

/** An investor's recent activity, as the admin sees it (issue 15): downloads and expressions of interest. */
export interface ActivityEvent {
  kind: "download" | "interest";
  at: string;
  investor: { id: string; name: string; email: string };
  /** The document's or the opportunity's title. */
  subject: string;
  subjectPath: string;
  /** "$250,000 · Contacted", or null for a download. */
  detail: string | null;
}

export const ACTIVITY_LIMIT = 50;

export const adminActivityQuerySchema = z.object({
  q: z.string().trim().max(100).catch(""),
});
