import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { DEFAULT_SLOT_TIMES, type Role } from "~/domain/constants";
import type { Database } from "./client.server";
import { demoOpportunities, demoPlans } from "./demo-content.server";
import {
  account,
  availabilitySlots,
  consultationBookings,
  contactMessages,
  investmentOpportunities,
  type subscriptionPlans,
  user,
  userRoles,
} from "./schema.server";

/**
 * Factories shared by the seed and the tests: each builds valid rows with sensible
 * defaults that a caller overrides only where it matters.
 */

type OpportunityInsert = typeof investmentOpportunities.$inferInsert;
type PlanInsert = typeof subscriptionPlans.$inferInsert;
type SlotInsert = typeof availabilitySlots.$inferInsert;
type BookingInsert = typeof consultationBookings.$inferInsert;

let sequence = 0;
const next = () => ++sequence;

export function buildOpportunity(overrides: Partial<OpportunityInsert> = {}): OpportunityInsert {
  const n = next();
  return {
    ...demoOpportunities[0],
    projectHighlights: [...demoOpportunities[0].projectHighlights],
    title: `Test Opportunity ${n}`,
    status: "active",
    ...overrides,
  };
}

export async function createOpportunity(db: Database, overrides: Partial<OpportunityInsert> = {}) {
  const [row] = await db.insert(investmentOpportunities).values(buildOpportunity(overrides)).returning();
  return row!;
}

export function buildPlan(overrides: Partial<PlanInsert> = {}): PlanInsert {
  return {
    ...demoPlans[0],
    features: [...demoPlans[0].features],
    name: `Plan ${next()}`,
    ...overrides,
  };
}

/** The 8 default slots (SPEC.md section 9) for each given date. */
export function buildDefaultSlots(dates: string[], overrides: Partial<SlotInsert> = {}): SlotInsert[] {
  return dates.flatMap((date) =>
    DEFAULT_SLOT_TIMES.map(({ start, end }) => ({
      date,
      startTime: `${start}:00`,
      endTime: `${end}:00`,
      isAvailable: true,
      ...overrides,
    })),
  );
}

/** A booking row as a visitor's enquiry leaves it (pending, no slot unless given). */
export async function insertBooking(db: Database, overrides: Partial<BookingInsert> = {}) {
  const [row] = await db
    .insert(consultationBookings)
    .values({
      firstName: "Layla",
      lastName: "Hassan",
      email: "layla@example.com",
      investmentAmount: "$750,000",
      message: "Please call me about the Erbil towers.",
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createSlot(db: Database, overrides: Partial<SlotInsert> = {}) {
  const [row] = await db
    .insert(availabilitySlots)
    .values({ date: "2030-01-07", startTime: "09:00:00", endTime: "09:30:00", ...overrides })
    .returning();
  return row!;
}

/** A password login for a user, stored as better-auth stores one (scrypt hash). */
export async function insertPasswordLogin(db: Database, userId: string, password: string): Promise<void> {
  await db.insert(account).values({
    id: randomUUID(),
    accountId: userId,
    providerId: "credential",
    userId,
    password: await hashPassword(password),
  });
}

export interface UserSpec {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  emailVerified?: boolean;
  role?: Role;
}

/**
 * A user as better-auth stores one: the user row (its profile follows by trigger), a
 * credential account with an scrypt hash (when a password is given) and optionally a role.
 * Callers may pass a transaction as `db`.
 */
export async function createUser(db: Database, spec: UserSpec = {}) {
  const n = next();
  const email = (spec.email ?? `investor${n}-${randomUUID().slice(0, 8)}@example.com`).toLowerCase();
  const firstName = spec.firstName ?? "Test";
  const lastName = spec.lastName ?? `Investor${n}`;
  const id = randomUUID();
  const [created] = await db
    .insert(user)
    .values({ id, email, name: `${firstName} ${lastName}`, firstName, lastName, emailVerified: spec.emailVerified ?? true })
    .returning();
  if (spec.password !== undefined) await insertPasswordLogin(db, id, spec.password);
  if (spec.role) await db.insert(userRoles).values({ userId: id, role: spec.role });
  return created!;
}

/** A contact message as the enquiry form leaves it (unread, no booking unless given). */
export async function insertContactMessage(db: Database, overrides: Partial<typeof contactMessages.$inferInsert> = {}) {
  const [row] = await db
    .insert(contactMessages)
    .values({ firstName: "Omar", lastName: "Saleh", email: "omar@example.com", investmentAmount: "$600,000", message: "Interested in Jordan.", ...overrides })
    .returning();
  return row!;
}
