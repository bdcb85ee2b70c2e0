import bidiFactory from "bidi-js";
import { describe, expect, it } from "vitest";
import { brand } from "~/domain/brand";
import {
  adminBookingNoticeEmail,
  bookingChangedEmail,
  bookingConfirmedEmail,
  bookingMailInput,
  bookingReceiptEmail,
  bookingReminderEmail,
  formatSlotInZone,
  type BookingMailInput,
} from "./booking-emails.server";

const input: BookingMailInput = {
  bookingId: "6f1c1f7e-5a5b-4c1e-9a3e-0d5f1a2b3c4d",
  reference: "TA-7K3F9Q",
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
      // A greeting that reads naturally without a name, and the booking by its reference, not its id (issue 32).
      expect(part).toContain("Good day,");
      expect(part).not.toMatch(/Hello/);
      expect(part).toContain("Booking reference: TA-7K3F9Q");
      expect(part).not.toContain(input.bookingId);
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
      "Booking reference: TA-7K3F9Q",
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

describe("in the language the visitor booked in (issue 17)", () => {
  const manageUrl = "https://tigris.example/ar/booking/token123";
  const arabic: BookingMailInput = { ...input, locale: "ar", manageUrl, timeZone: "Asia/Baghdad" };
  /** An invite's property, its folded lines joined and its escapes read. */
  const property = (ics: string, name: string) =>
    ics
      .replace(/\r\n[ \t]/g, "")
      .split("\r\n")
      .find((line) => line.startsWith(`${name}:`))
      ?.slice(name.length + 1)
      .replace(/\\([,;\\])/g, "$1");

  it("an Arabic booking gets an Arabic receipt: subject, body, right to left", () => {
    const mail = bookingReceiptEmail(arabic);
    expect(mail.subject).toBe(`طلب استشارتك لدى ${brand.name}`);
    expect(mail.text).toContain("تلقّينا طلبك");
    expect(mail.text).toContain(`شكرًا لاهتمامك بـ ${brand.name}. سنتواصل معك خلال 24 ساعة لتأكيد استشارتك.`);
    expect(mail.text).toContain("نوع الاستشارة: مراجعة استثمارية");
    // The day in Arabic words, the times kept left to right, the firm's city in Arabic.
    expect(mail.text).toContain("الاثنين");
    expect(mail.text).toContain("\u206609:00–09:30\u2069");
    expect(mail.text).toContain("بتوقيت بغداد");
    expect(mail.text).not.toMatch(/We received|Consultation type|Booking reference/);
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.html).toContain("text-align:right");
    // The booking's page in Arabic, and the invite's words too.
    expect(mail.html).toContain(`href="${manageUrl}"`);
    expect(property(mail.icalEvent!.content, "SUMMARY")).toBe(`مراجعة استثمارية مع ${brand.name}`);
  });

  it("a Sorani booking gets a Sorani invite SUMMARY, with the UID, SEQUENCE and METHOD as ever", () => {
    const mail = bookingConfirmedEmail({ ...input, locale: "ckb", manageUrl, inviteSequence: 3 }, organizer);
    const ics = mail.icalEvent!.content;
    expect(property(ics, "SUMMARY")).toBe(`پێداچوونەوەی وەبەرهێنان لەگەڵ ${brand.name}`);
    expect(property(ics, "DESCRIPTION")).toContain("30 خولەک");
    expect(property(ics, "UID")).toBe(`${input.bookingId}@tigrisadvisory.com`);
    expect(property(ics, "SEQUENCE")).toBe("3");
    expect(property(ics, "METHOD")).toBe("REQUEST");
    expect(mail.subject).toBe(`ڕاوێژەکەت لەگەڵ ${brand.name} پشتڕاستکرایەوە`);
  });

  it("the admins' notice is in the admin's own language, whatever the visitor's (issue 32)", () => {
    const english = adminBookingNoticeEmail(arabic);
    expect(english.subject).toBe("New consultation request from Jane Doe");
    expect(english.text).toContain("Consultation type: Investment Review");
    expect(english.html).toContain('<html lang="en">');
    expect(english.html).toContain('href="https://tigris.example/admin"');

    const sorani = adminBookingNoticeEmail({ ...input, locale: "en" }, "ckb");
    expect(sorani.subject).toBe("داواکاریی ڕاوێژی نوێ لە Jane Doe");
    expect(sorani.html).toContain('<html lang="ckb" dir="rtl">');
    expect(sorani.html).toContain('href="https://tigris.example/ckb/admin"');
    // The visitor's name keeps its own direction, the address and phone read left to right.
    expect(sorani.html).toContain("ناو: <bdi>Jane Doe</bdi>");
    expect(sorani.html).toContain('ئیمەیڵ: <span dir="ltr">jane@example.com</span>');
    expect(sorani.html).toContain('تەلەفۆن: <span dir="ltr">+44 20 7946 0000</span>');
    expect(sorani.text).toContain("جۆری ڕاوێژ: پێداچوونەوەی وەبەرهێنان");
    expect(sorani.text).not.toMatch(/Consultation type|Investment amount|Booking reference/);
  });

  it("writes the slot with the reader's day names and city", () => {
    expect(formatSlotInZone(input.slot!, "Asia/Baghdad", "ckb")).toContain("کاتی بەغدا");
    expect(formatSlotInZone(input.slot!, "Asia/Baghdad", "en")).toBe("Mon, 23 Nov 2026, 09:00–09:30 (Baghdad time, GMT+3)");
  });
});

