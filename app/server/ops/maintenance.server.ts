import { lt, or } from "drizzle-orm";
import { SESSION_LIMITS } from "~/domain/session-lifetime";
import type { Database } from "../db/client.server";
import { rateLimit, session, verification } from "../db/schema.server";
import { pruneOutbox } from "../email/outbox.server";
import type { JobQueue } from "../jobs/queue.server";
import type { AppConfig } from "../core/config.server";
import type { Logger } from "../core/logger.server";
import { maintainIdentityChecks } from "../services/identity-checks.server";
import { rewrapSealedFiles } from "../storage/sealed-files.server";
import { pruneLimits } from "../security/rate-limit.server";
import { pruneUsedCodes } from "../security/step-up.server";
import { pruneStampedCopies } from "../storage/files.server";
import { pruneWhatsAppMessageIds } from "../services/whatsapp-webhook.server";

const DAY_MS = 24 * 3_600_000;

export interface MaintenanceResult {
  mails: number;
  requestLimits: number;
  authRateLimits: number;
  sessions: number;
  verificationTokens: number;
  stampedCopies: number;
  /** Ids of investors' WhatsApp messages acted on more than 30 days ago (issue 52, item 11). */
  whatsappMessageIds: number;
  /** Second-factor codes past the window in which they are refused again (decision 058). */
  usedCodes: number;
}

/**
 * Removes what has served its time (the hourly `maintenance` job, issue 16): mails sent or
 * given up on more than 30 days ago, rate-limit windows older than a day (ours and the auth
 * library's), sessions past their expiry or their absolute lifetime (decision 011), and
 * verification and reset tokens that have expired, readers' stamped copies of documents
 * past their day (decision 031), the ids of investors' WhatsApp messages the webhook acted
 * on more than 30 days ago, and second-factor codes past their window (decision 058). Each
 * is one statement; none of it is
 * needed for anything to work, only for the tables to stay as small as the traffic.
 */
export async function runMaintenance(db: Database, now: Date = new Date()): Promise<MaintenanceResult> {
  const dayAgo = now.getTime() - DAY_MS;
  const oldestSession = new Date(now.getTime() - SESSION_LIMITS.investor.absoluteMs);
  const mails = await pruneOutbox(db, now);
  const requestLimits = await pruneLimits(db, now);
  const authRateLimits = (await db.delete(rateLimit).where(lt(rateLimit.lastRequest, dayAgo)).returning({ id: rateLimit.id })).length;
  const sessions = (
    await db
      .delete(session)
      .where(or(lt(session.expiresAt, now), lt(session.createdAt, oldestSession)))
      .returning({ id: session.id })
  ).length;
  const verificationTokens = (await db.delete(verification).where(lt(verification.expiresAt, now)).returning({ id: verification.id })).length;
  const stampedCopies = await pruneStampedCopies(db, now);
  const whatsappMessageIds = await pruneWhatsAppMessageIds(db, now);
  const usedCodes = await pruneUsedCodes(db, now);
  return { mails, requestLimits, authRateLimits, sessions, verificationTokens, stampedCopies, whatsappMessageIds, usedCodes };
}

/**
 * Identity checks (issue 35, decision 044), hourly: approvals that ran out end, investors
 * are reminded 30 days before theirs ends, deleted accounts' files go after the retention
 * period, and file keys sealed under an older master key (identity files, proofs of transfer,
 * advisers' calendar passwords) are sealed again under the current one.
 */
export async function runIdentityMaintenance(deps: { db: Database; config: AppConfig; jobs: Pick<JobQueue, "send"> }, now: Date = new Date()) {
  const checks = await maintainIdentityChecks({ db: deps.db, config: deps.config, jobs: deps.jobs, clock: () => now });
  const rewrapped = await rewrapSealedFiles(deps.db, deps.config.identity.keys);
  return { ...checks, rewrapped };
}

/** Runs the maintenance on each `maintenance` job (hourly, a schedule run by one instance). */
export async function workMaintenance(jobs: Pick<JobQueue, "work" | "send">, deps: { db: Database; log: Logger; config?: AppConfig }): Promise<void> {
  await jobs.work("maintenance", async () => {
    const removed = await runMaintenance(deps.db);
    if (Object.values(removed).some((n) => n > 0)) deps.log.info({ removed }, "maintenance: expired rows removed");
    if (deps.config) {
      const identity = await runIdentityMaintenance({ db: deps.db, config: deps.config, jobs });
      if (Object.values(identity).some((n) => n > 0)) deps.log.info({ identity }, "maintenance: identity checks kept up to date");
    }
  });
}
