import { useEffect } from "react";
import { AdminAreaPage } from "~/components/admin/admin-areas";
import { ExportLink } from "~/components/admin/export-link";
import { toast } from "~/components/ui/toaster";
import { ADMIN_ALERT_TOASTS, ALERT_TOPIC_LABELS } from "~/domain/alerts";
import { brand } from "~/domain/brand";
import { routeMeta } from "~/domain/seo";
import { actorOf, requireAdminViewer } from "~/server/security/session.server";
import { alertSubscriberCounts } from "~/server/services/alerts.server";
import type { Route } from "./+types/admin.alerts";
import { loadPanel } from "./admin/panel.server";

/** /admin/alerts (issue 15): how many addresses each alert has, and their export. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = actorOf(await requireAdminViewer(request, context));
  const counts = await loadPanel(context, "alert subscribers", () => alertSubscriberCounts(context, actor), [], ADMIN_ALERT_TOASTS.fetchFailed);
  return { counts: counts.result, error: counts.error };
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, { title: `Alerts | Admin | ${brand.name}`, noindex: true });
}

const DESCRIPTIONS = {
  app_launch: "Asked on /download to be told when the app launches (one message on the day).",
  new_opportunities: "Investors who turned on new-opportunity alerts (sent automatically; Elite members early).",
} as const;

export default function AdminAlerts({ loaderData }: Route.ComponentProps) {
  const { counts, error } = loaderData;
  useEffect(() => {
    if (error) toast.error(error, { id: "admin-alerts-error" });
  }, [error]);
  return (
    <AdminAreaPage title="Alerts" description="Who asked to hear from us, confirmed by e-mail.">
      {counts.length === 0 ? (
        <p className="rounded-xl border border-dashed bg-card p-8 text-center text-muted-foreground">{error ?? "No subscribers yet"}</p>
      ) : (
        <ul className="grid gap-6 md:grid-cols-2">
          {counts.map((c) => (
            <li key={c.topic} className="space-y-4 rounded-xl border bg-card p-6 shadow-sm" data-testid={`alert-topic-${c.topic}`}>
              <div>
                <h2 className="font-serif text-xl font-semibold">{ALERT_TOPIC_LABELS[c.topic]}</h2>
                <p className="mt-1 text-sm text-muted-foreground">{DESCRIPTIONS[c.topic]}</p>
              </div>
              <dl className="grid grid-cols-3 gap-3 text-center">
                <div className="rounded-lg bg-muted/60 p-3">
                  <dt className="text-xs text-muted-foreground">Subscribed</dt>
                  <dd className="font-serif text-2xl font-semibold" data-testid="confirmed-count">
                    {c.confirmed}
                  </dd>
                </div>
                <div className="rounded-lg bg-muted/60 p-3">
                  <dt className="text-xs text-muted-foreground">Awaiting confirmation</dt>
                  <dd className="font-serif text-2xl font-semibold">{c.pending}</dd>
                </div>
                <div className="rounded-lg bg-muted/60 p-3">
                  <dt className="text-xs text-muted-foreground">Unsubscribed</dt>
                  <dd className="font-serif text-2xl font-semibold">{c.unsubscribed}</dd>
                </div>
              </dl>
              <ExportLink kind="subscribers" params={{ topic: c.topic }} label={`Export ${ALERT_TOPIC_LABELS[c.topic].toLowerCase()} subscribers as CSV`} />
            </li>
          ))}
        </ul>
      )}
    </AdminAreaPage>
  );
}
