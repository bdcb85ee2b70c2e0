import { describe, expect, it } from "vitest";
import { channelEnabled, deliverableAt, isStopMessage, maskPhone, nextDeliveryStatus, normalisePhone, topicOf, waId } from "./notifications";

describe("channels per topic", () => {
  it("e-mail is on and WhatsApp off until the investor chooses", () => {
    expect(channelEnabled([], "bookings", "email")).toBe(true);
    expect(channelEnabled([], "bookings", "whatsapp")).toBe(false);
    expect(channelEnabled([{ topic: "bookings", channel: "whatsapp", enabled: true }], "bookings", "whatsapp")).toBe(true);
    expect(channelEnabled([{ topic: "bookings", channel: "email", enabled: false }], "bookings", "email")).toBe(false);
  });

  it("security notices are always e-mailed, whatever was stored", () => {
    expect(channelEnabled([{ topic: "security", channel: "email", enabled: false }], "security", "email")).toBe(true);
    expect(topicOf("security-notice")).toBe("security");
    expect(topicOf("instalment-reminder")).toBe("payments");
  });
});

describe("a message's status", () => {
  it("moves on and never back, whatever order the webhooks arrive in", () => {
    expect(nextDeliveryStatus("sending", "sent")).toBe("sent");
    expect(nextDeliveryStatus("sent", "delivered")).toBe("delivered");
    expect(nextDeliveryStatus("delivered", "read")).toBe("read");
    expect(nextDeliveryStatus("read", "delivered")).toBe("read");
    expect(nextDeliveryStatus("read", "sent")).toBe("read");
    expect(nextDeliveryStatus("sent", "read")).toBe("read");
  });

  it("keeps a failure, but not over a delivery already seen", () => {
    expect(nextDeliveryStatus("sent", "failed")).toBe("failed");
    expect(nextDeliveryStatus("delivered", "failed")).toBe("delivered");
    expect(nextDeliveryStatus("given-up", "delivered")).toBe("given-up");
  });
});

describe("STOP", () => {
  it.each(["STOP", " stop ", "Stop.", "توقف", "إيقاف", "ڕاگرتن", "وەستان", "UNSUBSCRIBE"])("%s withdraws consent", (text) => {
    expect(isStopMessage(text)).toBe(true);
  });
  it.each(["stop please call me", "123456", "", "stopping"])("%s does not", (text) => {
    expect(isStopMessage(text)).toBe(false);
  });
});

describe("quiet hours", () => {
  const quiet = { start: "22:00", end: "08:00", timeZone: "Asia/Baghdad" };

  it("lets a message go at once outside them", () => {
    const noon = new Date("2026-12-01T09:00:00Z"); // 12:00 in Baghdad (UTC+3)
    expect(deliverableAt(noon, quiet)).toEqual(noon);
  });

  it("holds a message sent in them until they end, in the investor's zone, across midnight", () => {
    expect(deliverableAt(new Date("2026-12-01T20:30:00Z"), quiet).toISOString()).toBe("2026-12-02T05:00:00.000Z"); // 23:30 -> 08:00
    expect(deliverableAt(new Date("2026-12-02T02:15:00Z"), quiet).toISOString()).toBe("2026-12-02T05:00:00.000Z"); // 05:15 -> 08:00
  });

  it("works for hours within one day and for none", () => {
    const day = { start: "13:00", end: "15:00", timeZone: "Asia/Dubai" };
    expect(deliverableAt(new Date("2026-12-01T09:30:00Z"), day).toISOString()).toBe("2026-12-01T11:00:00.000Z"); // 13:30 Dubai -> 15:00
    expect(deliverableAt(new Date("2026-12-01T09:30:00Z"), null).toISOString()).toBe("2026-12-01T09:30:00.000Z");
    expect(deliverableAt(new Date("2026-12-01T09:30:00Z"), { ...day, end: "13:00" }).toISOString()).toBe("2026-12-01T09:30:00.000Z");
  });
});

describe("phone numbers", () => {
  it("reads international numbers as typed", () => {
    expect(normalisePhone("+964 750 123 4567")).toBe("+9647501234567");
    expect(normalisePhone("00971-50-123-4567")).toBe("+971501234567");
    expect(normalisePhone("0750 123 4567")).toBeNull();
    expect(normalisePhone("+12")).toBeNull();
    expect(waId("+9647501234567")).toBe("9647501234567");
    expect(maskPhone("+9647501234567")).toBe("+964 •••• 4567");
  });
});
