import { count, sql } from "drizzle-orm";
import { nextWeekdays, todayInZone } from "~/domain/calendar";
import type { Database } from "../db/client.server";
import { demoOpportunities } from "./demo-content.server";
import { demoOpportunityTranslations } from "./demo-content-translations.server";
import { demoMemos } from "./demo-memos.server";
import { parseShare } from "~/domain/opportunity-memo";
import { saveMemoLists } from "../services/opportunity-memos.server";
import { seedDemoPhotos } from "./demo-photos.server";
import { buildDefaultSlots, createDemoPlans, seedDemoAdvisers, seedDemoDocuments } from "./factories.server";
import { availabilitySlots, investmentOpportunities, opportunityTranslations, subscriptionPlans } from "../db/schema.server";

const DAY_MS = 24 * 60 * 60 * 1000;
const SEED_LOCK_KEY = 7_243_002;
export const DEMO_SLOT_WEEKDAYS = 10;

/**
 * Puts demo content into an empty database: the opportunities (with their Arabic and
 * Sorani text) and three of their photo galleries, the three plans, the illustrative advisers (issue 33), the default slots for the next 10 weekdays and the
 * document library (PDFs written from the demo data, app/server/seed/demo-documents.server.ts).
 * A database that already holds any of these is left alone, so the seed never overwrites
 * what the firm has entered.
 */
export async function seedDemoContent(
  db: Database,
  options: { timeZone: string; now?: Date },
): Promise<boolean> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    // Instances starting together on one PostgreSQL queue here, so only the first seeds.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [existing] = await tx.select({ n: count() }).from(investmentOpportunities);
    const [plans] = await tx.select({ n: count() }).from(subscriptionPlans);
    const [slots] = await tx.select({ n: count() }).from(availabilitySlots);
    if ((existing?.n ?? 0) + (plans?.n ?? 0) + (slots?.n ?? 0) > 0) return false;

    const opportunities = await tx
      .insert(investmentOpportunities)
      .values(
        demoOpportunities.map((o, i) => {
          const createdAt = new Date(now.getTime() - (i + 1) * DAY_MS);
          const { en, ar: _ar, ckb: _ckb, paymentPlan: _plan, developerProjects: _projects, ...figures } = demoMemos[o.title];
          return { ...o, ...en, ...figures, projectHighlights: [...o.projectHighlights], createdAt, activatedAt: o.status === "active" ? createdAt : null };
        }),
      )
      .returning({ id: investmentOpportunities.id, title: investmentOpportunities.title });
    await tx.insert(opportunityTranslations).values(
      opportunities.flatMap(({ id, title }) => {
        const text = demoOpportunityTranslations[title as keyof typeof demoOpportunityTranslations];
        const memo = demoMemos[title as keyof typeof demoMemos];
        return [
          { opportunityId: id, locale: "ar" as const, ...text.ar, ...memo.ar },
          { opportunityId: id, locale: "ckb" as const, ...text.ckb, ...memo.ckb },
        ];
      }),
    );
    // The memos' lists (issue 33): the payment plans and the developers' track records.
    for (const { id, title } of opportunities) {
      const memo = demoMemos[title as keyof typeof demoMemos];
      await saveMemoLists(tx, id, {
        paymentPlan: memo.paymentPlan.map(({ share, label, milestone }) => ({
          share: parseShare(share)!,
          label: label.en,
          milestone: milestone.en,
          labelAr: label.ar,
          milestoneAr: milestone.ar,
          labelCkb: label.ckb,
          milestoneCkb: milestone.ckb,
        })),
        developerProjects: memo.developerProjects,
      });
    }
    await seedDemoDocuments(tx, new Map(opportunities.map((o) => [o.title, o.id])));
    await seedDemoPhotos(tx, new Map(opportunities.map((o) => [o.title, o.id])));
    await createDemoPlans(tx);
    await seedDemoAdvisers(tx);
    const firstDay = todayInZone(options.timeZone, new Date(now.getTime() + DAY_MS));
    await tx.insert(availabilitySlots).values(buildDefaultSlots(nextWeekdays(firstDay, DEMO_SLOT_WEEKDAYS)));
    return true;
  });
}
