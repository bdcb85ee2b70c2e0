import { describe, expect, it } from "vitest";
import { SERVER_CATALOGUES } from "~/i18n/catalogues.server";
import { LOCALES } from "~/i18n/locales";
import { absoluteTime, badgeText, dueDay, meetingTime, notificationLink, notificationText, relativeTime } from "./notification-text";
import { NOTIFICATION_KIND_NAMES } from "./notifications";

const meeting = { name: "Samira", startsAt: "2026-12-01T07:00:00.000Z", timeZone: "Asia/Baghdad", reference: "TA-7K2Q" };

describe("notification text", () => {
  it("has a title and a body in every language for every kind", () => {
    for (const kind of NOTIFICATION_KIND_NAMES) {
      const text = notificationText({ kind, data: {}, link: "/dashboard" }, "en");
      for (const locale of LOCALES) {
        const catalogue: Record<string, string> = SERVER_CATALOGUES[locale].notifications;
        expect(catalogue[text.title.key], `${locale} ${text.title.key}`).toBeTruthy();
        expect(catalogue[text.body.key], `${locale} ${text.body.key}`).toBeTruthy();
      }
    }
  });

  it("writes a meeting's time in the reader's language, on the wall clock it was booked in", () => {
    const en = notificationText({ kind: "booking-confirmed", data: meeting, link: "/dashboard" }, "en");
    expect(en.title.key).toBe("notifications.kind.booking-confirmed.title");
    expect(en.body.key).toBe("notifications.kind.booking-confirmed.body");
    expect(en.body.values).toEqual({ time: expect.stringMatching(/^Tuesday,? 1 December 2026(,| at) 10:00 \(Asia\/Baghdad\)$/), reference: "TA-7K2Q" });
    const ar = meetingTime(meeting, "ar");
    expect(ar).toContain("ديسمبر");
    expect(ar).toContain("10:00");
    expect(ar).not.toMatch(/[٠-٩]/);
    expect(ar.endsWith("(Asia/Baghdad)")).toBe(true);
  });

  it("reads only the data keys of its kind: never bank details or anything else carried", () => {
    const data = { amount: "USD 25,000.00", opportunity: "Erbil Gardens", dueDate: "2026-12-15", iban: "IQ98NBIQ850123456789012", bank: "Rafidain Bank", name: "Samira" };
    for (const kind of ["instalment-call", "instalment-reminder", "receipt-issued", "security-notice"] as const) {
      const text = notificationText({ kind, data, link: "/portfolio" }, "en");
      const said = JSON.stringify(text);
      expect(said).not.toContain("IQ98");
      expect(said).not.toContain("Rafidain");
    }
    expect(notificationText({ kind: "instalment-call", data, link: "/portfolio" }, "en").body.values).toEqual({
      amount: "USD 25,000.00",
      opportunity: "Erbil Gardens",
      dueDate: "15 December 2026",
    });
    expect(notificationText({ kind: "security-notice", data, link: "/account/security" }, "en").body.values).toEqual({});
  });

  it("shows a dash for a value the data lacks, and a date it cannot read as it is", () => {
    expect(notificationText({ kind: "document-published", data: {}, link: "/documents" }, "en").body.values).toEqual({ title: "—" });
    expect(dueDay("soon", "en")).toBe("soon");
    expect(dueDay("2026-12-15", "ckb")).not.toBe("2026-12-15");
    expect(meetingTime({ startsAt: "not a date" }, "en")).toBe("not a date");
  });

  it("links only to pages of this site", () => {
    expect(notificationText({ kind: "opportunity-alert", data: {}, link: "/opportunities/erbil-gardens" }, "en").link).toBe("/opportunities/erbil-gardens");
    expect(notificationLink("https://evil.example/")).toBe("/notifications");
    expect(notificationLink("//evil.example")).toBe("/notifications");
    expect(notificationLink("javascript:alert(1)")).toBe("/notifications");
  });

  it("says how long ago, then the date past a week", () => {
    const now = new Date("2026-11-29T12:00:00Z");
    expect(relativeTime(new Date("2026-11-29T11:59:40Z"), now)).toEqual({ key: "notifications.time.now", values: { count: 0 } });
    expect(relativeTime("2026-11-29T12:00:30Z", now)?.key).toBe("notifications.time.now");
    expect(relativeTime("2026-11-29T11:55:00Z", now)).toEqual({ key: "notifications.time.minutes", values: { count: 5 } });
    expect(relativeTime("2026-11-29T09:00:00Z", now)).toEqual({ key: "notifications.time.hours", values: { count: 3 } });
    expect(relativeTime("2026-11-26T12:00:00Z", now)).toEqual({ key: "notifications.time.days", values: { count: 3 } });
    expect(relativeTime("2026-11-20T12:00:00Z", now)).toBeNull();
    expect(absoluteTime("2026-11-29T11:30:00Z", "en", "Asia/Baghdad")).toBe("29 Nov 2026, 14:30");
  });

  it("caps the badge at 9+", () => {
    expect(badgeText(0)).toBe("0");
    expect(badgeText(9)).toBe("9");
    expect(badgeText(10)).toBe("9+");
  });
});