describe("bookingMailInput", () => {
  const row = {
    id: input.bookingId,
    reference: input.reference,
    firstName: "Jane",
    lastName: "Doe",
    email: "jane@example.com",
    phone: null,
    investmentAmount: "$1",
    bookingType: "consultation",
    message: "",
    preferredTime: null,
  };
  const settings = { firmTimeZone: "Europe/London", siteUrl: "https://tigris.example", authSecret: "s".repeat(32) };

  it("takes the booking's language, and leads to its page in that language", () => {
    const mail = bookingMailInput({ ...row, locale: "ar" }, null, settings);
    expect(mail.locale).toBe("ar");
    expect(mail.manageUrl).toMatch(/^https:\/\/tigris\.example\/ar\/booking\/[^/]+$/);
    expect(bookingMailInput({ ...row, locale: "en" }, null, settings).manageUrl).toMatch(/^https:\/\/tigris\.example\/booking\/[^/]+$/);
  });

  it("reads anything else as English", () => {
    expect(bookingMailInput({ ...row, locale: "fr" }, null, settings).locale).toBe("en");
    expect(bookingMailInput(row, null, settings).locale).toBe("en");
  });
});

describe("a time range in an Arabic or Sorani mail reads as on the site, earlier time first (issue 32)", () => {
  const bidi = bidiFactory();
  /** A line as it is laid out left to right on the screen (Unicode's bidirectional algorithm, UAX #9, in a right-to-left paragraph). */
  const onScreen = (line: string) => {
    const levels = bidi.getEmbeddingLevels(line, "rtl");
    const chars = [...line];
    for (const segment of bidi.getReorderSegments(line, levels)) {
      const [start, end] = segment as [number, number];
      chars.splice(start, end - start + 1, ...chars.slice(start, end + 1).reverse());
    }
    // Isolates take no room on screen.
    return chars.join("").replace(/[\u2066-\u2069]/g, "");
  };
  const afternoon: BookingMailInput = {
    ...input,
    slot: { date: "2026-11-26", startTime: "14:30:00", endTime: "15:00:00" },
    timeZone: "Asia/Baghdad",
    investorTimeZone: "Asia/Dubai",
    manageUrl: "https://tigris.example/ar/booking/token123",
    status: "confirmed",
  };
  const mails = (i: BookingMailInput) => ({
    receipt: bookingReceiptEmail(i),
    confirmed: bookingConfirmedEmail(i, organizer),
    moved: bookingChangedEmail(i, "moved", "investor"),
    reminder: bookingReminderEmail(i, "24h"),
  });

  for (const locale of ["ar", "ckb"] as const) {
    it(`${locale}: the plain text keeps each range in one left-to-right run`, () => {
      for (const [name, mail] of Object.entries(mails({ ...afternoon, locale }))) {
        const lines = mail.text.split("\n").filter((l) => l.includes("14:30"));
        expect(lines.length, name).toBeGreaterThan(0);
        for (const line of lines) expect(onScreen(line), name).toContain("14:30–15:00");
        // The investor's own clock (Dubai, an hour ahead) too.
        if (name === "confirmed") expect(mail.text.split("\n").map(onScreen).join("\n")).toContain("15:30–16:00");
      }
    });

    it(`${locale}: the HTML isolates each range as an element, as the site does, and needs no invisible characters`, () => {
      for (const [name, mail] of Object.entries(mails({ ...afternoon, locale }))) {
        expect(mail.html, name).toContain('<span dir="ltr">14:30–15:00</span>');
        expect(mail.html, name).not.toMatch(/[\u2066-\u2069]/);
        // No range outside such an element.
        expect(mail.html.replaceAll('<span dir="ltr">14:30–15:00</span>', "").replaceAll('<span dir="ltr">15:30–16:00</span>', ""), name).not.toMatch(/\d\d:\d\d–\d\d:\d\d/);
      }
    });
  }

  it("English is left as it was: no isolates, no extra elements", () => {
    const mail = bookingConfirmedEmail({ ...afternoon, locale: "en" }, organizer);
    expect(mail.html).toContain("14:30–15:00 (Baghdad time, GMT+3)");
    expect(mail.html).not.toContain('dir="ltr"');
    expect(mail.text).not.toMatch(/[\u2066-\u2069]/);
  });
});
