import { and, asc, eq, inArray, max, sql } from "drizzle-orm";
import type { AdviserFormValues } from "~/domain/adviser-form";
import {
  ADVISER_LANGUAGES,
  ADVISER_MARKETS,
  ADVISER_TEXT_LOCALES,
  ADVISER_TOASTS,
  adviserText,
  initialsOf,
  inListOrder,
  moveInOrder,
  type AdminAdviser,
  type AdviserLanguage,
  type AdviserMarket,
  type AdviserTextLocale,
  type PublicAdviser,
} from "~/domain/advisers";
import { AppError } from "~/domain/app-error";
import type { ServiceContext } from "../context/service-context.server";
import type { Database } from "../db/client.server";
import { account, adviserTranslations, advisers, session, user } from "../db/schema.server";
import { requireAdmin, requireStaff, type Actor } from "../security/actor.server";
import { deleteFile } from "../storage/files.server";
import { imageFileId, storeImage, type UploadedImage } from "../storage/images.server";
import { scheduleOf } from "./adviser-schedules.server";
import { recordAudit } from "./audit.server";

/**
 * The firm's advisers (issue 33): everyone reads the published ones (/team and the home
 * page); only admins read the rest and write, every write audited in its transaction. A
 * photo is a stored image (decision 017) written and removed in the transaction of the
 * adviser that shows it.
 */

const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** More than any firm's team page holds; the list is never unbounded. */
const MAX_ADVISERS = 200;

type AdviserRow = typeof advisers.$inferSelect;
type TranslationRow = typeof adviserTranslations.$inferSelect;

/** Codes read back from the database, kept to the lists the pages know (the check constraint holds them there too). */
const languagesOf = (row: AdviserRow) => inListOrder(row.languages as AdviserLanguage[], ADVISER_LANGUAGES);
const marketsOf = (row: AdviserRow) => inListOrder(row.markets as AdviserMarket[], ADVISER_MARKETS);

async function translationsOf(db: Database, ids: string[]): Promise<Map<string, Partial<Record<AdviserTextLocale, TranslationRow>>>> {
  const byAdviser = new Map<string, Partial<Record<AdviserTextLocale, TranslationRow>>>();
  if (ids.length === 0) return byAdviser;
  const rows = await db.select().from(adviserTranslations).where(inArray(adviserTranslations.adviserId, ids));
  for (const row of rows) byAdviser.set(row.adviserId, { ...byAdviser.get(row.adviserId), [row.locale]: row });
  return byAdviser;
}

/**
 * The published advisers in the admins' order, in `locale`: each one's role and biography
 * in that language where an admin wrote it, the English otherwise. Anyone may read them.
 */
export async function listPublishedAdvisers(ctx: ServiceContext, _actor: Actor, input: { locale: string }): Promise<PublicAdviser[]> {
  const rows = await ctx.db
    .select()
    .from(advisers)
    .where(eq(advisers.isPublished, true))
    .orderBy(asc(advisers.position), asc(advisers.createdAt))
    .limit(MAX_ADVISERS);
  const translations = await translationsOf(ctx.db, rows.map((r) => r.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    initials: initialsOf(row.name),
    ...adviserText(row, translations.get(row.id) ?? {}, input.locale),
    languages: languagesOf(row),
    markets: marketsOf(row),
    photoUrl: row.photoUrl,
  }));
}

/** Every adviser, published or not, in order, with their translations and account: an admin sees all, an adviser their own. */
export async function listAdvisersForAdmin(ctx: ServiceContext, actor: Actor): Promise<AdminAdviser[]> {
  const scope = requireStaff(actor);
  const found = await ctx.db
    .select({
      row: advisers,
      accountEmail: user.email,
      twoFactor: user.twoFactorEnabled,
      hasPassword: sql<boolean>`exists (select 1 from ${account} where ${account.userId} = ${user.id} and ${account.providerId} = 'credential' and ${account.password} is not null)`,
    })
    .from(advisers)
    .leftJoin(user, eq(user.id, advisers.userId))
    .where(scope.adviserId ? eq(advisers.id, scope.adviserId) : undefined)
    .orderBy(asc(advisers.position), asc(advisers.createdAt))
    .limit(MAX_ADVISERS);
  const translations = await translationsOf(ctx.db, found.map((f) => f.row.id));
  return found.map(({ row, accountEmail, twoFactor, hasPassword }) => {
    const own = translations.get(row.id) ?? {};
    return {
      id: row.id,
      name: row.name,
      initials: initialsOf(row.name),
      role: row.role,
      bio: row.bio,
      translations: Object.fromEntries(ADVISER_TEXT_LOCALES.map((l) => [l, { role: own[l]?.role ?? "", bio: own[l]?.bio ?? "" }])) as AdminAdviser["translations"],
      languages: languagesOf(row),
      markets: marketsOf(row),
      photoUrl: row.photoUrl,
      position: row.position,
      isPublished: row.isPublished,
      updatedAt: row.updatedAt.toISOString(),
      schedule: { ...scheduleOf(row), takesBookings: row.takesBookings },
      account: accountEmail ? { email: accountEmail, state: hasPassword ? "active" : "invited", twoFactor: twoFactor === true } : null,
    };
  });
}

