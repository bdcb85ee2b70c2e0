import type { ReactNode } from "react";
import { cn } from "./cn";

/**
 * One figure of a card's description list (`<dl>`): its name above, its value below. A
 * value that is data written left to right (an amount, an address, a reference) says so
 * with `ltr`; `strong` marks the figure the card is about.
 */
export function Fact({ term, value, ltr, strong }: { term: string; value: ReactNode; ltr?: boolean; strong?: boolean }) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className={cn("[overflow-wrap:anywhere]", strong ? "font-semibold text-primary" : "font-medium")} dir={ltr ? "ltr" : "auto"}>
        {value}
      </dd>
    </div>
  );
}
