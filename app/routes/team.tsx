import { StaticPage } from "~/components/site/static-page";
import { AdviserCard } from "~/components/team/adviser-card";
import { brand } from "~/domain/brand";
import type { PublicPageHandle } from "~/domain/public-page";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { TEAM_PAGE } from "~/domain/site-map";
import { type I18nHandle, translator, useLocale, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { settle } from "~/server/http/answer.server";
import { anonymous } from "~/server/security/actor.server";
import { listPublishedAdvisers } from "~/server/services/advisers.server";
import type { Route } from "./+types/team";

export const handle = { catalogues: ["team"], publicPage: true } satisfies I18nHandle & PublicPageHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

/** /team (issue 33): the published advisers, in the admins' order, in the page's language. A failed read is logged and shows the empty state. */
export async function loader({ context }: Route.LoaderArgs) {
  const advisers = await settle(context, "the advisers", () => listPublishedAdvisers(context, anonymous, { locale: context.locale }), []);
  return { advisers: advisers.value };
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, {
    title: t("team.metaTitle", { brand: brand.name }),
    description: t("team.metaDescription", { brand: brand.name }),
    path: TEAM_PAGE.path,
  });
}

export default function TeamPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { advisers } = loaderData;
  return (
    <StaticPage eyebrow={t("team.eyebrow")} title={t("team.title")} lead={t("team.lead")}>
      {advisers.length === 0 ? (
        <p className="rounded-xl border border-dashed bg-card p-8 text-center text-lg text-muted-foreground" data-testid="team-empty">
          {t("team.empty")}
        </p>
      ) : (
        <ul aria-label={t("team.listLabel")} className="grid gap-6 md:grid-cols-2">
          {advisers.map((adviser) => (
            <li key={adviser.id}>
              <AdviserCard adviser={adviser} headingLevel={2} t={t} locale={locale} />
            </li>
          ))}
        </ul>
      )}
    </StaticPage>
  );
}
