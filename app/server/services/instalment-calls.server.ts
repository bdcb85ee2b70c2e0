import { and, eq, gte, inArray, isNotNull, lte } from "drizzle-orm";
import { todayInZone } from "~/domain/calendar";
import { AppError } from "~/domain/app-error";
import { CALL_DUE_DAYS, ESCROW_MESSAGES, PROGRESS_MAX_PHOTOS, PROGRESS_MESSAGES, dateAfter, remindersDue, type CertifyForm } from "~/domain/escrow";
import type { PlanInstalment } from "~/domain/portfolio";
import { formatMoney, splitByShares } from "~/domain/money";
import { isLocale, DEFAULT_LOCALE, type Locale } from "~/i18n/locales";
import type { Database } from "../db/client.server";
import { callReminders, commitments, constructionMilestones, instalmentCalls, investmentOpportunities, planInstalments, user } from "../db/schema.server";
import { enqueueEmails, type MailJobs } from "../email/outbox.server";
import { instalmentCallEmail } from "../email/escrow-emails.server";
import type { ServiceContext } from "../context/service-context.server";
import type { JobQueue } from "../jobs/queue.server";
import { requireAdmin, type Actor } from "../security/actor.server";
import { storeImage, type UploadedImage } from "../storage/images.server";
import { recordAudit } from "./audit.server";
import { readPlan } from "./payment-plans.server";
import { receivedOn } from "./payments.server";
import { notify } from "../notifications/notify.server";

/*
 * Instalment calls (issue 36, item 3): when an admin certifies a construction milestone,
 * every instalment due on it becomes a call on each commitment to the opportunity, mailed
 * to the investor in their language with the amount, the due date and the escrow account;
 * a commitment made after a milestone was certified is called for it at once. An instalment
 * due on a date is called 30 days before it, by the hourly job. Reminders of
 * unpaid calls go 7 days and 1 day before and 3 days after the due date, each once, across
 * instances and restarts (a row of `call_reminders` per reminder sent, written with its mail).
 */

const now = (ctx: Pick<ServiceContext, "clock">) => ctx.clock?.() ?? new Date();
const localeOf = (value: string | null | undefined): Locale => (value && isLocale(value) ? value : DEFAULT_LOCALE);

/** `clock`: when the calls are made (the service's own clock, as the rest of the change reads it). */
type CallContext = Pick<ServiceContext, "config" | "clock"> & { jobs: MailJobs };

/** Which of a plan's instalments to call, and each one's due date (null: not this one). */
type DuePick = (instalment: PlanInstalment) => string | null;

/**
 * Calls the instalments `pick` chooses, each due on the date it gives, for the commitments
 * to the opportunity (or only `commitmentIds`); a call that exists already is left alone.
 * Mails each investor their new calls. Answers how many calls were made.
 */
async function callInstalments(tx: Database, ctx: CallContext, { opportunityId, pick, commitmentIds }: { opportunityId: string; pick: DuePick; commitmentIds?: string[] }): Promise<number> {
  const plan = await readPlan(tx, opportunityId);
  if (!plan) return 0;
  const shares = plan.instalments.map((i) => i.sharePoints);
  const due = plan.instalments.flatMap((instalment, index) => {
    const dueOn = pick(instalment);
    return dueOn ? [{ instalment, index, dueOn }] : [];
  });
  if (!due.length || commitmentIds?.length === 0) return 0;
  const [opportunity] = await tx.select({ title: investmentOpportunities.title }).from(investmentOpportunities).where(eq(investmentOpportunities.id, opportunityId)).limit(1);
  const rows = await tx
    .select({ commitment: commitments, name: user.name, email: user.email, verified: user.emailVerified, locale: user.locale })
    .from(commitments)
    .leftJoin(user, eq(user.id, commitments.userId))
    .where(and(eq(commitments.opportunityId, opportunityId), commitmentIds ? inArray(commitments.id, commitmentIds) : undefined));
  let made = 0;
  const mails = [];
  const notices: Array<Parameters<typeof notify>[2]> = [];
  // On the service's clock, as the due dates and the statements' "as of" are: a call made
  // "today" counts in today's statement whatever the database's own clock says.
  const calledAt = now(ctx);
  for (const row of rows) {
    const parts = splitByShares(row.commitment.amountMinor, row.commitment.currency, shares);
    for (const { instalment, index, dueOn } of due) {
      const [call] = await tx
        .insert(instalmentCalls)
        .values({ commitmentId: row.commitment.id, instalmentId: instalment.id, position: instalment.position, label: instalment.label, amountMinor: parts[index]!, currency: row.commitment.currency, milestoneId: instalment.milestoneId, dueOn, calledAt })
        .onConflictDoNothing({ target: [instalmentCalls.commitmentId, instalmentCalls.instalmentId] })
        .returning();
      if (!call) continue;
      made += 1;
      const email =
        row.email && row.verified
          ? {
              ...instalmentCallEmail({
                siteUrl: ctx.config.siteUrl,
                locale: localeOf(row.locale),
                name: row.name ?? row.commitment.investorName,
                opportunity: opportunity?.title ?? row.commitment.opportunityTitle,
                label: call.label,
                amountMinor: call.amountMinor,
                currency: call.currency,
                dueOn: call.dueOn,
                escrow: plan.escrow,
                dated: instalment.dueKind === "date",
              }),
              to: row.email,
              kind: "instalment-call",
            }
          : null;
      // An investor with an account is notified on their channels; a commitment recorded for someone without one is mailed.
      if (row.commitment.userId) {
        notices.push({
          userId: row.commitment.userId,
          kind: "instalment-call",
          link: "/portfolio",
          data: { amount: formatMoney(call.amountMinor, call.currency, "en"), opportunity: opportunity?.title ?? row.commitment.opportunityTitle, dueDate: call.dueOn },
          email,
        });
      } else if (email) mails.push(email);
    }
  }
  await enqueueEmails(tx, ctx.jobs, mails);
  for (const notice of notices) await notify(tx, { jobs: ctx.jobs, config: ctx.config, now: calledAt }, notice);
  return made;
}

