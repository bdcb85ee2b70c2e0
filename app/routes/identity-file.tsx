import { IDENTITY_MESSAGES } from "~/domain/identity-checks";
import { privateFileResponse } from "~/server/http/private-file.server";
import { actorFor } from "~/server/security/session.server";
import { openIdentityFile } from "~/server/services/identity-checks.server";
import type { Route } from "./+types/identity-file";

/**
 * GET /identity-files/:id (issue 35): one of an investor's identity files, opened for its
 * owner or an admin (the service decides; an admin's opening is audited) and for nobody
 * else, who gets the not-found answer. Never cached, never shown inline, never run.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  return privateFileResponse(context, request, IDENTITY_MESSAGES.notFound, async () => openIdentityFile(context, await actorFor(context), { id: params.id }));
}
