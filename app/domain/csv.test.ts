import { describe, expect, it } from "vitest";
import { csvRecord, neutraliseFormula } from "./csv";

describe("neutraliseFormula", () => {
  it.each([
    ['=HYPERLINK("http://evil.example","Click")', `'=HYPERLINK("http://evil.example","Click")`],
    ["+1", "'+1"],
    ["-2", "'-2"],
    ["@SUM(A1:A2)", "'@SUM(A1:A2)"],
    ["\t=1+1", "'\t=1+1"],
    ["\r=1+1", "'\r=1+1"],
    ["+964 770 000 0000", "'+964 770 000 0000"],
    ["\uFF1D1+1", "'\uFF1D1+1"],
  ])("prefixes %j with a single quote", (input, expected) => {
    expect(neutraliseFormula(input)).toBe(expected);
  });

  it.each(["", "Layla", "$750,000", "a=b", "1+1", "email@example.com", " =1", "'=already quoted", "ليلى", "Zoë", "\n=1"])(
    "leaves %j as it is",
    (input) => {
      expect(neutraliseFormula(input)).toBe(input);
    },
  );
});

describe("csvRecord", () => {
  it("turns missing values into empty cells and neutralises each cell", () => {
    expect(csvRecord(["=1", null, undefined, "Layla", "-"])).toEqual(["'=1", "", "", "Layla", "'-"]);
  });

  it("leaves commas, quotes and line breaks to the CSV library", () => {
    expect(csvRecord(['He said "hi", then\nleft'])).toEqual(['He said "hi", then\nleft']);
  });
});
