import { z } from "zod";
import type { OpenCall } from "./portfolio";
import type { MessageKey } from "~/i18n/i18n";
import type { Locale } from "~/i18n/locales";

/*
 * Confidentiality agreements (issue 35, item 3; decision 045). An admin marks an
 * opportunity's documents confidential; opening one needs an approved identity check and
 * the opportunity's agreement accepted. The agreement is versioned: an edit is a new
 * version, and an acceptance keeps who, when, from where, which version and the SHA-256 of
 * the words read.
 */

/** What a reader may do with a document, once confidentiality is weighed too. */
export type DocumentAccess = "granted" | "sign-in" | "qualify" | "upgrade" | "identity" | "nda";

/** What a signed-in reader has done towards confidential files; null for an admin, who needs neither. */
export interface Clearance {
  signedIn: boolean;
  identityApproved: boolean;
  /** Opportunities whose agreement (any version) this reader accepted. */
  ndaOpportunityIds: readonly string[];
}

/**
 * The access to a confidential document: what its audience gives, and then a signed-in
 * reader with an approved identity check and the opportunity's agreement accepted. A
 * confidential document with no opportunity needs the identity check alone.
 */
export function confidentialAccess(base: DocumentAccess, doc: { isConfidential: boolean; opportunityId: string | null }, clearance: Clearance | null): DocumentAccess {
  if (base !== "granted" || !doc.isConfidential || clearance === null) return base;
  if (!clearance.signedIn) return "sign-in";
  if (!clearance.identityApproved) return "identity";
  if (doc.opportunityId && !clearance.ndaOpportunityIds.includes(doc.opportunityId)) return "nda";
  return "granted";
}

export const NDA_BODY_MAX = 20_000;

export const NDA_MESSAGES = {
  acceptRequired: "verification.nda.acceptRequired",
  acceptFailed: "verification.nda.acceptFailed",
  accepted: "verification.nda.accepted",
  changed: "verification.nda.changed",
  none: "verification.nda.none",
  saveFailed: "verification.nda.admin.saveFailed",
  saved: "verification.nda.admin.saved",
  required: "verification.nda.admin.required",
  tooLong: "verification.nda.admin.tooLong",
  fetchFailed: "verification.nda.admin.fetchFailed",
  notFound: "verification.nda.admin.notFound",
} as const satisfies Record<string, MessageKey>;

/** The investor's acceptance of the version they read (its id, so a newer version cannot be accepted unread). */
export const ndaAcceptSchema = z.object({
  versionId: z.uuid({ error: NDA_MESSAGES.changed }),
  accept: z.literal("yes", { error: NDA_MESSAGES.acceptRequired }),
});

const body = z.string({ error: NDA_MESSAGES.required }).trim().min(1, { error: NDA_MESSAGES.required }).max(NDA_BODY_MAX, { error: NDA_MESSAGES.tooLong });

/** The admin's next version of an opportunity's agreement, in every language. */
export const ndaFormSchema = z.object({ opportunityId: z.uuid(), bodyEn: body, bodyAr: body, bodyCkb: body });
export type NdaForm = z.infer<typeof ndaFormSchema>;

/** An agreement's version as a reader sees it. */
export interface NdaVersionView {
  id: string;
  version: number;
  body: string;
  locale: Locale;
}

/** The reader's acceptance on record. */
export interface NdaAcceptanceView {
  id: string;
  version: number;
  acceptedAt: string;
  signerName: string;
  textSha256: string;
}

/** A version as the admin sees it, with how many investors accepted it. */
export interface AdminNdaVersion {
  id: string;
  version: number;
  bodies: Record<Locale, string>;
  acceptances: number;
  createdAt: string;
}

export const ndaPath = (slug: string) => `/opportunities/${slug}/confidentiality`;
export const adminNdaPath = (opportunityId: string) => `/admin/opportunities/${opportunityId}/confidentiality`;

/** Where an investor stands on the way to confidential files (issue 35, item 5): the dashboard's card. */
export interface InvestorStanding {
  qualification: "unstated" | "qualified" | "not-qualified";
  identity: "not_started" | "submitted" | "approved" | "rejected" | "expired";
  identityExpiresAt: string | null;
  agreements: Array<{ opportunityTitle: string; slug: string | null; version: number; acceptedAt: string }>;
  /** Reservation agreements and expressions of interest: to sign, and signed (issue 35, item 4). */
  signing: Array<{ id: string; kind: "reservation" | "expression_of_interest"; status: "awaiting" | "signed" | "withdrawn"; opportunityTitle: string; signedAt: string | null }>;
  /** Instalments called and not yet paid in full, soonest first (issue 36). */
  calls: OpenCall[];
}