/** Calls the instalments due on a certified milestone, due `dueDays` after `from`. */
function callMilestoneInstalments(
  tx: Database,
  ctx: CallContext,
  { opportunityId, milestoneId, from, dueDays, commitmentIds }: { opportunityId: string; milestoneId: string; from: string; dueDays: number; commitmentIds?: string[] },
): Promise<number> {
  const dueOn = dateAfter(from, dueDays);
  return callInstalments(tx, ctx, { opportunityId, commitmentIds, pick: (i) => (i.milestoneId === milestoneId ? dueOn : null) });
}

/**
 * An instalment due on a date is called CALL_DUE_DAYS before it (or at once, when the date
 * is nearer or past), due on its own date: the notice a certified milestone gives.
 */
const datedPick =
  (today: string): DuePick =>
  (i) =>
    i.dueKind === "date" && i.dueOn && dateAfter(i.dueOn, -CALL_DUE_DAYS) <= today ? i.dueOn : null;

/**
 * Calls every dated instalment whose notice has begun, on every commitment (the hourly
 * job, with the reminders). Each opportunity's calls are made in one transaction, and the
 * call's key (commitment, instalment) makes a second instance's insert do nothing: each
 * call, and its mail, goes once. Answers how many calls were made.
 */
export async function callDatedInstalments(ctx: Pick<ServiceContext, "db" | "config" | "clock"> & { jobs: MailJobs }): Promise<number> {
  const today = todayInZone(ctx.config.firmTimeZone, now(ctx));
  const plans = await ctx.db
    .selectDistinct({ opportunityId: planInstalments.opportunityId })
    .from(planInstalments)
    .innerJoin(commitments, eq(commitments.opportunityId, planInstalments.opportunityId))
    .where(and(eq(planInstalments.dueKind, "date"), lte(planInstalments.dueOn, dateAfter(today, CALL_DUE_DAYS))));
  let made = 0;
  for (const { opportunityId } of plans) {
    made += await ctx.db.transaction((tx) => callInstalments(tx, ctx, { opportunityId, pick: datedPick(today) }));
  }
  return made;
}

/**
 * An admin certifies a milestone with the date it was reached and a note: every instalment
 * due on it is called on every commitment, due `dueDays` (30 unless said) after today.
 * Certified once; audited.
 */
export async function certifyMilestone(ctx: ServiceContext, actor: Actor, form: CertifyForm & { photos?: UploadedImage[] }): Promise<{ calls: number }> {
  const adminId = requireAdmin(actor);
  if ((form.photos?.length ?? 0) > PROGRESS_MAX_PHOTOS) throw new AppError("BAD_REQUEST", PROGRESS_MESSAGES.tooManyPhotos);
  const at = now(ctx);
  const today = todayInZone(ctx.config.firmTimeZone, at);
  if (form.certifiedOn > today) throw new AppError("BAD_REQUEST", ESCROW_MESSAGES.certifyDateInvalid);
  return ctx.db.transaction(async (tx) => {
    const [milestone] = await tx.select().from(constructionMilestones).where(eq(constructionMilestones.id, form.milestoneId)).for("update").limit(1);
    if (!milestone) throw new AppError("NOT_FOUND", ESCROW_MESSAGES.certifyUnknown);
    if (milestone.certifiedAt) throw new AppError("CONFLICT", ESCROW_MESSAGES.certifyAlready);
    const photos: string[] = [];
    for (const photo of form.photos ?? []) photos.push(await storeImage(tx, photo));
    const certified = { certifiedOn: form.certifiedOn, note: form.note, dueDays: form.dueDays, photos, certifiedBy: adminId, certifiedAt: at };
    await tx.update(constructionMilestones).set(certified).where(eq(constructionMilestones.id, milestone.id));
    const calls = await callMilestoneInstalments(tx, ctx, { opportunityId: milestone.opportunityId, milestoneId: milestone.id, from: today, dueDays: form.dueDays });
    await recordAudit(tx, { actorId: adminId, action: "milestone.certify", entity: "construction_milestones", entityId: milestone.id, before: null, after: { ...certified, calls } });
    return { calls };
  });
}

