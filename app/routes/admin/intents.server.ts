import { AVAILABILITY_INTENTS } from "./availability.server";
import { BOOKING_INTENTS } from "./bookings.server";
import { MESSAGE_INTENTS } from "./messages.server";
import { OPPORTUNITY_INTENTS } from "./opportunities.server";
import type { AdminIntent } from "./types";
import { TABLE_INTENTS } from "./tables.server";
import { USER_INTENTS } from "./users.server";

/**
 * Every write the /admin page accepts, by `intent`; each checks the actor in its service.
 * tests/integration/admin-authorization.test.ts posts each one as every role.
 */
export const ADMIN_INTENTS: Record<string, AdminIntent> = {
  ...OPPORTUNITY_INTENTS,
  ...BOOKING_INTENTS,
  ...MESSAGE_INTENTS,
  ...AVAILABILITY_INTENTS,
  ...USER_INTENTS,
  ...TABLE_INTENTS,
};
