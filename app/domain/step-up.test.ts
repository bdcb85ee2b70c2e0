import { describe, expect, it } from "vitest";
import { isDownloadTarget, isStepUpFresh, postedStepUpCode, STEP_UP_FIELD, stepUpCodeSchema, stepUpPath, stepUpTarget, stepUpUntil } from "./step-up";
import { holdEndsAt, ibanEnding, mayApprove } from "./escrow-changes";

const at = new Date("2026-12-07T10:00:00Z");
const later = (ms: number) => new Date(at.getTime() + ms);

describe("step-up (decision 058)", () => {
  it("is fresh for five minutes after a code, and never without one", () => {
    expect(isStepUpFresh(at, at)).toBe(true);
    expect(isStepUpFresh(at, later(4 * 60_000 + 59_000))).toBe(true);
    expect(isStepUpFresh(at, later(5 * 60_000))).toBe(false);
    expect(isStepUpFresh(at, later(60 * 60_000))).toBe(false);
    expect(isStepUpFresh(null, at)).toBe(false);
    expect(isStepUpFresh(undefined, at)).toBe(false);
    expect(stepUpUntil(at)).toEqual(later(5 * 60_000));
  });

  it("takes six digits or a backup code, spaces dropped, and nothing else", () => {
    expect(stepUpCodeSchema.parse(" 123 456 ")).toBe("123456");
    expect(stepUpCodeSchema.parse("ABCDE-FGH23")).toBe("ABCDE-FGH23");
    expect(stepUpCodeSchema.safeParse("12345").success).toBe(false);
    expect(stepUpCodeSchema.safeParse("<script>").success).toBe(false);
  });

  it("reads the code a guarded form carried, an empty field as none", () => {
    const form = new FormData();
    expect(postedStepUpCode(form)).toBeUndefined();
    form.set(STEP_UP_FIELD, "  ");
    expect(postedStepUpCode(form)).toBeUndefined();
    form.set(STEP_UP_FIELD, "123456");
    expect(postedStepUpCode(form)).toBe("123456");
  });

  it("leads on only to an admin page or export of this site", () => {
    expect(stepUpTarget("/admin/export/bookings.csv?status=pending")).toBe("/admin/export/bookings.csv?status=pending");
    expect(stepUpTarget("/admin?tab=users&upage=2")).toBe("/admin?tab=users&upage=2");
    for (const hostile of ["https://evil.example/admin", "//evil.example/admin", "/\\evil.example", "/dashboard", "/administrator", "/admin/step-up?redirectTo=/admin", null, 42]) {
      expect(stepUpTarget(hostile), String(hostile)).toBe("/admin");
    }
    expect(stepUpPath("/admin/export/ledger.csv?opportunity=x")).toBe("/admin/step-up?redirectTo=%2Fadmin%2Fexport%2Fledger.csv%3Fopportunity%3Dx");
    expect(isDownloadTarget("/admin/export/ledger.csv")).toBe(true);
    expect(isDownloadTarget("/admin?tab=users")).toBe(false);
  });
});

describe("escrow account changes (decision 058)", () => {
  it("holds a change 24 hours where the firm has one admin, and waits for a second admin otherwise", () => {
    expect(holdEndsAt(at, 1)).toEqual(later(24 * 60 * 60_000));
    expect(holdEndsAt(at, 0)).toEqual(later(24 * 60 * 60_000));
    expect(holdEndsAt(at, 2)).toBeNull();
  });

  it("is approved by anyone but its requester", () => {
    expect(mayApprove({ requestedBy: "a" }, "a")).toBe(false);
    expect(mayApprove({ requestedBy: "a" }, "b")).toBe(true);
    expect(mayApprove({ requestedBy: null }, "b")).toBe(true);
  });

  it("names a new account to investors by its IBAN's last four only", () => {
    expect(ibanEnding("AE070331234567890123456")).toBe("3456");
    expect(ibanEnding("AE07 0331 2345 6789 0123 456")).toBe("3456");
  });
});
