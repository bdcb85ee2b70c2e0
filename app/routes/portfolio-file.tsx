import { PAYMENT_MESSAGES } from "~/domain/escrow";
import { privateFileResponse } from "~/server/http/private-file.server";
import { actorFor } from "~/server/security/session.server";
import { openPaymentProof, receiptFile } from "~/server/services/payments.server";
import { currentStatement, statementFile } from "~/server/services/statements.server";
import type { Route } from "./+types/portfolio-file";

/**
 * GET /portfolio/files/:kind/:id (issue 36): a receipt, a kept statement or a proof of
 * transfer, for its investor and admins (the services decide; an admin's opening of a proof
 * is audited); `statement/today` is the signed-in investor's statement as of today. Anyone
 * else gets the not-found answer. Never cached, never shown inline.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  return privateFileResponse(context, request, PAYMENT_MESSAGES.notFound, async () => {
    const actor = await actorFor(context);
    const id = params.id;
    if (params.kind === "receipt") return receiptFile(context, actor, { id });
    if (params.kind === "proof") return openPaymentProof(context, actor, { id });
    if (params.kind === "statement") return id === "today" ? currentStatement(context, actor) : statementFile(context, actor, { id });
    return undefined;
  });
}
