import { and, desc, eq } from "drizzle-orm";
import type { OpportunityFormValues } from "~/domain/admin-opportunities";
import { AppError } from "~/domain/app-error";
import type { Opportunity, OpportunityCardFields, PublicOpportunity } from "~/domain/opportunities";
import { investmentOpportunities } from "../db/schema.server";
import type { ServiceContext } from "../http/request-context.server";
import { requireAdmin, type Actor } from "../security/actor.server";
import { isStoredImage, removeImage, storeImage, type UploadedImage } from "../storage/uploads.server";
import { recordAudit } from "./audit.server";

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


/** Everything a public visitor may see of one opportunity (no bookkeeping timestamps). */
const publicColumns = {
  ...cardColumns,
  totalValue: investmentOpportunities.totalValue,
  projectHighlights: investmentOpportunities.projectHighlights,
  unitsAvailable: investmentOpportunities.unitsAvailable,
};


/**
 * Active opportunities, newest first: the public list. Anyone may read it, so the actor
 * is taken only to keep every service's shape the same. Drafts and archived ones are
 * excluded in the query itself.
 */
export async function listActiveOpportunities(ctx: ServiceContext, _actor: Actor): Promise<OpportunityCardFields[]> {
  return ctx.db
    .select(cardColumns)
    .from(investmentOpportunities)
    .where(eq(investmentOpportunities.status, "active"))
    .orderBy(desc(investmentOpportunities.createdAt), desc(investmentOpportunities.id));
}

/** One active opportunity by id; undefined for unknown, draft or archived ids. */
export async function findActiveOpportunity(
  ctx: ServiceContext,
  _actor: Actor,
  { id }: { id: string },
): Promise<PublicOpportunity | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await ctx.db
    .select(publicColumns)
    .from(investmentOpportunities)
    .where(and(eq(investmentOpportunities.id, id), eq(investmentOpportunities.status, "active")))
    .limit(1);
  return row;
}

/** The featured opportunity on the home page: the newest active one, if any. */
export async function findFeaturedOpportunity(ctx: ServiceContext, _actor: Actor): Promise<OpportunityCardFields | undefined> {
  const [row] = await ctx.db
    .select(cardColumns)
    .from(investmentOpportunities)
    .where(eq(investmentOpportunities.status, "active"))
    .orderBy(desc(investmentOpportunities.createdAt), desc(investmentOpportunities.id))
    .limit(1);
  return row;
}

/** SPEC.md section 7 (admin): every opportunity, all statuses, newest first. Admins only. */
export async function listOpportunitiesForAdmin(ctx: ServiceContext, actor: Actor): Promise<Opportunity[]> {
  requireAdmin(actor);
  return ctx.db.select().from(investmentOpportunities).orderBy(desc(investmentOpportunities.createdAt), desc(investmentOpportunities.id));
}

/**
 * Creates (no `id`) or updates an opportunity, with its audit row in the same
 * transaction. An uploaded image is stored first under a fresh name, and taken back if
 * the save fails; the image it replaces is removed once the save has committed and
 * nothing shows it any more.
 */
export async function saveOpportunity(
  ctx: ServiceContext,
  actor: Actor,
  input: { values: OpportunityFormValues; image?: UploadedImage },
): Promise<{ created: boolean; opportunity: Opportunity }> {
  const adminId = requireAdmin(actor);
  const { id, ...fields } = input.values;
  const stored = input.image ? await storeImage(ctx.config, input.image) : null;
  if (stored) fields.imageUrl = stored.url;
  try {
    const saved = await ctx.db.transaction(async (tx) => {
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
    if (old !== saved.opportunity.imageUrl) await tidyImage(ctx, old);
    return { created: saved.created, opportunity: saved.opportunity };
  } catch (error) {
    await stored?.discard();
    throw error;
  }
}

/** Deletes an opportunity (admins only), audited; its uploaded image goes too once nothing shows it. */
export async function deleteOpportunity(ctx: ServiceContext, actor: Actor, { id }: { id: string }): Promise<void> {
  const adminId = requireAdmin(actor);
  const removed = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.delete(investmentOpportunities).where(eq(investmentOpportunities.id, id)).returning();
    if (!row) throw new AppError("NOT_FOUND", "Opportunity not found");
    await recordAudit(tx, { actorId: adminId, action: "opportunity.delete", entity: "investment_opportunities", entityId: id, before: row, after: null });
    return row;
  });
  await tidyImage(ctx, removed.imageUrl);
}

/**
 * After an image was replaced or its opportunity deleted: removes it if it was one of our
 * uploads and no opportunity shows it any more. Housekeeping: a failure is logged, never
 * the admin's problem.
 */
async function tidyImage(ctx: ServiceContext, imageUrl: string | null): Promise<void> {
  if (!isStoredImage(imageUrl)) return;
  try {
    const [stillUsed] = await ctx.db
      .select({ id: investmentOpportunities.id })
      .from(investmentOpportunities)
      .where(eq(investmentOpportunities.imageUrl, imageUrl))
      .limit(1);
    if (!stillUsed && (await removeImage(ctx.config, imageUrl))) ctx.log.info({ imageUrl }, "admin: unused image removed");
  } catch (err) {
    ctx.log.warn({ err, imageUrl }, "admin: could not remove an unused image");
  }
}
