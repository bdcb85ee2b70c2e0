import { Search } from "lucide-react";
import { Form } from "react-router";
import { AnswerNotice, FormKey, useFormAnswer } from "~/components/forms/form-answer";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Input } from "~/components/ui/input";
import { ADMIN_MESSAGES_PAGE_SIZE, type AdminMessagesQuery } from "~/domain/admin-messages";
import type { AdminActionResult } from "~/domain/action-result";
import type { AdminMessage } from "~/domain/admin-messages";
import type { ListPage } from "~/domain/list-page";
import { useT } from "~/i18n/i18n";
import { bookingStatusLabel, bookingTypeLabel } from "~/domain/booking-words";
import { ExportLink } from "./export-link";
import { ListPager } from "./list-controls";
import { MessageTimestamp } from "./message-timestamp";
import { TypedText } from "~/components/ui/typed-text";

/** SPEC.md section 2, /admin Messages: a searchable list, unread ones marked 'New', a page at a time. */
export function AdminMessagesTab({ query, list, failed, timeZone }: { query: AdminMessagesQuery; list: ListPage<AdminMessage>; failed: boolean; timeZone: string }) {
  const t = useT();
  const messages = list.rows;

  return (
    <section aria-labelledby="admin-messages-heading" className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="admin-messages-heading" className="font-serif text-2xl font-semibold">
          {t("admin.messages.title")}{" "}
          <span className="text-base font-normal text-muted-foreground">({list.totalIsAtLeast ? t("admin.list.atLeast", { count: list.total }) : list.total})</span>
        </h2>
        <div className="flex flex-wrap items-end gap-2">
          <Form method="get" role="search" className="flex items-end gap-2" preventScrollReset>
            <input type="hidden" name="tab" value="messages" />
            <label className="grid gap-1 text-sm font-medium">
              {t("admin.messages.search")}
              <Input name="q" type="search" defaultValue={query.q} placeholder={t("admin.messages.searchPlaceholder")} className="w-64" />
            </label>
            <Button type="submit" variant="outline">
              <Search aria-hidden="true" /> {t("admin.messages.searchButton")}
            </Button>
          </Form>
          <ExportLink kind="messages" params={{ q: query.q }} />
        </div>
      </div>

      {messages.length === 0 ? (
        <p className="rounded-xl border border-dashed bg-card p-10 text-center text-muted-foreground">
          {failed ? t("admin.messages.failed") : query.q ? t("admin.messages.noMatch", { q: query.q }) : t("admin.messages.none")}
        </p>
      ) : (
        <ul className="space-y-4">
          {messages.map((message) => (
            <li key={message.id}>
              <MessageItem message={message} timeZone={timeZone} />
            </li>
          ))}
        </ul>
      )}

      <ListPager label={t("admin.messages.pages")} list={list} pageSize={ADMIN_MESSAGES_PAGE_SIZE} filters={{ tab: "messages", q: query.q || undefined }} />
    </section>
  );
}

function MessageItem({ message, timeZone }: { message: AdminMessage; timeZone: string }) {
  const key = `admin-message-read-${message.id}`;
  const { fetcher, answer, posted, busy } = useFormAnswer<AdminActionResult>(key);
  const t = useT();
  const name = `${message.firstName} ${message.lastName}`;
  // Read as soon as it is asked for; a refusal shows it unread again (and, without scripts, says why).
  const unread = !message.isRead && !busy && !answer?.ok;
  return (
    <article
      aria-label={t("admin.messages.from", { name })}
      className={cn("rounded-xl border bg-card p-5 shadow-sm", unread && "border-accent bg-accent/5")}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="flex items-center gap-2 font-semibold">
            <TypedText text={name} name />
            {unread ? <Badge variant="warning">{t("admin.messages.new")}</Badge> : null}
          </h3>
          <p className="text-sm text-muted-foreground">
            <a href={`mailto:${message.email}`} dir="ltr" className="hover:underline">
              {message.email}
            </a>{" "}
            · <MessageTimestamp value={message.createdAt} timeZone={timeZone} />
          </p>
        </div>
        {unread ? (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="message-read" />
            <input type="hidden" name="messageId" value={message.id} />
            <FormKey name={key} />
            <Button type="submit" variant="outline" size="sm">
              {t("admin.messages.markRead")}
            </Button>
          </fetcher.Form>
        ) : null}
      </div>
      <AnswerNotice toast={posted && !posted.ok ? { type: "error", title: posted.message } : null} className="mt-3" />
      <p className="mt-3 text-sm whitespace-pre-line">
        <TypedText text={message.message} />
      </p>
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <dt className="text-muted-foreground">{t("admin.bookings.amount")}</dt>
          <dd>
            <TypedText text={message.investmentAmount} />
          </dd>
        </div>
        {message.booking ? (
          <>
            <div>
              <dt className="text-muted-foreground">{t("admin.bookings.phone")}</dt>
              <dd>{message.booking.phone ? <span dir="ltr">{message.booking.phone}</span> : t("admin.bookings.notGiven")}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t("admin.messages.booking")}</dt>
              <dd>
                {bookingTypeLabel(message.booking.bookingType, t)} · {bookingStatusLabel(message.booking.status, t)}
              </dd>
            </div>
            {message.booking.preferredTime ? (
              <div>
                <dt className="text-muted-foreground">{t("admin.bookings.preferredTime")}</dt>
                <dd>
                  <TypedText text={message.booking.preferredTime} />
                </dd>
              </div>
            ) : null}
          </>
        ) : null}
      </dl>
    </article>
  );
}
