import { describe, expect, it } from "vitest";
import { consultationInvite, type ConsultationInviteInput } from "./calendar-invite.server";

interface Property {
  name: string;
  params: Record<string, string>;
  value: string;
}

/** A small RFC 5545 reader: unfolds lines, splits name;params:value (quotes respected). */
function parseIcs(ics: string): Property[] {
  const lines = ics.replace(/\r\n[ \t]/g, "").split("\r\n").filter(Boolean);
  return lines.map((line) => {
    let inQuotes = false;
    let colon = -1;
    for (let i = 0; i < line.length; i++) {
      if (line[i] === '"') inQuotes = !inQuotes;
      else if (line[i] === ":" && !inQuotes) {
        colon = i;
        break;
      }
    }
    const head = line.slice(0, colon);
    const [name = "", ...rest] = head.split(";");
    const params = Object.fromEntries(
      rest.map((p) => {
        const eq = p.indexOf("=");
        return [p.slice(0, eq), p.slice(eq + 1).replace(/^"|"$/g, "")];
      }),
    );
    return { name, params, value: line.slice(colon + 1) };
  });
}

/** The properties directly inside the first BEGIN:<component> ... END:<component>. */
function component(props: Property[], name: string): Property[] {
  const start = props.findIndex((p) => p.name === "BEGIN" && p.value === name);
  const end = props.findIndex((p, i) => i > start && p.name === "END" && p.value === name);
  expect(start).toBeGreaterThanOrEqual(0);
  return props.slice(start + 1, end);
}

function one(props: Property[], name: string): Property {
  const found = props.filter((p) => p.name === name);
  expect(found, name).toHaveLength(1);
  return found[0]!;
}

const base: ConsultationInviteInput = {
  bookingId: "6f1c1f7e-5a5b-4c1e-9a3e-0d5f1a2b3c4d",
  date: "2026-07-14",
  startTime: "09:00:00",
  endTime: "09:30:00",
  timeZone: "Europe/London",
  organizer: { name: "Tigris Advisory", email: "invest@tigrisadvisory.com" },
  attendee: { name: "Jane Doe", email: "jane@example.com" },
  summary: "Initial Consultation with Tigris Advisory",
  description: "Your 30-minute consultation.\nWe will call you on the number you gave.",
  url: "https://tigris.example/dashboard",
};

