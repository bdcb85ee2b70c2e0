import { redirect } from "react-router";
import { documentDownloadPath } from "~/domain/documents";
import { notFound } from "~/server/http/answer.server";
import { actorFor } from "~/server/security/session.server";
import { findInvestorPack } from "~/server/services/documents.server";
import type { Route } from "./+types/investor-pack";

/** /documents/investor-pack: Download Investor Pack, wherever it is offered, gives the current one. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const id = await findInvestorPack(context, await actorFor(context));
  if (!id) throw notFound(context, request);
  return redirect(documentDownloadPath(id));
}

export default function InvestorPackMissing() {
  return null;
}
