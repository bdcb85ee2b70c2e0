import { ArrowLeft, FileText } from "lucide-react";
import { Link } from "react-router";
import { audienceNote, DownloadLink } from "~/components/documents/document-card";
import { Badge } from "~/components/ui/badge";
import { formatBookedDate } from "~/domain/booking-labels";
import { brand } from "~/domain/brand";
import { DOCUMENT_KIND_LABELS, documentPath, formatFileSize } from "~/domain/documents";
import { routeMeta, summarise } from "~/domain/seo";
import { notFound } from "~/server/http/answer.server";
import { actorFor } from "~/server/security/session.server";
import { findLibraryDocument } from "~/server/services/documents.server";
import type { Route } from "./+types/document";

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
  if (!args.loaderData) return routeMeta(args, { title: `Page not found | ${brand.name}`, noindex: true });
  const { doc } = args.loaderData;
  return routeMeta(args, { title: `${doc.title} | ${brand.name}`, description: summarise(doc.summary), path: documentPath(doc.id) });
}

export default function DocumentPage({ loaderData }: Route.ComponentProps) {
  const { doc, timeZone } = loaderData;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <Link to="/documents" className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-primary">
        <ArrowLeft className="size-4" aria-hidden="true" /> Document library
      </Link>
      <header className="mt-6 space-y-3">
        <Badge variant="outline">{DOCUMENT_KIND_LABELS[doc.kind]}</Badge>
        <h1 className="font-serif text-3xl font-semibold sm:text-4xl">{doc.title}</h1>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1.5">
            <FileText className="size-4" aria-hidden="true" /> PDF, {doc.pageCount} {doc.pageCount === 1 ? "page" : "pages"}, {formatFileSize(doc.byteSize)}
          </span>
          {doc.publishedAt ? <span>Published {formatBookedDate(doc.publishedAt, timeZone)}</span> : <span>Not published</span>}
        </p>
      </header>
      <p className="mt-6 text-lg leading-relaxed text-foreground/85">{doc.summary}</p>
      {doc.opportunity ? (
        <p className="mt-4">
          Part of the documents for{" "}
          <Link to={`/opportunities/${doc.opportunity.id}`} className="font-medium text-primary underline underline-offset-4">
            {doc.opportunity.title}
          </Link>
          .
        </p>
      ) : null}
      <section aria-labelledby="access-heading" className="mt-8 rounded-xl border bg-card p-6">
        <h2 id="access-heading" className="font-serif text-xl font-semibold text-primary">
          {doc.access === "granted" ? "Your copy" : doc.access === "sign-in" ? "Sign in to read it" : "Included in a plan"}
        </h2>
        <p className="mt-2 text-sm text-foreground/85">
          {doc.access === "granted"
            ? doc.audience === "public"
              ? "Open to everyone."
              : "Your copy carries your e-mail address and today's date on every page. Please do not forward it."
            : doc.access === "sign-in"
              ? `${audienceNote(doc)}. Sign in and you will be brought back here.`
              : `${audienceNote(doc)}. Every plan starts with a free trial.`}
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <DownloadLink doc={doc} />
          {doc.access === "upgrade" ? (
            <Link to={`/pricing?document=${doc.id}`} className="inline-flex items-center text-sm font-medium text-primary underline underline-offset-4">
              Compare plans
            </Link>
          ) : null}
        </div>
      </section>
    </article>
  );
}
