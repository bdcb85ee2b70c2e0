import { z } from "zod";
import { isLocale, type Locale } from "~/i18n/locales";

/** An id set by a page, not typed: anything that is not one is dropped rather than refused. */
export function optionalId() {
  return z
    .string()
    .nullish()
    .transform((v) => (v && z.uuid().safeParse(v).success ? v : undefined));
}

/**
 * GET /api/booking's choice of whose times (issue 37): the page's language, the
 * opportunity, and an adviser picked by name. Anything else is dropped, not refused: the
 * dialog then lists any adviser's times.
 */
export const bookingVisitSchema = z.object({
  lang: z
    .string()
    .nullish()
    .transform((v): Locale | undefined => (v && isLocale(v) ? v : undefined)),
  opportunity: optionalId(),
  adviser: optionalId(),
});
