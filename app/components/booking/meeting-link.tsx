import { isVideoLink } from "~/domain/booking-changes";
import { useT } from "~/i18n/i18n";

const NEW_TAB = { target: "_blank", rel: "noreferrer noopener" } as const;

/** A booking's meeting link as a link: a video call opens in a new tab, a phone number dials. */
export function MeetingLink({ link }: { link: string }) {
  const video = isVideoLink(link);
  return (
    <a
      className="break-all text-primary underline underline-offset-4"
      href={video ? link : `tel:${link.replace(/[^\d+]/g, "")}`}
      dir="ltr"
      {...(video ? NEW_TAB : {})}
    >
      {link}
    </a>
  );
}

/**
 * What a booking is about and how to join it, as rows of the description list the
 * dashboard and the booking page show: each only when there is one.
 */
export function BookingContextRows({ opportunityTitle, meetingLink }: { opportunityTitle: string | null; meetingLink: string | null }) {
  const t = useT();
  return (
    <>
      {opportunityTitle ? (
        <div>
          <dt className="font-medium text-muted-foreground">{t("booking.manage.opportunity")}</dt>
          <dd>{opportunityTitle}</dd>
        </div>
      ) : null}
      {meetingLink ? (
        <div>
          <dt className="font-medium text-muted-foreground">{t("booking.manage.howToJoin")}</dt>
          <dd>
            <MeetingLink link={meetingLink} />
          </dd>
        </div>
      ) : null}
    </>
  );
}
