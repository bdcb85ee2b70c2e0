import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { AppError } from "~/domain/app-error";
import { todayInZone } from "~/domain/calendar";
import { ESCROW_MESSAGES, PROGRESS_MAX_PHOTOS, PROGRESS_MESSAGES, type ProgressStatus, type ProgressUpdateForm } from "~/domain/escrow";
import type { AdminProgressUpdate, ProgressUpdate } from "~/domain/portfolio";
import { isUuid } from "~/domain/uuid";
import { DEFAULT_LOCALE, isLocale, type Locale } from "~/i18n/locales";
import type { Database } from "../db/client.server";
import { commitments, investmentOpportunities, opportunityInterests, progressUpdateReaders, progressUpdates, user } from "../db/schema.server";
import { progressUpdateEmail } from "../email/escrow-emails.server";
import type { ServiceContext } from "../context/service-context.server";
import { requireAdmin, requireUser, type Actor } from "../security/actor.server";
import { storeImage, type UploadedImage } from "../storage/images.server";
import { recordAudit } from "./audit.server";
import { notify } from "../notifications/notify.server";

/*
 * Progress updates (issue 36, item 6): an admin posts a status (on track, delayed, on hold,
 * completed), how far construction is, the text in English, Arabic and Sorani, and
 * photographs. Committed and interested investors are mailed it in their language and find
 * it in their portfolio; opening it there is recorded, and admins see who has. The
 * opportunity's page shows the latest status.
 */

const now = (ctx: Pick<ServiceContext, "clock">) => ctx.clock?.() ?? new Date();
const localeOf = (value: string | null | undefined): Locale => (value && isLocale(value) ? value : DEFAULT_LOCALE);



/** Who follows an opportunity: its committed investors and those who registered interest (not withdrawn), once each. */
async function followers(db: Database, opportunityId: string) {
  const [committed, interested] = await Promise.all([
    db.select({ id: user.id }).from(commitments).innerJoin(user, eq(user.id, commitments.userId)).where(eq(commitments.opportunityId, opportunityId)),
    db
      .select({ id: user.id })
      .from(opportunityInterests)
      .innerJoin(user, eq(user.id, opportunityInterests.userId))
      .where(and(eq(opportunityInterests.opportunityId, opportunityId), isNull(opportunityInterests.withdrawnAt))),
  ]);
  const ids = [...new Set([...committed, ...interested].map((r) => r.id))];
  if (!ids.length) return [];
  return db.select({ id: user.id, name: user.name, email: user.email, verified: user.emailVerified, locale: user.locale }).from(user).where(inArray(user.id, ids));
}

/** An admin posts an update: kept, its followers recorded as its readers-to-be and mailed in their language. Audited. */
export async function postProgressUpdate(ctx: ServiceContext, actor: Actor, input: ProgressUpdateForm & { photos?: UploadedImage[] }): Promise<{ id: string; told: number }> {
  const adminId = requireAdmin(actor);
  if ((input.photos?.length ?? 0) > PROGRESS_MAX_PHOTOS) throw new AppError("BAD_REQUEST", PROGRESS_MESSAGES.tooManyPhotos);
  return ctx.db.transaction(async (tx) => {
    const [opportunity] = await tx.select({ id: investmentOpportunities.id, title: investmentOpportunities.title }).from(investmentOpportunities).where(eq(investmentOpportunities.id, input.opportunityId)).limit(1);
    if (!opportunity) throw new AppError("NOT_FOUND", ESCROW_MESSAGES.opportunityUnknown);
    const photos: string[] = [];
    for (const photo of input.photos ?? []) photos.push(await storeImage(tx, photo));
    const text = { en: input.textEn, ar: input.textAr, ckb: input.textCkb };
    const [made] = await tx
      .insert(progressUpdates)
      .values({ opportunityId: opportunity.id, status: input.status, percent: input.percent, text, photos, postedBy: adminId, postedAt: now(ctx) })
      .returning({ id: progressUpdates.id });
    const readers = await followers(tx, opportunity.id);
    if (readers.length) await tx.insert(progressUpdateReaders).values(readers.map((r) => ({ updateId: made!.id, userId: r.id })));
    for (const r of readers) {
      const locale = localeOf(r.locale);
      const email = r.verified
        ? { ...progressUpdateEmail({ siteUrl: ctx.config.siteUrl, locale, name: r.name, opportunity: opportunity.title, status: input.status, percent: input.percent, text: text[locale], updateId: made!.id }), to: r.email, kind: "progress-update" }
        : null;
      await notify(tx, { jobs: ctx.jobs, config: ctx.config, now: now(ctx) }, {
        userId: r.id,
        kind: "progress-update",
        link: `/portfolio/updates/${made!.id}`,
        data: { opportunity: opportunity.title, title: `${input.percent}%` },
        email,
      });
    }
    await recordAudit(tx, { actorId: adminId, action: "progress.post", entity: "progress_updates", entityId: made!.id, before: null, after: { opportunityId: opportunity.id, status: input.status, percent: input.percent, photos: photos.length, readers: readers.length } });
    return { id: made!.id, told: readers.length };
  });
}

const COLUMNS = {
  id: progressUpdates.id,
  opportunityId: progressUpdates.opportunityId,
  opportunityTitle: investmentOpportunities.title,
  status: progressUpdates.status,
  percent: progressUpdates.percent,
  text: progressUpdates.text,
  photos: progressUpdates.photos,
  postedAt: progressUpdates.postedAt,
};

