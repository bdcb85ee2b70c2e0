import { redirect } from "react-router";

/** /account opens on the profile. */
export function loader() {
  return redirect("/account/profile");
}
