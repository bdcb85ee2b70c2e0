import { useCallback } from "react";
import { formatCompletion } from "~/domain/format";
import { type MessageKey, type Translate, useT } from "./i18n";

/** Month names by number, from the catalogue: Chromium has no Sorani dates of its own (decision 021). */
const MONTH_KEYS = [
  "date.month.1",
  "date.month.2",
  "date.month.3",
  "date.month.4",
  "date.month.5",
  "date.month.6",
  "date.month.7",
  "date.month.8",
  "date.month.9",
  "date.month.10",
  "date.month.11",
  "date.month.12",
] as const satisfies readonly MessageKey[];

/** The twelve month names in a language. */
function monthNames(t: Translate): string[] {
  return MONTH_KEYS.map((key) => t(key));
}

/** `formatCompletion` in the page's language: "Dec 2027", "ديسمبر 2027", "کانوونی یەکەم 2027". */
export function useFormatCompletion(): (date: string | null | undefined) => string {
  const t = useT();
  return useCallback((date) => formatCompletion(date, monthNames(t), t("date.tbd")), [t]);
}
