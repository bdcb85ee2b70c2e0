import { describe, expect, it } from "vitest";
import { opportunityFormSchema } from "./admin-opportunities";
import {
  coordinatesPaired,
  EMPTY_MEMO,
  filledSections,
  formatShare,
  gatherRows,
  isPercent,
  MEMO_MESSAGES,
  MEMO_SECTIONS,
  memoScalarFields,
  parseShare,
  paymentPlanField,
  sharesMakeWhole,
  shareText,
} from "./opportunity-memo";

const row = (share: string, label = "Deposit", milestone = "On signing") => ({ label, share, milestone });
const messagesOf = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  (result.error?.issues ?? []).map((issue) => `${issue.path.join(".")}: ${issue.message}`);

describe("payment plan shares (exact decimals)", () => {
  it("reads a share as hundredths of a percent, digit by digit", () => {
    expect(parseShare("10")).toBe(1000);
    expect(parseShare("12.5")).toBe(1250);
    expect(parseShare("33,34")).toBe(3334);
    expect(parseShare(" 15 % ")).toBe(1500);
    expect(parseShare("100")).toBe(10_000);
    expect(parseShare("0.01")).toBe(1);
  });

  it("refuses a share that is not above 0 and at most 100 with at most two decimals", () => {
    for (const bad of ["0", "0.00", "100.01", "101", "-5", "12.555", "1e2", "ten", "", "12.", ".5"]) expect(parseShare(bad), bad).toBeNull();
  });

  it("adds up to exactly 100 where floats would not (0.1 + 0.2, thirds)", () => {
    expect(0.1 + 0.2).not.toBe(0.3); // why the rule never adds floats
    expect(sharesMakeWhole(["0.1", "0.2", "99.7"].map((s) => parseShare(s)!))).toBe(true);
    expect(sharesMakeWhole(["33.33", "33.33", "33.34"].map((s) => parseShare(s)!))).toBe(true);
    expect(sharesMakeWhole(["33.33", "33.33", "33.33"].map((s) => parseShare(s)!))).toBe(false);
    expect(sharesMakeWhole(["10", "20", "70.01"].map((s) => parseShare(s)!))).toBe(false);
    expect(sharesMakeWhole([])).toBe(false);
  });

  it("writes hundredths as numeric text and reads stored text as people do", () => {
    expect(shareText(1250)).toBe("12.50");
    expect(shareText(10_000)).toBe("100.00");
    expect(shareText(5)).toBe("0.05");
    expect(formatShare("12.50")).toBe("12.5");
    expect(formatShare("10.00")).toBe("10");
    expect(formatShare("33.34")).toBe("33.34");
  });

  it("the form's plan: blank rows dropped, every row complete, shares summing to 100", () => {
    const ok = paymentPlanField.safeParse([row("10"), { label: "", share: "", milestone: "" }, row("20"), row("70", "Balance", "At handover")]);
    expect(ok.success).toBe(true);
    expect(ok.data?.map((r) => r.share)).toEqual([1000, 2000, 7000]);
    expect(paymentPlanField.safeParse(undefined).data).toEqual([]);

    expect(messagesOf(paymentPlanField.safeParse([row("10"), row("20")]))).toEqual([`: ${MEMO_MESSAGES.planTotal}`]);
    expect(messagesOf(paymentPlanField.safeParse([row("50", ""), row("150")]))).toEqual([`0.label: ${MEMO_MESSAGES.planLabel}`, `1.share: ${MEMO_MESSAGES.planShare}`]);
    expect(messagesOf(paymentPlanField.safeParse([row("100", "Whole", "")]))).toEqual([`0.milestone: ${MEMO_MESSAGES.planMilestone}`]);
  });
});

