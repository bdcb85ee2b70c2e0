import { eq } from "drizzle-orm";
import { AppError } from "~/domain/app-error";
import type { ProfileUpdate } from "~/domain/profile-update";
import { DEFAULT_LOCALE, isLocale, type Locale } from "~/i18n/locales";
import type { ServiceContext } from "../context/service-context.server";
import { requireUser, type Actor } from "../security/actor.server";
import { profiles, user } from "../db/schema.server";

/**
 * Issue 13, "Account self-service": the signed-in investor edits their own profile. One
 * transaction writes the `profiles` row and better-auth's copy of the names on the `user`
 * row (first, last and the full `name` the site header shows), so the two never disagree.
 * Scoped by the actor's id: nobody can write anyone else's profile. The profile row is
 * created if it was missing (a trigger normally makes it with the account). The language of
 * the investor's e-mails (issue 17) lives on the `user` row and is saved with the names.
 */
export async function updateOwnProfile(ctx: ServiceContext, actor: Actor, input: ProfileUpdate): Promise<void> {
  const userId = requireUser(actor);
  const names = { firstName: input.firstName, lastName: input.lastName };
  const details = {
    ...names,
    company: input.company,
    phone: input.phone,
    investorType: input.investorType,
    preferredContactMethod: input.preferredContactMethod,
  };
  await ctx.db.transaction(async (tx) => {
    const [account] = await tx
      .update(user)
      .set({ ...names, name: `${input.firstName} ${input.lastName}`, ...(input.locale ? { locale: input.locale } : {}), updatedAt: new Date() })
      .where(eq(user.id, userId))
      .returning({ id: user.id });
    // The session outlived its account (deleted meanwhile): there is nobody to save for.
    if (!account) throw new AppError("UNAUTHENTICATED", "error.accountMissing");
    await tx
      .insert(profiles)
      .values({ id: userId, ...details })
      .onConflictDoUpdate({ target: profiles.id, set: { ...details, updatedAt: new Date() } });
  });
}

/** The language the signed-in investor's e-mails and invites are written in (English when unknown). */
export async function getOwnMailLocale(ctx: ServiceContext, actor: Actor): Promise<Locale> {
  const userId = requireUser(actor);
  const [row] = await ctx.db.select({ locale: user.locale }).from(user).where(eq(user.id, userId)).limit(1);
  return isLocale(row?.locale) ? row.locale : DEFAULT_LOCALE;
}
