import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { AppError } from "~/domain/app-error";
import type { EscrowAccount } from "~/domain/escrow";
import { ESCROW_CHANGE_MESSAGES, holdEndsAt, ibanEnding, mayApprove, type EscrowChangeNotice, type EscrowSaveOutcome, type PendingEscrowChange } from "~/domain/escrow-changes";
import { isUuid } from "~/domain/uuid";
import { DEFAULT_LOCALE, isLocale, type Locale } from "~/i18n/locales";
import type { Database } from "../db/client.server";
import { commitments, escrowAccountChanges, investmentOpportunities, paymentPlans, user, userRoles } from "../db/schema.server";
import { enqueueEmails } from "../email/outbox.server";
import { escrowApprovalNeededEmail, escrowChangedEmail, escrowChangeHeldEmail, escrowChangeStoppedEmail } from "../email/escrow-emails.server";
import type { JobQueue } from "../jobs/queue.server";
import type { ServiceContext } from "../context/service-context.server";
import { notify } from "../notifications/notify.server";
import { requireAdmin, type Actor } from "../security/actor.server";
import { requireFreshSecondFactor } from "../security/step-up.server";
import { recordAudit } from "./audit.server";

/*
 * Changes of an escrow account (issue 52 item 3, decision 058). Saving a plan with another
 * account asks for a change (`requestEscrowChange`, in the save's transaction); the account
 * in force stays until a second admin approves it (`approveEscrowChange`, with a fresh second
 * factor), or, when the firm had one admin, until a 24-hour hold ends: a job of the
 * `escrow-changes` queue, sent in the same transaction to start at that time, applies it
 * (`applyHeldEscrowChange`; once, however many instances, by the row's state under its lock),
 * and every investor with a commitment on the plan is told at once. Any admin may stop a
 * change while it waits. Every step is audited.
 */

type Deps = Pick<ServiceContext, "db" | "config" | "jobs" | "clock">;

const now = (deps: Pick<ServiceContext, "clock">) => deps.clock?.() ?? new Date();
const localeOf = (value: string | null | undefined): Locale => (value && isLocale(value) ? value : DEFAULT_LOCALE);
const escrowOf = (row: typeof escrowAccountChanges.$inferSelect): EscrowAccount => ({ bank: row.escrowBank, accountName: row.escrowAccountName, iban: row.escrowIban, bic: row.escrowBic });
const sameEscrow = (a: EscrowAccount, b: EscrowAccount) => a.bank === b.bank && a.accountName === b.accountName && a.iban === b.iban && a.bic === b.bic;

/** The accounts with a commitment to an opportunity, once each, with a verified address to write to. */
export async function committedInvestors(db: Database, opportunityId: string) {
  return db
    .selectDistinct({ id: user.id, name: user.name, email: user.email, locale: user.locale })
    .from(commitments)
    .innerJoin(user, eq(user.id, commitments.userId))
    .where(and(eq(commitments.opportunityId, opportunityId), eq(user.emailVerified, true)));
}

/** The admins who can act as admins (the role and two-factor sign-in on): who could approve a change. */
async function actingAdmins(db: Database) {
  return db
    .select({ id: user.id, email: user.email, locale: user.locale })
    .from(userRoles)
    .innerJoin(user, eq(user.id, userRoles.userId))
    .where(and(eq(userRoles.role, "admin"), eq(user.twoFactorEnabled, true)))
    .orderBy(asc(user.email))
    .limit(100);
}

/**
 * Inside a plan's save (its transaction, the opportunity's row locked): asks for `proposed` to
 * replace the account in force. A second admin approves it; with one admin in the firm it
 * waits 24 hours instead, and every committed investor is told now. The same account asked
 * for again is the change already waiting; another one while a change waits is refused.
 */
