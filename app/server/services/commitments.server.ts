import { and, desc, eq, sql } from "drizzle-orm";
import { AppError } from "~/domain/app-error";
import { ESCROW_MESSAGES, type CommitmentSource, type ManualCommitmentForm } from "~/domain/escrow";
import { parseMoney, type Currency } from "~/domain/money";
import { isUuid } from "~/domain/uuid";
import type { Database } from "../db/client.server";
import { commitments, identityChecks, investmentOpportunities, user, type signingRequests } from "../db/schema.server";
import type { ServiceContext } from "../context/service-context.server";
import { requireAdmin, type Actor } from "../security/actor.server";
import { recordAudit } from "./audit.server";
import { callCertifiedInstalments } from "./instalment-calls.server";
import { followPastUpdates } from "./progress-updates.server";

/*
 * Commitments (issue 36, item 1): an investor's commitment to an opportunity, its unit,
 * amount and currency, under the opportunity's payment plan. A signed reservation
 * agreement becomes one in the transaction that seals it; an admin can record one made
 * outside the product (audited). Either way, instalments whose milestones are already
 * certified are called at once.
 */

export interface CommitmentRow {
  id: string;
  userId: string | null;
  investorName: string;
  investorEmail: string;
  entityName: string | null;
  opportunityId: string | null;
  opportunityTitle: string;
  unit: string;
  amountMinor: bigint;
  currency: Currency;
  source: CommitmentSource;
  signingRequestId: string | null;
  createdAt: Date;
}

const now = (ctx: Pick<ServiceContext, "clock">) => ctx.clock?.() ?? new Date();

type CommitContext = Pick<ServiceContext, "config" | "jobs" | "clock">;

/**
 * A signed reservation agreement becomes a commitment (called by signing, in the signing's
 * transaction; once per agreement). The investor's entity is their identity check's, when
 * they invest through one.
 */
export async function commitFromReservation(tx: Database, ctx: CommitContext, agreement: typeof signingRequests.$inferSelect): Promise<string | null> {
  if (agreement.kind !== "reservation") return null;
  const [identity] = agreement.userId ? await tx.select({ entityName: identityChecks.entityName }).from(identityChecks).where(eq(identityChecks.userId, agreement.userId)).limit(1) : [];
  const [made] = await tx
    .insert(commitments)
    .values({
      userId: agreement.userId,
      investorName: agreement.investorName,
      investorEmail: agreement.investorEmail,
      entityName: identity?.entityName ?? null,
      opportunityId: agreement.opportunityId,
      opportunityTitle: agreement.opportunityTitle,
      unit: agreement.unit,
      amountMinor: agreement.amountMinor,
      currency: agreement.currency,
      source: "signed",
      signingRequestId: agreement.id,
      createdAt: now(ctx),
    })
    .onConflictDoNothing({ target: commitments.signingRequestId })
    .returning();
  if (!made) return null;
  await recordAudit(tx, { actorId: agreement.userId, action: "commitment.create", entity: "commitments", entityId: made.id, before: null, after: made });
  if (made.opportunityId) {
    await callCertifiedInstalments(tx, ctx, { opportunityId: made.opportunityId, commitmentId: made.id });
    if (made.userId) await followPastUpdates(tx, { userId: made.userId, opportunityId: made.opportunityId });
  }
  return made.id;
}

/** An admin records a commitment made outside the product, for an investor with a verified address. Audited. */
export async function recordCommitment(ctx: ServiceContext, actor: Actor, form: ManualCommitmentForm): Promise<{ id: string }> {
  const adminId = requireAdmin(actor);
  return ctx.db.transaction(async (tx) => {
    const [investor] = await tx
      .select({ id: user.id, name: user.name, email: user.email, verified: user.emailVerified })
      .from(user)
      .where(eq(sql`lower(${user.email})`, form.investorEmail))
      .limit(1);
    if (!investor?.verified) throw new AppError("BAD_REQUEST", ESCROW_MESSAGES.investorUnknown);
    const [opportunity] = await tx.select({ id: investmentOpportunities.id, title: investmentOpportunities.title }).from(investmentOpportunities).where(eq(investmentOpportunities.id, form.opportunityId)).limit(1);
    if (!opportunity) throw new AppError("BAD_REQUEST", ESCROW_MESSAGES.opportunityUnknown);
    const [made] = await tx
      .insert(commitments)
      .values({
        userId: investor.id,
        investorName: investor.name,
        investorEmail: investor.email,
        entityName: form.entityName || null,
        opportunityId: opportunity.id,
        opportunityTitle: opportunity.title,
        unit: form.unit,
        amountMinor: parseMoney(form.amount, form.currency)!,
        currency: form.currency,
        source: "manual",
        createdBy: adminId,
        createdAt: now(ctx),
      })
      .returning();
    await recordAudit(tx, { actorId: adminId, action: "commitment.record", entity: "commitments", entityId: made!.id, before: null, after: made });
    await callCertifiedInstalments(tx, ctx, { opportunityId: opportunity.id, commitmentId: made!.id });
    if (made!.userId) await followPastUpdates(tx, { userId: made!.userId, opportunityId: opportunity.id });
    return { id: made!.id };
  });
}

const COLUMNS = {
  id: commitments.id,
  userId: commitments.userId,
  investorName: commitments.investorName,
  investorEmail: commitments.investorEmail,
  entityName: commitments.entityName,
  opportunityId: commitments.opportunityId,
  opportunityTitle: commitments.opportunityTitle,
  unit: commitments.unit,
  amountMinor: commitments.amountMinor,
  currency: commitments.currency,
  source: commitments.source,
  signingRequestId: commitments.signingRequestId,
  createdAt: commitments.createdAt,
};

/** The commitments to one opportunity (or all), newest first, for admins. */
export async function listCommitmentsForAdmin(ctx: ServiceContext, actor: Actor, { opportunityId }: { opportunityId?: string } = {}): Promise<CommitmentRow[]> {
  requireAdmin(actor);
  if (opportunityId !== undefined && !isUuid(opportunityId)) return [];
  return ctx.db
    .select(COLUMNS)
    .from(commitments)
    .where(opportunityId ? eq(commitments.opportunityId, opportunityId) : undefined)
    .orderBy(desc(commitments.createdAt), desc(commitments.id))
    .limit(500);
}

/** One commitment, for its investor or an admin; undefined for anyone else. */
export async function getCommitment(ctx: ServiceContext, actor: Actor, { id }: { id: string }): Promise<CommitmentRow | undefined> {
  if (!isUuid(id) || actor.kind !== "user") return undefined;
  const mine = actor.isAdmin ? undefined : eq(commitments.userId, actor.userId);
  const [row] = await ctx.db.select(COLUMNS).from(commitments).where(and(eq(commitments.id, id), mine)).limit(1);
  return row;
}
