import { ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/components/ui/cn";
import { NOTIFICATION_KIND_NAMES, type DeliveryStatus, type NotificationKind } from "~/domain/notifications";
import { type MessageKey, type Translate } from "~/i18n/i18n";
import { Check, CheckCheck } from "lucide-react";

/*
 * What the sections of /admin/notifications share (issue 39): a table drawn as the admin's
 * other lists draw theirs (app/components/admin/admin-table.tsx: a table on wider screens,
 * a card per row on a phone, scrolling inside its own box), the names of kinds and
 * statuses, and the status badge.
 */

export interface NotificationColumn<Row> {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /**
   * Where the cell is on a phone's card: `title` (first line), `aside` (beside it),
   * `detail` (a line of its own under them, named by its header); any other column shows
   * on wider screens only.
   */
  phone?: "title" | "aside" | "detail";
  className?: string;
}

const PHONE_PLACE = {
  title: "max-md:col-start-1 max-md:row-start-1 max-md:min-w-0",
  aside: "max-md:col-start-2 max-md:row-start-1 max-md:justify-self-end",
  detail: "max-md:col-span-2 max-md:min-w-0",
  none: "max-md:hidden",
} as const;

/** One section's rows: a table from md up, a card per row below it. */
export function NotificationTable<Row>({ label, rows, rowId, columns, testId }: { label: string; rows: Row[]; rowId: (row: Row) => string; columns: NotificationColumn<Row>[]; testId?: string }) {
  return (
    // A table wider than the screen scrolls inside its own box, which takes the keyboard's focus so the arrow keys scroll it.
    <div role="region" aria-label={label} tabIndex={0} className="relative rounded-sm focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:outline-none md:overflow-x-auto">
      <table aria-label={label} className="w-full border-separate border-spacing-0 text-sm max-md:block">
        <thead className="max-md:sr-only">
          <tr>
            {columns.map((column) => (
              <th key={column.id} scope="col" className={cn("border-b px-2 py-2 text-start font-medium whitespace-nowrap text-muted-foreground", column.className)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-md:block max-md:space-y-2">
          {rows.map((row) => (
            <tr
              key={rowId(row)}
              data-testid={testId}
              className="align-top hover:bg-muted/40 max-md:grid max-md:grid-cols-[minmax(0,1fr)_auto] max-md:items-start max-md:gap-x-3 max-md:gap-y-2 max-md:rounded-lg max-md:border max-md:bg-card max-md:p-3"
            >
              {columns.map((column) => (
                <td key={column.id} className={cn("border-b px-2 py-3 max-md:border-0 max-md:p-0", PHONE_PLACE[column.phone ?? "none"], column.className)}>
                  {column.phone === "detail" ? <span className="block text-xs text-muted-foreground md:hidden">{column.header}</span> : null}
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const KIND_KEYS: Record<NotificationKind, MessageKey> = {
  "booking-confirmed": "admin.notifications.kind.bookingConfirmed",
  "booking-moved": "admin.notifications.kind.bookingMoved",
  "booking-cancelled": "admin.notifications.kind.bookingCancelled",
  "booking-reminder-24h": "admin.notifications.kind.bookingReminder24h",
  "booking-reminder-1h": "admin.notifications.kind.bookingReminder1h",
  "document-published": "admin.notifications.kind.documentPublished",
  "interest-status": "admin.notifications.kind.interestStatus",
  "signature-requested": "admin.notifications.kind.signatureRequested",
  "instalment-call": "admin.notifications.kind.instalmentCall",
  "instalment-reminder": "admin.notifications.kind.instalmentReminder",
  "receipt-issued": "admin.notifications.kind.receiptIssued",
  "progress-update": "admin.notifications.kind.progressUpdate",
  "opportunity-alert": "admin.notifications.kind.opportunityAlert",
  "security-notice": "admin.notifications.kind.securityNotice",
  "escrow-change-held": "admin.notifications.kind.escrowChangeHeld",
  "escrow-change-stopped": "admin.notifications.kind.escrowChangeStopped",
};

/** A notification's kind by name; anything else (an e-mail's own kind, "booking-receipt") as it is written. */
export function kindLabel(t: Translate, kind: string): string {
  return (NOTIFICATION_KIND_NAMES as string[]).includes(kind) ? t(KIND_KEYS[kind as NotificationKind]) : kind;
}

export const STATUS_KEYS: Record<DeliveryStatus, MessageKey> = {
  queued: "admin.notifications.status.queued",
  sending: "admin.notifications.status.sending",
  sent: "admin.notifications.status.sent",
  delivered: "admin.notifications.status.delivered",
  read: "admin.notifications.status.read",
  failed: "admin.notifications.status.failed",
  "given-up": "admin.notifications.status.givenUp",
  withdrawn: "admin.notifications.status.withdrawn",
};

const STATUS_VARIANT = {
  queued: "secondary",
  sending: "secondary",
  sent: "outline",
  delivered: "info",
  read: "success",
  failed: "destructive",
  "given-up": "destructive",
  withdrawn: "warning",
} as const satisfies Record<DeliveryStatus, "secondary" | "outline" | "info" | "success" | "destructive" | "warning">;

/** A message's status: delivered with one tick, read with two, each its own colour, and always its name. */
export function DeliveryStatusBadge({ t, status }: { t: Translate; status: DeliveryStatus }) {
  return (
    <Badge variant={STATUS_VARIANT[status]} data-status={status}>
      {status === "delivered" ? <Check aria-hidden="true" /> : status === "read" ? <CheckCheck aria-hidden="true" /> : null}
      {t(STATUS_KEYS[status])}
    </Badge>
  );
}

/** An empty list's line, or the failed read's. */
export function EmptyLine({ children }: { children: ReactNode }) {
  return <p className="rounded-xl border border-dashed bg-card p-8 text-center text-muted-foreground">{children}</p>;
}

/**
 * The page links of a list paged only onward (`?before=`, no page numbers or total, unlike
 * list-controls' ListPager over a counted ListPage): back to its newest page (or, filtered,
 * to every row) and on to the older page. Each link is a query string that keeps the page's
 * other lists where they are.
 */
export function OnwardPager({ label, back, older }: { label: string; back: { to: string; label: string } | null; older: { to: string; label: string } | null }) {
  if (!back && !older) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3 text-sm">
      {back ? (
        <Link to={back.to} preventScrollReset className="font-medium text-primary underline-offset-4 hover:underline">
          {back.label}
        </Link>
      ) : (
        <span />
      )}
      {older ? (
        <Link to={older.to} rel="next" preventScrollReset className="inline-flex items-center gap-1 font-medium hover:underline">
          {older.label} <ChevronRight className="size-4 rtl:-scale-x-100" aria-hidden="true" />
        </Link>
      ) : null}
    </nav>
  );
}
