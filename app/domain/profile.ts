/** The signed-in investor's own profile, with the account's e-mail (the dashboard's Profile tab). */
export interface OwnProfile {
  email: string;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  phone: string | null;
  investorType: string | null;
  preferredContactMethod: string | null;
  avatarUrl: string | null;
}