/** The adviser's row, locked for the caller's transaction; NOT_FOUND when there is none. */
export async function lockAdviser(tx: Database, id: string): Promise<AdviserRow> {
  if (!isUuid(id)) throw new AppError("NOT_FOUND", ADVISER_TOASTS.notFound);
  const [row] = await tx.select().from(advisers).where(eq(advisers.id, id)).for("update").limit(1);
  if (!row) throw new AppError("NOT_FOUND", ADVISER_TOASTS.notFound);
  return row;
}

/** Removes the stored image behind a photo address, in the transaction that stopped showing it. */
async function dropPhoto(tx: Database, url: string | null): Promise<void> {
  const fileId = imageFileId(url);
  if (fileId) await deleteFile(tx, fileId);
}

/** Writes the Arabic and Sorani text: a language with both fields is kept, one without is removed. */
async function writeTranslations(tx: Database, adviserId: string, values: AdviserFormValues): Promise<void> {
  for (const locale of ADVISER_TEXT_LOCALES) {
    const role = values[`role_${locale}`];
    const bio = values[`bio_${locale}`];
    if (role && bio) {
      await tx
        .insert(adviserTranslations)
        .values({ adviserId, locale, role, bio })
        .onConflictDoUpdate({ target: [adviserTranslations.adviserId, adviserTranslations.locale], set: { role, bio, updatedAt: new Date() } });
    } else {
      await tx.delete(adviserTranslations).where(and(eq(adviserTranslations.adviserId, adviserId), eq(adviserTranslations.locale, locale)));
    }
  }
}

/**
 * Adds (no `id`; placed last) or updates an adviser with their translations, audited, in
 * one transaction. A new photo replaces the old one, whose file goes in the same
 * transaction; `removePhoto` without a new one goes back to the initials.
 */
export async function saveAdviser(
  ctx: ServiceContext,
  actor: Actor,
  input: { values: AdviserFormValues; photo?: UploadedImage },
): Promise<{ created: boolean; id: string }> {
  const adminId = requireAdmin(actor);
  const { values } = input;
  const fields = {
    name: values.name,
    role: values.role,
    bio: values.bio,
    languages: inListOrder(values.languages, ADVISER_LANGUAGES),
    markets: inListOrder(values.markets, ADVISER_MARKETS),
    isPublished: values.isPublished,
  };
  return ctx.db.transaction(async (tx) => {
    const photoUrl = input.photo ? await storeImage(tx, input.photo) : undefined;
    if (!values.id) {
      const [last] = await tx.select({ position: max(advisers.position) }).from(advisers);
      const [created] = await tx
        .insert(advisers)
        .values({ ...fields, photoUrl: photoUrl ?? null, position: (last?.position ?? 0) + 1 })
        .returning();
      await writeTranslations(tx, created!.id, values);
      await recordAudit(tx, { actorId: adminId, action: "adviser.create", entity: "advisers", entityId: created!.id, before: null, after: { ...created, translations: translationSnapshot(values) } });
      return { created: true, id: created!.id };
    }
    const before = await lockAdviser(tx, values.id);
    const nextPhoto = photoUrl ?? (values.removePhoto ? null : before.photoUrl);
    const [after] = await tx.update(advisers).set({ ...fields, photoUrl: nextPhoto, updatedAt: new Date() }).where(eq(advisers.id, values.id)).returning();
    await writeTranslations(tx, values.id, values);
    if (nextPhoto !== before.photoUrl) await dropPhoto(tx, before.photoUrl);
    await recordAudit(tx, {
      actorId: adminId,
      action: photoUrl ? "adviser.photo" : "adviser.update",
      entity: "advisers",
      entityId: values.id,
      before,
      after: { ...after, translations: translationSnapshot(values) },
    });
    return { created: false, id: values.id };
  });
}

