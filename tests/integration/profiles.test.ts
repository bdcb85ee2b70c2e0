import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "~/domain/app-error";
import { PROFILE_MESSAGES, type ProfileUpdate } from "~/domain/profile-update";
import { action as profileAction, loader as profileLoader } from "~/routes/account.profile";
import { anonymous } from "~/server/security/actor.server";
import { CLIENT_IP_HEADER } from "~/server/security/better-auth.server";
import { updateOwnProfile } from "~/server/services/profiles.server";
import { getOwnProfile } from "~/server/services/users.server";
import { createUser } from "~/server/seed/factories.server";
import { profiles, user } from "~/server/db/schema.server";
import { english } from "../support/english";
import { SITE_URL, contextFor, createAdminTestbed, formRequest, getRequest, routeArgs, type AdminTestbed } from "./app-context";
import { testDriver } from "./test-database";

let bed: AdminTestbed;
beforeAll(async () => {
  bed = await createAdminTestbed("profiles-");
});
afterAll(async () => {
  await bed?.destroy();
});

/** The investor's profile and account rows back to what sign-up left. */
beforeEach(async () => {
  const { db } = bed.t;
  await db.update(user).set({ firstName: "Test", lastName: "Investor", name: "Test Investor", locale: "en" }).where(eq(user.id, bed.investor.id));
  await db
    .update(profiles)
    .set({ firstName: "Test", lastName: "Investor", company: null, phone: null, investorType: null, preferredContactMethod: null })
    .where(eq(profiles.id, bed.investor.id));
});

const update: ProfileUpdate = {
  firstName: "Samira",
  lastName: "Haddad",
  company: "Haddad Family Office",
  phone: "+971501234567",
  investorType: "family_office",
  preferredContactMethod: "whatsapp",
};

/** The form as the browser posts it. */
const form = {
  firstName: "Samira",
  lastName: "Haddad",
  company: "Haddad Family Office",
  phone: "+971 50 123 4567",
  investorType: "family_office",
  preferredContactMethod: "whatsapp",
};

async function rowsOf(id: string) {
  const [account] = await bed.t.db
    .select({ name: user.name, firstName: user.firstName, lastName: user.lastName })
    .from(user)
    .where(eq(user.id, id));
  const [profile] = await bed.t.db
    .select({
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      company: profiles.company,
      phone: profiles.phone,
      investorType: profiles.investorType,
      preferredContactMethod: profiles.preferredContactMethod,
    })
    .from(profiles)
    .where(eq(profiles.id, id));
  return { account, profile };
}

type Outcome = { status: number; headers: Headers; data: Record<string, unknown> };

/** Runs a loader or the action the way React Router would, and normalises what came back. */
async function run(handler: (args: never) => Promise<unknown>, request: Request): Promise<Outcome> {
  let result: unknown;
  try {
    result = await handler(routeArgs(request, bed.context));
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, headers: result.headers, data: {} };
  const wrapped = result as { data?: Record<string, unknown>; init?: { status?: number; headers?: HeadersInit } } & Record<string, unknown>;
  if (!("data" in wrapped && "init" in wrapped)) return { status: 200, headers: new Headers(), data: wrapped };
  return { status: wrapped.init?.status ?? 200, headers: new Headers(wrapped.init?.headers), data: wrapped.data ?? {} };
}

