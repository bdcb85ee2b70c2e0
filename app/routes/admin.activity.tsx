import { Download, Search, Star } from "lucide-react";
import { useEffect } from "react";
import { Form, Link } from "react-router";
import { AdminAreaPage } from "~/components/admin/admin-areas";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/toaster";
import { TypedText } from "~/components/ui/typed-text";
import { adminActivityQuerySchema } from "~/domain/activity";
import { formatUsd } from "~/domain/format";
import { INTEREST_STATUS_KEYS } from "~/domain/interests";
import { MessageTimestamp } from "~/components/admin/message-timestamp";
import { brand } from "~/domain/brand";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { type I18nHandle, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { RichText, standIns } from "~/i18n/rich-text";
import { actorOf, requireAdminViewer } from "~/server/security/session.server";
import { recentActivity } from "~/server/services/activity.server";
import type { Route } from "./+types/admin.activity";
import { loadPanel } from "./admin/panel.server";

export const handle = { catalogues: ["admin", "opportunities"], dates: true } satisfies I18nHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

/** /admin/activity (issue 15): what investors did lately (downloads, expressions of interest), for one investor by e-mail or for all. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = actorOf(await requireAdminViewer(request, context));
  const { q } = adminActivityQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const events = await loadPanel(context, "investor activity", () => recentActivity(context, actor, { q }), [], "admin.activity.fetchFailed");
  return { q, events: events.result, error: events.error, timeZone: context.config.firmTimeZone };
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, { title: t("admin.activity.metaTitle", { brand: brand.name }), noindex: true });
}

export default function AdminActivity({ loaderData }: Route.ComponentProps) {
  const { q, events, error, timeZone } = loaderData;
  const t = useT();
  useEffect(() => {
    if (error) toast.error(t(error), { id: "admin-activity-error" });
  }, [error, t]);
  return (
    <AdminAreaPage title={t("admin.areas.activity")} description={t("admin.activity.description")}>
      <Form method="get" role="search" className="flex max-w-xl items-end gap-2">
        <label className="grid flex-1 gap-1 text-sm font-medium">
          {t("admin.activity.email")}
          <Input name="q" type="search" defaultValue={q} placeholder={t("admin.activity.emailPlaceholder")} />
        </label>
        <Button type="submit" variant="outline">
          <Search aria-hidden="true" /> {t("admin.messages.searchButton")}
        </Button>
      </Form>
      <section aria-labelledby="activity-heading" className="space-y-4">
        <h2 id="activity-heading" className="font-serif text-2xl font-semibold">
          {q ? t("admin.activity.matching", { q }) : t("admin.activity.all")}
        </h2>
        {events.length === 0 ? (
          <p className="rounded-xl border border-dashed bg-card p-8 text-center text-muted-foreground">{error ? t(error) : t("admin.activity.none")}</p>
        ) : (
          <ol className="divide-y rounded-xl border bg-card shadow-sm">
            {events.map((e, n) => (
              <li key={`${e.kind}-${e.at}-${n}`} className="flex flex-wrap items-start gap-3 p-4 text-sm" data-testid="activity-event">
                {e.kind === "download" ? <Download className="mt-0.5 size-4 text-accent" aria-hidden="true" /> : <Star className="mt-0.5 size-4 text-accent" aria-hidden="true" />}
                <div className="min-w-0 flex-1">
                  <p>
                    {/* The sentence's word order is the language's: the two links go where it puts them. */}
                    <RichText
                      message={t(e.kind === "download" ? "admin.activity.downloaded" : "admin.activity.registeredInterest", standIns("investor", "subject"))}
                      elements={{
                        investor: (
                          <Link to={`?q=${encodeURIComponent(e.investor.email)}`} className="font-medium hover:underline">
                            <TypedText text={e.investor.name} name />
                          </Link>
                        ),
                        subject: (
                          <Link to={e.subjectPath} className="text-primary hover:underline">
                            <TypedText text={e.subject} />
                          </Link>
                        ),
                      }}
                    />
                    {e.interest ? (
                      <span className="text-muted-foreground">
                        {" · "}
                        {formatUsd(e.interest.amountUsd)} · {t(e.interest.withdrawn ? "opportunities.interest.status.withdrawn" : INTEREST_STATUS_KEYS[e.interest.status])}
                      </span>
                    ) : null}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    <span dir="ltr">{e.investor.email}</span> ·{" "}
                    <time dateTime={e.at}>
                      <MessageTimestamp value={e.at} timeZone={timeZone} />
                    </time>
                  </p>
                </div>
              </li>
            ))}
          </ol>
        )}
      </section>
    </AdminAreaPage>
  );
}
