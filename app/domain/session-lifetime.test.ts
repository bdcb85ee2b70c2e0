import { describe, expect, it } from "vitest";
import { sessionExpired, SESSION_LIMITS } from "./session-lifetime";

const now = new Date("2026-11-23T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

describe("sessionExpired", () => {
  it("ends any session 30 days after sign-in, however active", () => {
    expect(sessionExpired({ createdAt: ago(29 * DAY), lastSeenAt: ago(0) }, false, now)).toBe(false);
    expect(sessionExpired({ createdAt: ago(30 * DAY + MINUTE), lastSeenAt: ago(0) }, false, now)).toBe(true);
  });

  it("leaves an investor's idle time to the sliding 7 days", () => {
    expect(sessionExpired({ createdAt: ago(6 * DAY), lastSeenAt: ago(6 * DAY) }, false, now)).toBe(false);
  });

  it("ends an admin's session after 30 idle minutes, and 12 hours after sign-in", () => {
    expect(sessionExpired({ createdAt: ago(60 * MINUTE), lastSeenAt: ago(29 * MINUTE) }, true, now)).toBe(false);
    expect(sessionExpired({ createdAt: ago(60 * MINUTE), lastSeenAt: ago(31 * MINUTE) }, true, now)).toBe(true);
    expect(sessionExpired({ createdAt: ago(SESSION_LIMITS.admin.absoluteMs + MINUTE), lastSeenAt: ago(0) }, true, now)).toBe(true);
  });
});
