import { redirect } from "react-router";
import { type I18nHandle } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import type { Route } from "./+types/account._index";

/** Nothing of its own to say: the layout's catalogue, named again for the page it leads to. */
export const handle = { catalogues: ["account"] } satisfies I18nHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

/** /account opens on the profile. */
export function loader() {
  return redirect("/account/profile");
}
