import { CalendarClock, CalendarX2, LoaderCircle } from "lucide-react";
import { data, Form, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import { BookingContextRows } from "~/components/booking/meeting-link";
import { BookingReference } from "~/components/booking/booking-reference";
import { SlotWhen } from "~/components/booking/slot-when";
import { BookingStatusBadge } from "~/components/dashboard/booking-status-badge";
import { LinkCard } from "~/components/site/link-action-card";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { useSlotLabels } from "~/components/booking/slot-labels";
import { BOOKING_CHANGE_KEYS, bookingChangeSchema, bookingTokenSchema, CANCELLATION_REASON_MAX } from "~/domain/booking-changes";
import { bookingTypeLabel } from "~/domain/booking-words";
import { brand } from "~/domain/brand";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import type { OfferedSlot } from "~/domain/slots";
import { type I18nHandle, i18nFor, translateMessage, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { RichText, standIns } from "~/i18n/rich-text";
import { answer, readForm } from "~/server/http/answer.server";
import { actorFor } from "~/server/security/session.server";
import { changeBooking, findManagedBooking } from "~/server/services/booking-changes.server";
import type { Route } from "./+types/booking-manage";

/**
 * /booking/:token (issue 16): a booking's own page, the link in every mail to the investor
 * and behind the dashboard's Reschedule and Cancel. No sign-in: the token is the
 * permission. Opening it changes nothing (mail scanners open links); moving or cancelling
 * takes a button press (POST). The link stops working once the meeting is over.
 * Its words are in the booking catalogue (every page has it); the slots' days in words.
 */
export const handle = { catalogues: [], dates: true } satisfies I18nHandle;

export async function loader({ params, context }: Route.LoaderArgs) {
  const token = bookingTokenSchema.safeParse(params.token);
  const found = token.success ? await findManagedBooking(context, await actorFor(context), { token: token.data }) : null;
  if (!found) return data({ booking: null, slots: [] as OfferedSlot[] }, { status: 404 });
  return found;
}

export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

/** What the page says after a post, already in the page's language. */
type ActionData = { ok: true; message: string } | { ok: false; message: string };

export async function action({ request, params, context }: Route.ActionArgs) {
  const t = translator(context.locale);
  const reply = (message: string): ActionData => ({ ok: false, message });
  // A refusal's message is a key that answer() says in the page's language.
  return answer(context, { failure: BOOKING_CHANGE_KEYS.failed, reply }, async () => {
    const token = bookingTokenSchema.safeParse(params.token);
    if (!token.success) return data(reply(t(BOOKING_CHANGE_KEYS.linkInvalid)), { status: 404 });
    const parsed = bookingChangeSchema.safeParse(Object.fromEntries(await readForm(request)));
    if (!parsed.success) return data(reply(translateMessage(i18nFor(context.locale), parsed.error.issues[0]?.message ?? BOOKING_CHANGE_KEYS.failed)), { status: 400 });
    const { kind } = await changeBooking(context, await actorFor(context), { token: token.data, change: parsed.data });
    return data<ActionData>({ ok: true, message: t(BOOKING_CHANGE_KEYS[kind]) });
  });
}

/**
 * Private, and the token stays on this site: `same-origin` keeps it out of the Referer of
 * a link followed elsewhere (the meeting link), while the page's own form posts still carry
 * their Origin (under `no-referrer` a browser sends `Origin: null`, which the cross-site
 * guard refuses, so the buttons would fail before the page's scripts run).
 */
export function headers() {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" };
}

/** After any post, even a refused one (a slot just taken), the booking and the free slots are read again. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod?.toUpperCase() === "POST" ? true : defaultShouldRevalidate;
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, { title: t("booking.manage.metaTitle", { brand: brand.name }), noindex: true });
}

/** The free slots grouped by day, in order. */
function byDay(slots: OfferedSlot[]): Array<[string, OfferedSlot[]]> {
  const days = new Map<string, OfferedSlot[]>();
  for (const slot of slots) days.set(slot.date, [...(days.get(slot.date) ?? []), slot]);
  return [...days];
}

export default function ManageBooking({ loaderData, actionData }: Route.ComponentProps) {
  const { booking, slots } = loaderData;
  const t = useT();
  const labels = useSlotLabels();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;

  if (!booking) {
    return (
      <LinkCard icon={CalendarX2} title={t("booking.manage.linkTitle")}>
        <p role="alert" className="mt-3 text-foreground/85">
          {t(BOOKING_CHANGE_KEYS.linkInvalid)}
        </p>
        <p className="mt-3 text-sm text-muted-foreground">
          <a className="underline underline-offset-4" href={`mailto:${brand.email}`} dir="ltr">
            {brand.email}
          </a>
        </p>
      </LinkCard>
    );
  }

  return (
    <div className="bg-muted/40 pb-16">
      <div className="mx-auto max-w-2xl px-4 pt-10 sm:px-6">
        <h1 className="font-serif text-3xl font-semibold text-primary">{t("booking.manage.title")}</h1>
        {actionData ? (
          <p
            role={actionData.ok ? "status" : "alert"}
            className={`mt-4 rounded-md border p-3 text-sm ${actionData.ok ? "border-success/40 bg-success/10" : "border-destructive/40 bg-destructive/10 text-destructive"}`}
          >
            {actionData.message}
          </p>
        ) : null}

        {booking.proposal ? (
          <section aria-labelledby="proposal-heading" className="mt-6 rounded-xl border-2 border-accent/60 bg-card p-6 shadow-sm" data-testid="booking-proposal">
            <h2 id="proposal-heading" className="flex items-center gap-2 font-serif text-xl font-semibold">
              <CalendarClock className="size-5 text-accent" aria-hidden="true" /> {t("booking.manage.proposal.title")}
            </h2>
            <p className="mt-2 text-sm text-muted-foreground">{t("booking.manage.proposal.lead")}</p>
            <dl className="mt-4 text-sm">
              <dt className="font-medium text-muted-foreground">{t("booking.manage.proposal.when")}</dt>
              <dd data-testid="booking-proposed-when">
                <SlotWhen slot={booking.proposal} timeZone={booking.firmTimeZone} />
              </dd>
            </dl>
            <div className="mt-5 flex flex-wrap gap-3">
              <Form method="post">
                <input type="hidden" name="intent" value="accept-proposal" />
                <Button type="submit" disabled={pending != null}>
                  {pending === "accept-proposal" ? <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
                  {pending === "accept-proposal" ? t("booking.manage.proposal.accepting") : t("booking.manage.proposal.accept")}
                </Button>
              </Form>
              <Form method="post">
                <input type="hidden" name="intent" value="decline-proposal" />
                <Button type="submit" variant="outline" disabled={pending != null}>
                  {pending === "decline-proposal" ? <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
                  {pending === "decline-proposal" ? t("booking.manage.proposal.declining") : t("booking.manage.proposal.decline")}
                </Button>
              </Form>
            </div>
          </section>
        ) : null}

        <section aria-labelledby="booking-details" className="mt-6 rounded-xl border bg-card p-6 shadow-sm">
          <div className="flex items-start justify-between gap-3">
            <h2 id="booking-details" className="font-serif text-xl font-semibold">
              {bookingTypeLabel(booking.bookingType, t)}
            </h2>
            <BookingStatusBadge status={booking.status} />
          </div>
          <dl className="mt-4 grid gap-3 text-sm">
            <div>
              <dt className="font-medium text-muted-foreground">{t("booking.manage.when")}</dt>
              <dd data-testid="booking-when">
                {booking.slot ? <SlotWhen slot={booking.slot} timeZone={booking.firmTimeZone} /> : t("booking.manage.toBeAgreed")}
              </dd>
            </div>
            <BookingContextRows opportunityTitle={booking.opportunityTitle} meetingLink={booking.meetingLink} />
            <div>
              <dt className="font-medium text-muted-foreground">{t("booking.reference")}</dt>
              <dd>
                <BookingReference value={booking.reference} />
              </dd>
            </div>
          </dl>
        </section>

        {booking.changeable ? (
          <>
            <section aria-labelledby="move-heading" className="mt-6 rounded-xl border bg-card p-6 shadow-sm">
              <h2 id="move-heading" className="flex items-center gap-2 font-serif text-xl font-semibold">
                <CalendarClock className="size-5 text-accent" aria-hidden="true" /> {t("booking.manage.moveTitle")}
              </h2>
              {slots.length === 0 ? (
                <p className="mt-3 text-sm text-muted-foreground">{t("booking.manage.noOtherTimes", { email: brand.email })}</p>
              ) : (
                <Form method="post" className="mt-4">
                  <input type="hidden" name="intent" value="move" />
                  <fieldset>
                    <legend className="text-sm text-muted-foreground">
                      {t("booking.manage.chooseTime", { city: labels.city(booking.firmTimeZone) })}
                    </legend>
                    {/* Scrolls within itself, so the button stays near on a phone. */}
                    <div className="mt-3 grid max-h-96 gap-4 overflow-y-auto pe-2">
                      {byDay(slots).map(([day, times]) => (
                        <div key={day}>
                          <p className="text-sm font-medium">{labels.day(day)}</p>
                          <div className="mt-2 flex flex-wrap gap-2">
                            {times.map((slot) => (
                              <label
                                key={slot.id}
                                className="flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
                              >
                                <input type="radio" name="slotId" value={slot.id} required className="accent-primary" />
                                {labels.times(slot)}
                              </label>
                            ))}
                          </div>
                        </div>
                      ))}
                    </div>
                  </fieldset>
                  <Button type="submit" className="mt-5" disabled={pending != null}>
                    {pending === "move" ? <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
                    {pending === "move" ? t("booking.manage.moving") : t("booking.manage.move")}
                  </Button>
                </Form>
              )}
            </section>

            <section aria-labelledby="cancel-heading" className="mt-6 rounded-xl border bg-card p-6 shadow-sm">
              <h2 id="cancel-heading" className="flex items-center gap-2 font-serif text-xl font-semibold">
                <CalendarX2 className="size-5 text-accent" aria-hidden="true" /> {t("booking.manage.cancelTitle")}
              </h2>
              <Form method="post" className="mt-4 grid gap-3">
                <input type="hidden" name="intent" value="cancel" />
                <Label htmlFor="cancel-reason">{t("booking.manage.reason")}</Label>
                <Textarea id="cancel-reason" name="reason" maxLength={CANCELLATION_REASON_MAX} rows={3} />
                <div>
                  <Button type="submit" variant="destructive" disabled={pending != null}>
                    {pending === "cancel" ? <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
                    {pending === "cancel" ? t("booking.manage.cancelling") : t("booking.manage.cancel")}
                  </Button>
                </div>
              </Form>
            </section>
          </>
        ) : (
          <p className="mt-6 text-sm text-muted-foreground">
            {booking.status === "cancelled" ? t("booking.manage.isCancelled") : t(BOOKING_CHANGE_KEYS.notChangeable)}{" "}
            <RichText
              message={t("booking.manage.questions", standIns("email"))}
              elements={{
                email: (
                  <a className="underline underline-offset-4" href={`mailto:${brand.email}`} dir="ltr">
                    {brand.email}
                  </a>
                ),
              }}
            />
          </p>
        )}
      </div>
    </div>
  );
}
