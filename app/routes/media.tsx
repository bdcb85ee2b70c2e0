import { imageResponse } from "~/server/storage/images.server";
import type { Route } from "./+types/media";

/** GET /media/<file id>.<ext>: an uploaded image, from the database (any instance serves it). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return (await imageResponse(context.db, request, params.name)) ?? new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
