import { asc, eq } from "drizzle-orm";
import type { AdminPaymentPlanRow } from "~/domain/admin-opportunities";
import { type DeveloperProject, type DeveloperProjectValues, type PaymentPlanRow, type PaymentPlanValues, shareText } from "~/domain/opportunity-memo";
import type { Locale } from "~/i18n/locales";
import type { Database } from "../db/client.server";
import { opportunityDeveloperProjects, opportunityPaymentPlan } from "../db/schema.server";

/**
 * The memo's lists (issue 33): the payment plan and the developer's projects of one
 * opportunity. Helpers of the opportunities service: they read and write only for an
 * opportunity it has already found (and checked the reader may see) or is saving, the
 * writes in its transaction (`tx` first).
 */

const plan = opportunityPaymentPlan;
const projects = opportunityDeveloperProjects;

/** A word of a payment plan row in the reader's language, the English where none is written. */
function inLanguage(row: typeof plan.$inferSelect, field: "label" | "milestone", locale: Locale): string {
  const translated = locale === "ar" ? row[`${field}Ar`] : locale === "ckb" ? row[`${field}Ckb`] : null;
  return translated?.trim() ? translated : row[field];
}

/** One opportunity's payment plan and developer projects, in order, in the reader's language. */
export async function memoListsOf(db: Database, opportunityId: string, locale: Locale): Promise<{ paymentPlan: PaymentPlanRow[]; developerProjects: DeveloperProject[] }> {
  const planRows = await db.select().from(plan).where(eq(plan.opportunityId, opportunityId)).orderBy(asc(plan.position));
  const projectRows = await db.select().from(projects).where(eq(projects.opportunityId, opportunityId)).orderBy(asc(projects.position));
  return {
    paymentPlan: planRows.map((row) => ({ label: inLanguage(row, "label", locale), share: row.share, milestone: inLanguage(row, "milestone", locale) })),
    developerProjects: projectRows.map(({ name, year, status }) => ({ name, year, status })),
  };
}

/** Every opportunity's lists as the admin edits them, by opportunity id (the admin's list). */
export async function allMemoListsForAdmin(db: Database): Promise<Map<string, { paymentPlan: AdminPaymentPlanRow[]; developerProjects: DeveloperProject[] }>> {
  const planRows = await db.select().from(plan).orderBy(asc(plan.opportunityId), asc(plan.position));
  const projectRows = await db.select().from(projects).orderBy(asc(projects.opportunityId), asc(projects.position));
  const lists = new Map<string, { paymentPlan: AdminPaymentPlanRow[]; developerProjects: DeveloperProject[] }>();
  const of = (id: string) => {
    let entry = lists.get(id);
    if (!entry) lists.set(id, (entry = { paymentPlan: [], developerProjects: [] }));
    return entry;
  };
  for (const row of planRows) {
    of(row.opportunityId).paymentPlan.push({
      label: row.label,
      share: row.share,
      milestone: row.milestone,
      labelAr: row.labelAr ?? "",
      milestoneAr: row.milestoneAr ?? "",
      labelCkb: row.labelCkb ?? "",
      milestoneCkb: row.milestoneCkb ?? "",
    });
  }
  for (const { opportunityId, name, year, status } of projectRows) of(opportunityId).developerProjects.push({ name, year, status });
  return lists;
}

/** Replaces an opportunity's lists with the form's, in the saving transaction `tx`. */
export async function saveMemoLists(
  tx: Database,
  opportunityId: string,
  lists: { paymentPlan: readonly PaymentPlanValues[]; developerProjects: readonly DeveloperProjectValues[] },
): Promise<void> {
  await tx.delete(plan).where(eq(plan.opportunityId, opportunityId));
  await tx.delete(projects).where(eq(projects.opportunityId, opportunityId));
  const blankIsNull = (text: string) => text || null;
  if (lists.paymentPlan.length > 0) {
    await tx.insert(plan).values(
      lists.paymentPlan.map((row, position) => ({
        opportunityId,
        position,
        label: row.label,
        share: shareText(row.share),
        milestone: row.milestone,
        labelAr: blankIsNull(row.labelAr),
        milestoneAr: blankIsNull(row.milestoneAr),
        labelCkb: blankIsNull(row.labelCkb),
        milestoneCkb: blankIsNull(row.milestoneCkb),
      })),
    );
  }
  if (lists.developerProjects.length > 0) {
    await tx.insert(projects).values(lists.developerProjects.map((row, position) => ({ opportunityId, position, ...row })));
  }
}
