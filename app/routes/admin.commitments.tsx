import { AdminAreaPage } from "~/components/admin/admin-areas";
import { AdminCommitments } from "~/components/admin/commitments-area";
import { brand } from "~/domain/brand";
import { MAX_IMAGE_BYTES } from "~/domain/image-upload";
import { uploadHandle, type UploadHandle } from "~/domain/uploads";
import { ESCROW_MESSAGES, PROGRESS_MAX_PHOTOS } from "~/domain/escrow";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { isUuid } from "~/domain/uuid";
import { todayInZone } from "~/domain/calendar";
import { type I18nHandle, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { actorOf, requireAdminViewer } from "~/server/security/session.server";
import { listOpportunityChoices } from "~/server/services/documents.server";
import { getPlan } from "~/server/services/payment-plans.server";
import { getPendingEscrowChange } from "~/server/services/escrow-changes.server";
import { listPaymentsForAdmin } from "~/server/services/payments.server";
import { listProgressUpdatesForAdmin } from "~/server/services/progress-updates.server";
import { opportunityLedger } from "~/server/services/statements.server";
import type { Route } from "./+types/admin.commitments";
import { COMMITMENT_INTENTS } from "./admin/commitments.server";
import { adminAction } from "./admin/dispatch.server";
import { loadPanel } from "./admin/panel.server";

export const handle = {
  catalogues: ["admin", "escrow"],
  dates: true,
  // A progress update's or a certified milestone's photographs.
  ...uploadHandle(PROGRESS_MAX_PHOTOS, MAX_IMAGE_BYTES),
} satisfies I18nHandle & UploadHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

/**
 * /admin/commitments (issue 36): one opportunity's money after the signature (?opportunity=):
 * transfers to confirm, the ledger (CSV), its payment plan and escrow account (and a change of
 * the account waiting for a second admin or its hold, decision 058), its
 * milestones to certify, commitments recorded by hand, and its progress updates with who
 * has read them.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireAdminViewer(request, context);
  const actor = actorOf(viewer);
  const chosen = new URL(request.url).searchParams.get("opportunity") ?? "";
  const opportunities = await listOpportunityChoices(context, actor);
  const opportunity = isUuid(chosen) ? opportunities.find((o) => o.id === chosen) : undefined;
  const today = todayInZone(context.config.firmTimeZone, new Date());
  const base = { opportunities, today, timeZone: context.config.firmTimeZone, viewerId: viewer.id };
  if (!opportunity) return { ...base, opportunity: null, error: null };
  const opportunityId = opportunity.id;
  const { result, error } = await loadPanel(
    context,
    "commitments",
    async () => {
      const [plan, change, ledger, payments, updates] = await Promise.all([
        getPlan(context, actor, { opportunityId }),
        getPendingEscrowChange(context, actor, { opportunityId }),
        opportunityLedger(context, actor, { opportunityId }),
        listPaymentsForAdmin(context, actor, { opportunityId }),
        listProgressUpdatesForAdmin(context, actor, { opportunityId }),
      ]);
      return { plan: plan ?? null, change, ledger, payments, updates };
    },
    { plan: null, change: null, ledger: [], payments: [], updates: [] },
    ESCROW_MESSAGES.fetchFailed,
  );
  return { ...base, opportunity: { ...opportunity, ...result }, error };
}

export function action({ request, context }: Route.ActionArgs) {
  return adminAction(request, context, COMMITMENT_INTENTS);
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, { title: t("escrow.admin.metaTitle", { brand: brand.name }), noindex: true });
}

export default function AdminCommitmentsPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <AdminAreaPage title={t("admin.areas.commitments")} description={t("escrow.admin.description")}>
      <AdminCommitments {...loaderData} />
    </AdminAreaPage>
  );
}
