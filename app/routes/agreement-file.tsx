import { SIGNING_MESSAGES } from "~/domain/signing";
import { answerResponse, notFound } from "~/server/http/answer.server";
import { actorFor } from "~/server/security/session.server";
import { agreementFile } from "~/server/services/signing.server";
import type { Route } from "./+types/agreement-file";

/**
 * GET /signed-agreements/:id.pdf (issue 35): an agreement's PDF, the sealed copy once it
 * is signed, for the investor it was prepared for and for admins (the service decides);
 * anyone else gets the not-found answer. Never cached; downloaded, not shown inline, so that
 * the bytes saved are the bytes sealed.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  return answerResponse(context, { failure: SIGNING_MESSAGES.notFound, headers: { "Cache-Control": "private, no-store" } }, async () => {
    const id = /^(.+)\.pdf$/.exec(params.file)?.[1] ?? "";
    const file = await agreementFile(context, await actorFor(context), { id });
    if (!file) {
      notFound(context, request);
      return new Response("Not found", { status: 404, headers: { "Cache-Control": "private, no-store", "Content-Type": "text/plain; charset=utf-8" } });
    }
    return new Response(new Uint8Array(file.bytes), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Length": String(file.bytes.byteLength),
        "Content-Disposition": `attachment; filename="${file.fileName}"`,
        "Cache-Control": "private, no-store",
        "Content-Security-Policy": "default-src 'none'; sandbox",
        "X-Content-Type-Options": "nosniff",
      },
    });
  });
}
