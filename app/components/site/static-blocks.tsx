import { parse } from "date-fns";
import { ArrowRight, CalendarDays, ShieldCheck, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { StaticSection } from "~/components/site/static-page";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { LEGAL_LAST_UPDATED } from "~/domain/constants";
import { useT } from "~/i18n/i18n";

/**
 * Content blocks that recur across the static pages (markets, services, resources, legal).
 * The lists and grids go inside a StaticSection, whose h2 heads them, so their item headings are h3.
 * Their props are the page's words, already translated; their own words come from the catalogues.
 */

/** An icon, a title and a short text: one item of the lists and grids below. */
export type IconItem = { icon: LucideIcon; title: string; text: string };

/** A two-column grid of plain cards, each with a primary-coloured icon, an h3 and a paragraph (market pages). */
export function IconCardGrid({ items }: { items: readonly IconItem[] }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {items.map((item) => (
        <Card key={item.title}>
          <CardHeader>
            <item.icon className="size-6 text-primary" aria-hidden="true" />
            <h3 className="font-serif text-lg font-semibold">{item.title}</h3>
          </CardHeader>
          <CardContent>
            <p className="text-sm text-muted-foreground">{item.text}</p>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

/** A card of FeatureCardGrid: a text, or a bulleted list of points. */
export type FeatureItem = { icon: LucideIcon; title: string } & ({ text: string } | { points: readonly string[] });

/** A two-column list of equal-height cards with an accent icon, an h3 and a text or bullet list (service pages). */
export function FeatureCardGrid({ items }: { items: readonly FeatureItem[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {items.map((item) => (
        <li key={item.title}>
          <Card className="h-full gap-3">
            <CardHeader>
              <item.icon className="size-6 text-accent" aria-hidden="true" />
              <h3 className="font-serif text-lg font-semibold text-primary">{item.title}</h3>
            </CardHeader>
            {"points" in item ? (
              <CardContent>
                <ul className="list-disc space-y-1.5 ps-5 text-sm text-muted-foreground">
                  {item.points.map((point) => (
                    <li key={point}>{point}</li>
                  ))}
                </ul>
              </CardContent>
            ) : (
              <CardContent className="text-sm text-muted-foreground">{item.text}</CardContent>
            )}
          </Card>
        </li>
      ))}
    </ul>
  );
}

/**
 * One card of a resources-page grid, as a list item: an accent icon, an h3 card title, a paragraph and,
 * optionally, a footer (a link or button); with a footer the text stretches so footers line up.
 */
export function ResourceCard({
  icon: Icon,
  title,
  children,
  footer,
  gap = "gap-4",
}: {
  icon: LucideIcon;
  title: string;
  /** The paragraph's content. */
  children: ReactNode;
  footer?: ReactNode;
  /** Space between the card's parts. */
  gap?: "gap-3" | "gap-4";
}) {
  return (
    <li className="flex">
      <Card className={`w-full ${gap}`}>
        <CardHeader>
          <Icon className="size-6 text-accent" aria-hidden="true" />
          <CardTitle>
            <h3>{title}</h3>
          </CardTitle>
        </CardHeader>
        <CardContent className={footer === undefined ? undefined : "flex-1"}>
          <p className="text-sm leading-relaxed text-foreground/85">{children}</p>
        </CardContent>
        {footer !== undefined && <CardFooter>{footer}</CardFooter>}
      </Card>
    </li>
  );
}

/** An icon beside a paragraph, in the brand's primary or accent colour. */
export function IconParagraph({
  icon: Icon,
  tone = "primary",
  children,
}: {
  icon: LucideIcon;
  tone?: "primary" | "accent";
  /** The paragraph's content. */
  children: ReactNode;
}) {
  return (
    <div className="flex gap-3">
      <Icon
        className={`mt-1 size-5 shrink-0 ${tone === "accent" ? "text-accent" : "text-primary"}`}
        aria-hidden="true"
      />
      <p>{children}</p>
    </div>
  );
}

/** A list of points, each with an icon beside an h3 and a paragraph (by default the shield of the risk lists). */
export function IconList({
  items,
  icon: Icon = ShieldCheck,
}: {
  items: readonly Omit<IconItem, "icon">[];
  icon?: LucideIcon;
}) {
  return (
    <ul className="space-y-4">
      {items.map((item) => (
        <li key={item.title} className="flex gap-3">
          <Icon className="mt-1 size-5 shrink-0 text-primary" aria-hidden="true" />
          <div>
            <h3 className="font-semibold text-foreground">{item.title}</h3>
            <p>{item.text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** A closing section: a paragraph, then an outline button linking to another page. */
export function LinkSection({
  title,
  to,
  label,
  icon: Icon,
  children,
}: {
  title: string;
  to: string;
  /** The button's text, followed by an arrow. */
  label: string;
  /** An icon before the button's text. */
  icon?: LucideIcon;
  /** The paragraph's content. */
  children: ReactNode;
}) {
  return (
    <StaticSection title={title}>
      <p>{children}</p>
      <Button asChild variant="outline">
        <Link to={to}>
          {Icon && <Icon aria-hidden="true" />}
          {Icon ? ` ${label} ` : `${label} `}
          <ArrowRight className="rtl:-scale-x-100" aria-hidden="true" />
        </Link>
      </Button>
    </StaticSection>
  );
}

/** The "Current opportunities" section closing each market page, linking to /opportunities. */
export function CurrentOpportunities({ icon, children }: { icon?: LucideIcon; children: ReactNode }) {
  const t = useT();
  return (
    <LinkSection
      title={t("markets.currentOpportunities.title")}
      to="/opportunities"
      label={t("markets.currentOpportunities.view")}
      icon={icon}
    >
      {children}
    </LinkSection>
  );
}

/** The class of text links on the legal pages. */
export const legalLinkClass = "font-medium text-primary underline underline-offset-4 hover:decoration-accent";

/**
 * The opening of a legal page: the "Last updated" badge and an introductory paragraph. Its words,
 * the month's name too, are in the "services" catalogue, which a route that shows it names in its handle.
 */
export function LegalIntro({ children }: { children: ReactNode }) {
  const t = useT();
  const updated = parse(LEGAL_LAST_UPDATED, "MMMM yyyy", new Date(2000, 0, 1));
  const date = t("legalIntro.month", { month: updated.getMonth() + 1, year: String(updated.getFullYear()) });
  return (
    <div className="space-y-4">
      <p className="inline-flex items-center gap-2 rounded-full border bg-card px-4 py-1.5 text-sm font-semibold text-primary">
        <CalendarDays className="size-4 text-accent" aria-hidden="true" />
        {t("legalIntro.lastUpdated", { date })}
      </p>
      <p className="leading-relaxed text-foreground/85">{children}</p>
    </div>
  );
}