/**
 * A new commitment is called at once for every instalment whose milestone was certified
 * before it was made, due that milestone's days from today, and for every dated instalment
 * whose notice has begun.
 */
export async function callCertifiedInstalments(tx: Database, ctx: CallContext & Pick<ServiceContext, "clock">, { opportunityId, commitmentId }: { opportunityId: string; commitmentId: string }): Promise<number> {
  const today = todayInZone(ctx.config.firmTimeZone, now(ctx));
  const certified = await tx
    .select({ id: constructionMilestones.id, dueDays: constructionMilestones.dueDays })
    .from(constructionMilestones)
    .where(and(eq(constructionMilestones.opportunityId, opportunityId), isNotNull(constructionMilestones.certifiedAt)));
  let made = 0;
  for (const m of certified) {
    made += await callMilestoneInstalments(tx, ctx, { opportunityId, milestoneId: m.id, from: today, dueDays: m.dueDays ?? CALL_DUE_DAYS, commitmentIds: [commitmentId] });
  }
  made += await callInstalments(tx, ctx, { opportunityId, commitmentIds: [commitmentId], pick: datedPick(today) });
  return made;
}

/** How far back the reminder job looks for calls: past the last reminder (3 days after) with room for an outage. */
const REMINDER_WINDOW_DAYS = 14;

/**
 * Sends the reminders that have come due (the job, hourly): for each unpaid call due within
 * the window, the latest reminder due by today, unless it was sent. Each reminder's row and
 * its mail are written in one transaction, and the row's key makes a second instance's (or
 * a second run's) insert do nothing: each reminder goes once. Answers how many were sent.
 */
export async function sendDueReminders(ctx: Pick<ServiceContext, "db" | "config" | "clock"> & { jobs: MailJobs }): Promise<number> {
  const today = todayInZone(ctx.config.firmTimeZone, now(ctx));
  const calls = await ctx.db
    .select({ call: instalmentCalls, userId: commitments.userId, opportunityId: commitments.opportunityId, opportunityTitle: commitments.opportunityTitle, name: user.name, email: user.email, verified: user.emailVerified, locale: user.locale })
    .from(instalmentCalls)
    .innerJoin(commitments, eq(commitments.id, instalmentCalls.commitmentId))
    .innerJoin(user, eq(user.id, commitments.userId))
    .where(and(gte(instalmentCalls.dueOn, dateAfter(today, -REMINDER_WINDOW_DAYS)), lte(instalmentCalls.dueOn, dateAfter(today, 7))))
    .orderBy(instalmentCalls.dueOn)
    .limit(5000);
  let sent = 0;
  for (const row of calls) {
    const paid = await receivedOn(ctx.db, { callId: row.call.id });
    const [lead] = remindersDue(row.call.dueOn, today, paid >= row.call.amountMinor);
    if (!lead || !row.email || !row.verified || !row.opportunityId) continue;
    const plan = await readPlan(ctx.db, row.opportunityId);
    if (!plan) continue;
    sent += await ctx.db.transaction(async (tx) => {
      const [fresh] = await tx.insert(callReminders).values({ callId: row.call.id, lead }).onConflictDoNothing().returning();
      if (!fresh) return 0;
      const mail = instalmentCallEmail({
        siteUrl: ctx.config.siteUrl,
        locale: localeOf(row.locale),
        name: row.name,
        opportunity: row.opportunityTitle,
        label: row.call.label,
        amountMinor: row.call.amountMinor,
        currency: row.call.currency,
        dueOn: row.call.dueOn,
        escrow: plan.escrow,
        reminder: lead,
      });
      await notify(tx, { jobs: ctx.jobs, config: ctx.config, now: now(ctx) }, {
        userId: row.userId,
        kind: "instalment-reminder",
        link: "/portfolio",
        data: { amount: formatMoney(row.call.amountMinor, row.call.currency, "en"), opportunity: row.opportunityTitle, dueDate: row.call.dueOn },
        email: { ...mail, to: row.email!, kind: `instalment-reminder` },
      });
      return 1;
    });
  }
  return sent;
}

/** Sends the reminders that have come due on each `instalment-reminders` job (hourly, a schedule). */
export async function workInstalmentReminders(deps: Pick<ServiceContext, "db" | "config" | "log"> & { jobs: Pick<JobQueue, "work" | "send" | "sendMany"> }): Promise<void> {
  await deps.jobs.work("instalment-reminders", async () => {
    const called = await callDatedInstalments({ db: deps.db, config: deps.config, jobs: deps.jobs });
    if (called > 0) deps.log.info({ called }, "instalments due on a date called");
    const sent = await sendDueReminders({ db: deps.db, config: deps.config, jobs: deps.jobs });
    if (sent > 0) deps.log.info({ sent }, "reminders of instalment calls sent");
  });
}
