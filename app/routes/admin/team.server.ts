import { z } from "zod";
import type { FieldErrors } from "~/domain/action-result";
import { adviserFormInput, adviserFormSchema, adviserIdSchema, adviserMoveSchema, adviserPublishSchema } from "~/domain/adviser-form";
import { ADVISER_ACCOUNT_MESSAGES, adviserInviteSchema } from "~/domain/adviser-accounts";
import { calendarConnectSchema, scheduleFormInput, scheduleFormSchema } from "~/domain/adviser-schedule";
import { ADVISER_TOASTS } from "~/domain/advisers";
import { inviteAdviser, removeAdviserAccess } from "~/server/services/adviser-accounts.server";
import { connectCalendar, disconnectCalendar } from "~/server/services/adviser-calendars.server";
import { saveAdviserSchedule } from "~/server/services/adviser-schedules.server";
import { deleteAdviser, moveAdviser, removeAdviserPhoto, saveAdviser, setAdviserPublished } from "~/server/services/advisers.server";
import { readImageUpload } from "~/server/storage/images.server";
import { invalid } from "./panel.server";
import type { AdminIntent } from "./types";

/**
 * The writes of /admin/team (issue 33), by intent; each service checks the actor again.
 * Their messages are team catalogue keys, which the dispatch says in the request's language.
 */
export const TEAM_INTENTS: Record<string, AdminIntent> = {
  "adviser-save": {
    failure: ADVISER_TOASTS.saveFailed,
    async run({ form, context, actor }) {
      const parsed = adviserFormSchema.safeParse(adviserFormInput(form));
      // Checked by its content: the file's name and stated type are only claims.
      const photo = await readImageUpload(form.get("photo"));
      const fieldErrors: FieldErrors = parsed.success ? {} : { ...z.flattenError(parsed.error).fieldErrors };
      if (photo && "problem" in photo) fieldErrors.photo = [photo.problem];
      if (!parsed.success || Object.keys(fieldErrors).length > 0) return invalid(ADVISER_TOASTS.saveFailed, fieldErrors);
      await saveAdviser(context, actor, { values: parsed.data, photo: photo && !("problem" in photo) ? photo : undefined });
      return { ok: true };
    },
  },
  "adviser-schedule": {
    failure: ADVISER_TOASTS.saveFailed,
    async run({ form, context, actor }) {
      const id = adviserIdSchema.safeParse({ id: form.get("id") });
      if (!id.success) return invalid(ADVISER_TOASTS.notFound);
      const parsed = scheduleFormSchema.safeParse(scheduleFormInput(form));
      if (!parsed.success) return invalid(ADVISER_TOASTS.saveFailed, z.flattenError(parsed.error).fieldErrors);
      const { created } = await saveAdviserSchedule(context, actor, { id: id.data.id, values: parsed.data });
      return { ok: true, created };
    },
  },
  "calendar-connect": {
    failure: ADVISER_TOASTS.saveFailed,
    async run({ form, context, actor }) {
      const id = adviserIdSchema.safeParse({ id: form.get("id") });
      if (!id.success) return invalid(ADVISER_TOASTS.notFound);
      const parsed = calendarConnectSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return invalid(ADVISER_TOASTS.saveFailed, z.flattenError(parsed.error).fieldErrors);
      await connectCalendar(context, actor, { adviserId: id.data.id, values: parsed.data });
      return { ok: true };
    },
  },
  "calendar-disconnect": {
    failure: ADVISER_TOASTS.changeFailed,
    async run({ form, context, actor }) {
      const parsed = adviserIdSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return invalid(ADVISER_TOASTS.notFound);
      await disconnectCalendar(context, actor, { adviserId: parsed.data.id });
      return { ok: true };
    },
  },
  // Granting and removing an adviser's access are role changes: a fresh second factor (decision 058).
  "adviser-invite": {
    failure: ADVISER_ACCOUNT_MESSAGES.failed,
    stepUp: true,
    async run({ form, context, actor }) {
      const parsed = adviserInviteSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return invalid(ADVISER_ACCOUNT_MESSAGES.failed, z.flattenError(parsed.error).fieldErrors);
      await inviteAdviser(context, actor, parsed.data);
      return { ok: true };
    },
  },
  "adviser-access-remove": {
    failure: ADVISER_ACCOUNT_MESSAGES.failed,
    stepUp: true,
    async run({ form, context, actor }) {
      const parsed = adviserIdSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return invalid(ADVISER_TOASTS.notFound);
      await removeAdviserAccess(context, actor, parsed.data);
      return { ok: true };
    },
  },
  "adviser-delete": {
    failure: ADVISER_TOASTS.deleteFailed,
    async run({ form, context, actor }) {
      const parsed = adviserIdSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return invalid(ADVISER_TOASTS.notFound);
      await deleteAdviser(context, actor, parsed.data);
      return { ok: true };
    },
  },
  "adviser-move": {
    failure: ADVISER_TOASTS.changeFailed,
    async run({ form, context, actor }) {
      const parsed = adviserMoveSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return invalid(ADVISER_TOASTS.notFound);
      await moveAdviser(context, actor, parsed.data);
      return { ok: true };
    },
  },
  "adviser-publish": {
    failure: ADVISER_TOASTS.changeFailed,
    async run({ form, context, actor }) {
      const parsed = adviserPublishSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return invalid(ADVISER_TOASTS.notFound);
      await setAdviserPublished(context, actor, parsed.data);
      return { ok: true };
    },
  },
  "adviser-photo-remove": {
    failure: ADVISER_TOASTS.changeFailed,
    async run({ form, context, actor }) {
      const parsed = adviserIdSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return invalid(ADVISER_TOASTS.notFound);
      await removeAdviserPhoto(context, actor, parsed.data);
      return { ok: true };
    },
  },
};

/** What an adviser may change of their own (issue 37): their hours and their calendar; the services refuse another adviser's id. */
export const ADVISER_OWN_INTENTS: Record<string, AdminIntent> = Object.fromEntries(
  Object.entries(TEAM_INTENTS).filter(([intent]) => ["adviser-schedule", "calendar-connect", "calendar-disconnect"].includes(intent)),
);
