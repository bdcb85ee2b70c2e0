import { Download } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import { type MessageKey, useT } from "~/i18n/i18n";

const LABELS = {
  bookings: "admin.export.bookings",
  messages: "admin.export.messages",
  interests: "admin.export.interests",
  subscribers: "admin.export.subscribers",
} as const satisfies Record<string, MessageKey>;

/**
 * The CSV download of a tab's current filter or search. A plain link, so the download
 * works before (and without) JavaScript; empty parameters are left out.
 */
export function ExportLink({
  kind,
  params,
  label,
}: {
  kind: "bookings" | "messages" | "interests" | "subscribers";
  params: Record<string, string | undefined>;
  label?: string;
}) {
  const t = useT();
  const query = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => Boolean(entry[1]))).toString();
  return (
    <a href={`/admin/export/${kind}.csv${query ? `?${query}` : ""}`} download className={buttonVariants({ variant: "outline" })}>
      <Download aria-hidden="true" /> {label ?? t(LABELS[kind])}
    </a>
  );
}
