import type { MessageKey } from "~/i18n/i18n";
import type { IdentityStatus } from "./identity-checks";
import type { InterestStatus } from "./interests";
import type { QualificationStanding } from "./qualification";

/*
 * An opportunity's pipeline (issue 35, item 5): each investor who registered interest in it
 * or accepted its confidentiality agreement or has a reservation to sign, and how far they
 * have come: interest, a qualifying category, an approved identity check, the agreement
 * accepted, a reservation (or expression of interest) signed.
 */

export const PIPELINE_STAGES = ["interest", "qualified", "identity", "agreement", "signed"] as const;
export type PipelineStage = (typeof PIPELINE_STAGES)[number];

export const PIPELINE_STAGE_KEYS = {
  interest: "verification.pipeline.stage.interest",
  qualified: "verification.pipeline.stage.qualified",
  identity: "verification.pipeline.stage.identity",
  agreement: "verification.pipeline.stage.agreement",
  signed: "verification.pipeline.stage.signed",
} as const satisfies Record<PipelineStage, MessageKey>;

/** The English words of a stage, for the CSV (its cells are data, in one language). */
export const PIPELINE_STAGE_LABELS: Record<PipelineStage, string> = {
  interest: "Interest",
  qualified: "Qualified",
  identity: "Identity approved",
  agreement: "Agreement accepted",
  signed: "Reservation signed",
};

/** The latest reservation (or expression of interest) of an investor in an opportunity, not withdrawn. */
export interface PipelineSigning {
  kind: "reservation" | "expression_of_interest";
  status: "awaiting" | "signed";
  reference: string;
  /** When it was signed, or prepared while it waits. */
  at: string;
}

export interface PipelineRow {
  userId: string;
  name: string;
  email: string;
  interest: { status: InterestStatus; amountUsd: number; at: string } | null;
  qualification: QualificationStanding;
  identity: IdentityStatus;
  agreement: { version: number; at: string } | null;
  signing: PipelineSigning | null;
  stage: PipelineStage;
}

/**
 * How far an investor has come: the last step of the path they have reached with every step
 * before it. A signed reservation is the end of the path whatever came before (an
 * opportunity without confidential files asks for no confidentiality agreement).
 */
export function pipelineStage(row: Pick<PipelineRow, "qualification" | "identity" | "agreement"> & { signing?: PipelineSigning | null }): PipelineStage {
  if (row.signing?.status === "signed") return "signed";
  if (row.qualification !== "qualified") return "interest";
  if (row.identity !== "approved") return "qualified";
  if (!row.agreement) return "identity";
  return "agreement";
}

/** How many investors reached each stage (or went beyond it). */
export function stageCounts(rows: readonly Pick<PipelineRow, "stage">[]): Record<PipelineStage, number> {
  const counts = Object.fromEntries(PIPELINE_STAGES.map((s) => [s, 0])) as Record<PipelineStage, number>;
  for (const row of rows) for (const stage of PIPELINE_STAGES.slice(0, PIPELINE_STAGES.indexOf(row.stage) + 1)) counts[stage]++;
  return counts;
}

/** One investor's path in each opportunity they took a step in (the pipeline "per investor"). */
export interface InvestorPipeline {
  investor: { id: string; name: string; email: string; qualification: QualificationStanding; identity: IdentityStatus };
  opportunities: Array<{ id: string; title: string; interest: PipelineRow["interest"]; agreement: PipelineRow["agreement"]; signing: PipelineSigning | null; stage: PipelineStage }>;
}
