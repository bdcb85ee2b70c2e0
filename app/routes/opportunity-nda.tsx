import { data } from "react-router";
import { z } from "zod";
import { NdaPage, type NdaAnswerResult } from "~/components/opportunities/nda-page";
import { brand } from "~/domain/brand";
import { NDA_MESSAGES, ndaAcceptSchema } from "~/domain/confidentiality";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { type I18nHandle, translator } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { answer, notFound, readForm } from "~/server/http/answer.server";
import { actorOf, requireViewer } from "~/server/security/session.server";
import { acceptNda, getNdaForReader } from "~/server/services/confidentiality.server";
import type { Route } from "./+types/opportunity-nda";

export const handle = { catalogues: ["verification", "portal"], dates: true } satisfies I18nHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

/**
 * /opportunities/:slug/confidentiality (issue 35): the opportunity's confidentiality
 * agreement in the reader's language, whether they accepted it (and which version, when),
 * and the form that accepts the version shown. Signed-in readers who may see the opportunity only.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const actor = actorOf(await requireViewer(request, context));
  const found = await getNdaForReader(context, actor, { slug: params.slug });
  if (!found) throw notFound(context, request);
  const documentId = new URL(request.url).searchParams.get("document");
  return { ...found, documentId: documentId && z.uuid().safeParse(documentId).success ? documentId : null, timeZone: context.config.firmTimeZone };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = actorOf(await requireViewer(request, context));
  const reply = (message: string): NdaAnswerResult => ({ ok: false, message });
  return answer(context, { failure: NDA_MESSAGES.acceptFailed, reply }, async () => {
    const parsed = ndaAcceptSchema.safeParse(Object.fromEntries(await readForm(request)));
    if (!parsed.success) {
      return data<NdaAnswerResult>({ ok: false, message: translator(context.locale)(NDA_MESSAGES.acceptFailed), fieldErrors: z.flattenError(parsed.error).fieldErrors }, { status: 400 });
    }
    await acceptNda(context, actor, { slug: params.slug, versionId: parsed.data.versionId });
    return data<NdaAnswerResult>({ ok: true });
  });
}

/** Personal data: never kept by a shared cache. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, { title: t("verification.nda.metaTitle", { brand: brand.name }), noindex: true });
}

export default function OpportunityNdaPage({ loaderData, actionData }: Route.ComponentProps) {
  return <NdaPage {...loaderData} result={actionData} />;
}
