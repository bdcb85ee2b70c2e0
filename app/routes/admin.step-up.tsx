import { Download, ShieldCheck } from "lucide-react";
import { Form, Link, useActionData, useHref, useNavigation } from "react-router";
import { AdminAreaPage } from "~/components/admin/admin-areas";
import { StepUpCodeField } from "~/components/admin/step-up-field";
import { useAdminFormat } from "~/components/admin/use-admin-format";
import { AnswerNotice } from "~/components/forms/form-answer";
import { Button, buttonVariants } from "~/components/ui/button";
import type { AdminActionResult } from "~/domain/action-result";
import { brand } from "~/domain/brand";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { isDownloadTarget, isStepUpFresh, STEP_UP_FIELD, STEP_UP_MINUTES, stepUpTarget, stepUpUntil } from "~/domain/step-up";
import { type I18nHandle, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { requireAdminViewer } from "~/server/security/session.server";
import type { Route } from "./+types/admin.step-up";
import { adminAction } from "./admin/dispatch.server";
import { STEP_UP_INTENTS } from "./admin/step-up.server";

export const handle = { catalogues: ["admin"], dates: true } satisfies I18nHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

/**
 * /admin/step-up?redirectTo= (issue 52, decision 058): where an admin proves a second factor
 * for what a form cannot carry a code for: a CSV of investors' data (a link), the Users
 * list's role menus. With the code proved, the page offers what was asked for: the download,
 * or the page to go back to. The action is the admin pages' own (`step-up`).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireAdminViewer(request, context);
  const target = stepUpTarget(new URL(request.url).searchParams.get("redirectTo"));
  const provedAt = viewer.secondFactorAt;
  const fresh = isStepUpFresh(provedAt, new Date());
  return { target, download: isDownloadTarget(target), until: fresh && provedAt ? stepUpUntil(provedAt).toISOString() : null, timeZone: context.config.firmTimeZone };
}

export function action({ request, context }: Route.ActionArgs) {
  return adminAction(request, context, STEP_UP_INTENTS);
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, { title: t("admin.stepUp.metaTitle", { brand: brand.name }), noindex: true });
}

export default function AdminStepUpPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { target, download, until, timeZone } = loaderData;
  const answer = useActionData<AdminActionResult>();
  const refused = answer && !answer.ok ? answer : null;
  const busy = useNavigation().state !== "idle";
  const format = useAdminFormat(timeZone);
  // A download is a plain link (the file comes as an attachment, the page stays); a page is a router link.
  const targetHref = useHref(target);
  const errors = refused?.fieldErrors?.[STEP_UP_FIELD];
  return (
    <AdminAreaPage title={t("admin.stepUp.title")} description={t("admin.stepUp.description", { minutes: STEP_UP_MINUTES })}>
      <section aria-labelledby="step-up-heading" className="max-w-xl space-y-5 rounded-xl border bg-card p-5 shadow-sm sm:p-8">
        <h2 id="step-up-heading" className="flex items-center gap-2 font-serif text-2xl font-semibold">
          <ShieldCheck className="size-6 shrink-0 text-primary" aria-hidden="true" /> {until ? t("admin.stepUp.confirmedTitle") : t("admin.stepUp.formTitle")}
        </h2>
        {until ? (
          <>
            <p role="status" className="text-sm">
              {t("admin.stepUp.confirmedText")} {t("admin.stepUp.until")} {format.moment(until)}
            </p>
            <div className="flex flex-wrap gap-3">
              {download ? (
                <a href={targetHref} className={buttonVariants()} data-testid="step-up-continue">
                  <Download aria-hidden="true" /> {t("admin.stepUp.download")}
                </a>
              ) : (
                <Link to={target} className={buttonVariants()} data-testid="step-up-continue">
                  {t("admin.stepUp.continue")}
                </Link>
              )}
            </div>
          </>
        ) : (
          <Form method="post" className="space-y-4" noValidate>
            <input type="hidden" name="intent" value="step-up" />
            <p className="text-sm text-muted-foreground">{t(download ? "admin.stepUp.whyDownload" : "admin.stepUp.whyPage")}</p>
            {refused && !errors ? <AnswerNotice toast={{ type: "error", title: refused.message }} /> : null}
            <StepUpCodeField id="step-up-code" errors={errors} />
            <Button type="submit" disabled={busy}>
              {busy ? t("admin.stepUp.checking") : t("admin.stepUp.submit")}
            </Button>
          </Form>
        )}
      </section>
    </AdminAreaPage>
  );
}
