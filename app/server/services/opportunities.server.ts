import { randomUUID } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { and, desc, eq } from "drizzle-orm";
import type { OpportunityFormValues } from "~/domain/admin-opportunities";
import { AppError } from "~/domain/app-error";
import { UPLOADED_IMAGE_PATH, type ImageExtension } from "~/domain/image-upload";
import { requireAdmin, type Actor } from "../security/actor.server";
import { recordAudit } from "./audit.server";
import type { Database } from "../db/client.server";
import { investmentOpportunities } from "../db/schema.server";

export type Opportunity = typeof investmentOpportunities.$inferSelect;

/** What a card in the public list shows. */
const cardColumns = {
  id: investmentOpportunities.id,
  title: investmentOpportunities.title,
  description: investmentOpportunities.description,
  location: investmentOpportunities.location,
  minimumInvestment: investmentOpportunities.minimumInvestment,
  projectedReturns: investmentOpportunities.projectedReturns,
  completionDate: investmentOpportunities.completionDate,
  developer: investmentOpportunities.developer,
  investmentPeriod: investmentOpportunities.investmentPeriod,
  status: investmentOpportunities.status,
  imageUrl: investmentOpportunities.imageUrl,
};

export type OpportunityCardFields = Pick<Opportunity, keyof typeof cardColumns>;

/** Everything a public visitor may see of one opportunity (no bookkeeping timestamps). */
const publicColumns = {
  ...cardColumns,
  totalValue: investmentOpportunities.totalValue,
  projectHighlights: investmentOpportunities.projectHighlights,
  unitsAvailable: investmentOpportunities.unitsAvailable,
};

export type PublicOpportunity = Pick<Opportunity, keyof typeof publicColumns>;

/**
 * Active opportunities, newest first: the public list. Anyone may read it, so the actor
 * is taken only to keep every service's shape the same. Drafts and archived ones are
 * excluded in the query itself.
 */
export async function listActiveOpportunities(db: Database, _actor: Actor): Promise<OpportunityCardFields[]> {
  return db
    .select(cardColumns)
    .from(investmentOpportunities)
    .where(eq(investmentOpportunities.status, "active"))
    .orderBy(desc(investmentOpportunities.createdAt), desc(investmentOpportunities.id));
}

/** One active opportunity by id; undefined for unknown, draft or archived ids. */
export async function findActiveOpportunity(
  db: Database,
  _actor: Actor,
  id: string,
): Promise<PublicOpportunity | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await db
    .select(publicColumns)
    .from(investmentOpportunities)
    .where(and(eq(investmentOpportunities.id, id), eq(investmentOpportunities.status, "active")))
    .limit(1);
  return row;
}

/** The featured opportunity on the home page: the newest active one, if any. */
export async function findFeaturedOpportunity(db: Database, _actor: Actor): Promise<OpportunityCardFields | undefined> {
  const [row] = await db
    .select(cardColumns)
    .from(investmentOpportunities)
    .where(eq(investmentOpportunities.status, "active"))
    .orderBy(desc(investmentOpportunities.createdAt), desc(investmentOpportunities.id))
    .limit(1);
  return row;
}

/** SPEC.md section 7 (admin): every opportunity, all statuses, newest first. Admins only. */
export async function listOpportunitiesForAdmin(db: Database, actor: Actor): Promise<Opportunity[]> {
  requireAdmin(actor);
  return db.select().from(investmentOpportunities).orderBy(desc(investmentOpportunities.createdAt), desc(investmentOpportunities.id));
}

/** An image an admin uploaded, already checked by its content (app/domain/image-upload.ts). */
export interface UploadedImage {
  bytes: Uint8Array;
  extension: ImageExtension;
}

export interface SaveOpportunityOptions {
  /** Replaces `values.imageUrl` when given. */
  image?: UploadedImage;
  /** DATA_DIR/uploads: where uploaded images are kept and served from (/uploads/<name>). */
  uploadsDir: string;
}

/** The file behind an uploaded image's address; null for any other address. */
function uploadedFile(uploadsDir: string, imageUrl: string | null): string | null {
  const match = imageUrl ? UPLOADED_IMAGE_PATH.exec(imageUrl) : null;
  return match ? path.join(uploadsDir, match[1]!) : null;
}


/**
 * Creates (no `id`) or updates an opportunity, with its audit row in the same
 * transaction. An uploaded image is written first under a fresh name, and removed again if
 * the save fails; the image it replaces is removed once the save has committed.
 */
export async function saveOpportunity(
  db: Database,
  actor: Actor,
  values: OpportunityFormValues,
  options: SaveOpportunityOptions,
): Promise<{ created: boolean; opportunity: Opportunity; replacedImageUrl: string | null }> {
  const adminId = requireAdmin(actor);
  const { id, ...fields } = values;
  let written: string | null = null;
  if (options.image) {
    await mkdir(options.uploadsDir, { recursive: true });
    const name = `${randomUUID()}.${options.image.extension}`;
    written = path.join(options.uploadsDir, name);
    await writeFile(written, options.image.bytes, { flag: "wx", mode: 0o644 });
    fields.imageUrl = `/uploads/${name}`;
  }
  try {
    const saved = await db.transaction(async (tx) => {
      if (!id) {
        const [created] = await tx.insert(investmentOpportunities).values(fields).returning();
        await recordAudit(tx, { actorId: adminId, action: "opportunity.create", entity: "investment_opportunities", entityId: created!.id, before: null, after: created });
        return { created: true, opportunity: created!, before: null };
      }
      const [before] = await tx.select().from(investmentOpportunities).where(eq(investmentOpportunities.id, id)).for("update").limit(1);
      if (!before) throw new AppError("NOT_FOUND", "Opportunity not found");
      const [after] = await tx
        .update(investmentOpportunities)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(investmentOpportunities.id, id))
        .returning();
      await recordAudit(tx, { actorId: adminId, action: "opportunity.update", entity: "investment_opportunities", entityId: id, before, after });
      return { created: false, opportunity: after!, before };
    });
    const old = saved.before?.imageUrl ?? null;
    return { created: saved.created, opportunity: saved.opportunity, replacedImageUrl: old !== saved.opportunity.imageUrl ? old : null };
  } catch (error) {
    if (written) await rm(written, { force: true }).catch(() => undefined);
    throw error;
  }
}

/** Deletes an opportunity (admins only), audited; answers the image address it had. */
export async function deleteOpportunity(db: Database, actor: Actor, id: string): Promise<{ imageUrl: string | null }> {
  const adminId = requireAdmin(actor);
  const removed = await db.transaction(async (tx) => {
    const [row] = await tx.delete(investmentOpportunities).where(eq(investmentOpportunities.id, id)).returning();
    if (!row) throw new AppError("NOT_FOUND", "Opportunity not found");
    await recordAudit(tx, { actorId: adminId, action: "opportunity.delete", entity: "investment_opportunities", entityId: id, before: row, after: null });
    return row;
  });
  return { imageUrl: removed.imageUrl };
}

/**
 * After an image was replaced or its opportunity deleted: removes the file if it was one
 * of our uploads and no opportunity shows it any more. Answers whether it removed one.
 */
export async function removeImageIfUnused(db: Database, uploadsDir: string, imageUrl: string | null): Promise<boolean> {
  const file = uploadedFile(uploadsDir, imageUrl);
  if (!file) return false;
  const [stillUsed] = await db
    .select({ id: investmentOpportunities.id })
    .from(investmentOpportunities)
    .where(eq(investmentOpportunities.imageUrl, imageUrl!))
    .limit(1);
  if (stillUsed) return false;
  await rm(file, { force: true });
  return true;
}
