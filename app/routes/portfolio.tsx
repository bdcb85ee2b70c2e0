import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import { z } from "zod";
import { PortfolioPage, type TransferAnswer } from "~/components/portfolio/portfolio-page";
import type { FieldErrors } from "~/domain/action-result";
import { brand } from "~/domain/brand";
import { uploadHandle, type UploadHandle } from "~/domain/uploads";
import { PAYMENT_MESSAGES, PROOF_MAX_BYTES, transferSchema } from "~/domain/escrow";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { type I18nHandle, translator } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { answer, readForm } from "~/server/http/answer.server";
import { actorOf, requireViewer } from "~/server/security/session.server";
import { readTransferProof, recordTransfer } from "~/server/services/payments.server";
import { getOwnPortfolio } from "~/server/services/portfolio.server";
import type { Route } from "./+types/portfolio";

export const handle = {
  catalogues: ["portal", "escrow"],
  dates: true,
  // The bank's confirmation of a transfer.
  ...uploadHandle(1, PROOF_MAX_BYTES),
} satisfies I18nHandle & UploadHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

/** /portfolio (issue 36, item 7): the investor's commitments, calls, transfers, statements and progress updates. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = actorOf(await requireViewer(request, context));
  return { portfolio: await getOwnPortfolio(context, actor) };
}

/** Records a transfer into escrow with the bank's confirmation; a refusal, the form's or the service's, keeps what was typed. */
export async function action({ request, context }: Route.ActionArgs) {
  const actor = actorOf(await requireViewer(request, context));
  const t = translator(context.locale);
  let values: Record<string, string> = {};
  const reply = (message: string): TransferAnswer => ({ ok: false, message, values, commitmentId: values.commitmentId });
  return answer(context, { failure: t("escrow.portfolio.notRecorded"), reply }, async () => {
    const form = await readForm(request);
    values = Object.fromEntries([...form].filter(([, v]) => typeof v === "string")) as Record<string, string>;
    const parsed = transferSchema.safeParse(values);
    const fieldErrors: FieldErrors = parsed.success ? {} : { ...z.flattenError(parsed.error).fieldErrors };
    const proof = await readTransferProof(form.get("proof"));
    if (!proof) fieldErrors.proof = [PAYMENT_MESSAGES.proofMissing];
    else if ("problem" in proof) fieldErrors.proof = [proof.problem];
    if (!parsed.success || !proof || "problem" in proof) {
      return data<TransferAnswer>({ ok: false, message: t("escrow.portfolio.notRecorded"), fieldErrors, values, commitmentId: values.commitmentId }, { status: 400 });
    }
    await recordTransfer(context, actor, { form: parsed.data, proof });
    return data<TransferAnswer>({ ok: true, message: t(PAYMENT_MESSAGES.recorded) });
  });
}

/**
 * After any post, even a refused one, the page is read again: a transfer refused because
 * the escrow account changed meanwhile must show the account now in force (a refusal's
 * 4xx would otherwise keep the page as it was).
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod?.toUpperCase() === "POST" ? true : defaultShouldRevalidate;
}

/** Personal data: never kept by a shared cache. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, { title: t("escrow.portfolio.metaTitle", { brand: brand.name }), noindex: true });
}

export default function PortfolioRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <PortfolioPage portfolio={loaderData.portfolio} answer={actionData} />;
}
