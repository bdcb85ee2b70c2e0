import { z } from "zod";
import {
  ADMIN_SLOT_TOASTS,
  type AdminSlot,
  type AvailabilityPanel,
  adminAvailabilityQuery,
  calendarRange,
  slotAvailabilitySchema,
  slotCreateForSchema,
  slotDefaultsSchema,
  slotDeleteSchema,
} from "~/domain/admin-availability";
import { wallClockNow } from "~/domain/slots";
import { listAdvisersForAdmin } from "~/server/services/advisers.server";
import { createDefaultSlots, createSlot, deleteSlot, listSlotDatesForAdmin, listSlotsForAdmin, setSlotAvailability } from "~/server/services/slots.server";
import type { AdminIntent, PanelArgs } from "./types";
import { invalid, loadPanel } from "./panel.server";

/**
 * The Availability tab: the chosen day's slots (?date=, the firm's today by default) and
 * the days with slots around the month the calendar shows (?month=), for its highlights;
 * the firm's shared pool's, or one adviser's (?adviser=, issue 37).
 */
export async function loadAvailabilityPanel({ context, actor, params }: PanelArgs): Promise<AvailabilityPanel> {
  const today = wallClockNow(context.config.firmTimeZone).date;
  const query = adminAvailabilityQuery(params, today);
  const adviserId = query.adviser;
  const work = () =>
    Promise.all([
      listSlotsForAdmin(context, actor, { date: query.date, adviserId }),
      listSlotDatesForAdmin(context, actor, { ...calendarRange(query.month), adviserId }),
      listAdvisersForAdmin(context, actor),
    ]).then(([slots, slotDates, advisers]) => ({ slots, slotDates, advisers: advisers.map((a) => ({ id: a.id, name: a.name })) }));
  const loaded = await loadPanel(context, "availability slots", work, { slots: [] as AdminSlot[], slotDates: [] as string[], advisers: [] }, ADMIN_SLOT_TOASTS.fetchFailed);
  const { advisers, ...result } = loaded.result;
  // An adviser who is not (or no longer) there: the pool's times, as for no adviser.
  if (query.adviser && !advisers.some((a) => a.id === query.adviser)) query.adviser = null;
  return { tab: "availability" as const, query, today, timeZone: context.config.firmTimeZone, ...loaded, result, advisers };
}

export const AVAILABILITY_INTENTS: Record<string, AdminIntent> = {
  "slot-create": {
    failure: ADMIN_SLOT_TOASTS.createFailed,
    async run({ form, context, actor }) {
      const parsed = slotCreateForSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) {
        const { fieldErrors } = z.flattenError(parsed.error);
        return invalid(Object.values(fieldErrors)[0]?.[0] ?? ADMIN_SLOT_TOASTS.createFailed, fieldErrors);
      }
      await createSlot(context, actor, parsed.data);
      return { ok: true };
    },
  },
  "slot-availability": {
    failure: ADMIN_SLOT_TOASTS.updateFailed,
    async run({ form, context, actor }) {
      const parsed = slotAvailabilitySchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return invalid("admin.availability.unknownSlot");
      await setSlotAvailability(context, actor, parsed.data);
      return { ok: true };
    },
  },
  "slot-delete": {
    failure: ADMIN_SLOT_TOASTS.deleteFailed,
    async run({ form, context, actor }) {
      const parsed = slotDeleteSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return invalid("admin.availability.unknownSlot");
      await deleteSlot(context, actor, parsed.data);
      return { ok: true };
    },
  },
  "slot-defaults": {
    failure: ADMIN_SLOT_TOASTS.defaultsFailed,
    async run({ form, context, actor }) {
      const parsed = slotDefaultsSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return invalid("admin.availability.invalidDate", z.flattenError(parsed.error).fieldErrors);
      const { created } = await createDefaultSlots(context, actor, parsed.data);
      return { ok: true, created };
    },
  },
};
