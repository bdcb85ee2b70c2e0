import { lt, or } from "drizzle-orm";
import { SESSION_LIMITS } from "~/domain/session-lifetime";
import type { Database } from "../db/client.server";
import { rateLimit, session, verification } from "../db/schema.server";
import { pruneOutbox } from "../email/outbox.server";
import type { JobQueue } from "../jobs/queue.server";
import type { Logger } from "../core/logger.server";
import { pruneLimits } from "../security/rate-limit.server";
import { pruneStampedCopies } from "../storage/files.server";

const DAY_MS = 24 * 3_600_000;

export interface MaintenanceResult {
  mails: number;
  requestLimits: number;
  authRateLimits: number;
  sessions: number;
  verificationTokens: number;
  stampedCopies: number;
}

/**
 * Removes what has served its time (the hourly `maintenance` job, issue 16): mails sent or
 * given up on more than 30 days ago, rate-limit windows older than a day (ours and the auth
 * library's), sessions past their expiry or their absolute lifetime (decision 011), and
 * verification and reset tokens that have expired, and readers' stamped copies of documents
 * past their day (decision 031). Each is one statement; none of it is
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
  return { mails, requestLimits, authRateLimits, sessions, verificationTokens, stampedCopies };
}

/** Runs the maintenance on each `maintenance` job (hourly, a schedule run by one instance). */
export async function workMaintenance(jobs: Pick<JobQueue, "work">, deps: { db: Database; log: Logger }): Promise<void> {
  await jobs.work("maintenance", async () => {
    const removed = await runMaintenance(deps.db);
    if (Object.values(removed).some((n) => n > 0)) deps.log.info({ removed }, "maintenance: expired rows removed");
  });
}
