import { describe, expect, it } from "vitest";
import { decodeListCursor, encodeListCursor, listPageLink, listPagingSchema, viewLink } from "./list-page";

describe("admin list paging", () => {
  it("carries a row's exact created_at and id in a link and reads them back", () => {
    const cursor = { at: "2026-11-25 20:13:31.951827+00", id: "0b6f3c1e-2d7a-4c55-9a51-3f1f2b9c8d10" };
    expect(decodeListCursor(encodeListCursor(cursor))).toEqual(cursor);
    expect(decodeListCursor("2026-11-25T20:13:31Z~0B6F3C1E-2D7A-4C55-9A51-3F1F2B9C8D10")).toEqual({ at: "2026-11-25T20:13:31Z", id: "0b6f3c1e-2d7a-4c55-9a51-3f1f2b9c8d10" });
  });

  it("reads the newest page from anything else", () => {
    for (const value of [undefined, "", "yesterday~0b6f3c1e-2d7a-4c55-9a51-3f1f2b9c8d10", "2026-11-25 20:13:31+00~not-an-id", "2026-11-25 20:13:31+00;drop table x~0b6f3c1e-2d7a-4c55-9a51-3f1f2b9c8d10"]) {
      expect(decodeListCursor(value)).toBeNull();
    }
    expect(listPagingSchema.parse({ page: "-3", older: 42 })).toEqual({ page: 1, older: undefined });
  });

  it("reads a cursor keyed by an account's id (not a uuid) only when asked to, and only a plain one", () => {
    const cursor = { at: "2026-11-29T09:04:10.123456Z", id: "Xk3bQ9_vT2mWz7-a" };
    expect(decodeListCursor(encodeListCursor(cursor), "text")).toEqual(cursor);
    expect(decodeListCursor(encodeListCursor(cursor))).toBeNull();
    for (const value of ["2026-11-29T09:04:10Z~a b", "2026-11-29T09:04:10Z~';drop", `2026-11-29T09:04:10Z~${"x".repeat(65)}`, "~abc"]) {
      expect(decodeListCursor(value, "text")).toBeNull();
    }
  });

  it("builds a page's link with the list's own filters, leaving empty ones out", () => {
    expect(listPageLink({ tab: "bookings", status: undefined }, 3, "older", "2026-11-25 20:13:31+00~0b6f3c1e-2d7a-4c55-9a51-3f1f2b9c8d10")).toBe(
      "?tab=bookings&page=3&older=2026-11-25+20%3A13%3A31%2B00%7E0b6f3c1e-2d7a-4c55-9a51-3f1f2b9c8d10",
    );
  });

  it("writes a view's address from the parameters that are set, in order; none is the bare list", () => {
    expect(viewLink({ tab: "users", q: "al@x.com & co", sort: undefined, upage: "2" })).toBe("?tab=users&q=al%40x.com+%26+co&upage=2");
    expect(viewLink({ q: "", sort: undefined })).toBe("?");
  });
});
