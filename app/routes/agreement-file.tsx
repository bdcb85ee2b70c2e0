import { SIGNING_MESSAGES } from "~/domain/signing";
import { privateFileResponse } from "~/server/http/private-file.server";
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
  const id = /^(.+)\.pdf$/.exec(params.file)?.[1] ?? "";
  return privateFileResponse(context, request, SIGNING_MESSAGES.notFound, async () => agreementFile(context, await actorFor(context), { id }));
}