export async function requestEscrowChange(
  tx: Database,
  deps: Deps,
  input: { opportunity: { id: string; title: string }; adminId: string; current: EscrowAccount; proposed: EscrowAccount },
): Promise<EscrowSaveOutcome> {
  const [waiting] = await tx.select().from(escrowAccountChanges).where(and(eq(escrowAccountChanges.opportunityId, input.opportunity.id), eq(escrowAccountChanges.status, "pending"))).limit(1);
  if (waiting) {
    if (!sameEscrow(escrowOf(waiting), input.proposed)) throw new AppError("CONFLICT", ESCROW_CHANGE_MESSAGES.alreadyWaiting);
    return waiting.takesEffectAt ? { escrow: "held", takesEffectAt: waiting.takesEffectAt } : { escrow: "waiting" };
  }
  const at = now(deps);
  const admins = await actingAdmins(tx);
  const takesEffectAt = holdEndsAt(at, admins.length);
  const [change] = await tx
    .insert(escrowAccountChanges)
    .values({
      opportunityId: input.opportunity.id,
      escrowBank: input.proposed.bank,
      escrowAccountName: input.proposed.accountName,
      escrowIban: input.proposed.iban,
      escrowBic: input.proposed.bic,
      takesEffectAt,
      requestedBy: input.adminId,
      requestedAt: at,
    })
    .returning();
  await recordAudit(tx, {
    actorId: input.adminId,
    action: "plan.escrow-change-request",
    entity: "payment_plans",
    entityId: input.opportunity.id,
    before: input.current,
    after: { ...input.proposed, change: change!.id, takesEffectAt },
  });
  if (!takesEffectAt) {
    // Every other admin hears there is a change to approve.
    const others = admins.filter((a) => a.id !== input.adminId);
    await enqueueEmails(
      tx,
      deps.jobs,
      others.map((a) => ({
        ...escrowApprovalNeededEmail({ siteUrl: deps.config.siteUrl, locale: localeOf(a.locale), opportunity: input.opportunity.title, opportunityId: input.opportunity.id }),
        to: a.email,
        kind: "escrow-change-approval",
      })),
    );
    return { escrow: "waiting" };
  }
  await deps.jobs.send(tx, "escrow-changes", { changeId: change!.id }, { startAfter: takesEffectAt, key: change!.id });
  for (const investor of await committedInvestors(tx, input.opportunity.id)) {
    const locale = localeOf(investor.locale);
    const mail = escrowChangeHeldEmail({ siteUrl: deps.config.siteUrl, locale, name: investor.name, opportunity: input.opportunity.title, current: input.current, proposed: input.proposed, takesEffectAt, timeZone: deps.config.firmTimeZone });
    await notify(tx, { jobs: deps.jobs, config: deps.config, now: at }, {
      userId: investor.id,
      kind: "escrow-change-held",
      link: "/portfolio",
      data: { opportunity: input.opportunity.title, startsAt: takesEffectAt.toISOString(), timeZone: deps.config.firmTimeZone },
      email: { ...mail, to: investor.email, kind: "escrow-change-held" },
    });
  }
  return { escrow: "held", takesEffectAt };
}

/** The change waiting on an opportunity's plan, for admins; null when none waits. */
export async function getPendingEscrowChange(ctx: ServiceContext, actor: Actor, { opportunityId }: { opportunityId: string }): Promise<PendingEscrowChange | null> {
  requireAdmin(actor);
  if (!isUuid(opportunityId)) return null;
  const [row] = await ctx.db
    .select({ change: escrowAccountChanges, requester: { id: user.id, name: user.name, email: user.email } })
    .from(escrowAccountChanges)
    .leftJoin(user, eq(user.id, escrowAccountChanges.requestedBy))
    .where(and(eq(escrowAccountChanges.opportunityId, opportunityId), eq(escrowAccountChanges.status, "pending")))
    .limit(1);
  if (!row) return null;
  return {
    id: row.change.id,
    escrow: escrowOf(row.change),
    requestedAt: row.change.requestedAt,
    requestedBy: row.requester?.id ? { id: row.requester.id, name: row.requester.name, email: row.requester.email } : null,
    takesEffectAt: row.change.takesEffectAt,
  };
}

