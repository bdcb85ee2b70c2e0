import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { registerCatalogue } from "./i18n/i18n";
import { isLocale } from "./i18n/locales";
import { PAGE_MESSAGES_ID, readPageMessages } from "./i18n/page-catalogues";

/**
 * React Router's default client entry, after taking in the messages the server wrote into
 * the page: it is in its language already, and hydrating with any other text would replace
 * it (decision 021).
 */
const lang = document.documentElement.lang;
const locale = isLocale(lang) ? lang : "en";
const block = document.getElementById(PAGE_MESSAGES_ID);
const messages = readPageMessages(block?.textContent);
for (const [name, catalogue] of Object.entries(messages)) registerCatalogue(locale, name as keyof typeof messages, catalogue);

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// A page with dates in words waits for its language's (date-locales.ts); a failed fetch
// still hydrates, and the dates then read in English until the next page.
// (Imported only then: a page without dates loads none of this.)
if (block?.hasAttribute("data-dates") && locale !== "en") {
  void import("./i18n/date-locales").then(({ loadDateLocale }) => loadDateLocale(locale)).finally(hydrate);
} else hydrate();
