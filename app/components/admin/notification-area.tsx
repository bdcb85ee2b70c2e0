import { useEffect } from "react";
import { toast } from "~/components/ui/toaster";
import {
  notificationsPageLink as pageLink,
  type AdminWhatsAppMessage,
  type ConsentState,
  type DeadLetterItem,
  type NotificationListPage,
  type NotificationsPageQuery,
} from "~/domain/notification-admin";
import { DELIVERY_STATUSES } from "~/domain/notifications";
import { type MessageKey, useT } from "~/i18n/i18n";
import { StatusFilter } from "./list-controls";
import { NotificationConsent } from "./notification-consent";
import { NotificationDeadLetter } from "./notification-dead-letter";
import { DeliveryStatusBadge, EmptyLine, kindLabel, OnwardPager, NotificationTable, STATUS_KEYS, type NotificationColumn } from "./notification-table";
import { useAdminFormat } from "./use-admin-format";

type WhatsAppMessageView = AdminWhatsAppMessage<Date | string>;

const SECTIONS = [
  { id: "whatsapp-heading", label: "admin.notifications.whatsapp.heading" },
  { id: "dead-letter-heading", label: "admin.notifications.deadLetter.heading" },
  { id: "consent-heading", label: "admin.notifications.consent.heading" },
] as const satisfies readonly { id: string; label: MessageKey }[];

/**
 * /admin/notifications (issue 39): three sections, each reached from the line of links at
 * the top: the WhatsApp messages (filtered by status, 50 a page), the dead letter with a
 * Retry per item, and the investors' WhatsApp consent, which the page only shows.
 */
export function AdminNotifications({
  query,
  messages,
  deadLetter,
  consent,
  error,
  timeZone,
}: {
  query: NotificationsPageQuery;
  messages: NotificationListPage<WhatsAppMessageView>;
  deadLetter: NotificationListPage<DeadLetterItem<Date | string>>;
  consent: NotificationListPage<ConsentState<Date | string>>;
  error: MessageKey | null;
  timeZone: string;
}) {
  const t = useT();
  useEffect(() => {
    if (error) toast.error(t(error), { id: "admin-notifications-error" });
  }, [error, t]);
  return (
    <div className="space-y-12">
      <nav aria-label={t("admin.notifications.sections")}>
        <ul className="flex flex-wrap gap-2 text-sm">
          {SECTIONS.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="inline-flex h-9 items-center rounded-md border bg-background px-3 font-medium shadow-xs hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:outline-none">
                {t(section.label)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <WhatsAppMessages query={query} messages={messages} error={error} timeZone={timeZone} />
      <NotificationDeadLetter query={query} page={deadLetter} error={error} timeZone={timeZone} />
      <NotificationConsent query={query} page={consent} error={error} timeZone={timeZone} />
    </div>
  );
}

function WhatsAppMessages({ query, messages, error, timeZone }: { query: NotificationsPageQuery; messages: NotificationListPage<WhatsAppMessageView>; error: MessageKey | null; timeZone: string }) {
  const t = useT();
  const columns = useMessageColumns(timeZone);
  const filtered = Boolean(query.status);
  return (
    <section aria-labelledby="whatsapp-heading" className="scroll-mt-20 space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="whatsapp-heading" tabIndex={-1} className="scroll-mt-20 font-serif text-2xl font-semibold">
          {t("admin.notifications.whatsapp.heading")}
        </h2>
        <StatusFilter value={query.status} statuses={DELIVERY_STATUSES} label={(status) => t(STATUS_KEYS[status])} allLabel={t("admin.notifications.whatsapp.allStatuses")} keep={{ failedBefore: query.failedBefore, consentBefore: query.consentBefore }} />
      </div>
      {messages.rows.length === 0 ? (
        <EmptyLine>{error ? t(error) : filtered ? t("admin.notifications.whatsapp.noMatch") : t("admin.notifications.whatsapp.none")}</EmptyLine>
      ) : (
        <NotificationTable label={t("admin.notifications.whatsapp.heading")} rows={messages.rows} rowId={(row) => row.id} columns={columns} testId="whatsapp-message" />
      )}
      <OnwardPager
        label={t("admin.notifications.whatsapp.pages")}
        back={
          query.before || filtered
            ? { to: query.before ? pageLink(query, { before: undefined }) : pageLink(query, { status: undefined, before: undefined }), label: query.before ? t("admin.notifications.whatsapp.newest") : t("admin.notifications.whatsapp.showAll") }
            : null
        }
        older={messages.before ? { to: pageLink(query, { before: messages.before }), label: t("admin.notifications.whatsapp.older") } : null}
      />
    </section>
  );
}

function useMessageColumns(timeZone: string): NotificationColumn<WhatsAppMessageView>[] {
  const t = useT();
  const format = useAdminFormat(timeZone);
  const times = (row: WhatsAppMessageView) =>
    [
      { key: "created", label: t("admin.notifications.time.created"), at: row.createdAt },
      { key: "sent", label: t("admin.notifications.status.sent"), at: row.sentAt },
      { key: "delivered", label: t("admin.notifications.status.delivered"), at: row.deliveredAt },
      { key: "read", label: t("admin.notifications.status.read"), at: row.readAt },
      { key: "failed", label: t("admin.notifications.status.failed"), at: row.failedAt },
    ].filter((time): time is { key: string; label: string; at: Date | string } => Boolean(time.at));
  return [
    {
      id: "investor",
      header: t("admin.notifications.column.investor"),
      phone: "title",
      className: "min-w-44",
      cell: (row) => (
        <>
          <span className="block font-medium [overflow-wrap:anywhere]">
            <bdi>{row.investor.name || row.investor.email}</bdi>
          </span>
          <span className="block text-xs text-muted-foreground [overflow-wrap:anywhere]">
            <span dir="ltr">{row.investor.email}</span>
          </span>
        </>
      ),
    },
    { id: "status", header: t("admin.notifications.column.status"), phone: "aside", cell: (row) => <DeliveryStatusBadge t={t} status={row.status} /> },
    {
      id: "kind",
      header: t("admin.notifications.column.kind"),
      phone: "detail",
      className: "min-w-40",
      cell: (row) => (
        <>
          <span className="block">{kindLabel(t, row.kind)}</span>
          <span className="block font-mono text-xs text-muted-foreground" translate="no">
            <span dir="ltr">
              {row.template} · {row.language}
            </span>
          </span>
        </>
      ),
    },
    {
      id: "phone",
      header: t("admin.notifications.column.phone"),
      phone: "detail",
      className: "whitespace-nowrap",
      cell: (row) => (
        <span dir="ltr" translate="no">
          {row.phone}
        </span>
      ),
    },
    {
      id: "times",
      header: t("admin.notifications.column.times"),
      phone: "detail",
      className: "whitespace-nowrap",
      cell: (row) => (
        <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5 text-xs">
          {times(row).map((time) => (
            <div key={time.key} className="contents" data-time={time.key}>
              <dt className="text-muted-foreground">{time.label}</dt>
              <dd>{format.moment(time.at)}</dd>
            </div>
          ))}
        </dl>
      ),
    },
    {
      id: "attempts",
      header: t("admin.notifications.column.attempts"),
      phone: "detail",
      cell: (row) => format.count(row.attempts),
    },
    {
      id: "error",
      header: t("admin.notifications.column.error"),
      phone: "detail",
      className: "min-w-40 max-w-xs",
      cell: (row) =>
        row.lastError ? (
          <span className="block text-xs break-words">
            <span dir="ltr">{row.lastError}</span>
          </span>
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
    },
  ];
}
