import { describe, expect, it } from "vitest";
import { brand } from "~/domain/brand";
import {
  adminBookingNoticeEmail,
  bookingConfirmedEmail,
  bookingReceiptEmail,
  formatSlotInZone,
  type BookingMailInput,
} from "./booking-emails.server";

const input: BookingMailInput = {
  bookingId: "6f1c1f7e-5a5b-4c1e-9a3e-0d5f1a2b3c4d",
  firstName: "Jane",
  lastName: "Doe",
  email: "jane@example.com",
  phone: "+44 20 7946 0000",
  investmentAmount: "$500,000 - $1,000,000",
  bookingType: "investment_review",
  message: "I would like to discuss\nthe Baghdad towers project.",
  slot: { date: "2026-11-23", startTime: "09:00:00", endTime: "09:30:00" },
  preferredTime: null,
  timeZone: "Europe/London",
  siteUrl: "https://tigris.example",
  firmName: brand.name,
};
const organizer = { name: brand.name, email: brand.email };
const hostile = `<script>alert(1)</script>"><img src=x onerror=alert(2)>`;

const all = [
  { name: "bookingReceiptEmail", make: (i: BookingMailInput) => bookingReceiptEmail(i) },
  { name: "adminBookingNoticeEmail", make: (i: BookingMailInput) => adminBookingNoticeEmail(i) },
  { name: "bookingConfirmedEmail", make: (i: BookingMailInput) => bookingConfirmedEmail(i, organizer) },
];

describe("formatSlotInZone", () => {
  it("names the day, the times and the firm's zone as it is on that day", () => {
    expect(formatSlotInZone(input.slot!, "Europe/London")).toBe("Mon, 23 Nov 2026, 09:00–09:30 (London time, GMT)");
    expect(formatSlotInZone({ date: "2026-07-14", startTime: "14:30", endTime: "15:00" }, "Europe/London")).toBe(
      "Tue, 14 Jul 2026, 14:30–15:00 (London time, BST)",
    );
    expect(formatSlotInZone(input.slot!, "Asia/Baghdad")).toBe("Mon, 23 Nov 2026, 09:00–09:30 (Baghdad time, GMT+3)");
  });
});

const typedEverywhere = (i: BookingMailInput): BookingMailInput => ({
  ...i,
  firstName: hostile,
  lastName: hostile,
  message: `Hello ${hostile}`,
  investmentAmount: hostile,
  phone: hostile,
  preferredTime: hostile,
});

describe.each(all)("$name", ({ make }) => {
  it("never lets hostile text become markup", () => {
    const mail = make(typedEverywhere(input));
    expect(mail.html).not.toMatch(/<script/i);
    expect(mail.html).not.toMatch(/<img/i);
  });

  it("carries the brand layout and no line break in the subject", () => {
    const mail = make({ ...input, firstName: "Jane\r\nBcc: evil@example.com" });
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.html).toContain(brand.name);
    expect(mail.text).toContain(brand.supportEmail);
  });
});

/** Issue 13: the receipt and the confirmation go to an address nobody has verified. */
describe.each([all[0]!, all[2]!])("$name, to an address nobody has verified", ({ make }) => {
  it("carries nothing the visitor typed: no name, message, amount, phone or preferred time", () => {
    const mail = make({ ...typedEverywhere(input), email: "someone@example.com" });
    for (const part of [mail.subject, mail.html, mail.text, mail.icalEvent?.content ?? ""]) {
      expect(part).not.toContain("alert(1)");
      expect(part).not.toContain("onerror");
    }
    const plain = make(input);
    for (const typed of ["Jane", "Doe", "the Baghdad towers project", "$500,000", "+44 20 7946 0000"]) {
      expect(plain.text, typed).not.toContain(typed);
      expect(plain.icalEvent?.content ?? "", typed).not.toContain(typed);
    }
  });
});

describe("adminBookingNoticeEmail, to the verified admins", () => {
  it("escapes hostile text where it shows it", () => {
    expect(adminBookingNoticeEmail(typedEverywhere(input)).html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });
});

describe("bookingReceiptEmail", () => {
  it("restates what the firm knows of the request and promises a reply within 24 hours", () => {
    const mail = bookingReceiptEmail(input);
    expect(mail.subject).toBe(`Your consultation request with ${brand.name}`);
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain("within 24 hours");
      expect(part).toContain("Investment Review");
      expect(part).toContain("Mon, 23 Nov 2026, 09:00–09:30 (London time, GMT)");
      expect(part).toContain("Hello,");
      expect(part).toContain(input.bookingId);
    }
    expect(mail.icalEvent).toBeUndefined();
  });

  it("without a slot, says the time is to be agreed, whatever preferred time the booking holds", () => {
    const mail = bookingReceiptEmail({ ...input, slot: null, preferredTime: "Weekday mornings" });
    expect(mail.text).toContain("Requested time: to be agreed with your adviser");
    expect(mail.text).not.toContain("Weekday mornings");
  });
});

describe("adminBookingNoticeEmail", () => {
  it("has every detail and the link to the admin area", () => {
    const mail = adminBookingNoticeEmail(input);
    expect(mail.subject).toBe("New consultation request from Jane Doe");
    expect(mail.html).toContain(`href="https://tigris.example/admin"`);
    expect(mail.text).toContain("https://tigris.example/admin");
    for (const detail of [
      "Name: Jane Doe",
      "Email: jane@example.com",
      "Phone: +44 20 7946 0000",
      "Consultation type: Investment Review",
      "Requested time: Mon, 23 Nov 2026, 09:00–09:30 (London time, GMT)",
      "Investment amount: $500,000 - $1,000,000",
      "I would like to discuss",
      `Booking reference: ${input.bookingId}`,
    ]) {
      expect(mail.text).toContain(detail);
    }
    expect(adminBookingNoticeEmail({ ...input, phone: null }).text).toContain("Phone: not given");
  });
});

describe("bookingConfirmedEmail", () => {
  it("confirms the slot for 30 minutes and carries the invite", () => {
    const mail = bookingConfirmedEmail(input, organizer);
    expect(mail.subject).toBe(`Your consultation with ${brand.name} is confirmed`);
    expect(mail.text).toContain("confirmed for Mon, 23 Nov 2026, 09:00–09:30 (London time, GMT)");
    expect(mail.text).toContain("30 minutes");
    expect(mail.icalEvent).toMatchObject({ method: "REQUEST", filename: "consultation.ics" });
    const ics = mail.icalEvent!.content;
    expect(ics).toContain("METHOD:REQUEST");
    expect(ics).toContain("DTSTART;TZID=Europe/London:20261123T090000");
    expect(ics).toContain("DTEND;TZID=Europe/London:20261123T093000");
    expect(ics).toContain(`UID:${input.bookingId}@tigrisadvisory.com`);
    expect(ics.replace(/\r\n /g, "")).toContain("mailto:invest@tigrisadvisory.com");
  });

  it("without a slot: no invite, and the adviser will propose a time", () => {
    const mail = bookingConfirmedEmail({ ...input, slot: null, preferredTime: "Afternoons" }, organizer);
    expect(mail.icalEvent).toBeUndefined();
    expect(mail.text).toContain("Your adviser will propose a time");
    expect(mail.text).not.toContain("Afternoons");
  });
});
