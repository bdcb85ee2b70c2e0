import { describe, expect, it } from "vitest";
import { bulkIdsSchema, listViewSchema, tableColumnsFromForm, tableColumnsSchema } from "./admin-table";

describe("tableColumnsSchema", () => {
  it("keeps only the table's own hideable columns, once each", () => {
    expect(tableColumnsSchema.parse({ table: "bookings", hidden: ["amount", "amount", "person", "nonsense"] })).toEqual({ table: "bookings", hidden: ["amount"] });
  });

  it("refuses a table that does not exist", () => {
    expect(tableColumnsSchema.safeParse({ table: "secrets", hidden: [] }).success).toBe(false);
  });

  it("reads the no-script form's ticked boxes as the columns shown", () => {
    const form = new FormData();
    form.set("table", "bookings");
    form.set("mode", "shown");
    form.append("shown", "reference");
    form.append("shown", "when");
    expect(tableColumnsSchema.parse(tableColumnsFromForm(form))).toEqual({ table: "bookings", hidden: ["type", "amount", "requested"] });
  });
});

describe("listViewSchema", () => {
  it("falls back to no search, newest first", () => {
    expect(listViewSchema.parse({ sort: "sideways" })).toEqual({ q: "", sort: "newest" });
    expect(listViewSchema.parse({ q: "  Layla ", sort: "oldest" })).toEqual({ q: "Layla", sort: "oldest" });
  });
});

describe("bulkIdsSchema", () => {
  it("wants at least one row id and no more than a hundred", () => {
    expect(bulkIdsSchema.safeParse([]).success).toBe(false);
    expect(bulkIdsSchema.safeParse(["not-an-id"]).success).toBe(false);
    expect(bulkIdsSchema.safeParse(Array.from({ length: 101 }, () => "8f0e2b7a-1c1d-4c1a-9e1b-2f3a4b5c6d7e")).success).toBe(false);
  });
});
