import type { Route } from "./+types/account.security";

/** Placeholder until this page lands (issue 13). */
export function loader(_: Route.LoaderArgs) {
  return null;
}

export default function Placeholder() {
  return null;
}
