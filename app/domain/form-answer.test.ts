import { describe, expect, it } from "vitest";
import { FORM_KEY_FIELD, formKeyOf, isAnswerTo, typedValues } from "./form-answer";

const formOf = (entries: Array<[string, string | Blob]>) => {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
};

describe("form answers", () => {
  it("reads the key a form named itself by, and only a plain one", () => {
    expect(formKeyOf(formOf([[FORM_KEY_FIELD, "admin-booking-meeting-link-7d1b3a55-0000-4000-8000-000000000002"]]))).toBe(
      "admin-booking-meeting-link-7d1b3a55-0000-4000-8000-000000000002",
    );
    expect(formKeyOf(formOf([["intent", "change-password"]]))).toBeUndefined();
    expect(formKeyOf(formOf([[FORM_KEY_FIELD, "<script>"]]))).toBeUndefined();
    expect(formKeyOf(formOf([[FORM_KEY_FIELD, "x".repeat(121)]]))).toBeUndefined();
    expect(formKeyOf(formOf([[FORM_KEY_FIELD, new Blob(["change-password"])]]))).toBeUndefined();
  });

  it("tells whose answer the page's action data is", () => {
    expect(isAnswerTo({ formKey: "change-email", toast: {} }, "change-email")).toBe(true);
    expect(isAnswerTo({ formKey: "change-email" }, "change-password")).toBe(false);
    expect(isAnswerTo({ toast: {} }, "change-email")).toBe(false);
    expect(isAnswerTo(undefined, "change-email")).toBe(false);
    expect(isAnswerTo("change-email", "change-email")).toBe(false);
  });

  it("gives back the typed text, without files, the intent or the key", () => {
    const form = formOf([
      ["intent", "booking-meeting-link"],
      [FORM_KEY_FIELD, "admin-booking-meeting-link-1"],
      ["bookingId", "1"],
      ["meetingLink", "javascript:alert(1)"],
      ["image", new File(["x"], "x.png")],
    ]);
    expect(typedValues(form)).toEqual({ bookingId: "1", meetingLink: "javascript:alert(1)" });
  });

  it("keeps every value of a field sent more than once (ticked boxes), joined by commas in order", () => {
    const form = formOf([
      ["intent", "adviser-schedule"],
      ["workDays", "7"],
      ["workDays", "1"],
      ["workDays", "4"],
      ["workStart", "09:00"],
    ]);
    expect(typedValues(form)).toEqual({ workDays: "7,1,4", workStart: "09:00" });
  });

  it("never gives a password back (a calendar's app password, refused with its address)", () => {
    const form = formOf([
      ["intent", "calendar-connect"],
      ["url", "https://caldav.example.com/work/"],
      ["username", "layla"],
      ["password", "app-password"],
      ["newPassword", "another"],
    ]);
    expect(typedValues(form)).toEqual({ url: "https://caldav.example.com/work/", username: "layla" });
  });
});
