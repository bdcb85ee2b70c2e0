import { describe, expect, it } from "vitest";
import {
  canonicalTimeZone,
  codeInText,
  codePending,
  confirmPhoneCodeSchema,
  NOTIFICATION_MESSAGES,
  preferenceField,
  preferenceMatrix,
  preferencesFormSchema,
  preferencesInput,
  startPhoneSchema,
  stopEndsConsent,
  turnsOffAlwaysEmailed,
  waMeLink,
  whatsappLive,
} from "./notification-preferences";

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((i) => [i.path.join("."), i.message]) ?? [];

describe("time zones", () => {
  it("takes IANA names as the runtime spells them", () => {
    expect(canonicalTimeZone("Asia/Baghdad")).toBe("Asia/Baghdad");
    expect(canonicalTimeZone("asia/baghdad")).toBe("Asia/Baghdad");
    expect(canonicalTimeZone(" Europe/London ")).toBe("Europe/London");
    expect(canonicalTimeZone("UTC")).toBe("UTC");
  });

  it("refuses offsets, made-up places and anything else", () => {
    for (const bad of ["+03:00", "Nowhere/Atlantis", "", "Asia/Baghdad; drop table", "../etc"]) expect(canonicalTimeZone(bad), bad).toBeNull();
  });
});

describe("the preferences form", () => {
  const base = { timeZone: "Asia/Baghdad", fallbackLocale: "ar" };

  it("reads ticked boxes as on and the rest as off, for every topic on every channel", () => {
    const parsed = preferencesFormSchema.parse({ ...base, [preferenceField("email", "security")]: "on", [preferenceField("whatsapp", "bookings")]: "on" });
    const input = preferencesInput(parsed);
    expect(input.preferences).toHaveLength(16);
    expect(input.preferences.filter((p) => p.enabled)).toEqual([
      { topic: "security", channel: "email", enabled: true },
      { topic: "bookings", channel: "whatsapp", enabled: true },
    ]);
    expect(input).toMatchObject({ quiet: null, timeZone: "Asia/Baghdad", fallbackLocale: "ar" });
  });

  it("takes quiet hours both or neither, at different times", () => {
    expect(preferencesInput(preferencesFormSchema.parse({ ...base, quietStart: "22:00", quietEnd: "07:30" })).quiet).toEqual({ start: "22:00", end: "07:30" });
    expect(issues(preferencesFormSchema.safeParse({ ...base, quietStart: "22:00" }))).toEqual([["quietEnd", NOTIFICATION_MESSAGES.quietBoth]]);
    expect(issues(preferencesFormSchema.safeParse({ ...base, quietEnd: "07:00" }))).toEqual([["quietStart", NOTIFICATION_MESSAGES.quietBoth]]);
    expect(issues(preferencesFormSchema.safeParse({ ...base, quietStart: "22:00", quietEnd: "22:00" }))).toEqual([["quietEnd", NOTIFICATION_MESSAGES.quietSame]]);
    expect(issues(preferencesFormSchema.safeParse({ ...base, quietStart: "24:00", quietEnd: "07:00" }))).toEqual([["quietStart", NOTIFICATION_MESSAGES.timeInvalid]]);
  });

  it("refuses a time zone not in the list and a fallback other than English or Arabic", () => {
    expect(issues(preferencesFormSchema.safeParse({ timeZone: "Mars/Olympus", fallbackLocale: "ckb" }))).toEqual([
      ["timeZone", NOTIFICATION_MESSAGES.timeZoneInvalid],
      ["fallbackLocale", NOTIFICATION_MESSAGES.fallbackInvalid],
    ]);
  });

  it("knows a choice that turns security e-mails off", () => {
    expect(turnsOffAlwaysEmailed([{ topic: "security", channel: "email", enabled: false }])).toBe(true);
    expect(turnsOffAlwaysEmailed([{ topic: "security", channel: "whatsapp", enabled: false }])).toBe(false);
    expect(turnsOffAlwaysEmailed([{ topic: "bookings", channel: "email", enabled: false }])).toBe(false);
  });
});

