import { MailOpen } from "lucide-react";
import { AnswerNotice, FormKey, useFormAnswer } from "~/components/forms/form-answer";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toaster";
import { TypedText } from "~/components/ui/typed-text";
import type { AdminActionResult } from "~/domain/action-result";
import { ADMIN_MESSAGE_TOASTS, ADMIN_MESSAGES_PAGE_SIZE, type AdminMessage, type AdminMessagesQuery } from "~/domain/admin-messages";
import { bookingStatusLabel, bookingTypeLabel } from "~/domain/booking-words";
import type { ListPage } from "~/domain/list-page";
import { useT } from "~/i18n/i18n";
import { AdminTable, otherOrderLink, type AdminColumn } from "./admin-table";
import { BulkBar, BulkForm, useBulkBusy } from "./bulk-actions";
import { ExportLink } from "./export-link";
import { ListPager, ListSearch } from "./list-controls";
import { MessageTimestamp } from "./message-timestamp";
import { useActionResult } from "./use-action-result";
import { useAdminFormat } from "./use-admin-format";

/**
 * SPEC.md section 2, /admin Messages, as a table (issue 34): a search, newest or oldest
 * first, unread ones marked 'New' with their Mark as Read, and the selected ones marked
 * read or exported together.
 */
export function AdminMessagesTab({ query, list, failed, timeZone, hidden }: { query: AdminMessagesQuery; list: ListPage<AdminMessage>; failed: boolean; timeZone: string; hidden: readonly string[] }) {
  const t = useT();
  const format = useAdminFormat(timeZone);
  const columns = useMessageColumns(timeZone);
  const view = { tab: "messages", q: query.q || undefined, sort: query.sort === "oldest" ? "oldest" : undefined };
  const toggle = otherOrderLink(view, query.sort);

  return (
    <section aria-labelledby="admin-messages-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="admin-messages-heading" className="font-serif text-2xl font-semibold">
          {t("admin.messages.title")}{" "}
          <span className="text-base font-normal text-muted-foreground">({list.totalIsAtLeast ? t("admin.list.atLeast", { count: list.total }) : format.count(list.total)})</span>
        </h2>
        <div className="flex w-full flex-wrap items-end gap-2 lg:w-auto">
          <ListSearch
            keep={{ tab: "messages", sort: query.sort === "oldest" ? "oldest" : undefined }}
            search={{ label: t("admin.messages.search"), value: query.q, placeholder: t("admin.messages.searchPlaceholder"), button: t("admin.messages.searchButton") }}
          />
          <ExportLink kind="messages" params={{ q: query.q }} />
        </div>
      </div>

      {list.rows.length === 0 ? (
        <p className="rounded-xl border border-dashed bg-card p-10 text-center text-muted-foreground">
          {failed ? t("admin.messages.failed") : query.q ? t("admin.messages.noMatch", { q: query.q }) : t("admin.messages.none")}
        </p>
      ) : (
        <>
          <BulkForm id={BULK_FORM} action="/admin?tab=messages" intent="messages-read" />
          <AdminTable
            table="messages"
            label={t("admin.messages.title")}
            rows={list.rows}
            rowId={(m) => m.id}
            rowLabel={(m) => t("admin.messages.from", { name: `${m.firstName} ${m.lastName}` })}
            columns={columns}
            hidden={hidden}
            sort={{ value: query.sort, toggle }}
            phoneLine={(m) => <MessagePhoneLine message={m} timeZone={timeZone} />}
            bulk={{ form: BULK_FORM, bar: (selected, clear) => <MessagesBulkBar selected={selected} clear={clear} /> }}
          />
        </>
      )}

      <ListPager label={t("admin.messages.pages")} list={list} pageSize={ADMIN_MESSAGES_PAGE_SIZE} filters={view} />
    </section>
  );
}

/** The bulk form's id (and its fetcher's key). */
const BULK_FORM = "admin-messages-bulk";

/** Mark the selected messages read, or export them. */
function MessagesBulkBar({ selected, clear }: { selected: string[]; clear: () => void }) {
  const t = useT();
  const busy = useBulkBusy(BULK_FORM);
  useActionResult(BULK_FORM, (result) => {
    if (!result.ok) {
      toast.error(t(ADMIN_MESSAGE_TOASTS.readFailed), { description: result.message });
      return;
    }
    toast.success(t("admin.messages.bulk.read", { count: result.changed ?? 0 }));
    clear();
  });
  return (
    <BulkBar id={BULK_FORM} selected={selected} exportPath="/admin/export/messages.csv">
      <Button type="submit" form={BULK_FORM} size="sm" variant="outline" disabled={busy || selected.length === 0}>
        <MailOpen aria-hidden="true" /> {t("admin.messages.bulk.markRead")}
      </Button>
    </BulkBar>
  );
}

