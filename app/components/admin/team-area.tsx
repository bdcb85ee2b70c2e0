// Icons every page already loads (lucide's icons share one chunk of the site's first load).
import { ChevronLeft, ChevronRight, Eye, EyeOff, Pencil, Plus, Trash2 } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { Link, useFetcher, useNavigate, useSearchParams } from "react-router";
import { AnswerNotice, FormKey } from "~/components/forms/form-answer";
import { AdviserPortrait } from "~/components/team/adviser-card";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { toast } from "~/components/ui/toaster";
import { TypedText } from "~/components/ui/typed-text";
import type { AdminActionResult } from "~/domain/action-result";
import type { CalendarStatus } from "~/domain/adviser-schedule";
import { ADVISER_TOASTS, LANGUAGE_NAME_KEYS, MARKET_NAME_KEYS, type AdminAdviser } from "~/domain/advisers";
import type { FlashToast } from "~/domain/toast";
import { type MessageKey, useT, useTranslateMessage } from "~/i18n/i18n";
import { AdviserForm, TEAM_KEYS as KEYS } from "./adviser-form-section";
import { AdviserAccountForm } from "./adviser-account-form";
import { AdviserCalendarForm, AdviserScheduleForm } from "./adviser-schedule-form";
import { useActionResult } from "./use-action-result";

type WriteKind = keyof typeof KEYS;

/** What each kind of write says when it worked (and the publish toggle, which way it went). */
function successToast(kind: WriteKind, sent: FormData | undefined): MessageKey {
  switch (kind) {
    case "save":
      return ADVISER_TOASTS.saved;
    case "delete":
      return ADVISER_TOASTS.deleted;
    case "move":
      return ADVISER_TOASTS.moved;
    case "publish":
      return sent?.get("publish") === "true" ? ADVISER_TOASTS.published : ADVISER_TOASTS.unpublished;
    case "photo":
      return ADVISER_TOASTS.photoRemoved;
  }
}

const FAILURE: Record<WriteKind, MessageKey> = {
  save: ADVISER_TOASTS.saveFailed,
  delete: ADVISER_TOASTS.deleteFailed,
  move: ADVISER_TOASTS.changeFailed,
  publish: ADVISER_TOASTS.changeFailed,
  photo: ADVISER_TOASTS.changeFailed,
};

/**
 * The answer to each kind of write: a toast when the page's scripts sent it, and, when the
 * browser posted the form as a document (no scripts yet, or none: decision 034), what the
 * toast would say, for the page to show.
 */
function useTeamAnswers(onSaved: () => void): FlashToast | null {
  const t = useT();
  const say = useTranslateMessage();
  const notice = (kind: WriteKind, result: AdminActionResult, sent: FormData | undefined): FlashToast =>
    result.ok
      ? { type: "success", title: t(successToast(kind, sent)) }
      : { type: "error", title: t(FAILURE[kind]), description: result.fieldErrors ? t("admin.form.correctFields") : say(result.message) };
  const show = (kind: WriteKind) => (result: AdminActionResult, sent: FormData | undefined) => {
    const { type, title, description } = notice(kind, result, sent);
    if (type === "success") toast.success(title);
    else toast.error(title, { description });
    if (kind === "save" && result.ok) onSaved();
  };
  const answers = [
    ["save", useActionResult(KEYS.save, show("save"))],
    ["delete", useActionResult(KEYS.delete, show("delete"))],
    ["move", useActionResult(KEYS.move, show("move"))],
    ["publish", useActionResult(KEYS.publish, show("publish"))],
    ["photo", useActionResult(KEYS.photo, show("photo"))],
  ] as const;
  for (const [kind, { posted }] of answers) if (posted) return notice(kind, posted, undefined);
  return null;
}

/**
 * /admin/team (issue 33): the advisers in the order the site shows them, each with its
 * controls (move, publish, edit, remove the photo, delete), and below them the form that
 * adds one or, with ?edit=<id>, edits one. Every control is a plain form, so the area works
 * without scripts too.
 */