const post = (fields: Record<string, string>, cookie?: string) => run(profileAction, formRequest("/account/profile", fields, { cookie }));
const fieldErrors = (outcome: Outcome) => (outcome.data.result as { error?: Record<string, string[]> } | undefined)?.error ?? {};

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe(`updateOwnProfile (${testDriver})`, () => {
  it("writes the investor's profile and the account's names, and nobody else's", async () => {
    const other = await createUser(bed.t.db, { firstName: "Omar", lastName: "Faris" });
    const otherBefore = await rowsOf(other.id);

    await updateOwnProfile(bed.context, bed.investor.actor, update);

    expect(await rowsOf(bed.investor.id)).toEqual({
      account: { name: "Samira Haddad", firstName: "Samira", lastName: "Haddad" },
      profile: {
        firstName: "Samira",
        lastName: "Haddad",
        company: "Haddad Family Office",
        phone: "+971501234567",
        investorType: "family_office",
        preferredContactMethod: "whatsapp",
      },
    });
    expect(await getOwnProfile(bed.context, bed.investor.actor)).toMatchObject({ email: bed.investor.email, company: "Haddad Family Office" });
    expect(await rowsOf(other.id)).toEqual(otherBefore);
  });

  it("stores empty optional fields as null", async () => {
    await updateOwnProfile(bed.context, bed.investor.actor, update);
    await updateOwnProfile(bed.context, bed.investor.actor, {
      ...update,
      company: null,
      phone: null,
      investorType: null,
      preferredContactMethod: "email",
    });
    expect((await rowsOf(bed.investor.id)).profile).toMatchObject({ company: null, phone: null, investorType: null, preferredContactMethod: "email" });
  });

  it("makes the profile row when the account has none", async () => {
    const lonely = await createUser(bed.t.db);
    await bed.t.db.delete(profiles).where(eq(profiles.id, lonely.id));
    await updateOwnProfile(bed.context, { kind: "user", userId: lonely.id, isAdmin: false }, update);
    expect((await rowsOf(lonely.id)).profile).toMatchObject({ firstName: "Samira", phone: "+971501234567" });
  });

  it("writes both rows or neither", async () => {
    const before = await rowsOf(bed.investor.id);
    // PostgreSQL refuses a NUL character in text: the profile write fails after the account's.
    await expect(updateOwnProfile(bed.context, bed.investor.actor, { ...update, company: "Haddad\u0000Office" })).rejects.toThrow();
    expect(await rowsOf(bed.investor.id)).toEqual(before);
  });

  it("refuses an anonymous actor, and an account that no longer exists", async () => {
    const before = await rowsOf(bed.investor.id);
    expect((await refusal(updateOwnProfile(bed.context, anonymous, update))).code).toBe("UNAUTHENTICATED");
    const gone = await refusal(updateOwnProfile(bed.context, { kind: "user", userId: "no-such-user", isAdmin: false }, update));
    expect(gone.code).toBe("UNAUTHENTICATED");
    expect(await rowsOf(bed.investor.id)).toEqual(before);
  });
});