describe("consultationInvite", () => {
  it("updates the same event: a later SEQUENCE, TENTATIVE until confirmed, a meeting link as LOCATION and URL, METHOD:CANCEL to remove it", () => {
    const tentative = component(parseIcs(consultationInvite({ ...base, status: "TENTATIVE" })), "VEVENT");
    expect(one(tentative, "STATUS").value).toBe("TENTATIVE");

    const moved = parseIcs(consultationInvite({ ...base, sequence: 3, location: "https://meet.example.com/tigris-7" }));
    expect(one(moved, "METHOD").value).toBe("REQUEST");
    const event = component(moved, "VEVENT");
    expect(one(event, "UID").value).toBe(`${base.bookingId}@tigrisadvisory.com`);
    expect(one(event, "SEQUENCE").value).toBe("3");
    expect(one(event, "LOCATION").value).toBe("https://meet.example.com/tigris-7");
    expect(one(event, "URL").value).toBe("https://meet.example.com/tigris-7");

    // A phone number is a place to call, not a web address: the URL stays the booking's.
    const phone = component(parseIcs(consultationInvite({ ...base, location: "+44 20 7946 0000" })), "VEVENT");
    expect(one(phone, "LOCATION").value).toBe("+44 20 7946 0000");
    expect(one(phone, "URL").value).toBe("https://tigris.example/dashboard");

    const cancelled = parseIcs(consultationInvite({ ...base, sequence: 4, method: "CANCEL" }));
    expect(one(cancelled, "METHOD").value).toBe("CANCEL");
    const gone = component(cancelled, "VEVENT");
    expect(one(gone, "STATUS").value).toBe("CANCELLED");
    expect(one(gone, "SEQUENCE").value).toBe("4");
    expect(one(gone, "UID").value).toBe(`${base.bookingId}@tigrisadvisory.com`);
  });

  it("is a REQUEST with one event, its UID, organiser, attendee, sequence and status", () => {
    const ics = consultationInvite(base);
    expect(ics.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(ics.trimEnd().endsWith("END:VCALENDAR")).toBe(true);
    const props = parseIcs(ics);
    expect(one(props, "METHOD").value).toBe("REQUEST");
    expect(props.filter((p) => p.name === "BEGIN" && p.value === "VEVENT")).toHaveLength(1);

    const event = component(props, "VEVENT");
    expect(one(event, "UID").value).toBe(`${base.bookingId}@tigrisadvisory.com`);
    expect(one(event, "SEQUENCE").value).toBe("0");
    expect(one(event, "STATUS").value).toBe("CONFIRMED");
    expect(one(event, "SUMMARY").value).toBe("Initial Consultation with Tigris Advisory");
    expect(one(event, "DESCRIPTION").value).toBe("Your 30-minute consultation.\\nWe will call you on the number you gave.");
    expect(one(event, "URL").value).toBe("https://tigris.example/dashboard");
    expect(one(event, "DTSTAMP").value).toMatch(/^\d{8}T\d{6}Z$/);

    const organizer = one(event, "ORGANIZER");
    expect(organizer.value.toLowerCase()).toBe("mailto:invest@tigrisadvisory.com");
    expect(organizer.params.CN).toBe("Tigris Advisory");

    const attendee = one(event, "ATTENDEE");
    expect(attendee.value.toLowerCase()).toBe("mailto:jane@example.com");
    expect(attendee.params).toMatchObject({ CN: "Jane Doe", RSVP: "TRUE", PARTSTAT: "NEEDS-ACTION", ROLE: "REQ-PARTICIPANT" });
  });

  it("gives the same UID for the same booking", () => {
    const uid = (ics: string) => one(component(parseIcs(ics), "VEVENT"), "UID").value;
    expect(uid(consultationInvite(base))).toBe(uid(consultationInvite({ ...base, date: "2026-07-15" })));
  });

  it("keeps the slot's wall-clock times in the firm's zone, with its VTIMEZONE (London in summer: BST)", () => {
    const props = parseIcs(consultationInvite(base));
    const event = component(props, "VEVENT");
    expect(one(event, "DTSTART")).toEqual({ name: "DTSTART", params: { TZID: "Europe/London" }, value: "20260714T090000" });
    expect(one(event, "DTEND")).toEqual({ name: "DTEND", params: { TZID: "Europe/London" }, value: "20260714T093000" });

    const zone = component(props, "VTIMEZONE");
    expect(one(zone, "TZID").value).toBe("Europe/London");
    const daylight = component(zone, "DAYLIGHT");
    expect(one(daylight, "TZNAME").value).toBe("BST");
    expect(one(daylight, "TZOFFSETTO").value).toBe("+0100");
    const standard = component(zone, "STANDARD");
    expect(one(standard, "TZNAME").value).toBe("GMT");
    expect(one(standard, "TZOFFSETTO").value).toBe("+0000");
  });

  it("keeps the wall-clock times in winter too (London: GMT), given as HH:mm", () => {
    const event = component(
      parseIcs(consultationInvite({ ...base, date: "2026-11-23", startTime: "15:30", endTime: "16:00" })),
      "VEVENT",
    );
    expect(one(event, "DTSTART")).toMatchObject({ params: { TZID: "Europe/London" }, value: "20261123T153000" });
    expect(one(event, "DTEND")).toMatchObject({ params: { TZID: "Europe/London" }, value: "20261123T160000" });
  });

  it("uses whichever zone the firm runs in", () => {
    const props = parseIcs(consultationInvite({ ...base, timeZone: "Asia/Baghdad" }));
    expect(one(component(props, "VEVENT"), "DTSTART")).toMatchObject({ params: { TZID: "Asia/Baghdad" }, value: "20260714T090000" });
    expect(one(component(props, "VTIMEZONE"), "TZID").value).toBe("Asia/Baghdad");
  });

  it("keeps hostile text inside its property", () => {
    const ics = consultationInvite({
      ...base,
      attendee: { name: 'Jane "X" Doe\r\nATTENDEE:mailto:evil@example.com', email: "jane@example.com" },
      summary: "Hi\r\nMETHOD:CANCEL",
      description: "a;b,c\nEND:VEVENT",
    });
    const props = parseIcs(ics);
    expect(props.filter((p) => p.name === "METHOD").map((p) => p.value)).toEqual(["REQUEST"]);
    const event = component(props, "VEVENT");
    expect(event.filter((p) => p.name === "ATTENDEE")).toHaveLength(1);
    expect(one(event, "ATTENDEE").params.CN).toBe("Jane X Doe ATTENDEE:mailto:evil@example.com");
    expect(one(event, "DESCRIPTION").value).toBe("a\\;b\\,c\\nEND:VEVENT");
  });

  it("refuses a slot that is not a date and times, or ends before it starts", () => {
    expect(() => consultationInvite({ ...base, date: "14/07/2026" })).toThrow(/slot/);
    expect(() => consultationInvite({ ...base, startTime: "9am" })).toThrow(/slot/);
    expect(() => consultationInvite({ ...base, startTime: "10:00", endTime: "09:30" })).toThrow(/end after/);
  });
});