export function AdminTeam({
  advisers,
  calendars,
  error,
  firmTimeZone,
}: {
  advisers: AdminAdviser[];
  /** Each adviser's own calendar, by adviser id (issue 37). */
  calendars: Record<string, CalendarStatus>;
  error: MessageKey | null;
  firmTimeZone: string;
}) {
  const t = useT();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const editing = advisers.find((a) => a.id === params.get("edit")) ?? null;
  // A new adviser's form starts empty again after each save.
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (error) toast.error(t(error), { id: "admin-team-error" });
  }, [error, t]);
  const answer = useTeamAnswers(() => {
    if (editing) void navigate("/admin/team", { preventScrollReset: true });
    else setRound((n) => n + 1);
  });

  return (
    <div className="space-y-10">
      <section aria-labelledby="admin-team-heading" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <h2 id="admin-team-heading" tabIndex={-1} className="font-serif text-2xl font-semibold outline-none">
            {t("team.admin.list")} <span className="text-base font-normal text-muted-foreground">({advisers.length})</span>
          </h2>
          {editing ? (
            <Link to="/admin/team#adviser-form" className={buttonVariants({ variant: "outline" })}>
              <Plus aria-hidden="true" /> {t("team.admin.addTitle")}
            </Link>
          ) : null}
        </div>
        {answer && answer.type === "success" ? <AnswerNotice toast={answer} /> : null}
        {advisers.length === 0 ? (
          <p className="rounded-xl border border-dashed bg-card p-10 text-center text-lg">{error ? t(error) : t("team.admin.none")}</p>
        ) : (
          <ol className="space-y-3">
            {advisers.map((adviser, index) => (
              <li key={adviser.id}>
                <AdviserRow adviser={adviser} calendar={calendars[adviser.id] ?? null} first={index === 0} last={index === advisers.length - 1} editing={editing?.id === adviser.id} />
              </li>
            ))}
          </ol>
        )}
      </section>
      <AdviserForm key={editing ? `edit-${editing.id}` : `new-${round}`} adviser={editing} answer={answer && answer.type === "error" ? answer : null} />
      {editing ? <AdviserScheduleForm key={`schedule-${editing.id}`} adviser={editing} firmTimeZone={firmTimeZone} /> : null}
      {editing ? <AdviserCalendarForm key={`calendar-${editing.id}`} adviser={editing} calendar={calendars[editing.id] ?? null} firmTimeZone={firmTimeZone} /> : null}
      {editing ? <AdviserAccountForm key={`account-${editing.id}`} adviser={editing} /> : null}
    </div>
  );
}

