import { and, asc, eq, isNull, notInArray, sql } from "drizzle-orm";
import { AppError } from "~/domain/app-error";
import { ESCROW_MESSAGES, type EscrowAccount, type MilestoneKind, type PlanForm } from "~/domain/escrow";
import type { EscrowSaveOutcome } from "~/domain/escrow-changes";
import type { PaymentPlan, PlanInstalment } from "~/domain/portfolio";
import { isUuid } from "~/domain/uuid";
import type { Database } from "../db/client.server";
import { commitments, constructionMilestones, investmentOpportunities, paymentPlans, planInstalments } from "../db/schema.server";
import type { ServiceContext } from "../context/service-context.server";
import { requireAdmin, type Actor } from "../security/actor.server";
import { requireFreshSecondFactor } from "../security/step-up.server";
import { requestEscrowChange } from "./escrow-changes.server";
import { recordAudit } from "./audit.server";

/*
 * Payment plans (issue 36, item 2): per opportunity, the escrow account and the
 * instalments, each a share of every commitment, due on a date or when a construction
 * milestone is certified. The instalments are fixed once someone has committed (they are
 * the plan in force); the escrow account can change, with a second admin's approval or after
 * a 24-hour hold (decision 058), audited and mailed to every committed investor.
 */

/** The position of the first instalment due on `milestoneId` (none: after every one). */
const firstPosition = (rows: Array<{ instalment: { position: number; milestoneId: string | null } }>, milestoneId: string) =>
  Math.min(...rows.filter((r) => r.instalment.milestoneId === milestoneId).map((r) => r.instalment.position), Number.MAX_SAFE_INTEGER);

const levelOf = (kind: MilestoneKind, level: number) => (kind === "structure" ? level : null);

/** An opportunity's plan, or undefined when it has none; read inside a transaction or not. */
export async function readPlan(db: Database, opportunityId: string): Promise<PaymentPlan | undefined> {
  const [plan] = await db.select().from(paymentPlans).where(eq(paymentPlans.opportunityId, opportunityId)).limit(1);
  if (!plan) return undefined;
  const [rows, milestones, [committed]] = await Promise.all([
    db
      .select({ instalment: planInstalments, kind: constructionMilestones.kind, level: constructionMilestones.level })
      .from(planInstalments)
      .leftJoin(constructionMilestones, eq(constructionMilestones.id, planInstalments.milestoneId))
      .where(eq(planInstalments.opportunityId, opportunityId))
      .orderBy(asc(planInstalments.position)),
    db.select().from(constructionMilestones).where(eq(constructionMilestones.opportunityId, opportunityId)).orderBy(asc(constructionMilestones.createdAt), asc(constructionMilestones.level)),
    db.select({ count: sql<number>`count(*)::int` }).from(commitments).where(eq(commitments.opportunityId, opportunityId)),
  ]);
  return {
    opportunityId,
    escrow: { bank: plan.escrowBank, accountName: plan.escrowAccountName, iban: plan.escrowIban, bic: plan.escrowBic },
    instalments: rows.map(({ instalment: i, kind, level }) => ({
      id: i.id,
      position: i.position,
      label: i.label,
      sharePoints: i.sharePoints,
      dueKind: i.dueKind,
      dueOn: i.dueOn,
      milestoneId: i.milestoneId,
      milestone: kind,
      level: kind ? levelOf(kind, level ?? 0) : null,
    })),
    // In the order of the instalments that wait for them (a milestone none waits for, last).
    milestones: milestones
      .map((m) => ({ id: m.id, kind: m.kind, level: levelOf(m.kind, m.level), certifiedOn: m.certifiedOn, note: m.note, dueDays: m.dueDays }))
      .sort((a, b) => firstPosition(rows, a.id) - firstPosition(rows, b.id)),
    locked: (committed?.count ?? 0) > 0,
    updatedAt: plan.updatedAt,
  };
}

/** An opportunity's payment plan, for admins. */
export async function getPlan(ctx: ServiceContext, actor: Actor, { opportunityId }: { opportunityId: string }): Promise<PaymentPlan | undefined> {
  requireAdmin(actor);
  if (!isUuid(opportunityId)) return undefined;
  return readPlan(ctx.db, opportunityId);
}

const sameInstalments = (a: PlanInstalment[], b: PlanForm["instalments"]) =>
  a.length === b.length &&
  a.every((x, i) => {
    const y = b[i]!;
    return x.label === y.label && x.sharePoints === y.sharePoints && x.dueKind === y.dueKind && x.dueOn === y.dueDate && x.milestone === y.milestone && x.level === y.level;
  });