const translationSnapshot = (values: AdviserFormValues) =>
  Object.fromEntries(ADVISER_TEXT_LOCALES.map((l) => [l, values[`role_${l}`] && values[`bio_${l}`] ? { role: values[`role_${l}`], bio: values[`bio_${l}`] } : null]));

/** Takes the photo away (the initials show again) and removes its file. Admins only, audited. */
export async function removeAdviserPhoto(ctx: ServiceContext, actor: Actor, { id }: { id: string }): Promise<void> {
  const adminId = requireAdmin(actor);
  await ctx.db.transaction(async (tx) => {
    const before = await lockAdviser(tx, id);
    if (!before.photoUrl) return;
    await tx.update(advisers).set({ photoUrl: null, updatedAt: new Date() }).where(eq(advisers.id, id));
    await dropPhoto(tx, before.photoUrl);
    await recordAudit(tx, { actorId: adminId, action: "adviser.photo-remove", entity: "advisers", entityId: id, before: { photoUrl: before.photoUrl }, after: { photoUrl: null } });
  });
}

/** Shows or hides an adviser on the public pages. Admins only, audited. */
export async function setAdviserPublished(ctx: ServiceContext, actor: Actor, input: { id: string; publish: boolean }): Promise<void> {
  const adminId = requireAdmin(actor);
  await ctx.db.transaction(async (tx) => {
    const before = await lockAdviser(tx, input.id);
    if (before.isPublished === input.publish) return;
    await tx.update(advisers).set({ isPublished: input.publish, updatedAt: new Date() }).where(eq(advisers.id, input.id));
    await recordAudit(tx, {
      actorId: adminId,
      action: input.publish ? "adviser.publish" : "adviser.unpublish",
      entity: "advisers",
      entityId: input.id,
      before: { isPublished: before.isPublished },
      after: { isPublished: input.publish },
    });
  });
}

/**
 * Moves an adviser one place up or down the order the pages show (every row locked, so
 * two admins reordering at once each see the other's order). Admins only, audited.
 */
export async function moveAdviser(ctx: ServiceContext, actor: Actor, input: { id: string; direction: "up" | "down" }): Promise<void> {
  const adminId = requireAdmin(actor);
  if (!isUuid(input.id)) throw new AppError("NOT_FOUND", ADVISER_TOASTS.notFound);
  await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: advisers.id, position: advisers.position })
      .from(advisers)
      .orderBy(asc(advisers.position), asc(advisers.createdAt))
      .for("update")
      .limit(MAX_ADVISERS);
    if (!rows.some((r) => r.id === input.id)) throw new AppError("NOT_FOUND", ADVISER_TOASTS.notFound);
    const order = moveInOrder(rows.map((r) => r.id), input.id, input.direction);
    const before = rows.findIndex((r) => r.id === input.id) + 1;
    // Numbered 1..n afresh, which also mends positions two inserts once shared.
    for (const [index, id] of order.entries()) {
      const row = rows.find((r) => r.id === id)!;
      if (row.position !== index + 1) await tx.update(advisers).set({ position: index + 1 }).where(eq(advisers.id, id));
    }
    await recordAudit(tx, {
      actorId: adminId,
      action: "adviser.move",
      entity: "advisers",
      entityId: input.id,
      before: { position: before },
      after: { position: order.indexOf(input.id) + 1 },
    });
  });
}

/** Deletes an adviser with their translations and photo. Admins only, audited. */
export async function deleteAdviser(ctx: ServiceContext, actor: Actor, { id }: { id: string }): Promise<void> {
  const adminId = requireAdmin(actor);
  if (!isUuid(id)) throw new AppError("NOT_FOUND", ADVISER_TOASTS.notFound);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.delete(advisers).where(eq(advisers.id, id)).returning();
    if (!row) throw new AppError("NOT_FOUND", ADVISER_TOASTS.notFound);
    await dropPhoto(tx, row.photoUrl);
    // Their own account (issue 37) is nobody's now and opens nothing: its sessions end at once.
    if (row.userId) await tx.delete(session).where(eq(session.userId, row.userId));
    await recordAudit(tx, { actorId: adminId, action: "adviser.delete", entity: "advisers", entityId: id, before: row, after: null });
  });
}
