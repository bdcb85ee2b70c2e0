import { Link } from "react-router";
import { RISK_DISCLOSURE_PATH } from "~/domain/site-map";
import { useT } from "~/i18n/i18n";

/**
 * Issue 33: next to every projected return, "capital at risk; projections are targets,
 * not promises", leading to the risk disclosure (in the page's language: the router's
 * basename puts the link under it). One element and no icon: the home page's first load is
 * held to its budget (DESIGN.md). `tone` is its colour class (on the dark hero, a light one).
 */
export function ReturnsCaveat({ tone = "text-muted-foreground" }: { tone?: string }) {
  const t = useT();
  return (
    <Link to={RISK_DISCLOSURE_PATH} className={`mt-1 block text-xs font-normal underline ${tone}`}>
      {t("returns.caveat")}
    </Link>
  );
}
