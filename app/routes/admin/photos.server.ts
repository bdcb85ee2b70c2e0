import { captionsOf, MAX_PHOTOS_PER_UPLOAD, PHOTO_MESSAGES, photoCaptionSchema, photoDeleteSchema, photoMoveSchema, photoUploadSchema } from "~/domain/opportunity-images";
import { addOpportunityPhotos, deletePhoto, movePhoto, updatePhotoCaptions } from "~/server/services/opportunity-images.server";
import { readImageUploads } from "~/server/storage/images.server";
import { invalid } from "./panel.server";
import type { AdminIntent } from "./types";

/**
 * The writes of /admin/opportunities/:id/photos (issue 33), by intent; each service checks
 * the actor again. Their messages are keys, which the dispatch says in the request's language.
 */
export const PHOTO_INTENTS: Record<string, AdminIntent> = {
  "photo-upload": {
    failure: PHOTO_MESSAGES.uploadFailed,
    async run({ form, context, actor }) {
      const parsed = photoUploadSchema.safeParse({ opportunityId: form.get("opportunityId") });
      if (!parsed.success) return invalid(PHOTO_MESSAGES.opportunityNotFound);
      const files = form.getAll("photos");
      if (files.length > MAX_PHOTOS_PER_UPLOAD) return invalid(PHOTO_MESSAGES.uploadFailed, { photos: [PHOTO_MESSAGES.tooManyAtOnce] });
      // Each file checked by its size and first bytes (a name and a stated type are only claims).
      const images = await readImageUploads(files);
      if ("problem" in images) return invalid(PHOTO_MESSAGES.uploadFailed, { photos: [images.problem] });
      await addOpportunityPhotos(context, actor, { opportunityId: parsed.data.opportunityId, images });
      return { ok: true };
    },
  },
  "photo-caption": {
    failure: PHOTO_MESSAGES.captionFailed,
    async run({ form, context, actor }) {
      const parsed = photoCaptionSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return invalid(PHOTO_MESSAGES.captionFailed, { caption: [PHOTO_MESSAGES.captionTooLong] });
      await updatePhotoCaptions(context, actor, { photoId: parsed.data.photoId, captions: captionsOf(parsed.data) });
      return { ok: true };
    },
  },
  "photo-move": {
    failure: PHOTO_MESSAGES.moveFailed,
    async run({ form, context, actor }) {
      const parsed = photoMoveSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return invalid(PHOTO_MESSAGES.notFound);
      await movePhoto(context, actor, parsed.data);
      return { ok: true };
    },
  },
  "photo-delete": {
    failure: PHOTO_MESSAGES.deleteFailed,
    async run({ form, context, actor }) {
      const parsed = photoDeleteSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return invalid(PHOTO_MESSAGES.notFound);
      await deletePhoto(context, actor, parsed.data);
      return { ok: true };
    },
  },
};
