import { NDA_MESSAGES } from "~/domain/confidentiality";
import { answerResponse, notFound } from "~/server/http/answer.server";
import { actorFor } from "~/server/security/session.server";
import { ndaCopyFor } from "~/server/services/confidentiality.server";
import type { Route } from "./+types/opportunity-nda-copy";

/**
 * GET /opportunities/:slug/confidentiality/copy.pdf (issue 35, item 3): the signed-in
 * reader's sealed copy of the agreement they accepted, with the record of the acceptance;
 * a not-found answer when they have not accepted it. Never cached.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  return answerResponse(context, { failure: NDA_MESSAGES.none, headers: { "Cache-Control": "private, no-store" } }, async () => {
    const copy = await ndaCopyFor(context, await actorFor(context), { slug: params.slug });
    if (!copy) {
      notFound(context, request);
      return new Response("Not found", { status: 404, headers: { "Cache-Control": "private, no-store", "Content-Type": "text/plain; charset=utf-8" } });
    }
    return new Response(new Uint8Array(copy.bytes), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Length": String(copy.bytes.byteLength),
        "Content-Disposition": `attachment; filename="${copy.fileName}"`,
        "Cache-Control": "private, no-store",
        "Content-Security-Policy": "default-src 'none'; sandbox",
        "X-Content-Type-Options": "nosniff",
      },
    });
  });
}
