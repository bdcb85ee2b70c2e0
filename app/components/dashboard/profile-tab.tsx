import { Pencil } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { contactMethodLabel, investorTypeLabel, type OwnProfile } from "~/domain/profile";

/**
 * What the tab shows, `phone` already written for reading (the dashboard's loader runs
 * `formatPhone` on the server, so the page loads no phone library).
 */
export type ProfileDetails = Omit<OwnProfile, "avatarUrl">;

function Field({ label, value, muted = false }: { label: string; value: string; muted?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className={muted ? "mt-1 text-muted-foreground italic" : "mt-1 break-words"}>{value}</dd>
    </div>
  );
}

const present = (value: string | null | undefined): value is string => Boolean(value?.trim());

/** The investor's profile, read-only (SPEC.md section 2), with the way to edit it (issue 13). */
export function ProfileTab({ profile }: { profile: ProfileDetails }) {
  const investorType = investorTypeLabel(profile.investorType);
  return (
    <Card>
      <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1.5">
          <h2 className="font-serif text-2xl font-semibold">Profile</h2>
          <CardDescription>Your investor profile as we hold it.</CardDescription>
        </div>
        <Button asChild variant="outline" size="sm" className="self-start">
          <Link to="/account/profile">
            <Pencil aria-hidden="true" /> Edit profile
          </Link>
        </Button>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-x-8 gap-y-5 sm:grid-cols-2">
          <Field
            label="First name"
            value={present(profile.firstName) ? profile.firstName : "Not set"}
            muted={!present(profile.firstName)}
          />
          <Field
            label="Last name"
            value={present(profile.lastName) ? profile.lastName : "Not set"}
            muted={!present(profile.lastName)}
          />
          <Field label="Email" value={profile.email} />
          {present(profile.company) && <Field label="Company" value={profile.company} />}
          {present(profile.phone) && <Field label="Phone" value={profile.phone} />}
          <Field label="Investor Type" value={investorType ?? "Not Set"} muted={investorType === null} />
          <Field label="Preferred Contact Method" value={contactMethodLabel(profile.preferredContactMethod)} />
        </dl>
      </CardContent>
    </Card>
  );
}
