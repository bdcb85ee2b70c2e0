import { data } from "react-router";
import { z } from "zod";
import { QualificationPage, type QualificationAnswerResult } from "~/components/account/qualification-form";
import { brand } from "~/domain/brand";
import { QUALIFICATION_MESSAGES, qualificationAnswerSchema } from "~/domain/qualification";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { type I18nHandle, translator } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { answer, readForm } from "~/server/http/answer.server";
import { actorOf, requireViewer } from "~/server/security/session.server";
import { confirmQualification, getOwnQualification, listQualificationStatements } from "~/server/services/qualifications.server";
import type { Route } from "./+types/account.qualification";

export const handle = { catalogues: ["account", "verification"], dates: true } satisfies I18nHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

/** /account/qualification (issue 35): the investor's category, confirmed against the firm's statements. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = actorOf(await requireViewer(request, context));
  const [statements, record] = await Promise.all([listQualificationStatements(context, actor), getOwnQualification(context, actor)]);
  return { statements, record, timeZone: context.config.firmTimeZone };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = actorOf(await requireViewer(request, context));
  const reply = (message: string): QualificationAnswerResult => ({ ok: false, message });
  return answer(context, { failure: QUALIFICATION_MESSAGES.saveFailed, reply }, async () => {
    const parsed = qualificationAnswerSchema.safeParse(Object.fromEntries(await readForm(request)));
    if (!parsed.success) {
      const fieldErrors = z.flattenError(parsed.error).fieldErrors;
      return data<QualificationAnswerResult>({ ok: false, message: translator(context.locale)(QUALIFICATION_MESSAGES.saveFailed), fieldErrors }, { status: 400 });
    }
    await confirmQualification(context, actor, parsed.data);
    return data<QualificationAnswerResult>({ ok: true });
  });
}

/** Personal data: never kept by a shared cache. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, { title: t("verification.qualification.metaTitle", { brand: brand.name }), noindex: true });
}

export default function AccountQualificationPage({ loaderData, actionData }: Route.ComponentProps) {
  return <QualificationPage {...loaderData} result={actionData} />;
}
