import { describe, expect, it } from "vitest";
import {
  ACCOUNT_DATA_MESSAGES,
  accountDataFilename,
  anonymisedEmail,
  deleteAccountSchema,
  deletePasswordSchema,
  deleteRefusal,
  isFreshSignIn,
  SIGN_IN_AGAIN_PATH,
  subscriptionBlocksDeletion,
} from "./account-data";
import { safeRedirect } from "./safe-redirect";

const now = new Date("2026-11-23T12:00:00Z");
const MINUTE = 60_000;

describe("subscriptionBlocksDeletion", () => {
  it("refuses while Stripe may still bill: active, trialing, past due, unpaid, paused, incomplete", () => {
    for (const status of ["active", "trialing", "past_due", "unpaid", "paused", "incomplete"]) {
      expect(subscriptionBlocksDeletion({ status, cancelAtPeriodEnd: false }), status).toBe(true);
    }
  });

  it("lets an ended subscription go, and a paid-up one already set to end at its period's end", () => {
    expect(subscriptionBlocksDeletion({ status: "canceled", cancelAtPeriodEnd: false })).toBe(false);
    expect(subscriptionBlocksDeletion({ status: "incomplete_expired", cancelAtPeriodEnd: false })).toBe(false);
    expect(subscriptionBlocksDeletion({ status: "active", cancelAtPeriodEnd: true })).toBe(false);
    expect(subscriptionBlocksDeletion({ status: "trialing", cancelAtPeriodEnd: true })).toBe(false);
    // An overdue invoice is still collected, whether or not the plan renews.
    expect(subscriptionBlocksDeletion({ status: "past_due", cancelAtPeriodEnd: true })).toBe(true);
  });
});

describe("isFreshSignIn", () => {
  it("accepts a sign-in of the last 10 minutes only", () => {
    expect(isFreshSignIn(new Date(now.getTime() - 9 * MINUTE), now)).toBe(true);
    expect(isFreshSignIn(new Date(now.getTime() - 10 * MINUTE), now)).toBe(true);
    expect(isFreshSignIn(new Date(now.getTime() - 10 * MINUTE - 1000), now)).toBe(false);
    expect(isFreshSignIn(new Date(now.getTime() - 3 * 24 * 60 * MINUTE), now)).toBe(false);
  });

  it("allows a little clock skew between database and server, not a sign-in from the future", () => {
    expect(isFreshSignIn(new Date(now.getTime() + 30_000), now)).toBe(true);
    expect(isFreshSignIn(new Date(now.getTime() + 5 * MINUTE), now)).toBe(false);
  });
});

describe("the deletion form", () => {
  it("takes an optional password on the server and requires one in the dialog", () => {
    expect(deleteAccountSchema.parse({})).toEqual({});
    expect(deleteAccountSchema.parse({ password: "secret" })).toEqual({ password: "secret" });
    expect(deleteAccountSchema.safeParse({ password: "x".repeat(1025) }).success).toBe(false);
    const empty = deletePasswordSchema.safeParse({ password: "" });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]?.message).toBe(ACCOUNT_DATA_MESSAGES.enterPassword);
    expect(deletePasswordSchema.safeParse({}).error?.issues[0]?.message).toBe(ACCOUNT_DATA_MESSAGES.enterPassword);
  });

  it("puts each refusal where it belongs in the dialog", () => {
    expect(deleteRefusal("wrong", "UNAUTHENTICATED")).toEqual({ message: "wrong", kind: "password" });
    expect(deleteRefusal("stale", "FORBIDDEN")).toEqual({ message: "stale", kind: "sign-in-again" });
    expect(deleteRefusal("billing", "CONFLICT").kind).toBe("other");
    expect(deleteRefusal("slow down", "RATE_LIMITED").kind).toBe("other");
  });

  it("sends a sign-in-again back to this page through the redirect check", () => {
    expect(safeRedirect(SIGN_IN_AGAIN_PATH)).toBe(SIGN_IN_AGAIN_PATH);
    expect(new URL(SIGN_IN_AGAIN_PATH, "http://x").searchParams.get("redirectTo")).toBe("/account/data");
  });
});

describe("names and placeholders", () => {
  it("names the download by date and makes an address no mail can reach", () => {
    expect(accountDataFilename("2026-11-23")).toBe("tigris-account-data-2026-11-23.json");
    expect(anonymisedEmail("ab12")).toBe("deleted-ab12@deleted.invalid");
  });
});
