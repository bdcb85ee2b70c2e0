import { Link } from "react-router";
import { DocumentGrid } from "~/components/documents/document-card";
import { StaticPage, StaticSection } from "~/components/site/static-page";
import { brand } from "~/domain/brand";
import type { DocumentKind } from "~/domain/documents";
import { entitlementLineKeys } from "~/domain/entitlements";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { type I18nHandle, type MessageKey, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { RichText, standIns } from "~/i18n/rich-text";
import { settle } from "~/server/http/answer.server";
import { actorFor } from "~/server/security/session.server";
import { listLibrary } from "~/server/services/documents.server";
import { entitlementsOf } from "~/server/services/entitlements.server";
import type { Route } from "./+types/documents";
import type { PublicPageHandle } from "~/domain/public-page";

export const handle = { catalogues: ["portal"], dates: true, publicPage: true } satisfies I18nHandle & PublicPageHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

/** /documents (issue 15): every published document, by kind, each with what this reader may do with it. */
export async function loader({ context }: Route.LoaderArgs) {
  const actor = await actorFor(context);
  const [library, entitlements] = await Promise.all([
    settle(context, "the document library", () => listLibrary(context, actor), []),
    entitlementsOf(context, actor),
  ]);
  return { documents: library.value, failed: library.failed, entitlements, timeZone: context.config.firmTimeZone };
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, {
    title: t("portal.documents.metaTitle", { brand: brand.name }),
    description: t("portal.documents.metaDescription", { brand: brand.name }),
    path: "/documents",
  });
}

const SECTIONS: Array<{ kind: DocumentKind; title: MessageKey; empty: MessageKey }> = [
  { kind: "investor_pack", title: "portal.documents.investorPacks", empty: "portal.documents.investorPacksEmpty" },
  { kind: "market_report", title: "portal.documents.marketReports", empty: "portal.documents.marketReportsEmpty" },
  { kind: "due_diligence_pack", title: "portal.documents.dueDiligencePacks", empty: "portal.documents.dueDiligencePacksEmpty" },
  { kind: "legal_document", title: "portal.documents.legalDocuments", empty: "portal.documents.legalDocumentsEmpty" },
];

export default function Documents({ loaderData }: Route.ComponentProps) {
  const { documents, failed, entitlements, timeZone } = loaderData;
  const t = useT();
  const linkClass = "font-medium text-primary underline underline-offset-4";
  return (
    <StaticPage eyebrow={t("portal.documents.eyebrow")} title={t("portal.documents.title")} lead={t("portal.documents.lead")} cta={false}>
      <section aria-labelledby="membership-heading" className="rounded-xl border bg-card p-6">
        <h2 id="membership-heading" className="font-serif text-xl font-semibold text-primary">
          {entitlements.planName
            ? t("portal.documents.yourPlan", { plan: entitlements.planName })
            : entitlements.signedIn
              ? t("portal.documents.yourAccount")
              : t("portal.documents.membersDocuments")}
        </h2>
        {entitlements.signedIn ? (
          <ul className="mt-3 list-disc space-y-1 ps-5 text-sm text-foreground/85">
            {entitlementLineKeys(entitlements).map((line) => (
              <li key={line.key}>{t(line.key, line.values)}</li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-sm text-foreground/85">
            <RichText
              message={t("portal.documents.guest", standIns("signIn", "plans"))}
              elements={{
                signIn: (
                  <Link to="/auth?redirectTo=%2Fdocuments" className={linkClass}>
                    {t("portal.documents.signIn")}
                  </Link>
                ),
                plans: (
                  <Link to="/pricing" className={linkClass}>
                    {t("portal.documents.comparePlans")}
                  </Link>
                ),
              }}
            />
          </p>
        )}
      </section>
      {failed ? (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-4 text-sm">
          {t("portal.documents.failed")}
        </p>
      ) : (
        SECTIONS.map((section) => (
          <StaticSection key={section.kind} title={t(section.title)}>
            <DocumentGrid documents={documents.filter((d) => d.kind === section.kind)} timeZone={timeZone} empty={t(section.empty)} />
          </StaticSection>
        ))
      )}
    </StaticPage>
  );
}
