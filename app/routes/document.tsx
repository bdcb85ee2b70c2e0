import { opportunityPath } from "~/domain/site-map";
import { ArrowLeft, FileText } from "lucide-react";
import { Link } from "react-router";
import { useFormatDay } from "~/components/dashboard/format-day";
import { audienceNote, DocumentFacts, DownloadLink } from "~/components/documents/document-card";
import { Badge } from "~/components/ui/badge";
import { brand } from "~/domain/brand";
import { DOCUMENT_KIND_KEYS, documentPath } from "~/domain/documents";
import { localeFromMatches, routeMeta, summarise } from "~/domain/seo";
import { type I18nHandle, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { RichText, standIns } from "~/i18n/rich-text";
import { notFound } from "~/server/http/answer.server";
import { actorFor } from "~/server/security/session.server";
import { findLibraryDocument } from "~/server/services/documents.server";
import type { Route } from "./+types/document";
import type { PublicPageHandle } from "~/domain/public-page";

export const handle = { catalogues: ["portal"], dates: true, publicPage: true } satisfies I18nHandle & PublicPageHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

/**
 * /documents/:id (issue 15): one document, and what this reader may do with it: download
 * it, sign in first (and come back here), or see which plans include it.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const actor = await actorFor(context);
  const doc = await findLibraryDocument(context, actor, { id: params.id });
  if (!doc) throw notFound(context, request);
  return { doc, timeZone: context.config.firmTimeZone };
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  if (!args.loaderData) return routeMeta(args, { title: t("meta.notFoundTitle", { brand: brand.name }), noindex: true });
  const { doc } = args.loaderData;
  return routeMeta(args, { title: `${doc.title} | ${brand.name}`, description: summarise(doc.summary), path: documentPath(doc.id) });
}

export default function DocumentPage({ loaderData }: Route.ComponentProps) {
  const { doc, timeZone } = loaderData;
  const t = useT();
  const formatDay = useFormatDay(timeZone);
  const note = audienceNote(doc, t);
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <Link to="/documents" className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-primary">
        <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" /> {t("portal.document.back")}
      </Link>
      <header className="mt-6 space-y-3">
        <Badge variant="outline">{t(DOCUMENT_KIND_KEYS[doc.kind])}</Badge>
        <h1 className="font-serif text-3xl font-semibold sm:text-4xl">{doc.title}</h1>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1.5">
            <FileText className="size-4" aria-hidden="true" /> <DocumentFacts doc={doc} />
          </span>
          {doc.publishedAt ? <span>{t("portal.document.published", { date: formatDay(doc.publishedAt) })}</span> : <span>{t("portal.document.notPublished")}</span>}
        </p>
      </header>
      <p className="mt-6 text-lg leading-relaxed text-foreground/85">{doc.summary}</p>
      {doc.opportunity ? (
        <p className="mt-4">
          <RichText
            message={t("portal.document.partOf", standIns("opportunity"))}
            elements={{
              opportunity: (
                <Link to={opportunityPath(doc.opportunity.slug)} className="font-medium text-primary underline underline-offset-4">
                  {doc.opportunity.title}
                </Link>
              ),
            }}
          />
        </p>
      ) : null}
      <section aria-labelledby="access-heading" className="mt-8 rounded-xl border bg-card p-6">
        <h2 id="access-heading" className="font-serif text-xl font-semibold text-primary">
          {doc.access === "granted"
            ? t("portal.document.yourCopy")
            : doc.access === "sign-in"
              ? t("portal.document.signInHeading")
              : doc.access === "identity" || doc.access === "nda"
                ? t("portal.document.confidentialHeading")
                : t("portal.document.planHeading")}
        </h2>
        <p className="mt-2 text-sm text-foreground/85">
          {doc.access === "granted"
            ? doc.audience === "public" && !doc.isConfidential
              ? t("portal.document.openToEveryone")
              : t("portal.document.watermark")
            : doc.access === "sign-in"
              ? t("portal.document.signInText", { audience: note })
              : doc.access === "qualify"
                ? t("portal.document.publicOnlyText")
                : doc.access === "identity"
                  ? t("portal.document.identityText")
                  : doc.access === "nda"
                    ? t("portal.document.ndaText")
                    : t("portal.document.upgradeText", { audience: note })}
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <DownloadLink doc={doc} />
          {doc.access === "upgrade" ? (
            <Link to={`/pricing?document=${doc.id}`} className="inline-flex items-center text-sm font-medium text-primary underline underline-offset-4">
              {t("portal.comparePlans")}
            </Link>
          ) : null}
        </div>
      </section>
    </article>
  );
}
