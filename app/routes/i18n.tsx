import { createHash } from "node:crypto";
import { CATALOGUES, type Catalogue, cataloguesFor } from "~/i18n/i18n";
import type { Route } from "./+types/i18n";

/**
 * GET /i18n/<catalogue> (and /ar/i18n/…, /ckb/i18n/…): a catalogue of the page's language,
 * compiled, for a client navigation to a screen whose messages the page did not carry
 * (decision 021). Public: it holds only the words of the screens. "mail" never leaves the
 * server. Revalidated by ETag, so a new release's words arrive at once.
 */
const SERVED = new Set<string>(CATALOGUES.filter((name) => name !== "mail"));

export function loader({ params, request, context }: Route.LoaderArgs) {
  const name = params.name;
  const messages = SERVED.has(name) ? cataloguesFor(context.locale, [name as Catalogue])[name as Catalogue] : undefined;
  if (!messages) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const body = JSON.stringify(messages);
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`;
  const headers = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-cache", ETag: etag, Vary: "Accept-Encoding" };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return new Response(body, { headers });
}
