import "~/i18n/catalogues.server";
import { type MessageKey, translator } from "~/i18n/i18n";

/**
 * A message as an English reader sees it: what tests compare pages, answers and mails with,
 * so they check the words SPEC.md quotes while the code speaks in keys.
 */
export const english: (key: MessageKey, values?: Record<string, string | number | Date | undefined>) => string = translator("en");
