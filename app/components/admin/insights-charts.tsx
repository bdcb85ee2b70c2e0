import { useId, type ReactNode } from "react";
import { ArrowDown, ArrowUp, Minus } from "lucide-react";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { useLocale, useT } from "~/i18n/i18n";
import { typedTextProps } from "~/i18n/locales";

/**
 * The insights page's charts (issue 19), drawn by Recharts (decision 027): only the admin's
 * insights route imports this module, so no other page loads the library. Each chart is a
 * picture of the table printed with it: the chart is hidden from assistive technology
 * (the table says the same), and its series differ by fill pattern as well as colour, so
 * it reads in grey, printed, or by a reader who does not tell the colours apart.
 */

/** A series: its key in the rows, its name in the legend, and how its bars are filled. */
export interface Series {
  key: string;
  label: string;
  pattern: PatternName;
}

type PatternName = "solid" | "stripes" | "dots" | "cross" | "grid";

/** Colour and pattern go together: the order is the series' order in every chart. */
const PATTERNS: Record<PatternName, { color: string }> = {
  solid: { color: "oklch(0.3 0.07 255)" },
  stripes: { color: "oklch(0.52 0.1 75)" },
  dots: { color: "oklch(0.45 0.12 160)" },
  cross: { color: "oklch(0.5 0.16 25)" },
  grid: { color: "oklch(0.45 0.03 255)" },
};

export const PATTERN_ORDER: readonly PatternName[] = ["solid", "stripes", "dots", "cross", "grid"];

function PatternDefs({ prefix }: { prefix: string }) {
  return (
    <defs>
      {PATTERN_ORDER.map((name) => {
        const { color } = PATTERNS[name];
        return (
          <pattern key={name} id={`${prefix}-${name}`} width="8" height="8" patternUnits="userSpaceOnUse">
            <rect width="8" height="8" fill={name === "solid" ? color : "white"} />
            {name === "stripes" ? <path d="M-2,2 l4,-4 M0,8 l8,-8 M6,10 l4,-4" stroke={color} strokeWidth="2.5" /> : null}
            {name === "dots" ? <circle cx="4" cy="4" r="2.2" fill={color} /> : null}
            {name === "cross" ? <path d="M0,0 l8,8 M8,0 l-8,8" stroke={color} strokeWidth="2" /> : null}
            {name === "grid" ? <path d="M4,0 v8 M0,4 h8" stroke={color} strokeWidth="2" /> : null}
          </pattern>
        );
      })}
    </defs>
  );
}

/**
 * Bars by category (weeks, weekdays, hours, plans, opportunities): stacked when `stacked`,
 * side by side otherwise. In a right-to-left page the first category is on the right and
 * the value axis on the right, as the page reads.
 */
