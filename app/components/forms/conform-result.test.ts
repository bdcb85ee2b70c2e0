import { describe, expect, it } from "vitest";
import { submissionResultOf } from "./conform-result";

describe("submissionResultOf", () => {
  it("turns an admin write's field messages into Conform's error result, without values", () => {
    expect(
      submissionResultOf({ ok: false, message: "Failed to save opportunity", fieldErrors: { title: ["Title is required"], image: ["Please choose a JPEG, PNG or WebP image"] } }),
    ).toEqual({ status: "error", error: { title: ["Title is required"], image: ["Please choose a JPEG, PNG or WebP image"] } });
  });

  it("drops fields without a message", () => {
    expect(submissionResultOf({ ok: false, message: "x", fieldErrors: { endTime: ["End time must be after start time"], notes: undefined, date: [] } })).toEqual({
      status: "error",
      error: { endTime: ["End time must be after start time"] },
    });
  });

  it("leaves the form alone for a success, no answer, or a refusal that names no field", () => {
    expect(submissionResultOf(undefined)).toBeUndefined();
    expect(submissionResultOf({ ok: true })).toBeUndefined();
    expect(submissionResultOf({ ok: false, message: "Failed to save opportunity" })).toBeUndefined();
    expect(submissionResultOf({ ok: false, message: "x", fieldErrors: { title: undefined } })).toBeUndefined();
  });
});