/** A small form of one row: its intent, the adviser's id and the fetcher key that names its answer. */
function RowForm({ kind, intent, id, children, fields }: { kind: WriteKind; intent: string; id: string; children: ReactNode; fields?: Record<string, string> }) {
  const fetcher = useFetcher<AdminActionResult>({ key: KEYS[kind] });
  return (
    <fetcher.Form method="post" className="contents">
      <FormKey name={KEYS[kind]} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      {Object.entries(fields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </fetcher.Form>
  );
}

function AdviserRow({ adviser, calendar, first, last, editing }: { adviser: AdminAdviser; calendar: CalendarStatus | null; first: boolean; last: boolean; editing: boolean }) {
  const t = useT();
  const headingId = `admin-adviser-${adviser.id}`;
  const described = { "aria-describedby": headingId };
  return (
    <article
      aria-labelledby={headingId}
      className={`flex flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-5 lg:flex-row lg:items-center lg:justify-between ${editing ? "ring-2 ring-accent" : ""}`}
      data-testid="admin-adviser"
    >
      <div className="flex min-w-0 flex-1 items-center gap-4">
        <AdviserPortrait adviser={adviser} className="size-14 text-lg" />
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={headingId} className="font-serif text-lg font-semibold">
              <TypedText text={adviser.name} name />
            </h3>
            <Badge variant={adviser.isPublished ? "success" : "secondary"}>{adviser.isPublished ? t("team.admin.published") : t("team.admin.hidden")}</Badge>
            {adviser.schedule.takesBookings ? <Badge variant="outline">{t("team.admin.schedule.badge")}</Badge> : null}
            {calendar?.failing ? <Badge variant="destructive">{t("team.admin.calendar.failingBadge")}</Badge> : null}
            {adviser.account ? <Badge variant="outline">{t("team.admin.account.badge")}</Badge> : null}
          </div>
          <p className="text-sm text-muted-foreground">
            <TypedText text={adviser.role} />
          </p>
          <p className="text-xs text-muted-foreground">
            {adviser.languages.map((code) => t(LANGUAGE_NAME_KEYS[code])).join(t("team.admin.listSeparator"))}
            <span aria-hidden="true">{t("team.admin.groupSeparator")}</span>
            {adviser.markets.map((market) => t(MARKET_NAME_KEYS[market])).join(t("team.admin.listSeparator"))}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 lg:shrink-0 lg:flex-nowrap">
        <RowForm kind="move" intent="adviser-move" id={adviser.id} fields={{ direction: "up" }}>
          <Button type="submit" size="sm" variant="outline" disabled={first} {...described}>
            <ChevronLeft className="rotate-90" aria-hidden="true" /> {t("team.admin.moveUp")}
          </Button>
        </RowForm>
        <RowForm kind="move" intent="adviser-move" id={adviser.id} fields={{ direction: "down" }}>
          <Button type="submit" size="sm" variant="outline" disabled={last} {...described}>
            <ChevronRight className="rotate-90" aria-hidden="true" /> {t("team.admin.moveDown")}
          </Button>
        </RowForm>
        <RowForm kind="publish" intent="adviser-publish" id={adviser.id} fields={{ publish: adviser.isPublished ? "false" : "true" }}>
          <Button type="submit" size="sm" variant="outline" {...described}>
            {adviser.isPublished ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />} {adviser.isPublished ? t("team.admin.unpublish") : t("team.admin.publish")}
          </Button>
        </RowForm>
        <Link to={`/admin/team?edit=${adviser.id}#adviser-form`} className={buttonVariants({ size: "sm", variant: "outline" })} {...described}>
          <Pencil aria-hidden="true" /> {t("team.admin.edit")}
        </Link>
        {adviser.photoUrl ? (
          <RowForm kind="photo" intent="adviser-photo-remove" id={adviser.id}>
            <Button type="submit" size="sm" variant="outline" {...described}>
              {t("team.admin.removePhoto")}
            </Button>
          </RowForm>
        ) : null}
        <DeleteControl adviser={adviser} describedBy={headingId} />
      </div>
    </article>
  );
}

/** Delete behind a question, without a dialog: the disclosure opens the confirming form (with or without scripts). */
function DeleteControl({ adviser, describedBy }: { adviser: AdminAdviser; describedBy: string }) {
  const t = useT();
  return (
    <details className="group relative">
      <summary
        className={`${buttonVariants({ size: "sm", variant: "outline" })} cursor-pointer list-none text-destructive [&::-webkit-details-marker]:hidden`}
        aria-describedby={describedBy}
      >
        <Trash2 aria-hidden="true" /> {t("team.admin.delete")}
      </summary>
      <div className="z-10 mt-2 w-72 max-w-[calc(100vw-3rem)] space-y-3 rounded-lg border bg-popover p-4 text-sm shadow-lg lg:absolute lg:end-0">
        <p>{t("team.admin.deleteQuestion", { name: adviser.name })}</p>
        <RowForm kind="delete" intent="adviser-delete" id={adviser.id}>
          <Button type="submit" size="sm" variant="destructive">
            {t("team.admin.deleteConfirm")}
          </Button>
        </RowForm>
      </div>
    </details>
  );
}