const inLanguage = (locale: Locale | undefined) => (row: { text: Record<Locale, string> } & Omit<ProgressUpdate, "text">): ProgressUpdate => ({ ...row, text: row.text[locale ?? DEFAULT_LOCALE] ?? row.text.en });

/**
 * A new follower of an opportunity (an investor who has just committed) is given its
 * updates posted so far, unread and not mailed: their portfolio tells the project's story
 * from its start, and admins see who has read each.
 */
export async function followPastUpdates(tx: Database, { userId, opportunityId }: { userId: string; opportunityId: string }): Promise<void> {
  const past = await tx.select({ id: progressUpdates.id }).from(progressUpdates).where(eq(progressUpdates.opportunityId, opportunityId));
  if (past.length) await tx.insert(progressUpdateReaders).values(past.map((u) => ({ updateId: u.id, userId }))).onConflictDoNothing();
}

/** The updates the signed-in investor was sent, newest first, with whether they have opened each. */
export async function listOwnProgressUpdates(ctx: ServiceContext, actor: Actor): Promise<Array<ProgressUpdate & { read: boolean }>> {
  const userId = requireUser(actor);
  const rows = await ctx.db
    .select({ ...COLUMNS, readAt: progressUpdateReaders.readAt })
    .from(progressUpdateReaders)
    .innerJoin(progressUpdates, eq(progressUpdates.id, progressUpdateReaders.updateId))
    .innerJoin(investmentOpportunities, eq(investmentOpportunities.id, progressUpdates.opportunityId))
    .where(eq(progressUpdateReaders.userId, userId))
    .orderBy(desc(progressUpdates.postedAt))
    .limit(100);
  return rows.map(({ readAt, ...row }) => ({ ...inLanguage(ctx.locale)(row), read: readAt !== null }));
}

/** One update the investor was sent, in their language; opening it records that they read it (the first time). */
export async function openProgressUpdate(ctx: ServiceContext, actor: Actor, { id }: { id: string }): Promise<ProgressUpdate | undefined> {
  const userId = requireUser(actor);
  if (!isUuid(id)) return undefined;
  const [row] = await ctx.db
    .select(COLUMNS)
    .from(progressUpdateReaders)
    .innerJoin(progressUpdates, eq(progressUpdates.id, progressUpdateReaders.updateId))
    .innerJoin(investmentOpportunities, eq(investmentOpportunities.id, progressUpdates.opportunityId))
    .where(and(eq(progressUpdateReaders.updateId, id), eq(progressUpdateReaders.userId, userId)))
    .limit(1);
  if (!row) return undefined;
  await ctx.db
    .update(progressUpdateReaders)
    .set({ readAt: now(ctx) })
    .where(and(eq(progressUpdateReaders.updateId, id), eq(progressUpdateReaders.userId, userId), isNull(progressUpdateReaders.readAt)));
  return inLanguage(ctx.locale)(row);
}

/** An opportunity's updates for admins, newest first, each with who it was sent to and who has opened it. */
export async function listProgressUpdatesForAdmin(ctx: ServiceContext, actor: Actor, { opportunityId }: { opportunityId: string }): Promise<AdminProgressUpdate[]> {
  requireAdmin(actor);
  if (!isUuid(opportunityId)) return [];
  const rows = await ctx.db
    .select(COLUMNS)
    .from(progressUpdates)
    .innerJoin(investmentOpportunities, eq(investmentOpportunities.id, progressUpdates.opportunityId))
    .where(eq(progressUpdates.opportunityId, opportunityId))
    .orderBy(desc(progressUpdates.postedAt))
    .limit(50);
  if (!rows.length) return [];
  const readers = await ctx.db
    .select({ updateId: progressUpdateReaders.updateId, name: user.name, email: user.email, readAt: progressUpdateReaders.readAt })
    .from(progressUpdateReaders)
    .innerJoin(user, eq(user.id, progressUpdateReaders.userId))
    .where(inArray(progressUpdateReaders.updateId, rows.map((r) => r.id)))
    .orderBy(sql`${progressUpdateReaders.readAt} desc nulls last`, user.email);
  return rows.map((row) => ({ ...inLanguage(ctx.locale)(row), readers: readers.filter((r) => r.updateId === row.id).map(({ updateId: _u, ...r }) => r) }));
}

/** The latest status of an opportunity, for its public page: the label, how far, and when; undefined before any update. */
export async function latestProgress(db: Database, opportunityId: string): Promise<{ status: ProgressStatus; percent: number; postedAt: Date } | undefined> {
  const [row] = await db
    .select({ status: progressUpdates.status, percent: progressUpdates.percent, postedAt: progressUpdates.postedAt })
    .from(progressUpdates)
    .where(eq(progressUpdates.opportunityId, opportunityId))
    .orderBy(desc(progressUpdates.postedAt))
    .limit(1);
  return row;
}

/**
 * An opportunity's latest status for its public page (issue 36, item 6): the label, how far,
 * and the day it was posted on the firm's calendar. Only the status: an update's text and
 * photographs are for the investors who follow it. The page is render-cached; posting an
 * update raises the site's content version (migration 0032).
 */
export async function publicProgress(ctx: Pick<ServiceContext, "db" | "config">, { opportunityId }: { opportunityId: string }): Promise<{ status: ProgressStatus; percent: number; postedOn: string } | null> {
  const latest = await latestProgress(ctx.db, opportunityId);
  return latest ? { status: latest.status, percent: latest.percent, postedOn: todayInZone(ctx.config.firmTimeZone, latest.postedAt) } : null;
}
