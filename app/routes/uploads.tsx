import { redirect } from "react-router";
import { legacyImageAddress } from "~/server/storage/images.server";
import type { Route } from "./+types/uploads";

/** GET /uploads/<name>: where images lived before they moved into the database; for good to their new address. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const address = await legacyImageAddress(context.db, params.name);
  if (address) return redirect(address, 301);
  return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
