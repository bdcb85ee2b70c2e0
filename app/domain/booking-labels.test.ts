import { describe, expect, it } from "vitest";
import {
  bookingStatusLabel,
  bookingStatusVariant,
  bookingTypeLabel,
  bookingWhen,
  capitalise,
  countPending,
  formatBookedDate,
  formatSlot,
} from "./booking-labels";

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

describe("formatBookedDate", () => {
  it("prints the day like 'Nov 22, 2026'", () => {
    expect(formatBookedDate(new Date("2026-11-22T10:00:00Z"), "Europe/London")).toBe("Nov 22, 2026");
    expect(formatBookedDate("2026-03-05T12:00:00.000Z", "UTC")).toBe("Mar 5, 2026");
  });
  it("uses the given time zone's wall clock, not the machine's", () => {
    const lateEvening = new Date("2026-11-22T23:30:00Z");
    expect(formatBookedDate(lateEvening, "Europe/London")).toBe("Nov 22, 2026");
    expect(formatBookedDate(lateEvening, "Asia/Baghdad")).toBe("Nov 23, 2026");
    expect(formatBookedDate(lateEvening, "America/New_York")).toBe("Nov 22, 2026");
  });
  it("prints nothing for an unreadable date", () => {
    expect(formatBookedDate("not a date", "UTC")).toBe("");
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
      text: "Weekday mornings",
    });
    const fromSlot = { label: "Time slot", text: "Mon, Nov 23, 2026 · 09:00–09:30" };
    expect(bookingWhen({ preferredTime: null, slot })).toEqual(fromSlot);
    expect(bookingWhen({ preferredTime: "   ", slot })).toEqual(fromSlot);
    expect(bookingWhen({ preferredTime: null, slot: null })).toBeNull();
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
