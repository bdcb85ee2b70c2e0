import { todayInZone } from "~/domain/calendar";
import type { OpenCall, Portfolio } from "~/domain/portfolio";
import type { ServiceContext } from "../context/service-context.server";
import { requireUser, type Actor } from "../security/actor.server";
import { listOwnPayments } from "./payments.server";
import { heldEscrowChanges } from "./escrow-changes.server";
import { latestProgress, listOwnProgressUpdates } from "./progress-updates.server";
import { listOwnStatements, positionsOf } from "./statements.server";

/*
 * The investor's portfolio (issue 36, item 7): each commitment with its project's latest
 * status, what is committed, called, paid and outstanding, the calls, the transfers
 * recorded (with their receipts), the escrow account; the statements; the progress updates.
 */

/** The signed-in investor's own portfolio, as of today on the firm's calendar. */
export async function getOwnPortfolio(ctx: ServiceContext, actor: Actor): Promise<Portfolio> {
  const userId = requireUser(actor);
  const today = todayInZone(ctx.config.firmTimeZone, ctx.clock?.() ?? new Date());
  const [positions, statements, updates] = await Promise.all([positionsOf(ctx.db, { userId }, today, today), listOwnStatements(ctx, actor), listOwnProgressUpdates(ctx, actor)]);
  // A change of an escrow account on its hold is shown beside the account in force, never instead of it (decision 058).
  const held = await heldEscrowChanges(ctx.db, [...new Set(positions.flatMap((p) => (p.opportunityId ? [p.opportunityId] : [])))], ctx.config.firmTimeZone);
  const commitments = await Promise.all(
    positions.map(async (p) => ({
      ...p,
      progress: p.opportunityId ? ((await latestProgress(ctx.db, p.opportunityId)) ?? null) : null,
      payments: await listOwnPayments(ctx, actor, { commitmentId: p.id }),
      escrowChange: (p.opportunityId ? held.get(p.opportunityId) : undefined) ?? null,
    })),
  );
  return { today, commitments, statements, updates };
}

/** The signed-in investor's calls not yet paid in full, soonest due first (the dashboard's notice). */
export async function listOwnOpenCalls(ctx: ServiceContext, actor: Actor): Promise<OpenCall[]> {
  const userId = requireUser(actor);
  const today = todayInZone(ctx.config.firmTimeZone, ctx.clock?.() ?? new Date());
  const positions = await positionsOf(ctx.db, { userId }, today, today);
  return positions
    .flatMap((p) => p.calls.filter((k) => k.remaining > 0n).map((k) => ({ opportunityTitle: p.opportunityTitle, label: k.label, remaining: k.remaining, currency: p.currency, dueOn: k.dueOn, overdue: k.dueOn < today })))
    .sort((a, b) => a.dueOn.localeCompare(b.dueOn));
}
