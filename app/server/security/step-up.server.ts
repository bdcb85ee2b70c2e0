import { createHash } from "node:crypto";
import { eq, lt, sql } from "drizzle-orm";
import { AppError } from "~/domain/app-error";
import { isStepUpFresh, STEP_UP_MESSAGES, USED_CODE_SECONDS } from "~/domain/step-up";
import type { Database } from "../db/client.server";
import { session, usedSecondFactorCodes } from "../db/schema.server";
import type { Actor } from "./actor.server";

/*
 * Step-up ("sudo mode", issue 52 item 3, decision 058). A guarded service (escrow changes,
 * payment confirmations, identity decisions, agreement preparation, role changes, exports of
 * investors' data) calls `requireFreshSecondFactor` after its role check: the actor carries
 * when its session last proved a second factor (read with the session, like its role), and
 * the action runs only within STEP_UP_MINUTES of it. So a route that forgets to ask for a
 * code is still refused by its service. Proving a code is the services' step-up module
 * (app/server/services/step-up.server.ts), which records it here.
 */

/** The detail a step-up refusal carries, so the admin action can show it beside the form's code field. */
export const STEP_UP_DETAIL = { stepUp: true } as const;

/** Whether an AppError is a step-up's (its message belongs beside the code field). */
export function isStepUpRefusal(error: unknown): boolean {
  return error instanceof AppError && error.detail?.stepUp === true;
}

/** Whether the actor's session proved a second factor in the last few minutes. */
export function hasFreshSecondFactor(actor: Actor, now: Date = new Date()): boolean {
  return actor.kind === "user" && isStepUpFresh(actor.secondFactorAt, now);
}

/**
 * Refuses (FORBIDDEN, "enter a code") unless the actor's session proved a second factor in
 * the last STEP_UP_MINUTES. Call it after the role check, before anything is written. The
 * clock is the real one: a test's pinned business date does not age a code typed just now.
 */
export function requireFreshSecondFactor(actor: Actor, now: Date = new Date()): void {
  if (!hasFreshSecondFactor(actor, now)) throw new AppError("FORBIDDEN", STEP_UP_MESSAGES.required, { detail: STEP_UP_DETAIL });
}

const codeHash = (userId: string, code: string) => createHash("sha256").update(`${userId}\n${code}`).digest("hex");

/**
 * Takes `code` as used by the account, atomically: true when it had not been used in the
 * last USED_CODE_SECONDS (and is now), false when it had (two requests with one code: one
 * wins). Pass the code as it was checked (a backup code in the form the plugin took).
 */
export async function claimCode(db: Database, userId: string, code: string): Promise<boolean> {
  const taken = await db
    .insert(usedSecondFactorCodes)
    .values({ userId, codeHash: codeHash(userId, code), usedAt: new Date() })
    .onConflictDoUpdate({
      target: [usedSecondFactorCodes.userId, usedSecondFactorCodes.codeHash],
      set: { usedAt: sql`excluded.used_at` },
      setWhere: sql`${usedSecondFactorCodes.usedAt} <= excluded.used_at - make_interval(secs => ${USED_CODE_SECONDS})`,
    })
    .returning({ userId: usedSecondFactorCodes.userId });
  return taken.length > 0;
}

/** Records that the session `where` names proved a second factor at `at`. */
export async function recordSecondFactor(db: Database, where: { sessionId: string } | { sessionToken: string }, at: Date): Promise<void> {
  await db
    .update(session)
    .set({ secondFactorAt: at })
    .where("sessionId" in where ? eq(session.id, where.sessionId) : eq(session.token, where.sessionToken));
}

/** When the session `sessionId` last proved a second factor, or null. */
export async function secondFactorAtOf(db: Database, sessionId: string): Promise<Date | null> {
  const [row] = await db.select({ provedAt: session.secondFactorAt }).from(session).where(eq(session.id, sessionId)).limit(1);
  return row?.provedAt ?? null;
}

/** Forgets used codes past their window (the hourly maintenance). Answers how many went. */
export async function pruneUsedCodes(db: Database, now: Date = new Date()): Promise<number> {
  const gone = await db
    .delete(usedSecondFactorCodes)
    .where(lt(usedSecondFactorCodes.usedAt, new Date(now.getTime() - USED_CODE_SECONDS * 1000)))
    .returning({ userId: usedSecondFactorCodes.userId });
  return gone.length;
}
