import { describe, expect, it } from "vitest";
import { z } from "zod";
import { english } from "../../tests/support/english";
import {
  ADMIN_SLOT_TOASTS,
  adminAvailabilityQuery,
  availabilityHref,
  calendarRange,
  dateOf,
  dayOf,
  defaultSlotsToCreate,
  END_AFTER_START_MESSAGE,
  endsAfterStart,
  slotAvailabilitySchema,
  slotCreateSchema,
  slotDefaultsSchema,
  slotDeleteSchema,
  slotTimeRange,
  timesOverlap,
} from "./admin-availability";
import { DEFAULT_SLOT_TIMES } from "./constants";

const slotId = "7d1b3a55-0000-4000-8000-000000000004";

describe("ADMIN_SLOT_TOASTS", () => {
  it("quotes SPEC.md section 8 exactly", () => {
    expect(Object.values(ADMIN_SLOT_TOASTS).map((key) => english(key))).toEqual([
      "Failed to fetch availability slots",
      "Failed to create availability slot",
      "Failed to update availability slot",
      "Failed to delete availability slot",
      "Failed to create default slots",
      "Availability slot created successfully",
      "Availability slot updated successfully",
      "Availability slot deleted successfully",
      "Default time slots created successfully",
    ]);
  });
});

describe("slotCreateSchema", () => {
  const form = { date: "2031-01-15", startTime: "09:00", endTime: "09:30", isAvailable: "true" };

  it("reads the dialog's fields, HH:mm, with empty notes as null", () => {
    expect(slotCreateSchema.parse({ ...form, notes: "  " })).toEqual({ date: "2031-01-15", startTime: "09:00", endTime: "09:30", isAvailable: true, notes: null });
    expect(slotCreateSchema.parse({ ...form, startTime: "14:00:00", endTime: "14:30:00", notes: " Rami only " })).toMatchObject({
      startTime: "14:00",
      endTime: "14:30",
      notes: "Rami only",
    });
  });

  it("takes a checkbox's on, true and false, and an absent checkbox as off", () => {
    expect(slotCreateSchema.parse({ ...form, isAvailable: "on" }).isAvailable).toBe(true);
    expect(slotCreateSchema.parse({ ...form, isAvailable: "false" }).isAvailable).toBe(false);
    const { isAvailable: _dropped, ...unchecked } = form;
    expect(slotCreateSchema.parse(unchecked).isAvailable).toBe(false);
    expect(slotCreateSchema.safeParse({ ...form, isAvailable: "maybe" }).success).toBe(false);
  });

  it("refuses an end at or before the start, with the message on endTime", () => {
    for (const endTime of ["09:00", "08:30"]) {
      const parsed = slotCreateSchema.safeParse({ ...form, endTime });
      expect(parsed.success).toBe(false);
      if (!parsed.success) expect(z.flattenError(parsed.error).fieldErrors).toEqual({ endTime: [END_AFTER_START_MESSAGE] });
    }
    expect(english(END_AFTER_START_MESSAGE)).toBe("End time must be after start time");
  });

  it("refuses bad dates, times and over-long notes", () => {
    expect(slotCreateSchema.safeParse({ ...form, date: "2031-02-30" }).success).toBe(false);
    expect(slotCreateSchema.safeParse({ ...form, startTime: "24:00" }).success).toBe(false);
    expect(slotCreateSchema.safeParse({ ...form, startTime: "" }).success).toBe(false);
    expect(slotCreateSchema.safeParse({ ...form, notes: "x".repeat(501) }).success).toBe(false);
  });
});

describe("the row and defaults schemas", () => {
  it("read a slot id and an explicit true or false", () => {
    expect(slotAvailabilitySchema.parse({ slotId, isAvailable: "false" })).toEqual({ slotId, isAvailable: false });
    expect(slotAvailabilitySchema.parse({ slotId, isAvailable: "true" })).toEqual({ slotId, isAvailable: true });
    expect(slotAvailabilitySchema.safeParse({ slotId, isAvailable: "on" }).success).toBe(false);
    expect(slotAvailabilitySchema.safeParse({ slotId: "1; drop table", isAvailable: "true" }).success).toBe(false);
    expect(slotDeleteSchema.parse({ slotId })).toEqual({ slotId });
    expect(slotDeleteSchema.safeParse({}).success).toBe(false);
    expect(slotDefaultsSchema.parse({ date: "2031-01-16" })).toEqual({ date: "2031-01-16", adviserId: null });
    // Whose slots (issue 37): an adviser's id, or the pool for none or the empty choice.
    expect(slotDefaultsSchema.parse({ date: "2031-01-16", adviserId: "" })).toEqual({ date: "2031-01-16", adviserId: null });
    expect(slotDefaultsSchema.parse({ date: "2031-01-16", adviserId: "7d1b3a55-0000-4000-8000-0000000000ff" }).adviserId).toBe("7d1b3a55-0000-4000-8000-0000000000ff");
    expect(slotDefaultsSchema.safeParse({ date: "2031-01-16", adviserId: "nobody" }).success).toBe(false);
    expect(slotDefaultsSchema.safeParse({ date: "16/01/2031" }).success).toBe(false);
  });
});

