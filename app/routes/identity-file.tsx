import { IDENTITY_MESSAGES } from "~/domain/identity-checks";
import { answerResponse, notFound } from "~/server/http/answer.server";
import { actorFor } from "~/server/security/session.server";
import { openIdentityFile } from "~/server/services/identity-checks.server";
import type { Route } from "./+types/identity-file";

/** A name for Content-Disposition: the ASCII fallback, and the name as it was in UTF-8. */
function disposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * GET /identity-files/:id (issue 35): one of an investor's identity files, opened for its
 * owner or an admin (the service decides; an admin's opening is audited) and for nobody
 * else, who gets the not-found answer. Never cached, never shown inline, never run.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  return answerResponse(context, { failure: IDENTITY_MESSAGES.notFound, headers: { "Cache-Control": "private, no-store" } }, async () => {
    const file = await openIdentityFile(context, await actorFor(context), { id: params.id });
    if (!file) {
      notFound(context, request);
      return new Response("Not found", { status: 404, headers: { "Cache-Control": "private, no-store", "Content-Type": "text/plain; charset=utf-8" } });
    }
    return new Response(new Uint8Array(file.bytes), {
      headers: {
        "Content-Type": file.contentType,
        "Content-Length": String(file.bytes.byteLength),
        "Content-Disposition": disposition(file.fileName),
        "Cache-Control": "private, no-store",
        "Content-Security-Policy": "default-src 'none'; sandbox",
        "X-Content-Type-Options": "nosniff",
      },
    });
  });
}