describe(`/account/profile (${testDriver})`, () => {
  it("loads the investor's own profile into the form, the phone readable", async () => {
    await updateOwnProfile(bed.context, bed.investor.actor, update);
    const loaded = await run(profileLoader, getRequest("/account/profile", { cookie: bed.investor.cookie }));
    expect(loaded.data).toEqual({
      email: bed.investor.email,
      defaults: { ...form, phone: "+971 50 123 4567", locale: "en" },
    });
  });

  it("changes the language of the investor's e-mails (issue 17), and keeps it when the form does not send one", async () => {
    const saved = await post({ ...form, locale: "ar" }, bed.investor.cookie);
    expect(saved.status).toBe(200);
    const localeOf = async () => (await bed.t.db.select({ locale: user.locale }).from(user).where(eq(user.id, bed.investor.id)))[0]?.locale;
    expect(await localeOf()).toBe("ar");
    const loaded = await run(profileLoader, getRequest("/account/profile", { cookie: bed.investor.cookie }));
    expect((loaded.data.defaults as { locale: string }).locale).toBe("ar");

    await post(form, bed.investor.cookie);
    expect(await localeOf()).toBe("ar");
    await updateOwnProfile(bed.context, bed.investor.actor, { ...update, locale: "ckb" });
    expect(await localeOf()).toBe("ckb");

    const refused = await post({ ...form, locale: "fr" }, bed.investor.cookie);
    expect(refused.status).toBe(400);
    expect(fieldErrors(refused)).toEqual({ locale: [PROFILE_MESSAGES.localeInvalid] });
    expect(await localeOf()).toBe("ckb");
  });

  it("saves the investor's edit: E.164 phone, labels' slugs, names on the account too", async () => {
    const saved = await post(form, bed.investor.cookie);
    expect(saved.status).toBe(200);
    expect(saved.data.toast).toEqual({ type: "success", title: "Profile updated", description: "Your changes have been saved." });
    expect(saved.data.saved).toBe(true);
    expect(fieldErrors(saved)).toEqual({});

    expect(await rowsOf(bed.investor.id)).toEqual({
      account: { name: "Samira Haddad", firstName: "Samira", lastName: "Haddad" },
      profile: { ...update },
    });
    // The next request's viewer (the site header) has the new name.
    const viewer = await contextFor(bed.context, getRequest("/", { cookie: bed.investor.cookie })).viewer();
    expect(viewer).toMatchObject({ name: "Samira Haddad", firstName: "Samira", lastName: "Haddad" });
  });

  it("stores blank optional fields as null", async () => {
    await updateOwnProfile(bed.context, bed.investor.actor, update);
    const saved = await post({ ...form, company: "  ", phone: "", investorType: "", preferredContactMethod: "email" }, bed.investor.cookie);
    expect(saved.status).toBe(200);
    expect((await rowsOf(bed.investor.id)).profile).toEqual({
      firstName: "Samira",
      lastName: "Haddad",
      company: null,
      phone: null,
      investorType: null,
      preferredContactMethod: "email",
    });
  });

  it("answers an invalid phone with its field message, keeps what was typed and changes nothing", async () => {
    const before = await rowsOf(bed.investor.id);
    const refused = await post({ ...form, phone: "050 123 4567" }, bed.investor.cookie);
    expect(refused.status).toBe(400);
    // Message keys: the form's field says them in the page's language.
    expect(fieldErrors(refused)).toEqual({ phone: [PROFILE_MESSAGES.phoneInvalid] });
    expect(english(PROFILE_MESSAGES.phoneInvalid)).toBe("Enter the number in international format, e.g. +971 50 123 4567");
    expect((refused.data.result as { initialValue?: Record<string, string> }).initialValue).toMatchObject({
      ...form,
      phone: "050 123 4567",
    });
    expect(refused.data.saved).toBeUndefined();
    expect(await rowsOf(bed.investor.id)).toEqual(before);
  });

  it("needs a phone for Phone or WhatsApp, and names by the sign-up rules", async () => {
    const before = await rowsOf(bed.investor.id);
    const refused = await post({ ...form, firstName: "", lastName: "H4ddad", phone: "", preferredContactMethod: "phone" }, bed.investor.cookie);
    expect(refused.status).toBe(400);
    expect(fieldErrors(refused)).toEqual({
      firstName: ["auth.validation.firstNameRequired"],
      lastName: ["auth.validation.lastNameInvalid"],
      phone: [PROFILE_MESSAGES.phoneRequired],
    });
    expect(english("auth.validation.firstNameRequired")).toBe("First name is required");
    expect(english("auth.validation.lastNameInvalid")).toBe("Last name contains invalid characters");
    expect(await rowsOf(bed.investor.id)).toEqual(before);
  });

  it("sends an anonymous visitor to sign in, for the page and for a post, and changes nothing", async () => {
    const before = await rowsOf(bed.investor.id);
    const page = await run(profileLoader, getRequest("/account/profile"));
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/auth?redirectTo=%2Faccount%2Fprofile");
    const posted = await post(form);
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe("/auth?redirectTo=%2Faccount%2Fprofile");
    expect(await rowsOf(bed.investor.id)).toEqual(before);
  });

  it("answers a body that is not a form with the failure message", async () => {
    const request = new Request(`${SITE_URL}/account/profile`, {
      method: "POST",
      headers: { Origin: SITE_URL, "Content-Type": "application/json", Cookie: bed.investor.cookie, [CLIENT_IP_HEADER]: "203.0.113.7" },
      body: JSON.stringify(form),
    });
    const refused = await run(profileAction, request);
    expect(refused.status).toBe(400);
    expect(refused.data.toast).toEqual({ type: "error", title: "Could not save your profile", description: "We could not save your profile. Please try again." });
    expect((await rowsOf(bed.investor.id)).profile?.company).toBeNull();
  });
});
