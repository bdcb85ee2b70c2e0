import { Lock } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Fact } from "~/components/ui/fact";
import { type MessageKey, type Translate, useT } from "~/i18n/i18n";
import { notificationsPageLink, type ConsentState, type NotificationListPage, type NotificationsPageQuery } from "~/domain/notification-admin";
import { EmptyLine, OnwardPager } from "./notification-table";
import { useAdminFormat } from "./use-admin-format";

type ConsentStateView = ConsentState<Date | string>;

const MEANS_KEYS: Record<string, MessageKey> = {
  "whatsapp-code": "admin.notifications.consent.byMeans.whatsappCode",
  "wa-me": "admin.notifications.consent.byMeans.waMe",
  settings: "admin.notifications.consent.byMeans.settings",
  "stop-message": "admin.notifications.consent.byMeans.stopMessage",
};
const meansLabel = (t: Translate, means: string) => (Object.hasOwn(MEANS_KEYS, means) ? t(MEANS_KEYS[means]!) : means);

type State = "given" | "withdrawn" | "none";
const STATE_KEYS: Record<State, MessageKey> = {
  given: "admin.notifications.consent.state.given",
  withdrawn: "admin.notifications.consent.state.withdrawn",
  none: "admin.notifications.consent.state.none",
};
const ACTION_KEYS: Record<"given" | "withdrawn", MessageKey> = {
  given: "admin.notifications.consent.action.given",
  withdrawn: "admin.notifications.consent.action.withdrawn",
};

/** Consent stands when it was given and not withdrawn since. */
function stateOf(consent: ConsentStateView): State {
  if (consent.withdrawnAt && (!consent.consentAt || new Date(consent.withdrawnAt) >= new Date(consent.consentAt))) return "withdrawn";
  return consent.consentAt ? "given" : "none";
}

/**
 * The investors' WhatsApp consent, as they left it: the number (masked), when it was
 * verified, when and how consent was given and in which words, when it was withdrawn, and
 * the latest records. Nothing here changes it: the page says so.
 */
export function NotificationConsent({ query, page, error, timeZone }: { query: NotificationsPageQuery; page: NotificationListPage<ConsentStateView>; error: MessageKey | null; timeZone: string }) {
  const t = useT();
  const states = page.rows;
  // The count is the list's only while the list is one page.
  const whole = !query.consentBefore && !page.before;
  return (
    <section aria-labelledby="consent-heading" className="space-y-4">
      <div className="space-y-2">
        <h2 id="consent-heading" tabIndex={-1} className="scroll-mt-20 font-serif text-2xl font-semibold focus-visible:outline-none">
          {t("admin.notifications.consent.heading")} {whole ? <span className="text-base font-normal text-muted-foreground">({states.length})</span> : null}
        </h2>
        <p className="flex max-w-3xl items-start gap-2 rounded-lg border bg-card p-3 text-sm" data-testid="consent-read-only">
          <Lock className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          {t("admin.notifications.consent.readOnly")}
        </p>
      </div>
      {states.length === 0 ? (
        <EmptyLine>{error ? t(error) : t("admin.notifications.consent.none")}</EmptyLine>
      ) : (
        <ul className="space-y-3">
          {states.map((consent) => (
            <li key={consent.userId}>
              <ConsentCard consent={consent} timeZone={timeZone} />
            </li>
          ))}
        </ul>
      )}
      <OnwardPager
        label={t("admin.notifications.consent.pages")}
        back={query.consentBefore ? { to: notificationsPageLink(query, { consentBefore: undefined }, "consent-heading"), label: t("admin.notifications.consent.newest") } : null}
        older={page.before ? { to: notificationsPageLink(query, { consentBefore: page.before }, "consent-heading"), label: t("admin.notifications.consent.older") } : null}
      />
    </section>
  );
}

function ConsentCard({ consent, timeZone }: { consent: ConsentStateView; timeZone: string }) {
  const t = useT();
  const format = useAdminFormat(timeZone);
  const state = stateOf(consent);
  const headingId = `consent-${consent.userId}`;
  return (
    <article aria-labelledby={headingId} className="space-y-4 rounded-xl border bg-card p-4 shadow-sm sm:p-5" data-testid="consent-state">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="font-serif text-lg font-semibold [overflow-wrap:anywhere]">
            <bdi>{consent.name || consent.email}</bdi>
          </h3>
          <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
            <span dir="ltr">{consent.email}</span>
          </p>
        </div>
        <Badge variant={state === "given" ? "success" : state === "withdrawn" ? "warning" : "secondary"}>{t(STATE_KEYS[state])}</Badge>
      </div>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <dt className="text-xs text-muted-foreground">{t("admin.notifications.consent.phone")}</dt>
          <dd className="font-medium" translate="no">
            {consent.phone ? <span dir="ltr">{consent.phone}</span> : "—"}
          </dd>
        </div>
        <Fact term={t("admin.notifications.consent.verifiedAt")} value={consent.verifiedAt ? format.moment(consent.verifiedAt) : t("admin.notifications.consent.notVerified")} />
        <Fact term={t("admin.notifications.consent.consentAt")} value={consent.consentAt ? format.moment(consent.consentAt) : "—"} />
        <Fact term={t("admin.notifications.consent.means")} value={consent.consentChannel ? meansLabel(t, consent.consentChannel) : "—"} />
        {consent.withdrawnAt ? <Fact term={t("admin.notifications.consent.withdrawnAt")} value={format.moment(consent.withdrawnAt)} /> : null}
      </dl>
      {consent.consentWording ? (
        <div className="text-sm">
          <p className="text-xs text-muted-foreground">{t("admin.notifications.consent.wording")}</p>
          <blockquote className="mt-1 border-s-2 ps-3 [overflow-wrap:anywhere]" dir="auto">
            {consent.consentWording}
          </blockquote>
        </div>
      ) : null}
      {consent.records.length > 0 ? (
        <div className="border-t pt-3">
          <h4 className="text-xs font-medium text-muted-foreground">{t("admin.notifications.consent.records")}</h4>
          <ol className="mt-2 space-y-1.5 text-sm">
            {consent.records.map((record) => (
              <li key={record.id} className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
                <span className="font-medium">{t(ACTION_KEYS[record.action])}</span>
                <span>{meansLabel(t, record.means)}</span>
                <span className="text-xs text-muted-foreground" dir="ltr" translate="no">
                  {record.phone}
                </span>
                <span className="text-xs text-muted-foreground">{format.moment(record.at)}</span>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </article>
  );
}
