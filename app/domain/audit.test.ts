import { describe, expect, it } from "vitest";
import { AUDIT_VALUE_MAX, adminAuditQuerySchema, auditChanges, auditRecordPath } from "./audit";

describe("auditChanges", () => {
  it("lists the fields a write changed, in the snapshots' order, leaving out those it kept", () => {
    expect(auditChanges({ status: "pending", reference: "ABC" }, { status: "confirmed", reference: "ABC" })).toEqual([{ field: "status", before: "pending", after: "confirmed" }]);
  });

  it("reads a create (no before) and a delete (no after) as every field set or cleared", () => {
    expect(auditChanges(null, { title: "Tower", units: 4 })).toEqual([
      { field: "title", before: "", after: "Tower" },
      { field: "units", before: "", after: "4" },
    ]);
    expect(auditChanges({ title: "Tower" }, null)).toEqual([{ field: "title", before: "Tower", after: "" }]);
    expect(auditChanges(null, null)).toEqual([]);
  });

  it("writes objects as JSON, a snapshot that is not an object as one value, and shortens long values", () => {
    expect(auditChanges({ slots: [1, 2] }, { slots: [1, 2, 3] })).toEqual([{ field: "slots", before: "[1,2]", after: "[1,2,3]" }]);
    expect(auditChanges(3, 5)).toEqual([{ field: "value", before: "3", after: "5" }]);
    const [change] = auditChanges({ note: "" }, { note: "x".repeat(500) });
    expect(change!.after).toHaveLength(AUDIT_VALUE_MAX);
    expect(change!.after.endsWith("…")).toBe(true);
  });
});

describe("auditRecordPath", () => {
  it("opens a booking's own screen, and the area of other records", () => {
    expect(auditRecordPath("consultation_bookings", "b1")).toBe("/admin/bookings/b1");
    expect(auditRecordPath("user", "u1")).toBe("/admin?tab=users");
    expect(auditRecordPath("something_else", "x")).toBeNull();
  });
});

describe("adminAuditQuerySchema", () => {
  it("keeps a known kind of record and drops anything else", () => {
    expect(adminAuditQuerySchema.parse({ entity: "documents", q: "  a@b.c ", sort: "oldest" })).toMatchObject({ entity: "documents", q: "a@b.c", sort: "oldest", page: 1 });
    expect(adminAuditQuerySchema.parse({ entity: "pg_catalog", sort: "sideways" })).toMatchObject({ entity: undefined, sort: "newest" });
  });
});
