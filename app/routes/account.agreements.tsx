import { AgreementList } from "~/components/account/agreement-page";
import { brand } from "~/domain/brand";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { type I18nHandle, translator } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { actorOf, requireViewer } from "~/server/security/session.server";
import { listOwnAgreements } from "~/server/services/signing.server";
import type { Route } from "./+types/account.agreements";

export const handle = { catalogues: ["account", "verification"], dates: true } satisfies I18nHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

/** /account/agreements (issue 35): the agreements prepared for the investor, to sign or signed, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = actorOf(await requireViewer(request, context));
  return { agreements: await listOwnAgreements(context, actor), timeZone: context.config.firmTimeZone };
}

/** Personal data: never kept by a shared cache. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, { title: t("verification.signing.listMetaTitle", { brand: brand.name }), noindex: true });
}

export default function AccountAgreementsPage({ loaderData }: Route.ComponentProps) {
  return <AgreementList {...loaderData} />;
}
