import { data } from "react-router";
import { z } from "zod";
import { AgreementPage, type SigningAnswerResult } from "~/components/account/agreement-page";
import { brand } from "~/domain/brand";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { SIGNING_MESSAGES, signingSignSchema } from "~/domain/signing";
import { type I18nHandle, translator } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { answer, notFound, readForm } from "~/server/http/answer.server";
import { actorOf, requireViewer } from "~/server/security/session.server";
import { getAgreementForSigner, sendSigningCode, signAgreement } from "~/server/services/signing.server";
import type { Route } from "./+types/account.agreement";

export const handle = { catalogues: ["account", "verification"], dates: true } satisfies I18nHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

/**
 * /account/agreements/:id (issue 35): an agreement prepared for the investor, in the
 * language it was prepared in; while it waits, the code to ask for and the signing form;
 * once signed, the sealed copy. Only its investor (and admins, to read) see it.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const actor = actorOf(await requireViewer(request, context));
  const agreement = await getAgreementForSigner(context, actor, { id: params.id });
  if (!agreement) throw notFound(context, request);
  return { agreement, timeZone: context.config.firmTimeZone };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = actorOf(await requireViewer(request, context));
  const t = translator(context.locale);
  let intent: "code" | "sign" = "sign";
  const reply = (message: string): SigningAnswerResult => ({ ok: false, intent, message });
  return answer(context, { failure: SIGNING_MESSAGES.signFailed, reply }, async () => {
    const form = await readForm(request);
    if (form.get("intent") === "code") {
      intent = "code";
      const { sentTo } = await sendSigningCode(context, actor, { id: params.id });
      return data<SigningAnswerResult>({ ok: true, intent: "code", sentTo });
    }
    const parsed = signingSignSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) {
      return data<SigningAnswerResult>({ ok: false, intent, message: t(SIGNING_MESSAGES.signFailed), fieldErrors: z.flattenError(parsed.error).fieldErrors }, { status: 400 });
    }
    const { signedSha256 } = await signAgreement(context, actor, { id: params.id, form: parsed.data });
    return data<SigningAnswerResult>({ ok: true, intent: "sign", signedSha256 });
  });
}

/** Personal data: never kept by a shared cache. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, { title: t("verification.signing.metaTitle", { brand: brand.name }), noindex: true });
}

export default function AccountAgreementPage({ loaderData, actionData }: Route.ComponentProps) {
  return <AgreementPage {...loaderData} result={actionData} />;
}
