import { and, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import { EARLY_ACCESS_DAYS } from "~/domain/constants";
import { EVERYONE, isOpenToEveryone, opensToReaderAt, type Reader } from "~/domain/opportunity-access";
import type { Database } from "../db/client.server";
import { alertSubscriptions, investmentOpportunities, opportunityAlerts, profiles, user } from "../db/schema.server";
import { newOpportunityAlertEmail } from "../email/membership-emails.server";
import type { MailJobs } from "../email/outbox.server";
import type { JobQueue } from "../jobs/queue.server";
import type { AppConfig } from "../core/config.server";
import type { Logger } from "../core/logger.server";
import { entitlementsOfUsers } from "./entitlements.server";
import { opportunityOpenTo } from "./opportunity-access.server";
import { firstNameForMail } from "./users.server";
import type { Locale } from "~/i18n/locales";
import { notify } from "../notifications/notify.server";

/**
 * New-opportunity alerts (issue 15): each subscribed investor is e-mailed once when an
 * opportunity becomes visible to them: when it opens to everyone, or for an Elite member
 * (or an admin) up to their early-access days before, by the one rule of who sees what
 * when (app/domain/opportunity-access.ts, decision 029), and early only at an address
 * they have verified. Only for what opens to them after they subscribed. An
 * `opportunity-alerts` job looks every minute (a schedule on the job queue, run by one
 * instance) and when an opportunity opens; `opportunity_alerts` lets exactly one look
 * handle each pair, in the transaction that queues the mail.
 */

export interface AlertDeps {
  db: Database;
  config: AppConfig;
  log: Logger;
  jobs: MailJobs;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** The widest early access any reader has: the candidates' query looks this far ahead. */
const WIDEST: Reader = { earlyAccessDays: EARLY_ACCESS_DAYS };
/** Opportunities that opened longer ago than this are not looked at again. */
const LOOKBACK_DAYS = 30;
const BATCH = 500;

/** When an active opportunity became (or becomes) visible to `reader`: when it was activated, or opens to them if later. */
function visibleFrom(o: { activatedAt: Date; publicAt: Date | null }, reader: Reader): Date {
  const opens = opensToReaderAt(o, reader);
  return opens && opens > o.activatedAt ? opens : o.activatedAt;
}

/** Sends the alerts that are due now; answers how many were queued. */
export async function dispatchOpportunityAlerts(deps: AlertDeps, now: Date = new Date()): Promise<number> {
  const { db, log } = deps;
  const lookback = new Date(now.getTime() - LOOKBACK_DAYS * DAY_MS);
  let queued = 0;
  let after: { opportunityId: string; subscriptionId: string } | null = null;
  for (;;) {
    // Pairs not yet handled, of an opportunity visible to someone (an Elite member at
    // least) that opens to everyone after the subscription was confirmed: the exact rule,
    // by each subscriber's own entitlements, follows below. Walked in key order, a batch at
    // a time, so pairs that are not due yet never hide the ones that are.
    const candidates: Candidate[] = await db
      .select({
        subscriptionId: alertSubscriptions.id,
        userId: alertSubscriptions.userId,
        confirmedAt: alertSubscriptions.confirmedAt,
        unsubscribeToken: alertSubscriptions.unsubscribeToken,
        email: user.email,
        emailVerified: user.emailVerified,
        firstName: firstNameForMail,
        locale: user.locale,
        opportunityId: investmentOpportunities.id,
        slug: investmentOpportunities.slug,
        title: investmentOpportunities.title,
        location: investmentOpportunities.location,
        minimumInvestment: investmentOpportunities.minimumInvestment,
        projectedReturns: investmentOpportunities.projectedReturns,
        activatedAt: investmentOpportunities.activatedAt,
        publicAt: investmentOpportunities.publicAt,
      })
      .from(alertSubscriptions)
      .innerJoin(user, eq(user.id, alertSubscriptions.userId))
      .leftJoin(profiles, eq(profiles.id, alertSubscriptions.userId))
      .innerJoin(
        investmentOpportunities,
        and(
          opportunityOpenTo(WIDEST, now),
          isNotNull(investmentOpportunities.activatedAt),
          sql`coalesce(${investmentOpportunities.publicAt}, ${investmentOpportunities.activatedAt}) > ${lookback}`,
          gt(sql`greatest(${investmentOpportunities.activatedAt}, coalesce(${investmentOpportunities.publicAt}, ${investmentOpportunities.activatedAt}))`, alertSubscriptions.confirmedAt),
        ),
      )
      .where(
        and(
          eq(alertSubscriptions.topic, "new_opportunities"),
          isNotNull(alertSubscriptions.confirmedAt),
          isNull(alertSubscriptions.unsubscribedAt),
          sql`not exists (select 1 from ${opportunityAlerts} where ${opportunityAlerts.opportunityId} = ${investmentOpportunities.id} and ${opportunityAlerts.subscriptionId} = ${alertSubscriptions.id})`,
          after ? sql`(${investmentOpportunities.id}, ${alertSubscriptions.id}) > (${after.opportunityId}::uuid, ${after.subscriptionId}::uuid)` : undefined,
        ),
      )
      .orderBy(investmentOpportunities.id, alertSubscriptions.id)
      .limit(BATCH);
    if (candidates.length === 0) break;
    queued += await handle(deps, candidates, now);
    if (candidates.length < BATCH) break;
    const last = candidates.at(-1)!;
    after = { opportunityId: last.opportunityId, subscriptionId: last.subscriptionId };
  }
  if (queued > 0) log.info({ queued }, "opportunity alerts queued");
  return queued;
}

interface Candidate {
  subscriptionId: string;
  userId: string | null;
  confirmedAt: Date | null;
  unsubscribeToken: string;
  email: string;
  emailVerified: boolean;
  firstName: string | null;
  /** The subscriber's language for mails (issue 17). */
  locale: Locale;
  opportunityId: string;
  slug: string;
  title: string;
  location: string;
  minimumInvestment: number;
  projectedReturns: string;
  activatedAt: Date | null;
  publicAt: Date | null;
}

/**
 * One batch: each pair due now is mailed, and each that opened to this subscriber before
 * they subscribed is settled without a mail; one not yet open to them waits. Claiming the
 * pair's row and queueing its mail happen in one transaction, so an alert is mailed once.
 */
async function handle({ db, config, jobs }: AlertDeps, candidates: Candidate[], now: Date): Promise<number> {
  const entitlements = await entitlementsOfUsers(db, [...new Set(candidates.map((c) => c.userId!))]);
  let queued = 0;
  for (const c of candidates) {
    // An early-access title goes only to an address its owner has verified (mayNameInMail's rule).
    const reader = c.emailVerified ? (entitlements.get(c.userId!) ?? EVERYONE) : EVERYONE;
    const from = visibleFrom({ activatedAt: c.activatedAt!, publicAt: c.publicAt }, reader);
    if (from > now) continue;
    const mailed = from > c.confirmedAt!;
    const sent = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(opportunityAlerts)
        .values({ opportunityId: c.opportunityId, subscriptionId: c.subscriptionId, mailed, handledAt: now })
        .onConflictDoNothing()
        .returning({ opportunityId: opportunityAlerts.opportunityId });
      if (!claimed || !mailed) return false;
      const mail = newOpportunityAlertEmail({
        siteUrl: config.siteUrl,
        firstName: c.firstName,
        locale: c.locale,
        unsubscribeUrl: `${config.siteUrl}/alerts/unsubscribe?token=${c.unsubscribeToken}`,
        earlyAccess: !isOpenToEveryone({ status: "active", publicAt: c.publicAt }, now),
        opportunity: { slug: c.slug, title: c.title, location: c.location, minimumInvestment: Number(c.minimumInvestment), projectedReturns: c.projectedReturns },
      });
      await notify(tx, { jobs, config, now }, { userId: c.userId, kind: "opportunity-alert", link: `/opportunities/${c.slug}`, data: { opportunity: c.title }, email: { ...mail, to: c.email, kind: "opportunity-alert" } });
      return true;
    });
    if (sent) queued++;
  }
  return queued;
}

/** Looks for due alerts on each `opportunity-alerts` job: every minute (a schedule) and when an opportunity opens. */
export async function workOpportunityAlerts(deps: AlertDeps & { jobs: Pick<JobQueue, "work"> }): Promise<void> {
  await deps.jobs.work("opportunity-alerts", async () => {
    await dispatchOpportunityAlerts(deps);
  });
}
