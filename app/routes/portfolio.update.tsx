import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { brand } from "~/domain/brand";
import { PROGRESS_STATUS_KEYS } from "~/domain/escrow";
import { PORTFOLIO_PATH } from "~/domain/portfolio";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { type I18nHandle, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { useFormatDay } from "~/components/dashboard/format-day";
import { notFound } from "~/server/http/answer.server";
import { actorOf, requireViewer } from "~/server/security/session.server";
import { openProgressUpdate } from "~/server/services/progress-updates.server";
import type { Route } from "./+types/portfolio.update";

export const handle = { catalogues: ["portal", "escrow"], dates: true } satisfies I18nHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

/** /portfolio/updates/:id (issue 36, item 6): one progress update, for an investor it was sent to; opening it is recorded. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const actor = actorOf(await requireViewer(request, context));
  const update = await openProgressUpdate(context, actor, { id: params.id });
  if (!update) throw notFound(context, request);
  return { update, timeZone: context.config.firmTimeZone };
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, { title: t("escrow.portfolio.updateMetaTitle", { brand: brand.name }), noindex: true });
}

export default function ProgressUpdatePage({ loaderData }: Route.ComponentProps) {
  const { update, timeZone } = loaderData;
  const t = useT();
  const formatDay = useFormatDay(timeZone);
  return (
    <div className="bg-muted/40 pb-16">
      <article className="mx-auto max-w-3xl space-y-6 px-4 pt-8 sm:px-6" aria-labelledby="update-heading">
        <Link to={PORTFOLIO_PATH} className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-primary">
          <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" /> {t("escrow.portfolio.backToPortfolio")}
        </Link>
        <header className="space-y-2">
          <h1 id="update-heading" className="font-serif text-3xl font-semibold text-primary [overflow-wrap:anywhere]">
            <bdi>{update.opportunityTitle}</bdi>
          </h1>
          <p className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
            <Badge variant={update.status === "on_track" || update.status === "completed" ? "success" : update.status === "delayed" ? "warning" : "secondary"}>
              {t("escrow.portfolio.progress", { status: t(PROGRESS_STATUS_KEYS[update.status]), percent: update.percent })}
            </Badge>
            {t("escrow.portfolio.postedOn", { date: formatDay(update.postedAt.toISOString()) })}
          </p>
          <div className="h-2 w-full overflow-hidden rounded-full bg-muted" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={update.percent} aria-label={t("escrow.portfolio.progress", { status: t(PROGRESS_STATUS_KEYS[update.status]), percent: update.percent })}>
            <div className="h-full bg-primary" style={{ width: `${update.percent}%` }} />
          </div>
        </header>
        <div className="space-y-4 rounded-xl border bg-card p-6 text-base leading-relaxed shadow-sm">
          {update.text
            .split(/\n\s*\n/)
            .map((p) => p.trim())
            .filter(Boolean)
            .map((p, i) => (
              <p key={i} dir="auto" className="whitespace-pre-line">
                {p}
              </p>
            ))}
        </div>
        {update.photos.length ? (
          <ul className="grid gap-4 sm:grid-cols-2">
            {update.photos.map((src, i) => (
              <li key={src}>
                <img src={src} alt={t("escrow.portfolio.photo", { n: i + 1, opportunity: update.opportunityTitle })} className="aspect-[4/3] w-full rounded-lg border object-cover" loading="lazy" />
              </li>
            ))}
          </ul>
        ) : null}
      </article>
    </div>
  );
}
