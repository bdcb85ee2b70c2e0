import { Download } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";

/**
 * The CSV download of a tab's current filter or search. A plain link, so the download
 * works before (and without) JavaScript; empty parameters are left out.
 */
export function ExportLink({
  kind,
  params,
  label = `Export ${kind} as CSV`,
}: {
  kind: "bookings" | "messages" | "interests" | "subscribers";
  params: Record<string, string | undefined>;
  label?: string;
}) {
  const query = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => Boolean(entry[1]))).toString();
  return (
    <a href={`/admin/export/${kind}.csv${query ? `?${query}` : ""}`} download className={buttonVariants({ variant: "outline" })}>
      <Download aria-hidden="true" /> {label}
    </a>
  );
}
