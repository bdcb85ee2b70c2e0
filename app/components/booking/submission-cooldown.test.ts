import { afterEach, describe, expect, it } from "vitest";
import { clearCooldown, isCoolingDown, startCooldown } from "./submission-cooldown";

/**
 * SPEC.md sections 5, 8 and 9: one submission per 30 seconds per page session, in the
 * browser. The boundary is written out in milliseconds here, not computed from the
 * product's constant, so a wrong unit (30 ms) or a wrong comparison fails.
 */

const T0 = 1_700_000_000_000;

afterEach(() => clearCooldown());

describe("the browser's submission cooldown", () => {
  it("is off until a first attempt", () => {
    expect(isCoolingDown(T0)).toBe(false);
  });

  it("refuses for 29,999 ms after an attempt and allows again at 30,000 ms", () => {
    startCooldown(T0);
    expect(isCoolingDown(T0)).toBe(true);
    expect(isCoolingDown(T0 + 1)).toBe(true);
    expect(isCoolingDown(T0 + 29_999)).toBe(true);
    expect(isCoolingDown(T0 + 30_000)).toBe(false);
    expect(isCoolingDown(T0 + 30_001)).toBe(false);
  });

  it("counts from the latest attempt", () => {
    startCooldown(T0);
    startCooldown(T0 + 20_000);
    expect(isCoolingDown(T0 + 49_999)).toBe(true);
    expect(isCoolingDown(T0 + 50_000)).toBe(false);
  });

  it("is given back when the server refused the slot (nothing was written)", () => {
    startCooldown(T0);
    clearCooldown();
    expect(isCoolingDown(T0 + 1)).toBe(false);
  });
});