export function BarsChart({
  rows,
  categoryKey,
  series,
  rtl,
  stacked = false,
  height = 260,
  typedCategories = false,
}: {
  rows: readonly Record<string, string | number>[];
  categoryKey: string;
  series: readonly Series[];
  rtl: boolean;
  stacked?: boolean;
  height?: number;
  /** The categories are names the firm typed (plans, opportunities): marked as such on a right-to-left page. */
  typedCategories?: boolean;
}) {
  const prefix = `pattern${useId().replace(/[^a-zA-Z0-9]/g, "")}`;
  return (
    // Hidden from assistive technology: the table beside it has the same numbers.
    <div aria-hidden="true" className="w-full" data-testid="insights-chart">
      <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 640, height }}>
        <BarChart data={rows as Record<string, string | number>[]} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <PatternDefs prefix={prefix} />
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          {/* Every category named when there are few (days, hours, plans); weeks thin out to fit. */}
          <XAxis dataKey={categoryKey} reversed={rtl} tick={typedCategories ? <TypedTick /> : { fontSize: 12 }} interval={rows.length <= 8 ? 0 : "preserveStartEnd"} minTickGap={8} />
          <YAxis allowDecimals={false} orientation={rtl ? "right" : "left"} width={44} tick={{ fontSize: 12 }} />
          <Tooltip cursor={{ fillOpacity: 0.15 }} />
          {series.map((s) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.label}
              stackId={stacked ? "stack" : undefined}
              fill={`url(#${prefix}-${s.pattern})`}
              stroke={PATTERNS[s.pattern].color}
              strokeWidth={1}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
      {/* Our own legend rather than Recharts': in the series' order, and with no English labels of the library's own. */}
      {series.length > 1 ? (
        <ul className="mt-2 flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
          {series.map((s) => (
            <li key={s.key} className="flex items-center gap-1.5">
              <svg width="14" height="14" className="shrink-0">
                <rect x="0.5" y="0.5" width="13" height="13" fill={`url(#${prefix}-${s.pattern})`} stroke={PATTERNS[s.pattern].color} />
              </svg>
              {s.label}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** An axis label that is a name the firm typed (its English on an Arabic page is marked English). */
function TypedTick({ x, y, payload, fill }: { x?: number; y?: number; payload?: { value: string | number }; fill?: string }) {
  const locale = useLocale();
  const text = String(payload?.value ?? "");
  const { lang } = typedTextProps(text, locale);
  return (
    <text x={x} y={y} dy={14} textAnchor="middle" fontSize={12} fill={fill ?? "#666"} lang={lang}>
      {text}
    </text>
  );
}

/** One of the page's sections: its title, what it counts, and its content, or `empty`'s words when there is nothing to show. */
export function InsightPanel({ id, title, description, empty, children }: { id: string; title: string; description: string; empty?: string | null; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3 rounded-xl border bg-card p-5 shadow-sm" data-testid={`insights-${id}`}>
      <div>
        <h2 id={`${id}-title`} className="font-serif text-xl font-semibold">
          {title}
        </h2>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {empty ? <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">{empty}</p> : children}
    </section>
  );
}

/** A section with a chart and the same numbers as a table (open on request). */
export function ChartFigure({ chart, table, ...panel }: { id: string; title: string; description: string; chart: ReactNode; table: ReactNode; empty?: string | null }) {
  const t = useT();
  return (
    <InsightPanel {...panel}>
      {chart}
      <details className="group text-sm">
        <summary className="cursor-pointer rounded-md py-1 font-medium text-primary hover:underline focus-visible:outline-2 focus-visible:outline-offset-2">
          {t("admin.insights.showNumbers")}
        </summary>
        <div className="mt-2 overflow-x-auto">{table}</div>
      </details>
    </InsightPanel>
  );
}

/** Headline figures, a term and its value each: as cards of their own, or inset in a section. */
/** How a headline figure moved against the period before: the arrow, the change in words, and which period that was. */
export interface FigureChange {
  direction: "up" | "down" | "same";
  text: string;
  detail: string;
}

export function Figures({
  items,
  variant,
  ...props
}: {
  items: readonly { label: string; value: string; change?: FigureChange }[];
  variant: "cards" | "inset";
  "aria-label"?: string;
  "data-testid"?: string;
}) {
  const cards = variant === "cards";
  return (
    <dl className={cards ? "grid grid-cols-2 gap-4 lg:grid-cols-4" : "grid grid-cols-3 gap-3"} {...props}>
      {items.map((item) => (
        <div key={item.label} className={cards ? "rounded-xl border bg-card p-5 shadow-sm" : "rounded-lg bg-muted/60 p-4"}>
          <dt className="text-sm text-muted-foreground">{item.label}</dt>
          <dd className={cards ? "mt-1 font-serif text-3xl font-semibold tabular-nums text-primary" : "mt-1 font-serif text-2xl font-semibold tabular-nums"}>{item.value}</dd>
          {item.change ? (
            // The arrow and the words carry the direction; the colour only repeats it.
            <dd className="mt-2 text-xs text-muted-foreground" data-testid="figure-change">
              <span className="inline-flex items-center gap-1 font-medium text-foreground">
                {item.change.direction === "up" ? <ArrowUp className="size-3.5" aria-hidden="true" /> : item.change.direction === "down" ? <ArrowDown className="size-3.5" aria-hidden="true" /> : <Minus className="size-3.5" aria-hidden="true" />}
                {item.change.text}
              </span>{" "}
              {item.change.detail}
            </dd>
          ) : null}
        </div>
      ))}
    </dl>
  );
}

/** A plain table of the chart's numbers: a header row, then one row per category. */
export function NumbersTable({ caption, head, rows }: { caption: string; head: readonly string[]; rows: readonly (readonly ReactNode[])[] }) {
  return (
    <table className="w-full min-w-max border-collapse text-start text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b">
          {head.map((h, i) => (
            <th key={h} scope="col" className={i === 0 ? "py-1.5 pe-4 text-start font-medium" : "px-3 py-1.5 text-end font-medium tabular-nums"}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((cells, r) => (
          <tr key={r} className="border-b last:border-0">
            {cells.map((cell, i) =>
              i === 0 ? (
                <th key={i} scope="row" className="py-1.5 pe-4 text-start font-normal">
                  {cell}
                </th>
              ) : (
                <td key={i} className="px-3 py-1.5 text-end tabular-nums">
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
