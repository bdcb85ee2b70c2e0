import { describe, expect, it } from "vitest";
import { adminMessagesQuerySchema, formatMessageTimestamp, likePattern, searchedAddress } from "./admin-messages";

describe("formatMessageTimestamp", () => {
  it("prints SPEC's 'MMM d, yyyy at h:mm a' on the firm's clock", () => {
    expect(formatMessageTimestamp(new Date("2026-11-22T15:05:00Z"), "Europe/London")).toBe("Nov 22, 2026 at 3:05 PM");
    expect(formatMessageTimestamp("2026-07-01T08:30:00Z", "Europe/London")).toBe("Jul 1, 2026 at 9:30 AM");
    expect(formatMessageTimestamp("not a date", "Europe/London")).toBe("");
  });
});

describe("searchedAddress", () => {
  it("reads a whole e-mail address in lower case, and nothing else as one", () => {
    expect(searchedAddress(" Omar.Karimi.777@Gmail.com ")).toBe("omar.karimi.777@gmail.com");
    expect(searchedAddress("layla@family-office.ae")).toBe("layla@family-office.ae");
    for (const other of ["omar.karimi", "@gmail.com", "omar@", "omar karimi@gmail.com", "Haddad", "TA-7K3F9Q", ""]) expect(searchedAddress(other)).toBeNull();
  });
});

describe("likePattern", () => {
  it("matches the term anywhere and its wildcards literally", () => {
    expect(likePattern("layla")).toBe("%layla%");
    expect(likePattern("100%_sure\\")).toBe("%100\\%\\_sure\\\\%");
  });
});

describe("adminMessagesQuerySchema", () => {
  it("reads the search and the page, falling back on anything unreadable", () => {
    expect(adminMessagesQuerySchema.parse({ q: "  Erbil ", page: "2", older: "2026-11-25 20:13:31+00~0b6f3c1e-2d7a-4c55-9a51-3f1f2b9c8d10" })).toEqual({
      q: "Erbil",
      sort: "newest",
      page: 2,
      older: "2026-11-25 20:13:31+00~0b6f3c1e-2d7a-4c55-9a51-3f1f2b9c8d10",
    });
    expect(adminMessagesQuerySchema.parse({ page: "zero", sort: "oldest" })).toEqual({ q: "", sort: "oldest", page: 1 });
  });
});
