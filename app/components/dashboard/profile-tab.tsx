import { Pencil } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import type { OwnProfile } from "~/domain/profile";
import { useT } from "~/i18n/i18n";
import { contactMethodText, investorTypeText } from "./profile-labels";

/**
 * What the tab shows, `phone` already written for reading (the dashboard's loader runs
 * `formatPhone` on the server, so the page loads no phone library).
 */
export type ProfileDetails = Omit<OwnProfile, "avatarUrl">;

function Field({ label, value, muted = false, ltr = false }: { label: string; value: string; muted?: boolean; ltr?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className={muted ? "mt-1 text-muted-foreground italic" : "mt-1 break-words"}>{ltr ? <span dir="ltr">{value}</span> : value}</dd>
    </div>
  );
}

const present = (value: string | null | undefined): value is string => Boolean(value?.trim());

/** The investor's profile, read-only (SPEC.md section 2), with the way to edit it (issue 13). */
export function ProfileTab({ profile }: { profile: ProfileDetails }) {
  const t = useT();
  const investorType = investorTypeText(profile.investorType, t);
  return (
    <Card>
      <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1.5">
          <h2 className="font-serif text-2xl font-semibold">{t("portal.profile.title")}</h2>
          <CardDescription>{t("portal.profile.text")}</CardDescription>
        </div>
        <Button asChild variant="outline" size="sm" className="self-start">
          <Link to="/account/profile">
            <Pencil aria-hidden="true" /> {t("portal.profile.edit")}
          </Link>
        </Button>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-x-8 gap-y-5 sm:grid-cols-2">
          <Field
            label={t("portal.profile.firstName")}
            value={present(profile.firstName) ? profile.firstName : t("portal.profile.notSet")}
            muted={!present(profile.firstName)}
          />
          <Field
            label={t("portal.profile.lastName")}
            value={present(profile.lastName) ? profile.lastName : t("portal.profile.notSet")}
            muted={!present(profile.lastName)}
          />
          <Field label={t("portal.profile.email")} value={profile.email} ltr />
          {present(profile.company) && <Field label={t("portal.profile.company")} value={profile.company} />}
          {present(profile.phone) && <Field label={t("portal.profile.phone")} value={profile.phone} ltr />}
          <Field label={t("portal.investorType.label")} value={investorType ?? t("portal.investorType.notSet")} muted={investorType === null} />
          <Field label={t("portal.profile.contactMethod")} value={contactMethodText(profile.preferredContactMethod, t)} />
        </dl>
      </CardContent>
    </Card>
  );
}
