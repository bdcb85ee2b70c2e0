import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { useT } from "~/i18n/i18n";

/**
 * The frame every static page shares: a navy hero with eyebrow, h1 and lead paragraph,
 * then the page's own sections, then a call to book a consultation. The page passes its own
 * words already translated; the closing call's words are in the "services" catalogue, which
 * every route that shows it must name in its handle.
 */
export function StaticPage({
  eyebrow,
  title,
  lead,
  children,
  cta = true,
}: {
  eyebrow: string;
  title: string;
  lead: string;
  children: ReactNode;
  /** Show the closing "Speak to an adviser" band (default true). */
  cta?: boolean;
}) {
  const t = useT();
  return (
    <>
      <section className="bg-primary px-4 py-14 text-primary-foreground sm:px-6 sm:py-20">
        <div className="mx-auto max-w-4xl">
          <p className="text-sm font-semibold uppercase tracking-widest text-accent">{eyebrow}</p>
          <h1 className="mt-3 font-serif text-4xl font-semibold leading-tight sm:text-5xl">{title}</h1>
          <p className="mt-5 max-w-3xl text-lg text-primary-foreground/85">{lead}</p>
        </div>
      </section>
      <div className="mx-auto max-w-4xl space-y-12 px-4 py-12 sm:px-6 sm:py-16">{children}</div>
      {cta && (
        <section className="border-t bg-muted/50 px-4 py-12 sm:px-6" aria-labelledby="static-cta">
          <div className="mx-auto flex max-w-4xl flex-col items-start gap-4 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <h2 id="static-cta" className="font-serif text-2xl font-semibold text-primary">
                {t("staticPage.ctaTitle")}
              </h2>
              <p className="mt-1 text-muted-foreground">{t("staticPage.ctaText")}</p>
            </div>
            <Button asChild size="lg">
              <Link to="/#contact">{t("staticPage.ctaBook")}</Link>
            </Button>
          </div>
        </section>
      )}
    </>
  );
}

/** One titled section of a static page. */
export function StaticSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-4">
      <h2 className="font-serif text-2xl font-semibold text-primary">{title}</h2>
      <div className="space-y-4 leading-relaxed text-foreground/85">{children}</div>
    </section>
  );
}
