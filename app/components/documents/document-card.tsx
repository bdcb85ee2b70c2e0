import { opportunityPath } from "~/domain/site-map";
import { Download, FileText, Lock } from "lucide-react";
import { Link, useHref } from "react-router";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { useFormatDay } from "~/components/dashboard/format-day";
import {
  DOCUMENT_AUDIENCE_KEYS,
  DOCUMENT_KIND_KEYS,
  documentDownloadPath,
  documentPath,
  formatFileSize,
  type LibraryDocument,
} from "~/domain/documents";
import { listPlans, plansIncluding } from "~/domain/entitlements";
import { type Translate, useLocale, useT } from "~/i18n/i18n";
import { typedTextProps } from "~/i18n/locales";
import { RichText, standIns } from "~/i18n/rich-text";

/** What the document's button says to this reader; its link is always the download (the server decides). */
export function downloadLabel(access: LibraryDocument["access"], t: Translate): string {
  if (access === "sign-in") return t("portal.document.signInToDownload");
  if (access === "upgrade") return t("portal.document.seePlansToDownload");
  if (access === "qualify") return t("portal.document.publicOnlyToDownload");
  if (access === "identity") return t("portal.document.identityToDownload");
  if (access === "nda") return t("portal.document.ndaToDownload");
  return t("portal.document.downloadPdf");
}

/** Who may read a document, in words: "Included in the Investor and Elite plans". */
export function audienceNote(doc: Pick<LibraryDocument, "audience">, t: Translate): string {
  if (doc.audience === "public") return t("portal.document.forPublic");
  if (doc.audience === "signed_in") return t("portal.document.forSignedIn");
  const plans = plansIncluding(doc.audience);
  return t("portal.document.forPlans", { count: plans.length, plans: listPlans(plans, t) });
}

/** "PDF, 12 pages, 2.4 MB". */
export function DocumentFacts({ doc }: { doc: Pick<LibraryDocument, "pageCount" | "byteSize"> }) {
  const t = useT();
  return <>{t("portal.document.facts", { pages: doc.pageCount, size: formatFileSize(doc.byteSize) })}</>;
}

/**
 * The download control of a document: a plain link (works without JavaScript) to the
 * download, which answers with the file, a sign-in that brings the reader back, or the
 * plans that include it.
 */
export function DownloadLink({
  doc,
  className,
  variant = "default",
  label,
}: {
  doc: LibraryDocument;
  className?: string;
  variant?: "default" | "outline";
  /** The button's words, when a page names it (SPEC.md: "Download Report"). */
  label?: string;
}) {
  const t = useT();
  const Icon = doc.access === "granted" ? Download : Lock;
  const words = label ?? downloadLabel(doc.access, t);
  // Under the page's language: the sign-in or the plans it may lead to stay in it.
  const href = useHref(documentDownloadPath(doc.id));
  return (
    <a
      href={href}
      className={cn(buttonVariants({ variant: doc.access === "granted" ? variant : "outline" }), className)}
      aria-label={t("portal.document.downloadLabel", { label: words, title: doc.title })}
      data-access={doc.access}
    >
      <Icon aria-hidden="true" /> {words}
    </a>
  );
}

/** One document of a list: what it is, for whom, and the way to it. */
export function DocumentCard({ doc, timeZone, headingLevel = 3, label }: { doc: LibraryDocument; timeZone: string; headingLevel?: 2 | 3; label?: string }) {
  const t = useT();
  const locale = useLocale();
  const formatDay = useFormatDay(timeZone);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <Card className="h-full gap-4" data-testid="document-card">
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="outline">{t(DOCUMENT_KIND_KEYS[doc.kind])}</Badge>
          {doc.audience !== "public" ? <Badge variant="secondary">{t(DOCUMENT_AUDIENCE_KEYS[doc.audience])}</Badge> : null}
          {doc.isConfidential ? (
            <Badge variant="outline" className="border-accent text-accent-strong">
              <Lock className="size-3" aria-hidden="true" /> {t("portal.document.confidentialBadge")}
            </Badge>
          ) : null}
        </div>
        <CardTitle className="font-serif text-lg leading-snug">
          <Heading>
            <Link to={documentPath(doc.id)} className="hover:underline" {...typedTextProps(doc.title, locale)}>
              {doc.title}
            </Link>
          </Heading>
        </CardTitle>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            <FileText className="size-3.5" aria-hidden="true" /> <DocumentFacts doc={doc} />
          </span>
          {doc.publishedAt ? <span>{t("portal.document.published", { date: formatDay(doc.publishedAt) })}</span> : null}
        </p>
      </CardHeader>
      <CardContent className="flex-1 space-y-2">
        <p className="line-clamp-4 text-sm leading-relaxed text-foreground/85" {...typedTextProps(doc.summary, locale)}>
          {doc.summary}
        </p>
        {doc.opportunity ? (
          <p className="text-sm">
            <RichText
              message={t("portal.document.forOpportunity", standIns("opportunity"))}
              elements={{
                opportunity: (
                  <Link
                    to={opportunityPath(doc.opportunity.slug)}
                    className="font-medium text-primary underline-offset-4 hover:underline"
                    {...typedTextProps(doc.opportunity.title, locale)}
                  >
                    {doc.opportunity.title}
                  </Link>
                ),
              }}
            />
          </p>
        ) : null}
      </CardContent>
      <CardFooter className="flex-col items-stretch gap-2">
        <DownloadLink doc={doc} label={label} />
        {doc.access !== "granted" ? <p className="text-center text-xs text-muted-foreground">{audienceNote(doc, t)}</p> : null}
      </CardFooter>
    </Card>
  );
}

/** A grid of documents, or a note when there are none. */
export function DocumentGrid({ documents, timeZone, empty, label }: { documents: LibraryDocument[]; timeZone: string; empty: string; label?: string }) {
  if (documents.length === 0) return <p className="rounded-xl border border-dashed bg-card p-8 text-center text-muted-foreground">{empty}</p>;
  return (
    <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {documents.map((doc) => (
        <li key={doc.id} className="flex">
          <DocumentCard doc={doc} timeZone={timeZone} label={label} />
        </li>
      ))}
    </ul>
  );
}