const sameEscrow = (a: EscrowAccount, b: EscrowAccount) => a.bank === b.bank && a.accountName === b.accountName && a.iban === b.iban && a.bic === b.bic;

/**
 * Saves an opportunity's plan: its escrow account and, until someone has committed, the
 * instalments (their milestones are made as needed; one no instalment waits for and not
 * yet certified goes). Needs a fresh second factor (decision 058): the form carries the
 * account investors pay into. The plan's first account is in force at once (nobody can have
 * committed to a plan that did not exist); another account is a change that waits for a
 * second admin, or a 24-hour hold (services/escrow-changes.server.ts). Audited.
 */
export async function savePlan(ctx: ServiceContext, actor: Actor, form: PlanForm): Promise<EscrowSaveOutcome> {
  const adminId = requireAdmin(actor);
  requireFreshSecondFactor(actor);
  return ctx.db.transaction(async (tx) => {
    const [opportunity] = await tx.select({ id: investmentOpportunities.id, title: investmentOpportunities.title }).from(investmentOpportunities).where(eq(investmentOpportunities.id, form.opportunityId)).for("update").limit(1);
    if (!opportunity) throw new AppError("NOT_FOUND", ESCROW_MESSAGES.opportunityUnknown);
    const before = await readPlan(tx, opportunity.id);
    const instalmentsChanged = !before || !sameInstalments(before.instalments, form.instalments);
    if (before?.locked && instalmentsChanged) throw new AppError("CONFLICT", ESCROW_MESSAGES.planLocked);

    const at = ctx.clock?.() ?? new Date();
    if (before) {
      await tx.update(paymentPlans).set({ updatedBy: adminId, updatedAt: at }).where(eq(paymentPlans.opportunityId, opportunity.id));
    } else {
      await tx.insert(paymentPlans).values({ opportunityId: opportunity.id, escrowBank: form.escrow.bank, escrowAccountName: form.escrow.accountName, escrowIban: form.escrow.iban, escrowBic: form.escrow.bic, updatedBy: adminId });
    }

    if (instalmentsChanged) {
      await tx.delete(planInstalments).where(eq(planInstalments.opportunityId, opportunity.id));
      const wanted = form.instalments.filter((i) => i.dueKind === "milestone").map((i) => ({ kind: i.milestone!, level: i.level ?? 0 }));
      if (wanted.length) {
        await tx
          .insert(constructionMilestones)
          .values(wanted.map((m) => ({ opportunityId: opportunity.id, ...m })))
          .onConflictDoNothing({ target: [constructionMilestones.opportunityId, constructionMilestones.kind, constructionMilestones.level] });
      }
      const milestones = await tx.select().from(constructionMilestones).where(eq(constructionMilestones.opportunityId, opportunity.id));
      const milestoneId = (kind: MilestoneKind, level: number) => milestones.find((m) => m.kind === kind && m.level === level)!.id;
      const kept = form.instalments.map((row, index) => ({
        opportunityId: opportunity.id,
        position: index + 1,
        label: row.label,
        sharePoints: row.sharePoints,
        dueKind: row.dueKind,
        dueOn: row.dueDate,
        milestoneId: row.dueKind === "milestone" ? milestoneId(row.milestone!, row.level ?? 0) : null,
      }));
      await tx.insert(planInstalments).values(kept);
      const referenced = kept.flatMap((k) => (k.milestoneId ? [k.milestoneId] : []));
      await tx
        .delete(constructionMilestones)
        .where(
          and(
            eq(constructionMilestones.opportunityId, opportunity.id),
            isNull(constructionMilestones.certifiedAt),
            referenced.length ? notInArray(constructionMilestones.id, referenced) : undefined,
          ),
        );
    }

    // The account in force after this save: the first one, or the one before (a change waits).
    const inForce = before?.escrow ?? form.escrow;
    await recordAudit(tx, { actorId: adminId, action: "plan.save", entity: "payment_plans", entityId: opportunity.id, before: before ? { escrow: before.escrow, instalments: before.instalments } : null, after: { escrow: inForce, instalments: form.instalments } });
    if (!before) return { escrow: "set" };
    if (sameEscrow(before.escrow, form.escrow)) return { escrow: "unchanged" };
    return requestEscrowChange(tx, ctx, { opportunity, adminId, current: before.escrow, proposed: form.escrow });
  });
}
