import { describe, expect, it } from "vitest";
import { notificationsPageLink, notificationsPageQuerySchema } from "./notification-admin";

describe("/admin/notifications' address", () => {
  it("reads each list's cursor and the status, ignoring what it cannot read", () => {
    expect(notificationsPageQuerySchema.parse({ status: "read", before: "a", failedBefore: "b", consentBefore: "c", other: "x" })).toEqual({ status: "read", before: "a", failedBefore: "b", consentBefore: "c" });
    expect(notificationsPageQuerySchema.parse({ status: "exploded", failedBefore: "x".repeat(121) })).toEqual({ status: undefined, failedBefore: undefined });
  });

  it("links a list's page keeping the other lists where they are, to the list's heading", () => {
    const query = { status: "failed" as const, before: "m1", failedBefore: "d1", consentBefore: undefined };
    expect(notificationsPageLink(query, { consentBefore: "c2" }, "consent-heading")).toBe("?status=failed&before=m1&failedBefore=d1&consentBefore=c2#consent-heading");
    expect(notificationsPageLink(query, { failedBefore: undefined }, "dead-letter-heading")).toBe("?status=failed&before=m1#dead-letter-heading");
    expect(notificationsPageLink({}, {})).toBe("?");
  });
});
