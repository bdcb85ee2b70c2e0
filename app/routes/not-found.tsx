import { NotFoundPage } from "~/components/site/not-found-page";
import { brand } from "~/domain/brand";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { translator } from "~/i18n/i18n";
import { notFound } from "~/server/http/answer.server";
import type { Route } from "./+types/not-found";

/** Every path outside the route table: the 404 page with HTTP 404, and the path in the log. */
export function loader({ request, context }: Route.LoaderArgs) {
  return notFound(context, request);
}

/** A form posted to an unknown path gets the same 404 page, not a 405 crash screen. */
export const action = loader;

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, { title: t("meta.notFoundTitle", { brand: brand.name }), noindex: true });
}

export default function NotFound() {
  return <NotFoundPage />;
}
