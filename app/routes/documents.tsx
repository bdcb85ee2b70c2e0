import { Link } from "react-router";
import { DocumentGrid } from "~/components/documents/document-card";
import { StaticPage, StaticSection } from "~/components/site/static-page";
import { brand } from "~/domain/brand";
import type { DocumentKind } from "~/domain/documents";
import { entitlementLines } from "~/domain/entitlements";
import { routeMeta } from "~/domain/seo";
import { settle } from "~/server/http/answer.server";
import { actorFor } from "~/server/security/session.server";
import { listLibrary } from "~/server/services/documents.server";
import { entitlementsOf } from "~/server/services/entitlements.server";
import type { Route } from "./+types/documents";

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
  return routeMeta(args, {
    title: `Document Library | ${brand.name}`,
    description: "Investor packs, market reports, due-diligence packs and legal documents from the Tigris Advisory research and legal teams.",
    path: "/documents",
  });
}

const SECTIONS: Array<{ kind: DocumentKind; title: string; empty: string }> = [
  { kind: "investor_pack", title: "Investor packs", empty: "No investor pack is published at the moment." },
  { kind: "market_report", title: "Market reports", empty: "No market report is published at the moment." },
  { kind: "due_diligence_pack", title: "Due-diligence packs", empty: "No due-diligence pack is published at the moment." },
  { kind: "legal_document", title: "Legal documents", empty: "No legal document is published at the moment." },
];

export default function Documents({ loaderData }: Route.ComponentProps) {
  const { documents, failed, entitlements, timeZone } = loaderData;
  const linkClass = "font-medium text-primary underline underline-offset-4";
  return (
    <StaticPage
      eyebrow="Investor portal"
      title="Document Library"
      lead="Our investor packs, market research, due-diligence packs and legal documents in one place. Every reader's copy of a members' document carries their name on each page."
      cta={false}
    >
      <section aria-labelledby="membership-heading" className="rounded-xl border bg-card p-6">
        <h2 id="membership-heading" className="font-serif text-xl font-semibold text-primary">
          {entitlements.planName ? `Your ${entitlements.planName} plan` : entitlements.signedIn ? "Your account" : "Members' documents"}
        </h2>
        {entitlements.signedIn ? (
          <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-foreground/85">
            {entitlementLines(entitlements).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-sm text-foreground/85">
            Anyone may read what is open to everyone.{" "}
            <Link to="/auth?redirectTo=%2Fdocuments" className={linkClass}>
              Sign in
            </Link>{" "}
            for documents for registered investors, or{" "}
            <Link to="/pricing" className={linkClass}>
              compare plans
            </Link>{" "}
            for market reports and due-diligence packs.
          </p>
        )}
      </section>
      {failed ? (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-4 text-sm">
          The library could not be loaded. Please try again in a few minutes.
        </p>
      ) : (
        SECTIONS.map((section) => (
          <StaticSection key={section.kind} title={section.title}>
            <DocumentGrid documents={documents.filter((d) => d.kind === section.kind)} timeZone={timeZone} empty={section.empty} />
          </StaticSection>
        ))
      )}
    </StaticPage>
  );
}