/** A waiting change, locked for a decision, or NOT_FOUND. */
async function waitingChange(tx: Database, changeId: string) {
  if (!isUuid(changeId)) throw new AppError("NOT_FOUND", ESCROW_CHANGE_MESSAGES.notWaiting);
  const [row] = await tx
    .select({ change: escrowAccountChanges, title: investmentOpportunities.title })
    .from(escrowAccountChanges)
    .innerJoin(investmentOpportunities, eq(investmentOpportunities.id, escrowAccountChanges.opportunityId))
    .where(and(eq(escrowAccountChanges.id, changeId), eq(escrowAccountChanges.status, "pending")))
    .for("update", { of: escrowAccountChanges })
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", ESCROW_CHANGE_MESSAGES.notWaiting);
  return row;
}

/**
 * A second admin approves a waiting change (with a fresh second factor): the new account is
 * in force at once, and every committed investor is mailed it. Its requester cannot.
 */
export async function approveEscrowChange(ctx: ServiceContext, actor: Actor, { changeId }: { changeId: string }): Promise<void> {
  const adminId = requireAdmin(actor);
  requireFreshSecondFactor(actor);
  await ctx.db.transaction(async (tx) => {
    const { change, title } = await waitingChange(tx, changeId);
    if (!mayApprove(change, adminId)) throw new AppError("FORBIDDEN", ESCROW_CHANGE_MESSAGES.ownChange);
    await applyChange(tx, ctx, { change, title, by: adminId });
  });
}

/**
 * Any admin stops a waiting change (the account in force stays): audited, its hold's job
 * dropped, and when the investors were told of it, told it will not happen.
 */
export async function stopEscrowChange(ctx: ServiceContext, actor: Actor, { changeId }: { changeId: string }): Promise<void> {
  const adminId = requireAdmin(actor);
  const at = now(ctx);
  await ctx.db.transaction(async (tx) => {
    const { change, title } = await waitingChange(tx, changeId);
    await tx.update(escrowAccountChanges).set({ status: "stopped", decidedBy: adminId, decidedAt: at }).where(eq(escrowAccountChanges.id, change.id));
    await ctx.jobs.drop(tx, "escrow-changes", change.id);
    await recordAudit(tx, { actorId: adminId, action: "plan.escrow-change-stop", entity: "payment_plans", entityId: change.opportunityId, before: { change: change.id, status: "pending" }, after: { change: change.id, status: "stopped" } });
    if (!change.takesEffectAt) return;
    const [plan] = await tx.select().from(paymentPlans).where(eq(paymentPlans.opportunityId, change.opportunityId)).limit(1);
    const current: EscrowAccount = { bank: plan!.escrowBank, accountName: plan!.escrowAccountName, iban: plan!.escrowIban, bic: plan!.escrowBic };
    for (const investor of await committedInvestors(tx, change.opportunityId)) {
      const locale = localeOf(investor.locale);
      const mail = escrowChangeStoppedEmail({ siteUrl: ctx.config.siteUrl, locale, name: investor.name, opportunity: title, current });
      await notify(tx, { jobs: ctx.jobs, config: ctx.config, now: at }, {
        userId: investor.id,
        kind: "escrow-change-stopped",
        link: "/portfolio",
        data: { opportunity: title },
        email: { ...mail, to: investor.email, kind: "escrow-change-stopped" },
      });
    }
  });
}

/**
 * The `escrow-changes` job: a change whose hold has ended takes effect, once. Run again, on
 * another instance, early or after the change was stopped or approved, it does nothing.
 * Answers whether it applied the change.
 */
export async function applyHeldEscrowChange(deps: Deps, { changeId }: { changeId: string }): Promise<boolean> {
  const at = now(deps);
  return deps.db.transaction(async (tx) => {
    const { change, title } = await waitingChange(tx, changeId).catch((error: unknown) => {
      if (error instanceof AppError && error.code === "NOT_FOUND") return { change: null, title: "" };
      throw error;
    });
    if (!change?.takesEffectAt || change.takesEffectAt > at) return false;
    await applyChange(tx, deps, { change, title, by: null });
    return true;
  });
}

