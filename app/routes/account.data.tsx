import type { Route } from "./+types/account.data";

/** Placeholder until this page lands (issue 13). */
export function loader(_: Route.LoaderArgs) {
  return null;
}

export default function AccountDataPage() {
  return null;
}
