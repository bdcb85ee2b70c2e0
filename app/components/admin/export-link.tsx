import { Download } from "lucide-react";
import { useHref } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { viewParams } from "~/domain/list-page";
import { type MessageKey, useT } from "~/i18n/i18n";

const LABELS = {
  bookings: "admin.export.bookings",
  messages: "admin.export.messages",
  interests: "admin.export.interests",
  subscribers: "admin.export.subscribers",
} as const satisfies Record<string, MessageKey>;

/**
 * The CSV download of a tab's current filter or search. A plain link, so the download
 * works before (and without) JavaScript; empty parameters are left out. Not a `download`
 * link: the file comes as an attachment (the page stays), and an admin whose second factor
 * is stale is sent to the step-up page first (decision 058), a page a `download` link would save. Under the page's
 * language, whose words the file's headings and values are written in.
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
  const query = viewParams(params).toString();
  const href = useHref(`/admin/export/${kind}.csv`);
  return (
    <a href={`${href}${query ? `?${query}` : ""}`} className={buttonVariants({ variant: "outline" })}>
      <Download aria-hidden="true" /> {label ?? t(LABELS[kind])}
    </a>
  );
}
