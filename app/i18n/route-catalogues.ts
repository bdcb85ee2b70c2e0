import type { Messages } from "@lingui/core";
import { loadDateLocale } from "./date-locales";
import { type Catalogue, hasCatalogue, type I18nHandle, registerCatalogue } from "./i18n";
import { localizePath, splitLocalePath, type Locale } from "./locales";

/**
 * The catalogues a client navigation needs and the first page did not carry (decision
 * 021): kept apart from i18n.ts so the pages without a clientLoader (the home page) do not
 * load this code.
 */

/** Where the browser fetches a catalogue it lacks: a route under the page's language (routes/i18n.tsx). */
export const CATALOGUE_PATH = "/i18n/";

const fetching = new Map<string, Promise<void>>();

/**
 * Fetches and registers the catalogues of `locale` the browser does not have yet (each at
 * most once at a time; a failed fetch is tried again next time). The first page's arrive
 * inside it (page-catalogues.tsx); this is for the pages a client navigation reaches.
 */
export async function loadCatalogues(locale: Locale, names: readonly Catalogue[]): Promise<void> {
  await Promise.all(
    names.map((name) => {
      const id = `${locale}/${name}`;
      if (hasCatalogue(locale, name)) return undefined;
      let pending = fetching.get(id);
      if (!pending) {
        pending = fetch(localizePath(locale, CATALOGUE_PATH + name), { headers: { Accept: "application/json" } })
          .then(async (response) => {
            if (!response.ok) throw new Error(`catalogue ${id}: ${response.status}`);
            registerCatalogue(locale, name, (await response.json()) as Messages);
          })
          .finally(() => fetching.delete(id));
        fetching.set(id, pending);
      }
      return pending;
    }),
  );
}

/**
 * A route's `clientLoader` on a client navigation: its server data and its catalogues,
 * fetched together, so the screen renders in its language the moment it shows.
 *
 *   export const handle = { catalogues: ["portal"] } satisfies I18nHandle;
 *   export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);
 *
 * (It does not run when the page hydrates: the first page's catalogues are in the page.)
 */
export async function withCatalogues<T>(args: { request: Request; serverLoader: () => Promise<T> }, handle: I18nHandle): Promise<T> {
  const { locale } = splitLocalePath(new URL(args.request.url).pathname);
  const [data] = await Promise.all([args.serverLoader(), loadCatalogues(locale, handle.catalogues), handle.dates ? loadDateLocale(locale) : undefined]);
  return data;
}
