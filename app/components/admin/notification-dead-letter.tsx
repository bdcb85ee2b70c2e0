import { LoaderCircle, Mail, MessageCircle, RotateCcw } from "lucide-react";
import { useFetcher } from "react-router";
import { FormKey } from "~/components/forms/form-answer";
import { Button } from "~/components/ui/button";
import type { AdminActionResult } from "~/domain/action-result";
import { type MessageKey, useT } from "~/i18n/i18n";
import { EmptyLine, kindLabel, OnwardPager, NotificationTable, type NotificationColumn } from "./notification-table";
import { useAdminFormat } from "./use-admin-format";
import { useWrite } from "./use-write";
import { notificationsPageLink, type DeadLetterItem, type NotificationListPage, type NotificationsPageQuery } from "~/domain/notification-admin";

type DeadLetterView = DeadLetterItem<Date | string>;

const INTENT = "notification-retry";
const HEADING = "dead-letter-heading";

const CHANNEL_KEYS: Record<DeadLetterView["channel"], MessageKey> = {
  whatsapp: "admin.notifications.channel.whatsapp",
  email: "admin.notifications.channel.email",
};

/**
 * The dead letter: WhatsApp messages and e-mails given up on, the latest first, each with
 * Retry, which puts it back on its queue. The answer is a toast (or, posted without
 * scripts, a notice on the page); an item put back leaves the list, and the keyboard goes
 * to the section's heading.
 */
export function NotificationDeadLetter({ query, page, error, timeZone }: { query: NotificationsPageQuery; page: NotificationListPage<DeadLetterView>; error: MessageKey | null; timeZone: string }) {
  const items = page.rows;
  // The count is the list's only while the list is one page.
  const whole = !query.failedBefore && !page.before;
  const t = useT();
  const write = useWrite(INTENT, () => t("admin.notifications.deadLetter.retried"), { onDone: () => document.getElementById(HEADING)?.focus() });
  const columns = useDeadLetterColumns(timeZone);
  return (
    <section aria-labelledby={HEADING} className="space-y-4">
      <div className="space-y-1">
        <h2 id={HEADING} tabIndex={-1} className="scroll-mt-20 font-serif text-2xl font-semibold focus-visible:outline-none">
          {t("admin.notifications.deadLetter.heading")} {whole ? <span className="text-base font-normal text-muted-foreground">({items.length})</span> : null}
        </h2>
        <p className="max-w-3xl text-sm text-muted-foreground">{t("admin.notifications.deadLetter.intro")}</p>
      </div>
      {write.notice}
      {items.length === 0 ? (
        <EmptyLine>{error ? t(error) : t("admin.notifications.deadLetter.none")}</EmptyLine>
      ) : (
        <NotificationTable label={t("admin.notifications.deadLetter.heading")} rows={items} rowId={(item) => `${item.channel}-${item.id}`} columns={columns} testId="dead-letter-item" />
      )}
      <OnwardPager
        label={t("admin.notifications.deadLetter.pages")}
        back={query.failedBefore ? { to: notificationsPageLink(query, { failedBefore: undefined }, HEADING), label: t("admin.notifications.deadLetter.newest") } : null}
        older={page.before ? { to: notificationsPageLink(query, { failedBefore: page.before }, HEADING), label: t("admin.notifications.deadLetter.older") } : null}
      />
    </section>
  );
}

function useDeadLetterColumns(timeZone: string): NotificationColumn<DeadLetterView>[] {
  const t = useT();
  const format = useAdminFormat(timeZone);
  return [
    {
      id: "kind",
      header: t("admin.notifications.column.kind"),
      phone: "title",
      className: "min-w-44",
      cell: (item) => (
        <>
          <span className="flex items-center gap-1.5 font-medium">
            {item.channel === "whatsapp" ? <MessageCircle className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" /> : <Mail className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />}
            <span className="[overflow-wrap:anywhere]">{kindLabel(t, item.kind)}</span>
          </span>
          <span className="block text-xs text-muted-foreground">{t(CHANNEL_KEYS[item.channel])}</span>
        </>
      ),
    },
    {
      id: "recipient",
      header: t("admin.notifications.column.recipient"),
      phone: "detail",
      cell: (item) => (
        <>
          {item.name ? (
            <span className="block [overflow-wrap:anywhere]">
              <bdi>{item.name}</bdi>
            </span>
          ) : null}
          <span className="block text-xs whitespace-nowrap text-muted-foreground" translate="no">
            <span dir="ltr">{item.recipient}</span>
          </span>
        </>
      ),
    },
    { id: "attempts", header: t("admin.notifications.column.attempts"), phone: "detail", cell: (item) => format.count(item.attempts) },
    {
      id: "error",
      header: t("admin.notifications.column.error"),
      phone: "detail",
      className: "min-w-48 max-w-sm",
      cell: (item) =>
        item.lastError ? (
          <span className="block text-xs break-words">
            <span dir="ltr">{item.lastError}</span>
          </span>
        ) : (
          <span className="text-xs text-muted-foreground">{t("admin.notifications.deadLetter.noError")}</span>
        ),
    },
    { id: "when", header: t("admin.notifications.column.givenUp"), phone: "detail", className: "whitespace-nowrap", cell: (item) => format.moment(item.at) },
    { id: "action", header: t("admin.notifications.column.action"), phone: "aside", cell: (item) => <RetryButton item={item} /> },
  ];
}

/** Retry: the row's form on the write's shared fetcher, so its answer outlives the row; pending while this row's retry is on its way. */
function RetryButton({ item }: { item: DeadLetterView }) {
  const t = useT();
  const fetcher = useFetcher<AdminActionResult>({ key: INTENT });
  const busy = fetcher.state !== "idle";
  const mine = busy && fetcher.formData?.get("id") === item.id;
  return (
    <fetcher.Form method="post">
      <FormKey name={INTENT} />
      <input type="hidden" name="intent" value={INTENT} />
      <input type="hidden" name="channel" value={item.channel} />
      <input type="hidden" name="id" value={item.id} />
      <Button
        type="submit"
        size="sm"
        variant="outline"
        disabled={busy}
        aria-label={t("admin.notifications.deadLetter.retryLabel", { kind: kindLabel(t, item.kind), recipient: item.recipient })}
      >
        {mine ? <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <RotateCcw aria-hidden="true" />}
        {mine ? t("admin.notifications.deadLetter.retrying") : t("admin.notifications.deadLetter.retry")}
      </Button>
    </fetcher.Form>
  );
}