/** A message's phone card: e-mail and time on one line, then the message, opened in full on a tap. */
function MessagePhoneLine({ message, timeZone }: { message: AdminMessage; timeZone: string }) {
  return (
    <>
      <span className="block truncate">
        <span dir="ltr">{message.email}</span> · <MessageTimestamp value={message.createdAt} timeZone={timeZone} />
      </span>
      <details className="group">
        <summary className="cursor-pointer list-none truncate group-open:hidden [&::-webkit-details-marker]:hidden" dir="auto">
          <TypedText text={message.message} />
        </summary>
        <p className="whitespace-pre-line text-foreground">
          <TypedText text={message.message} />
        </p>
      </details>
    </>
  );
}

function useMessageColumns(timeZone: string): AdminColumn<AdminMessage>[] {
  const t = useT();
  const format = useAdminFormat(timeZone);
  return [
    {
      id: "person",
      header: t("admin.messages.column.from"),
      phone: "title",
      cell: (m) => <MessageFrom message={m} />,
    },
    { id: "email", header: t("admin.bookings.email"), cell: (m) => <a href={`mailto:${m.email}`} dir="ltr" className="break-all hover:underline">{m.email}</a> },
    {
      id: "message",
      header: t("admin.bookings.column.message"),
      className: "min-w-64 max-w-md",
      cell: (m) => (
        <p className="whitespace-pre-line">
          <TypedText text={m.message} />
        </p>
      ),
    },
    {
      id: "amount",
      header: t("admin.bookings.amount"),
      className: "text-end",
      cell: (m) => {
        const amount = format.typedAmount(m.investmentAmount);
        return amount.parsed ? <span dir="ltr" className="whitespace-nowrap tabular-nums">{amount.text}</span> : <TypedText text={amount.text} />;
      },
    },
    {
      id: "booking",
      header: t("admin.messages.booking"),
      cell: (m) =>
        m.booking ? (
          <span className="text-muted-foreground">
            {bookingTypeLabel(m.booking.bookingType, t)} · {bookingStatusLabel(m.booking.status, t)}
            {m.booking.phone ? (
              <span className="block" dir="ltr">
                {m.booking.phone}
              </span>
            ) : null}
            {m.booking.preferredTime ? (
              <span className="block">
                <TypedText text={m.booking.preferredTime} />
              </span>
            ) : null}
          </span>
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
    },
    { id: "received", header: t("admin.messages.column.received"), sortable: true, className: "whitespace-nowrap", cell: (m) => <MessageTimestamp value={m.createdAt} timeZone={timeZone} /> },
    { id: "actions", header: t("admin.table.actions"), phone: "actions", cell: (m) => <MarkRead message={m} /> },
  ];
}

/** Who sent it, and 'New' while it is unread (read as soon as Mark as Read is asked for). */
function MessageFrom({ message }: { message: AdminMessage }) {
  const t = useT();
  const { busy, answer } = useFormAnswer<AdminActionResult>(readKey(message));
  const unread = !message.isRead && !busy && !answer?.ok;
  return (
    <p className="flex flex-wrap items-center gap-2 font-medium">
      <TypedText text={`${message.firstName} ${message.lastName}`} name />
      {unread ? <Badge variant="warning">{t("admin.messages.new")}</Badge> : null}
    </p>
  );
}

const readKey = (message: AdminMessage) => `admin-message-read-${message.id}`;

/** Mark as Read (SPEC.md section 4): a form of its own, so it works without JavaScript and says a refusal in the row. */
function MarkRead({ message }: { message: AdminMessage }) {
  const t = useT();
  const { fetcher, answer, posted, busy } = useFormAnswer<AdminActionResult>(readKey(message));
  const unread = !message.isRead && !busy && !answer?.ok;
  if (!unread && !posted) return null;
  return (
    <div className="flex flex-col items-end gap-1">
      {unread ? (
        <fetcher.Form method="post" action="/admin?tab=messages">
          <input type="hidden" name="intent" value="message-read" />
          <input type="hidden" name="messageId" value={message.id} />
          <FormKey name={readKey(message)} />
          <Button type="submit" variant="outline" size="sm" aria-label={t("admin.messages.markReadOf", { name: `${message.firstName} ${message.lastName}` })}>
            {t("admin.messages.markRead")}
          </Button>
        </fetcher.Form>
      ) : null}
      <AnswerNotice toast={posted && !posted.ok ? { type: "error", title: posted.message } : null} />
    </div>
  );
}
