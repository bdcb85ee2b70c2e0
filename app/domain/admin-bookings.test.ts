import { describe, expect, it } from "vitest";
import { adminBookingsQuerySchema, bookingStatusChangeSchema } from "./admin-bookings";

describe("adminBookingsQuerySchema", () => {
  it("reads a status filter and a page", () => {
    expect(adminBookingsQuerySchema.parse({ status: "pending", page: "3" })).toEqual({ status: "pending", page: 3, q: "", sort: "newest" });
  });
  it("falls back to every status and the first page on anything else", () => {
    expect(adminBookingsQuerySchema.parse({})).toEqual({ status: undefined, page: 1, q: "", sort: "newest" });
    expect(adminBookingsQuerySchema.parse({ status: "lost", page: "-2" })).toEqual({ status: undefined, page: 1, q: "", sort: "newest" });
    expect(adminBookingsQuerySchema.parse({ page: "two" })).toEqual({ status: undefined, page: 1, q: "", sort: "newest" });
  });
});

describe("bookingStatusChangeSchema", () => {
  it("accepts a booking id and one of the four statuses", () => {
    const bookingId = "7d1b3a55-0000-4000-8000-000000000001";
    expect(bookingStatusChangeSchema.parse({ bookingId, status: "confirmed" })).toEqual({ bookingId, status: "confirmed" });
    expect(bookingStatusChangeSchema.safeParse({ bookingId, status: "archived" }).success).toBe(false);
    expect(bookingStatusChangeSchema.safeParse({ bookingId: "1; drop table", status: "pending" }).success).toBe(false);
  });
});
