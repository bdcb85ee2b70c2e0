import { z } from "zod";
import {
  ADMIN_SLOT_TOASTS,
  adminAvailabilityQuery,
  calendarRange,
  slotAvailabilitySchema,
  slotCreateSchema,
  slotDefaultsSchema,
  slotDeleteSchema,
} from "~/domain/admin-availability";
import { wallClockNow } from "~/domain/slots";
import { createDefaultSlots, createSlot, deleteSlot, listSlotDatesForAdmin, listSlotsForAdmin, setSlotAvailability, type AdminSlot } from "~/server/services/slots-admin.server";
import type { AdminIntent, PanelArgs } from "./types";
import { invalid, settle } from "./panel.server";

/**
 * The Availability tab: the chosen day's slots (?date=, the firm's today by default) and
 * the days with slots around the month the calendar shows (?month=), for its highlights.
 */
export async function loadAvailabilityPanel({ context, actor, params }: PanelArgs) {
  const today = wallClockNow(context.config.firmTimeZone).date;
  const query = adminAvailabilityQuery(params, today);
  const work = Promise.all([listSlotsForAdmin(context.db, actor, query.date), listSlotDatesForAdmin(context.db, actor, calendarRange(query.month))]).then(
    ([slots, slotDates]) => ({ slots, slotDates }),
  );
  const loaded = await settle(context, "availability slots", work, { slots: [] as AdminSlot[], slotDates: [] as string[] }, ADMIN_SLOT_TOASTS.fetchFailed);
  return { tab: "availability" as const, query, today, timeZone: context.config.firmTimeZone, ...loaded };
}
export type AvailabilityPanel = Awaited<ReturnType<typeof loadAvailabilityPanel>>;

export const AVAILABILITY_INTENTS: Record<string, AdminIntent> = {
  "slot-create": {
    failure: ADMIN_SLOT_TOASTS.createFailed,
    async run({ form, context, actor }) {
      const parsed = slotCreateSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) {
        const { fieldErrors } = z.flattenError(parsed.error);
        return invalid(Object.values(fieldErrors)[0]?.[0] ?? ADMIN_SLOT_TOASTS.createFailed, fieldErrors);
      }
      await createSlot(context.db, actor, parsed.data);
      return { ok: true };
    },
  },
  "slot-availability": {
    failure: ADMIN_SLOT_TOASTS.updateFailed,
    async run({ form, context, actor }) {
      const parsed = slotAvailabilitySchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return invalid("Unknown availability slot");
      await setSlotAvailability(context.db, actor, parsed.data.slotId, parsed.data.isAvailable);
      return { ok: true };
    },
  },
  "slot-delete": {
    failure: ADMIN_SLOT_TOASTS.deleteFailed,
    async run({ form, context, actor }) {
      const parsed = slotDeleteSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return invalid("Unknown availability slot");
      await deleteSlot(context.db, actor, parsed.data.slotId);
      return { ok: true };
    },
  },
  "slot-defaults": {
    failure: ADMIN_SLOT_TOASTS.defaultsFailed,
    async run({ form, context, actor }) {
      const parsed = slotDefaultsSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return invalid("Choose a valid date", z.flattenError(parsed.error).fieldErrors);
      const { created } = await createDefaultSlots(context.db, actor, parsed.data.date);
      return { ok: true, created };
    },
  },
};
