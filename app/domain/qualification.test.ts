import { describe, expect, it } from "vitest";
import { byJurisdiction, qualificationAnswerSchema, standingOf, statementFormSchema, statementTexts } from "./qualification";

describe("standingOf", () => {
  it("is unstated without an answer, and follows the latest answer's statement otherwise", () => {
    expect(standingOf(null)).toBe("unstated");
    expect(standingOf(undefined)).toBe("unstated");
    expect(standingOf({ qualifies: true })).toBe("qualified");
    expect(standingOf({ qualifies: false })).toBe("not-qualified");
  });
});

describe("qualificationAnswerSchema", () => {
  const id = "7a1c0d35-0000-4000-8000-000000000001";
  it("takes one statement and the ticked box, and names what is missing", () => {
    expect(qualificationAnswerSchema.parse({ statementId: id, confirm: "yes" })).toEqual({ statementId: id, confirm: "yes" });
    const missing = qualificationAnswerSchema.safeParse({ statementId: "not-an-id" });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ["statementId", "verification.qualification.chooseOne"],
      ["confirm", "verification.qualification.confirmRequired"],
    ]);
  });
});

describe("statementFormSchema", () => {
  const filled = { jurisdiction: "adgm", titleEn: " Title ", bodyEn: "Body", titleAr: "عنوان", bodyAr: "نص", titleCkb: "ناونیشان", bodyCkb: "دەق" };

  it("trims, reads the box as a boolean and an empty id as a new statement", () => {
    const parsed = statementFormSchema.parse({ ...filled, id: "", qualifies: "on" });
    expect(parsed).toMatchObject({ id: undefined, qualifies: true, titleEn: "Title" });
    expect(statementFormSchema.parse(filled).qualifies).toBe(false);
    expect(statementTexts(parsed).ckb).toEqual({ title: "ناونیشان", body: "دەق" });
  });

  it("wants every language and a known jurisdiction, with limits on length", () => {
    const result = statementFormSchema.safeParse({ ...filled, jurisdiction: "mars", titleAr: "", bodyCkb: undefined, bodyEn: "x".repeat(4001) });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path[0], i.message]));
    expect(messages).toEqual({
      jurisdiction: "verification.admin.jurisdictionRequired",
      titleAr: "verification.admin.required",
      bodyCkb: "verification.admin.required",
      bodyEn: "verification.admin.bodyTooLong",
    });
  });
});

describe("byJurisdiction", () => {
  it("groups statements in the questionnaire's order, each group by position, leaving out empty jurisdictions", () => {
    const groups = byJurisdiction([
      { id: "a", jurisdiction: "any" as const, position: 0 },
      { id: "b", jurisdiction: "uk" as const, position: 1 },
      { id: "c", jurisdiction: "uk" as const, position: 0 },
    ]);
    expect(groups.map((g) => [g.jurisdiction, g.statements.map((s) => s.id)])).toEqual([
      ["uk", ["c", "b"]],
      ["any", ["a"]],
    ]);
  });
});
