import { ar } from "date-fns/locale/ar";
import { ckb } from "date-fns/locale/ckb";
import { describe, expect, it } from "vitest";
import { english } from "../../tests/support/english";
import { translator } from "~/i18n/i18n";
import { bookingWhen, countPending, formatDayInZone, formatSlot } from "./booking-labels";
import { bookingStatusLabel, bookingStatusVariant, bookingTypeLabel, capitalise } from "./booking-words";

describe("bookingStatusVariant", () => {
  it("colours statuses as SPEC.md says: confirmed green, pending yellow, cancelled red, completed blue", () => {
    expect(bookingStatusVariant("confirmed")).toBe("success");
    expect(bookingStatusVariant("pending")).toBe("warning");
    expect(bookingStatusVariant("cancelled")).toBe("destructive");
    expect(bookingStatusVariant("completed")).toBe("info");
  });
  it("falls back to a neutral badge for an unknown status", () => {
    expect(bookingStatusVariant("archived")).toBe("secondary");
    expect(bookingStatusVariant("")).toBe("secondary");
  });
});

describe("bookingStatusLabel and capitalise", () => {
  it("capitalises the status", () => {
    expect(bookingStatusLabel("pending")).toBe("Pending");
    expect(bookingStatusLabel("confirmed")).toBe("Confirmed");
    expect(bookingStatusLabel("completed")).toBe("Completed");
    expect(bookingStatusLabel("cancelled")).toBe("Cancelled");
  });
  it("reads underscores as spaces and copes with blanks", () => {
    expect(capitalise("family_office")).toBe("Family office");
    expect(capitalise("  ")).toBe("");
  });
});

describe("bookingTypeLabel", () => {
  it("uses SPEC.md's labels", () => {
    expect(bookingTypeLabel("consultation")).toBe("Initial Consultation");
    expect(bookingTypeLabel("investment_review")).toBe("Investment Review");
    expect(bookingTypeLabel("site_visit")).toBe("Site Visit Discussion");
  });
  it("does not treat inherited object keys as types", () => {
    expect(bookingTypeLabel("toString")).toBe("ToString");
  });
});

describe("formatDayInZone", () => {
  it("prints the day like 'Nov 22, 2026'", () => {
    expect(formatDayInZone(new Date("2026-11-22T10:00:00Z"), "Europe/London")).toBe("Nov 22, 2026");
    expect(formatDayInZone("2026-03-05T12:00:00.000Z", "UTC")).toBe("Mar 5, 2026");
  });
  it("uses the given time zone's wall clock, not the machine's", () => {
    const lateEvening = new Date("2026-11-22T23:30:00Z");
    expect(formatDayInZone(lateEvening, "Europe/London")).toBe("Nov 22, 2026");
    expect(formatDayInZone(lateEvening, "Asia/Baghdad")).toBe("Nov 23, 2026");
    expect(formatDayInZone(lateEvening, "America/New_York")).toBe("Nov 22, 2026");
  });
  it("prints nothing for an unreadable date", () => {
    expect(formatDayInZone("not a date", "UTC")).toBe("");
  });
});

describe("formatSlot and bookingWhen", () => {
  const slot = { date: "2026-11-23", startTime: "09:00:00", endTime: "09:30:00" };

  it("shows the slot's weekday, date and times", () => {
    expect(formatSlot(slot)).toBe("Mon, Nov 23, 2026 · 09:00–09:30");
    expect(formatSlot({ date: "2026-11-27", startTime: "14:30", endTime: "15:00" })).toBe(
      "Fri, Nov 27, 2026 · 14:30–15:00",
    );
  });
  it("prefers the investor's own preferred time, then the slot, else nothing", () => {
    expect(bookingWhen({ preferredTime: " Weekday mornings ", slot })).toEqual({
      label: "Preferred time",
      key: "booking.when.preferred",
      text: "Weekday mornings",
    });
    const fromSlot = { label: "Time slot", key: "booking.when.slot", text: "Mon, Nov 23, 2026 · 09:00–09:30" };
    expect(bookingWhen({ preferredTime: null, slot })).toEqual(fromSlot);
    expect(bookingWhen({ preferredTime: "   ", slot })).toEqual(fromSlot);
    expect(bookingWhen({ preferredTime: null, slot: null })).toBeNull();
  });
});

describe("in the page's language", () => {
  const slot = { date: "2026-11-23", startTime: "09:00:00", endTime: "09:30:00" };

  it("says types and statuses with t, and English without it", () => {
    const t = translator("ar");
    expect(bookingTypeLabel("site_visit", t)).toBe(t("booking.type.siteVisit"));
    expect(bookingTypeLabel("site_visit", english)).toBe("Site Visit Discussion");
    expect(bookingStatusLabel("confirmed", t)).toBe(t("booking.status.confirmed"));
    expect(bookingStatusLabel("confirmed", english)).toBe("Confirmed");
    // Anything the product does not know is still capitalised.
    expect(bookingStatusLabel("archived", t)).toBe("Archived");
  });

  it("writes the dates' words in the locale, digits Latin, the times kept left to right", () => {
    expect(formatDayInZone(new Date("2026-11-22T10:00:00Z"), "Europe/London", ar)).toBe("22 نوفمبر 2026");
    expect(formatSlot(slot, ckb)).toMatch(/^\D+ 23 \D+ 2026 · \u206609:00–09:30\u2069$/);
    expect(formatSlot(slot, ckb)).not.toContain("Mon");
  });
});

describe("countPending", () => {
  it("counts only pending bookings", () => {
    expect(countPending([])).toBe(0);
    expect(
      countPending([{ status: "pending" }, { status: "confirmed" }, { status: "pending" }, { status: "cancelled" }]),
    ).toBe(2);
  });
});
