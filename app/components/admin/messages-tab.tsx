import { Search } from "lucide-react";
import { Form, Link, useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Input } from "~/components/ui/input";
import { ADMIN_MESSAGES_PAGE_SIZE, formatMessageTimestamp, type AdminMessagesQuery } from "~/domain/admin-messages";
import { bookingStatusLabel, bookingTypeLabel } from "~/domain/booking-labels";
import type { AdminActionResult } from "~/domain/action-result";
import type { AdminMessage } from "~/domain/admin-messages";
import { ExportLink } from "./export-link";

/** SPEC.md section 2, /admin Messages: a searchable list, unread ones marked 'New'. */
export function AdminMessagesTab({
  query,
  total,
  messages,
  failed,
  timeZone,
}: {
  query: AdminMessagesQuery;
  total: number;
  messages: AdminMessage[];
  failed: boolean;
  timeZone: string;
}) {
  const pages = Math.max(1, Math.ceil(total / ADMIN_MESSAGES_PAGE_SIZE));
  const pageLink = (page: number) => `?${new URLSearchParams({ tab: "messages", ...(query.q ? { q: query.q } : {}), mpage: String(page) })}`;

  return (
    <section aria-labelledby="admin-messages-heading" className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="admin-messages-heading" className="font-serif text-2xl font-semibold">
          Messages <span className="text-base font-normal text-muted-foreground">({total})</span>
        </h2>
        <div className="flex flex-wrap items-end gap-2">
          <Form method="get" role="search" className="flex items-end gap-2" preventScrollReset>
            <input type="hidden" name="tab" value="messages" />
            <label className="grid gap-1 text-sm font-medium">
              Search messages
              <Input name="q" type="search" defaultValue={query.q} placeholder="Name, e-mail or text" className="w-64" />
            </label>
            <Button type="submit" variant="outline">
              <Search aria-hidden="true" /> Search
            </Button>
          </Form>
          <ExportLink kind="messages" params={{ q: query.q }} />
        </div>
      </div>

      {messages.length === 0 ? (
        <p className="rounded-xl border border-dashed bg-card p-10 text-center text-muted-foreground">
          {failed ? "Failed to fetch messages" : query.q ? `No messages match "${query.q}"` : "No messages yet"}
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

      {pages > 1 ? (
        <nav aria-label="Messages pages" className="flex items-center justify-between text-sm">
          {query.mpage > 1 ? <Link to={pageLink(query.mpage - 1)}>Newer</Link> : <span />}
          <span>
            Page {query.mpage} of {pages}
          </span>
          {query.mpage < pages ? <Link to={pageLink(query.mpage + 1)}>Older</Link> : <span />}
        </nav>
      ) : null}
    </section>
  );
}

function MessageItem({ message, timeZone }: { message: AdminMessage; timeZone: string }) {
  const fetcher = useFetcher<AdminActionResult>();
  const name = `${message.firstName} ${message.lastName}`;
  // Read as soon as it is asked for; a refusal shows it unread again.
  const unread = !message.isRead && fetcher.state === "idle" && !fetcher.data?.ok;
  return (
    <article
      aria-label={`Message from ${name}`}
      className={cn("rounded-xl border bg-card p-5 shadow-sm", unread && "border-accent bg-accent/5")}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="flex items-center gap-2 font-semibold">
            {name}
            {unread ? <Badge variant="warning">New</Badge> : null}
          </h3>
          <p className="text-sm text-muted-foreground">
            <a href={`mailto:${message.email}`} className="hover:underline">
              {message.email}
            </a>{" "}
            · {formatMessageTimestamp(message.createdAt, timeZone)}
          </p>
        </div>
        {unread ? (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="message-read" />
            <input type="hidden" name="messageId" value={message.id} />
            <Button type="submit" variant="outline" size="sm">
              Mark as Read
            </Button>
          </fetcher.Form>
        ) : null}
      </div>
      <p className="mt-3 text-sm whitespace-pre-line">{message.message}</p>
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <dt className="text-muted-foreground">Investment amount</dt>
          <dd>{message.investmentAmount}</dd>
        </div>
        {message.booking ? (
          <>
            <div>
              <dt className="text-muted-foreground">Phone</dt>
              <dd>{message.booking.phone || "Not given"}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Booking</dt>
              <dd>
                {bookingTypeLabel(message.booking.bookingType)} · {bookingStatusLabel(message.booking.status)}
              </dd>
            </div>
            {message.booking.preferredTime ? (
              <div>
                <dt className="text-muted-foreground">Preferred time</dt>
                <dd>{message.booking.preferredTime}</dd>
              </div>
            ) : null}
          </>
        ) : null}
      </dl>
    </article>
  );
}
