import { Download, FileText, Lock } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { formatBookedDate } from "~/domain/booking-labels";
import {
  DOCUMENT_AUDIENCE_LABELS,
  DOCUMENT_KIND_LABELS,
  documentDownloadPath,
  documentPath,
  formatFileSize,
  type LibraryDocument,
} from "~/domain/documents";
import { listPlans, plansIncluding } from "~/domain/entitlements";

/** What the document's button says to this reader; its link is always the download (the server decides). */
export function downloadLabel(access: LibraryDocument["access"]): string {
  if (access === "sign-in") return "Sign in to download";
  if (access === "upgrade") return "See plans to download";
  return "Download PDF";
}

/** Who may read a document, in words: "Investor and Elite plans". */
export function audienceNote(doc: Pick<LibraryDocument, "audience">): string {
  if (doc.audience === "public") return "Open to everyone";
  if (doc.audience === "signed_in") return "For registered investors";
  return `Included in the ${listPlans(plansIncluding(doc.audience))} plan${plansIncluding(doc.audience).length > 1 ? "s" : ""}`;
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
  label = downloadLabel(doc.access),
}: {
  doc: LibraryDocument;
  className?: string;
  variant?: "default" | "outline";
  /** The button's words, when a page names it (SPEC.md: "Download Report"). */
  label?: string;
}) {
  const Icon = doc.access === "granted" ? Download : Lock;
  return (
    <a
      href={documentDownloadPath(doc.id)}
      className={cn(buttonVariants({ variant: doc.access === "granted" ? variant : "outline" }), className)}
      aria-label={`${label}: ${doc.title}`}
      data-access={doc.access}
    >
      <Icon aria-hidden="true" /> {label}
    </a>
  );
}

/** One document of a list: what it is, for whom, and the way to it. */
export function DocumentCard({ doc, timeZone, headingLevel = 3, label }: { doc: LibraryDocument; timeZone: string; headingLevel?: 2 | 3; label?: string }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <Card className="h-full gap-4" data-testid="document-card">
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="outline">{DOCUMENT_KIND_LABELS[doc.kind]}</Badge>
          {doc.audience !== "public" ? <Badge variant="secondary">{DOCUMENT_AUDIENCE_LABELS[doc.audience]}</Badge> : null}
        </div>
        <CardTitle className="font-serif text-lg leading-snug">
          <Heading>
            <Link to={documentPath(doc.id)} className="hover:underline">
              {doc.title}
            </Link>
          </Heading>
        </CardTitle>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            <FileText className="size-3.5" aria-hidden="true" /> PDF, {doc.pageCount} {doc.pageCount === 1 ? "page" : "pages"}, {formatFileSize(doc.byteSize)}
          </span>
          {doc.publishedAt ? <span>Published {formatBookedDate(doc.publishedAt, timeZone)}</span> : null}
        </p>
      </CardHeader>
      <CardContent className="flex-1 space-y-2">
        <p className="line-clamp-4 text-sm leading-relaxed text-foreground/85">{doc.summary}</p>
        {doc.opportunity ? (
          <p className="text-sm">
            For{" "}
            <Link to={`/opportunities/${doc.opportunity.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
              {doc.opportunity.title}
            </Link>
          </p>
        ) : null}
      </CardContent>
      <CardFooter className="flex-col items-stretch gap-2">
        <DownloadLink doc={doc} label={label} />
        {doc.access !== "granted" ? <p className="text-center text-xs text-muted-foreground">{audienceNote(doc)}</p> : null}
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