describe("endsAfterStart and timesOverlap", () => {
  it("compares wall-clock times with or without seconds", () => {
    expect(endsAfterStart("09:00", "09:30:00")).toBe(true);
    expect(endsAfterStart("09:30:00", "09:30")).toBe(false);
    expect(endsAfterStart("10:00", "09:59")).toBe(false);
  });
  it("counts shared minutes, not touching ends", () => {
    const nine = { startTime: "09:00:00", endTime: "09:30:00" };
    expect(timesOverlap(nine, { startTime: "09:15", endTime: "09:45" })).toBe(true);
    expect(timesOverlap(nine, { startTime: "08:00", endTime: "12:00" })).toBe(true);
    expect(timesOverlap(nine, { startTime: "09:30", endTime: "10:00" })).toBe(false);
    expect(timesOverlap(nine, { startTime: "08:30", endTime: "09:00" })).toBe(false);
  });
});

describe("defaultSlotsToCreate", () => {
  it("is SPEC.md section 9's 8 slots on an empty day", () => {
    expect(defaultSlotsToCreate([]).map(slotTimeRange)).toEqual([
      "09:00–09:30",
      "09:30–10:00",
      "10:00–10:30",
      "10:30–11:00",
      "14:00–14:30",
      "14:30–15:00",
      "15:00–15:30",
      "15:30–16:00",
    ]);
    expect(DEFAULT_SLOT_TIMES).toHaveLength(8);
  });
  it("skips the times the day already has, and those overlapping its slots", () => {
    const existing = [
      { startTime: "09:00:00", endTime: "09:30:00" },
      { startTime: "14:15:00", endTime: "14:45:00" },
    ];
    expect(defaultSlotsToCreate(existing).map((s) => s.startTime)).toEqual(["09:30", "10:00", "10:30", "15:00", "15:30"]);
    expect(defaultSlotsToCreate(defaultSlotsToCreate([]))).toEqual([]);
  });
});

describe("the chosen day and month", () => {
  const today = "2031-01-15";
  it("defaults to the firm's today and the chosen day's month", () => {
    expect(adminAvailabilityQuery({}, today)).toEqual({ date: today, month: "2031-01", adviser: null });
    expect(adminAvailabilityQuery({ date: "2031-03-02" }, today)).toEqual({ date: "2031-03-02", month: "2031-03", adviser: null });
    expect(adminAvailabilityQuery({ date: "2031-03-02", month: "2031-05" }, today)).toEqual({ date: "2031-03-02", month: "2031-05", adviser: null });
  });
  it("ignores anything unreadable", () => {
    expect(adminAvailabilityQuery({ date: "2031-02-31", month: "2031-13" }, today)).toEqual({ date: today, month: "2031-01", adviser: null });
    expect(adminAvailabilityQuery({ date: "'; drop", month: "soon" }, today)).toEqual({ date: today, month: "2031-01", adviser: null });
    expect(adminAvailabilityQuery({ adviser: "7d1b3a55-0000-4000-8000-0000000000ff" }, today).adviser).toBe("7d1b3a55-0000-4000-8000-0000000000ff");
    expect(adminAvailabilityQuery({ adviser: "x' or 1=1" }, today).adviser).toBeNull();
  });
  it("covers the calendar grid's leading and trailing weeks", () => {
    expect(calendarRange("2031-01")).toEqual({ from: "2030-12-25", to: "2031-02-14" });
    expect(calendarRange("2032-02")).toEqual({ from: "2032-01-25", to: "2032-03-14" });
  });
  it("turns days into local dates and back, and into links", () => {
    expect(dateOf(dayOf("2031-10-26"))).toBe("2031-10-26");
    expect(availabilityHref("2031-03-02")).toBe("?tab=availability&date=2031-03-02&month=2031-03");
    expect(availabilityHref("2031-03-02", "2031-04")).toBe("?tab=availability&date=2031-03-02&month=2031-04");
  });
});

describe("the defaults toast", () => {
  it("says how many slots were added", () => {
    const day = "Wed, Jan 15, 2031";
    expect(english("admin.availability.defaultsAdded", { count: 8, day })).toBe("8 slots added to Wed, Jan 15, 2031.");
    expect(english("admin.availability.defaultsAdded", { count: 1, day })).toBe("1 slot added to Wed, Jan 15, 2031.");
    expect(english("admin.availability.defaultsNone", { day })).toMatch(/nothing was added/);
  });
});
