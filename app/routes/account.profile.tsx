import type { Route } from "./+types/account.profile";

/** Placeholder until this page lands (issue 13). */
export function loader(_: Route.LoaderArgs) {
  return null;
}

export default function AccountProfilePage() {
  return null;
}
