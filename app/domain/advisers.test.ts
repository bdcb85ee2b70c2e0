import { describe, expect, it } from "vitest";
import { adviserFormInput, adviserFormSchema } from "./adviser-form";
import { adviserText, adviserTextProps, initialsOf, inListOrder, moveInOrder, ADVISER_LANGUAGES } from "./advisers";

describe("initialsOf", () => {
  it("takes the first letters of the first and last names, as capitals", () => {
    expect(initialsOf("Sarah Whitfield")).toBe("SW");
    expect(initialsOf("karwan aziz")).toBe("KA");
    expect(initialsOf("  Omar   Haddad ")).toBe("OH");
    expect(initialsOf("Madonna")).toBe("M");
  });

  it("skips particles and the Latin article", () => {
    expect(initialsOf("Layla Al-Hashimi")).toBe("LH");
    expect(initialsOf("Ahmed bin Khalid")).toBe("AK");
    expect(initialsOf("Ludwig van Beethoven")).toBe("LB");
    expect(initialsOf("Yusuf al-Amin")).toBe("YA");
  });

  it("writes Arabic-script initials apart (a non-joiner between them), skipping the article", () => {
    expect(initialsOf("علي الحسيني")).toBe("ع\u200Cح");
    expect(initialsOf("محمد بن سلمان")).toBe("م\u200Cس");
    expect(initialsOf("ئاراس عەزیز")).toBe("ئ\u200Cع");
    // "Abd" and the word after it are one name.
    expect(initialsOf("عبد الله")).toBe("ع");
    expect(initialsOf("عبد الله الجبوري")).toBe("ع\u200Cج");
    expect(initialsOf("Abdul Rahman Kareem")).toBe("AK");
    expect(initialsOf("نور")).toBe("ن");
  });

  it("mixes scripts without a joiner, and keeps a letter with its marks", () => {
    expect(initialsOf("Layla الحسيني")).toBe("Lح");
    expect(initialsOf("E\u0301lodie Durand")).toBe("ÉD");
  });

  it("answers ? for a name without letters", () => {
    expect(initialsOf("")).toBe("?");
    expect(initialsOf("  123 - ")).toBe("?");
  });
});

describe("adviserText", () => {
  const english = { role: "Adviser", bio: "English bio." };
  it("shows the page's language where both fields were written, and the English otherwise", () => {
    expect(adviserText(english, { ar: { role: "مستشار", bio: "نبذة." } }, "ar")).toEqual({ role: "مستشار", bio: "نبذة.", textLocale: "ar" });
    expect(adviserText(english, { ar: { role: "مستشار", bio: "نبذة." } }, "ckb")).toEqual({ ...english, textLocale: "en" });
    expect(adviserText(english, { ar: { role: "مستشار", bio: null } }, "ar")).toEqual({ ...english, textLocale: "en" });
    expect(adviserText(english, {}, "en")).toEqual({ ...english, textLocale: "en" });
  });

  it("marks English text on an Arabic or Sorani page", () => {
    expect(adviserTextProps({ textLocale: "en" }, "ar")).toEqual({ lang: "en", dir: "ltr" });
    expect(adviserTextProps({ textLocale: "ar" }, "ar")).toEqual({});
    expect(adviserTextProps({ textLocale: "en" }, "en")).toEqual({});
  });
});

describe("moveInOrder", () => {
  it("swaps with the neighbour, and changes nothing at either end or for a stranger", () => {
    expect(moveInOrder(["a", "b", "c"], "b", "up")).toEqual(["b", "a", "c"]);
    expect(moveInOrder(["a", "b", "c"], "b", "down")).toEqual(["a", "c", "b"]);
    expect(moveInOrder(["a", "b", "c"], "a", "up")).toEqual(["a", "b", "c"]);
    expect(moveInOrder(["a", "b", "c"], "c", "down")).toEqual(["a", "b", "c"]);
    expect(moveInOrder(["a", "b"], "x", "up")).toEqual(["a", "b"]);
  });

  it("keeps codes in their list's order", () => {
    expect(inListOrder(["fr", "en", "ar"], ADVISER_LANGUAGES)).toEqual(["en", "ar", "fr"]);
  });
});

describe("the adviser form", () => {
  const form = (entries: Array<[string, string]>) => {
    const data = new FormData();
    for (const [name, value] of entries) data.append(name, value);
    return adviserFormSchema.safeParse(adviserFormInput(data));
  };
  const valid: Array<[string, string]> = [
    ["name", " Layla Al-Hashimi "],
    ["role", "Senior Adviser"],
    ["bio", "Fifteen years in Baghdad."],
    ["languages", "ar"],
    ["languages", "en"],
    ["markets", "iraq"],
    ["isPublished", "on"],
  ];

  it("reads every ticked language and market, trims the text, and leaves empty translations out", () => {
    const parsed = form([...valid, ["role_ar", ""], ["bio_ar", ""]]);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ name: "Layla Al-Hashimi", languages: ["ar", "en"], markets: ["iraq"], isPublished: true, removePhoto: false, role_ar: null, bio_ar: null });
  });

  it("names each missing or unknown field", () => {
    const parsed = form([["name", " "], ["languages", "xx"]]);
    expect(parsed.success).toBe(false);
    const fields = parsed.error!.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    expect(fields).toEqual(
      expect.arrayContaining([
        "name: team.admin.form.nameRequired",
        "role: team.admin.form.roleRequired",
        "bio: team.admin.form.bioRequired",
        "markets: team.admin.form.marketsRequired",
      ]),
    );
    expect(fields.some((f) => f.startsWith("languages.0"))).toBe(true);
    expect(form(valid.filter(([n]) => n !== "languages")).error!.issues[0]).toMatchObject({ path: ["languages"], message: "team.admin.form.languagesRequired" });
  });

  it("wants a translation's role and biography together", () => {
    const parsed = form([...valid, ["role_ckb", "ڕاوێژکار"]]);
    expect(parsed.error!.issues).toEqual([expect.objectContaining({ path: ["bio_ckb"], message: "team.admin.form.translationPair" })]);
    expect(form([...valid, ["role_ckb", "ڕاوێژکار"], ["bio_ckb", "کورتە."]]).success).toBe(true);
  });

  it("bounds the text", () => {
    expect(form([...valid.filter(([n]) => n !== "bio"), ["bio", "x".repeat(1201)]]).error!.issues[0]!.message).toBe("team.admin.form.bioTooLong");
  });
});
