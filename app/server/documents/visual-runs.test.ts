import { describe, expect, it } from "vitest";
import { glyphOrder, visualRuns } from "./visual-runs";

describe("visualRuns", () => {
  it("leaves a left-to-right line as one run", () => {
    expect(visualRuns("Prepared for samira@example.com on 26 November 2026", "ltr")).toEqual([
      { text: "Prepared for samira@example.com on 26 November 2026", rtl: false },
    ]);
  });

  it("puts an Arabic sentence's first words at the right and keeps an address and figures left to right", () => {
    const runs = visualRuns("أُعدّت لـ samira@example.com بتاريخ 26 نوفمبر 2026", "rtl");
    // Drawn from the left: the year, then the month (read from the right), the day, ...
    expect(runs).toEqual([
      { text: "2026", rtl: false },
      { text: " نوفمبر ", rtl: true },
      { text: "26", rtl: false },
      { text: " بتاريخ ", rtl: true },
      { text: "samira@example.com", rtl: false },
      { text: "أُعدّت لـ ", rtl: true },
    ]);
  });

  it("reads a Sorani sentence with a Latin name in it the same way", () => {
    expect(visualRuns("Tigris Advisory Ltd · نهێنی", "rtl")).toEqual([
      { text: " · نهێنی", rtl: true },
      { text: "Tigris Advisory Ltd", rtl: false },
    ]);
  });

  it("puts an Arabic word inside an English line in its place, read from the right", () => {
    expect(visualRuns("Prepared for سمیرة on 1 May", "ltr")).toEqual([
      { text: "Prepared for ", rtl: false },
      { text: "سمیرة", rtl: true },
      { text: " on 1 May", rtl: false },
    ]);
  });

  it("has nothing to draw for an empty line", () => {
    expect(visualRuns("", "rtl")).toEqual([]);
  });
});

describe("glyphOrder", () => {
  it("hands Arabic letters over in reading order: the shaper reverses them", () => {
    expect(glyphOrder({ text: " نوفمبر ", rtl: true })).toBe(" نوفمبر ");
  });

  it("mirrors brackets and guillemets in an Arabic run, which the shaper reverses but does not mirror", () => {
    expect(glyphOrder({ text: "«الشركة» (", rtl: true })).toBe("»الشركة« )");
  });

  it("reverses a right-to-left run of neutrals itself, mirroring brackets", () => {
    expect(glyphOrder({ text: " (— ", rtl: true })).toBe(" —) ");
  });

  it("leaves a left-to-right run alone", () => {
    expect(glyphOrder({ text: "(a)", rtl: false })).toBe("(a)");
  });
});