describe("the memo's other rules", () => {
  it("percent complete is a whole number from 0 to 100", () => {
    expect([0, 1, 56, 100].every(isPercent)).toBe(true);
    expect([-1, 101, 12.5, Number.NaN].some(isPercent)).toBe(false);
    expect(memoScalarFields.percentComplete.safeParse("56").data).toBe(56);
    expect(memoScalarFields.percentComplete.safeParse("").data).toBeNull();
    for (const bad of ["101", "-1", "12.5", "half"]) expect(memoScalarFields.percentComplete.safeParse(bad).success, bad).toBe(false);
  });

  it("coordinates are in range, and given both or neither", () => {
    expect(memoScalarFields.latitude.safeParse("36.19").data).toBe(36.19);
    expect(memoScalarFields.longitude.safeParse("-180").data).toBe(-180);
    expect(memoScalarFields.latitude.safeParse("90.5").success).toBe(false);
    expect(memoScalarFields.longitude.safeParse("181").success).toBe(false);
    expect(memoScalarFields.latitude.safeParse("north").success).toBe(false);
    expect(coordinatesPaired({ latitude: 36.19, longitude: 44.01 })).toBe(true);
    expect(coordinatesPaired({ latitude: null, longitude: null })).toBe(true);
    expect(coordinatesPaired({ latitude: 36.19, longitude: null })).toBe(false);
  });

  it("key risks are one per line", () => {
    expect(memoScalarFields.keyRisks.safeParse("Delay, cost\n\n  Currency  \r\nDemand").data).toEqual(["Delay, cost", "Currency", "Demand"]);
  });

  it("gathers the form's rows from flat names, as Conform does in the browser", () => {
    expect(
      gatherRows({ title: "T", "paymentPlan[1].share": "90", "paymentPlan[0].share": "10", "paymentPlan[0].label": "A", "developerProjects[0].name": "X" }),
    ).toEqual({ title: "T", paymentPlan: [{ share: "10", label: "A" }, { share: "90" }], developerProjects: [{ name: "X" }] });
  });

  it("parses a whole memo through the opportunity form, the same on both sides", () => {
    const parsed = opportunityFormSchema.safeParse(
      gatherRows({
        title: "Erbil Citadel Residences",
        description: "A tower.",
        location: "Erbil",
        projectedReturns: "18-24% IRR",
        developer: "Zagros",
        investmentPeriod: "3 years",
        slug: "erbil-citadel",
        district: "Iskan",
        percentComplete: "56",
        constructionStage: "structure",
        lastSiteVisit: "2026-11-12",
        "paymentPlan[0].label": "Deposit",
        "paymentPlan[0].share": "100",
        "paymentPlan[0].milestone": "On signing",
        "developerProjects[0].name": "Zagros Towers",
        "developerProjects[0].year": "2016",
        "developerProjects[0].status": "delivered",
        keyRisksAr: "تأخر البناء\nالعملة",
      }),
    );
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({
      slug: "erbil-citadel",
      district: "Iskan",
      city: null,
      percentComplete: 56,
      constructionStage: "structure",
      paymentPlan: [{ label: "Deposit", share: 10_000, milestone: "On signing" }],
      developerProjects: [{ name: "Zagros Towers", year: 2016, status: "delivered" }],
      keyRisksAr: ["تأخر البناء", "العملة"],
    });
    const badSlug = opportunityFormSchema.safeParse({ slug: "Erbil Citadel" });
    expect(badSlug.error?.issues.find((issue) => issue.path[0] === "slug")?.message).toBe("memo.form.error.slugFormat");
  });
});

describe("which sections a memo shows", () => {
  it("shows none of an empty memo", () => {
    expect(Object.values(filledSections(EMPTY_MEMO)).some(Boolean)).toBe(false);
  });

  it("shows each section once anything in it is filled, and only that one", () => {
    const one: Record<(typeof MEMO_SECTIONS)[number], Partial<typeof EMPTY_MEMO>> = {
      location: { city: "Erbil" },
      developer: { developerYearsActive: 16 },
      paymentPlan: { paymentPlan: [{ label: "All", share: "100.00", milestone: "On signing" }] },
      terms: { holdingPeriod: "3 years" },
      risks: { keyRisks: ["Delay"] },
      construction: { percentComplete: 0 },
    };
    for (const section of MEMO_SECTIONS) {
      const shown = filledSections({ ...EMPTY_MEMO, ...one[section] });
      expect(Object.entries(shown).filter(([, on]) => on).map(([name]) => name), section).toEqual([section]);
    }
    expect(filledSections({ ...EMPTY_MEMO, fees: "   " }).terms).toBe(false);
  });
});
