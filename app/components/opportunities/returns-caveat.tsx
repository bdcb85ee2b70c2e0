import { ShieldAlert } from "lucide-react";
import { Link } from "react-router";
import { cn } from "~/components/ui/cn";
import { RISK_DISCLOSURE_PATH } from "~/domain/site-map";
import { useT } from "~/i18n/i18n";

/**
 * Issue 33: next to every projected return, "capital at risk; projections are targets,
 * not promises", leading to the risk disclosure (in the page's language: the router's
 * basename puts the link under it).
 */
export function ReturnsCaveat({ className }: { className?: string }) {
  const t = useT();
  return (
    <p className={cn("mt-1 flex items-start gap-1 text-xs font-normal leading-snug text-muted-foreground", className)} data-testid="returns-caveat">
      <ShieldAlert className="mt-px size-3.5 shrink-0" aria-hidden="true" />
      <Link to={RISK_DISCLOSURE_PATH} className="underline decoration-muted-foreground/50 underline-offset-2 hover:text-primary hover:decoration-primary">
        {t("returns.caveat")}
      </Link>
    </p>
  );
}