/** The new account in force: the plan updated, the change closed, audited, each committed investor mailed the account. */
async function applyChange(tx: Database, deps: Deps, { change, title, by }: { change: typeof escrowAccountChanges.$inferSelect; title: string; by: string | null }): Promise<void> {
  const at = now(deps);
  const [plan] = await tx.select().from(paymentPlans).where(eq(paymentPlans.opportunityId, change.opportunityId)).for("update").limit(1);
  if (!plan) throw new AppError("NOT_FOUND", ESCROW_CHANGE_MESSAGES.notWaiting);
  const escrow = escrowOf(change);
  await tx
    .update(paymentPlans)
    .set({ escrowBank: escrow.bank, escrowAccountName: escrow.accountName, escrowIban: escrow.iban, escrowBic: escrow.bic, updatedBy: change.requestedBy, updatedAt: at })
    .where(eq(paymentPlans.opportunityId, change.opportunityId));
  await tx.update(escrowAccountChanges).set({ status: "applied", decidedBy: by, decidedAt: at }).where(eq(escrowAccountChanges.id, change.id));
  await deps.jobs.drop(tx, "escrow-changes", change.id);
  await recordAudit(tx, {
    actorId: by,
    action: "plan.escrow-change",
    entity: "payment_plans",
    entityId: change.opportunityId,
    before: { bank: plan.escrowBank, accountName: plan.escrowAccountName, iban: plan.escrowIban, bic: plan.escrowBic },
    after: { ...escrow, change: change.id, approvedBy: by, held: change.takesEffectAt !== null && by === null },
  });
  const investors = await committedInvestors(tx, change.opportunityId);
  await enqueueEmails(
    tx,
    deps.jobs,
    investors.map((i) => ({ ...escrowChangedEmail({ siteUrl: deps.config.siteUrl, locale: localeOf(i.locale), name: i.name, opportunity: title, escrow }), to: i.email, kind: "escrow-changed" })),
  );
}

/**
 * The changes waiting on the hold for the opportunities `opportunityIds`, as their committed
 * investors see them (never the new account whole), by opportunity.
 */
export async function heldEscrowChanges(db: Database, opportunityIds: string[], timeZone: string): Promise<Map<string, EscrowChangeNotice>> {
  if (opportunityIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(escrowAccountChanges)
    .where(and(inArray(escrowAccountChanges.opportunityId, opportunityIds), eq(escrowAccountChanges.status, "pending"), isNotNull(escrowAccountChanges.takesEffectAt)));
  return new Map(rows.map((r) => [r.opportunityId, { bank: r.escrowBank, accountName: r.escrowAccountName, ibanEnding: ibanEnding(r.escrowIban), requestedAt: r.requestedAt, takesEffectAt: r.takesEffectAt!, timeZone }]));
}

/** Runs the `escrow-changes` jobs of this instance. */
export async function workEscrowChanges(deps: Deps & { jobs: Pick<JobQueue, "work" | "send" | "sendMany" | "drop" | "pending">; log: ServiceContext["log"] }): Promise<void> {
  await deps.jobs.work("escrow-changes", async (job) => {
    if (await applyHeldEscrowChange(deps, job.data)) deps.log.info({ changeId: job.data.changeId }, "an escrow account change took effect after its hold");
  });
}

/**
 * At start-up: a job for every change waiting on its hold (a database restored from a backup
 * holds the changes but not the queue). The queue keeps one job per change, so a change whose
 * job waits already gets no second. Answers how many were sent.
 */
export async function requeueHeldEscrowChanges(db: Database, jobs: Pick<JobQueue, "send">): Promise<number> {
  const rows = await db
    .select({ id: escrowAccountChanges.id, takesEffectAt: escrowAccountChanges.takesEffectAt })
    .from(escrowAccountChanges)
    .where(and(eq(escrowAccountChanges.status, "pending"), isNotNull(escrowAccountChanges.takesEffectAt)));
  let sent = 0;
  for (const row of rows) if (await jobs.send(db, "escrow-changes", { changeId: row.id }, { startAfter: row.takesEffectAt!, key: row.id })) sent++;
  return sent;
}