describe("the phone forms", () => {
  it("takes a number in international format with the consent box ticked", () => {
    expect(startPhoneSchema.parse({ phone: " +964 750 123 4567 ", consent: "on" })).toEqual({ phone: "+964 750 123 4567", consent: true });
    expect(issues(startPhoneSchema.safeParse({ phone: "0750 123 4567" }))).toEqual([
      ["phone", NOTIFICATION_MESSAGES.phoneInvalid],
      ["consent", NOTIFICATION_MESSAGES.consentRequired],
    ]);
    expect(issues(startPhoneSchema.safeParse({ consent: "on" }))).toEqual([["phone", NOTIFICATION_MESSAGES.phoneRequired]]);
  });

  it("takes six digits, spaces allowed", () => {
    expect(confirmPhoneCodeSchema.parse({ code: "123 456" })).toEqual({ code: "123456" });
    expect(issues(confirmPhoneCodeSchema.safeParse({ code: "12345" }))).toEqual([["code", NOTIFICATION_MESSAGES.codeFormat]]);
  });

  it("finds the code in a message sent from the phone, and nothing in a message that is not one", () => {
    expect(codeInText("123456")).toBe("123456");
    expect(codeInText(" 123 456\n")).toBe("123456");
    expect(codeInText("Code: 123-456")).toBe("123456");
    expect(codeInText("1234567")).toBeNull();
    expect(codeInText("hello")).toBeNull();
    expect(codeInText(`${"x".repeat(80)}123456`)).toBeNull();
  });

  it("links to WhatsApp with the code ready to send, only with a business number", () => {
    expect(waMeLink("+964 750 000 1111", "042917")).toBe("https://wa.me/9647500001111?text=042917");
    expect(waMeLink(undefined, "042917")).toBeNull();
    expect(waMeLink("", "042917")).toBeNull();
  });
});

describe("consent", () => {
  const at = new Date("2026-11-29T10:00:00Z");
  const verified = { phone: "+9647501234567", phoneVerifiedAt: at, consentAt: at, consentWithdrawnAt: null };

  it("is live with a verified number and consent not withdrawn", () => {
    expect(whatsappLive(verified)).toBe(true);
    expect(whatsappLive({ ...verified, consentWithdrawnAt: at })).toBe(false);
    expect(whatsappLive({ ...verified, phoneVerifiedAt: null })).toBe(false);
    expect(whatsappLive({ ...verified, consentAt: null })).toBe(false);
    expect(whatsappLive(null)).toBe(false);
  });

  it("is ended by a STOP sent after it was given, not by one from before (replayed or late)", () => {
    const given = new Date("2026-11-29T10:00:00.750Z");
    expect(stopEndsConsent(given, new Date("2026-11-29T10:00:05Z"))).toBe(true);
    // WhatsApp's times are whole seconds: a STOP in the consent's own second ends it.
    expect(stopEndsConsent(given, new Date("2026-11-29T10:00:00Z"))).toBe(true);
    expect(stopEndsConsent(given, new Date("2026-11-29T09:59:59Z"))).toBe(false);
    expect(stopEndsConsent(given, new Date("2026-11-28T10:00:00Z"))).toBe(false);
  });

  it("has a code pending until it expires or is spent", () => {
    const pending = { phone: "+9647501234567", phoneCodeHash: "x", phoneCodeExpiresAt: new Date(at.getTime() + 60_000), phoneCodeAttempts: 0 };
    expect(codePending(pending, at)).toBe(true);
    expect(codePending(pending, new Date(at.getTime() + 60_000))).toBe(false);
    expect(codePending({ ...pending, phoneCodeAttempts: 5 }, at)).toBe(false);
    expect(codePending({ ...pending, phoneCodeHash: null }, at)).toBe(false);
  });

  it("draws the table from the choices and the defaults", () => {
    const matrix = preferenceMatrix([
      { topic: "bookings", channel: "whatsapp", enabled: true },
      { topic: "progress", channel: "email", enabled: false },
      { topic: "security", channel: "email", enabled: false },
    ]);
    expect(matrix.bookings).toEqual({ email: true, whatsapp: true });
    expect(matrix.progress).toEqual({ email: false, whatsapp: false });
    expect(matrix.security).toEqual({ email: true, whatsapp: false });
  });
});
