import { and, eq, inArray } from "drizzle-orm";
import { ENTITLED_STATUSES, entitlementsFor, planTier, PLAN_TIERS, type Entitlements } from "~/domain/entitlements";
import type { Database } from "../db/client.server";
import { subscriptionPlans, subscriptions, user, userRoles } from "../db/schema.server";
import type { ServiceContext } from "../context/service-context.server";
import type { Actor } from "../security/actor.server";
import { qualificationStandings } from "./qualifications.server";

/**
 * What the acting person's membership gives (app/domain/entitlements.ts decides; this reads
 * their plan): every document, interest, early-access and alert check starts here. A plan
 * counts while its subscription is trialing or active; with two, the higher tier.
 */

type PlanFacts = { name: string; maxOpportunities: number | null };

/** The entitling plan of each user, read in one query. */
async function entitlingPlans(db: Database, userIds: string[]): Promise<Map<string, PlanFacts>> {
  const plans = new Map<string, PlanFacts>();
  if (userIds.length === 0) return plans;
  const rows = await db
    .select({ userId: subscriptions.userId, name: subscriptionPlans.name, maxOpportunities: subscriptionPlans.maxOpportunities })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .where(and(inArray(subscriptions.userId, userIds), inArray(subscriptions.status, [...ENTITLED_STATUSES])));
  const rank = (name: string) => {
    const tier = planTier(name);
    return tier ? PLAN_TIERS.indexOf(tier) : -1;
  };
  for (const row of rows) {
    const held = plans.get(row.userId);
    if (!held || rank(row.name) > rank(held.name)) plans.set(row.userId, { name: row.name, maxOpportunities: row.maxOpportunities });
  }
  return plans;
}

/** The name of each user's entitling plan (the admin's lists and booking screen); users without one are absent. */
export async function planNamesOf(db: Database, userIds: string[]): Promise<Map<string, string>> {
  const plans = await entitlingPlans(db, userIds);
  return new Map([...plans].map(([id, plan]) => [id, plan.name]));
}

const memo = new WeakMap<object, Map<string, Promise<Entitlements>>>();

/** The actor's entitlements; read once per request context. */
export function entitlementsOf(ctx: ServiceContext, actor: Actor): Promise<Entitlements> {
  if (actor.kind !== "user") return Promise.resolve(entitlementsFor({ signedIn: false, plan: null }));
  let known = memo.get(ctx);
  if (!known) memo.set(ctx, (known = new Map()));
  const key = `${actor.userId}:${actor.isAdmin}`;
  let found = known.get(key);
  if (!found) {
    const userId = actor.userId;
    found = Promise.all([entitlingPlans(ctx.db, [userId]), qualificationStandings(ctx.db, [userId])]).then(([plans, standings]) =>
      entitlementsFor({ signedIn: true, isAdmin: actor.isAdmin, plan: plans.get(userId) ?? null, qualification: standings.get(userId) }),
    );
    found.catch(() => known.delete(key));
    known.set(key, found);
  }
  return found;
}

/**
 * Several people's entitlements at once (the alert dispatcher), as their actors would have
 * them: an admin counts as one only with two-factor sign-in on (decision 012, `actorOf`).
 */
export async function entitlementsOfUsers(db: Database, userIds: string[]): Promise<Map<string, Entitlements>> {
  if (userIds.length === 0) return new Map();
  const [plans, standings, admins] = await Promise.all([
    entitlingPlans(db, userIds),
    qualificationStandings(db, userIds),
    db
      .select({ id: user.id })
      .from(user)
      .innerJoin(userRoles, and(eq(userRoles.userId, user.id), eq(userRoles.role, "admin")))
      .where(and(inArray(user.id, userIds), eq(user.twoFactorEnabled, true))),
  ]);
  const isAdmin = new Set(admins.map((a) => a.id));
  return new Map(userIds.map((id) => [id, entitlementsFor({ signedIn: true, isAdmin: isAdmin.has(id), plan: plans.get(id) ?? null, qualification: standings.get(id) })]));
}
