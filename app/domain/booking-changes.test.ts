import { describe, expect, it } from "vitest";
import { bookingChangeSchema, canInvestorChange, isLinkAlive, isMeetingLink, isProposalOpen, meetingLinkSchema, proposeTimeSchema, remindersDue } from "./booking-changes";

const slot = { date: "2031-06-10", startTime: "10:00:00", endTime: "10:30:00" };
// 10:00 London (BST) is 09:00 UTC.
const at = (iso: string) => new Date(iso);

describe("isLinkAlive and canInvestorChange", () => {
  it("keep the link until the meeting has ended, and changes until it starts", () => {
    const booking = { status: "confirmed" as const, slot };
    expect(canInvestorChange(booking, "Europe/London", at("2031-06-10T08:59:00Z"))).toBe(true);
    expect(canInvestorChange(booking, "Europe/London", at("2031-06-10T09:00:00Z"))).toBe(false);
    expect(isLinkAlive(booking, "Europe/London", at("2031-06-10T09:29:00Z"))).toBe(true);
    expect(isLinkAlive(booking, "Europe/London", at("2031-06-10T09:30:00Z"))).toBe(false);
  });

  it("read the slot on the firm's clock: 10:00 in Baghdad is 07:00 UTC", () => {
    expect(canInvestorChange({ status: "pending", slot }, "Asia/Baghdad", at("2031-06-10T07:30:00Z"))).toBe(false);
    expect(canInvestorChange({ status: "pending", slot }, "Europe/London", at("2031-06-10T07:30:00Z"))).toBe(true);
  });

  it("let nothing change once cancelled or completed; a completed meeting's link is dead", () => {
    const early = at("2031-06-01T00:00:00Z");
    expect(canInvestorChange({ status: "cancelled", slot }, "Europe/London", early)).toBe(false);
    expect(isLinkAlive({ status: "cancelled", slot }, "Europe/London", early)).toBe(true);
    expect(isLinkAlive({ status: "completed", slot }, "Europe/London", early)).toBe(false);
    expect(canInvestorChange({ status: "pending", slot: null }, "Europe/London", early)).toBe(true);
  });
});

describe("remindersDue", () => {
  const start = at("2031-06-10T09:00:00Z");
  it("gives the 24-hour and 1-hour reminders while both are ahead", () => {
    expect(remindersDue(start, at("2031-06-01T00:00:00Z"))).toEqual([
      { lead: "24h", sendAt: at("2031-06-09T09:00:00Z") },
      { lead: "1h", sendAt: at("2031-06-10T08:00:00Z") },
    ]);
  });
  it("drops those whose time has passed", () => {
    expect(remindersDue(start, at("2031-06-10T04:00:00Z")).map((r) => r.lead)).toEqual(["1h"]);
    expect(remindersDue(start, at("2031-06-10T08:30:00Z"))).toEqual([]);
  });
});

describe("the forms", () => {
  it("move needs a slot id; cancel's reason is optional, sanitised and bounded", () => {
    expect(bookingChangeSchema.safeParse({ intent: "move", slotId: "not-an-id" }).success).toBe(false);
    expect(bookingChangeSchema.parse({ intent: "cancel", reason: "  " })).toEqual({ intent: "cancel", reason: undefined });
    expect(bookingChangeSchema.parse({ intent: "cancel", reason: "<b>Away</b>" })).toEqual({ intent: "cancel", reason: "bAway/b" });
    expect(bookingChangeSchema.safeParse({ intent: "cancel", reason: "x".repeat(501) }).success).toBe(false);
    expect(bookingChangeSchema.safeParse({ intent: "delete" }).success).toBe(false);
  });

  it("a meeting link is an https address or a phone number; blank removes it", () => {
    expect(isMeetingLink("https://meet.example.com/abc")).toBe(true);
    expect(isMeetingLink("+964 750 123 4567")).toBe(true);
    for (const bad of ["http://meet.example.com", "javascript:alert(1)", "https://user:pw@meet.example.com", "12345", "call me"]) {
      expect(isMeetingLink(bad), bad).toBe(false);
    }
    expect(meetingLinkSchema.parse("  ")).toBeNull();
    expect(meetingLinkSchema.parse(" https://meet.example.com/abc ")).toBe("https://meet.example.com/abc");
  });
});

describe("proposing a new time", () => {
  const bookingId = "7d1b3a55-0000-4000-8000-000000000001";
  const slotId = "7d1b3a55-0000-4000-8000-000000000002";

  it("names the booking and the slot by their ids, and nothing else", () => {
    expect(proposeTimeSchema.parse({ bookingId, slotId, intent: "booking-propose" })).toEqual({ bookingId, slotId });
    expect(proposeTimeSchema.safeParse({ bookingId, slotId: "tomorrow at ten" }).success).toBe(false);
    expect(proposeTimeSchema.safeParse({ bookingId: "", slotId }).success).toBe(false);
    expect(proposeTimeSchema.safeParse({ slotId }).success).toBe(false);
  });

  it("the manage page accepts or declines it with no other field", () => {
    expect(bookingChangeSchema.parse({ intent: "accept-proposal", slotId })).toEqual({ intent: "accept-proposal" });
    expect(bookingChangeSchema.parse({ intent: "decline-proposal" })).toEqual({ intent: "decline-proposal" });
  });

  it("is open while its time is more than the notice ahead, read on the firm's clock", () => {
    // 10:00 London (BST) is 09:00 UTC.
    expect(isProposalOpen(slot, "Europe/London", at("2031-06-10T08:59:00Z"))).toBe(true);
    expect(isProposalOpen(slot, "Europe/London", at("2031-06-10T09:00:00Z"))).toBe(false);
    expect(isProposalOpen(slot, "Europe/London", at("2031-06-09T20:59:00Z"), 12)).toBe(true);
    expect(isProposalOpen(slot, "Europe/London", at("2031-06-09T21:00:00Z"), 12)).toBe(false);
    expect(isProposalOpen(slot, "Asia/Baghdad", at("2031-06-10T07:30:00Z"))).toBe(false);
    expect(isProposalOpen(null, "Europe/London", at("2031-06-01T00:00:00Z"))).toBe(false);
  });
});
