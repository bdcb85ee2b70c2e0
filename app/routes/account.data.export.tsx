import type { Route } from "./+types/account.data.export";

/** Placeholder until this resource lands (issue 13). */
export function loader(_: Route.LoaderArgs) {
  return new Response("Not found", { status: 404 });
}
