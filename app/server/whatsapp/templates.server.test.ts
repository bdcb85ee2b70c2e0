import { describe, expect, it } from "vitest";
import { NOTIFICATION_KIND_NAMES } from "~/domain/notifications";
import { meetingTime, templateLanguage, WHATSAPP_TEMPLATES } from "./templates.server";

describe("WhatsApp templates", () => {
  /** Templates submitted to Meta and not yet approved (issue 52): named here, so no other can slip in unapproved. */
  const AWAITING_APPROVAL = new Set(["escrow-change-held", "escrow-change-stopped"]);

  it("has an approved template for every kind of notification (or one named as awaiting Meta), its parameters matching its body", () => {
    for (const kind of NOTIFICATION_KIND_NAMES) {
      const template = WHATSAPP_TEMPLATES[kind];
      expect(template.languages.en.status, kind).toBe(AWAITING_APPROVAL.has(kind) ? "pending" : "approved");
      const placeholders = new Set(template.body.match(/\{\{\d+\}\}/g));
      expect(template.parameters({ name: "Layla" }, "en"), kind).toHaveLength(placeholders.size);
    }
  });

  it("sends nothing with a template Meta has not approved", () => {
    for (const kind of AWAITING_APPROVAL) expect(templateLanguage(WHATSAPP_TEMPLATES[kind as keyof typeof WHATSAPP_TEMPLATES], "ar", "en"), kind).toBeNull();
  });

  it("never carries bank details: a call's message says to see the portal", () => {
    const params = WHATSAPP_TEMPLATES["instalment-call"].parameters({ name: "Layla", amount: "USD 25,000.00", opportunity: "Erbil Heights", dueDate: "2026-12-15", iban: "GB00XXXX" }, "en");
    expect(params.join(" ")).not.toContain("GB00XXXX");
    expect(WHATSAPP_TEMPLATES["instalment-call"].body).toContain("see your portal");
    expect(WHATSAPP_TEMPLATES["security-notice"].parameters({ name: "Layla", event: "security-password-changed" }, "en")).toEqual(["Layla"]);
  });

  it("writes a meeting's time in the reader's language and names its zone", () => {
    const data = { startsAt: "2026-12-01T07:00:00.000Z", timeZone: "Asia/Baghdad" };
    expect(meetingTime(data, "en")).toMatch(/^Tuesday,? 1 December 2026,? (at )?10:00 \(Asia\/Baghdad\)$/);
    expect(meetingTime(data, "ar")).toMatch(/ديسمبر/);
  });

  it("goes in the reader's language when approved, else in their fallback, said so", () => {
    const template = WHATSAPP_TEMPLATES["booking-confirmed"];
    expect(templateLanguage(template, "ar", "en")).toEqual({ locale: "ar", code: "ar", fallback: false });
    expect(templateLanguage(template, "ckb", "ar")).toEqual({ locale: "ar", code: "ar", fallback: true });
    expect(templateLanguage({ languages: { ...template.languages, ar: { status: "pending", code: "ar" } } }, "ckb", "ar")).toBeNull();
  });
});
