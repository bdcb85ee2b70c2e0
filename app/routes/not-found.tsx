import { NotFoundPage } from "~/components/site/not-found-page";
import { brand } from "~/domain/brand";
import { routeMeta } from "~/domain/seo";
import { notFound } from "~/server/http/answer.server";
import type { Route } from "./+types/not-found";

/** Every path outside the route table: the 404 page with HTTP 404, and the path in the log. */
export function loader({ request, context }: Route.LoaderArgs) {
  return notFound(context, request);
}

/** A form posted to an unknown path gets the same 404 page, not a 405 crash screen. */
export const action = loader;

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, { title: `Page not found | ${brand.name}`, noindex: true });
}

export default function NotFound() {
  return <NotFoundPage />;
}
