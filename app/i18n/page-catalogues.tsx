import type { Messages } from "@lingui/core";
import { CATALOGUES, type Catalogue, cataloguesFor } from "./i18n";
import type { Locale } from "./locales";

/**
 * The first page's messages travel inside the page (decision 021): the server writes the
 * compiled catalogues the page uses as a JSON data block, and the client entry reads them
 * before it hydrates. No request to wait for, and no script to compile: it is data.
 */
export const PAGE_MESSAGES_ID = "page-messages";

/** JSON that cannot end the script element it sits in, nor break a line in old parsers. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

/**
 * Rendered by the root layout, on the server and again when the browser hydrates: both have
 * the same compiled messages, so both write the same text.
 */
export function PageMessages({ locale, names, dates }: { locale: Locale; names: readonly Catalogue[]; dates: boolean }) {
  return (
    <script
      id={PAGE_MESSAGES_ID}
      type="application/json"
      data-dates={dates ? "" : undefined}
      dangerouslySetInnerHTML={{ __html: scriptSafeJson(cataloguesFor(locale, names)) }}
    />
  );
}

/** The catalogues a page carries, read by the client entry; anything unexpected is left out. */
export function readPageMessages(text: string | null | undefined): Partial<Record<Catalogue, Messages>> {
  try {
    const parsed = JSON.parse(text ?? "{}") as Record<string, unknown>;
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [Catalogue, Messages] => (CATALOGUES as readonly string[]).includes(entry[0]) && typeof entry[1] === "object" && entry[1] !== null,
      ),
    );
  } catch {
    return {};
  }
}
