import { ar } from "date-fns/locale/ar";
import { ckb } from "date-fns/locale/ckb";
import { describe, expect, it } from "vitest";
import { english } from "../../../tests/support/english";
import { firmTimeLabel, slotDayLabel, visitorTimeLabel } from "~/domain/slots";
import { translator } from "~/i18n/i18n";
import { slotLabels } from "./slot-labels";

const winter = { date: "2026-11-23", startTime: "09:00:00", endTime: "09:30:00" };
const summer = { date: "2026-07-01", startTime: "14:00:00", endTime: "14:30:00" };
const LRI = "\u2066";
const PDI = "\u2069";

describe("slotLabels in English", () => {
  const labels = slotLabels(english, undefined, false);

  it("says exactly what app/domain/slots.ts says", () => {
    for (const slot of [winter, summer]) {
      expect(labels.day(slot.date)).toBe(slotDayLabel(slot.date));
      for (const zone of ["Europe/London", "Asia/Baghdad", "America/New_York"]) {
        expect(labels.firmTime(slot, zone)).toBe(firmTimeLabel(slot, zone));
        for (const visitor of [undefined, "Europe/London", "Europe/Lisbon", "Asia/Dubai", "Pacific/Honolulu"]) {
          expect(labels.visitorTime(slot, zone, visitor)).toBe(visitorTimeLabel(slot, zone, visitor));
        }
      }
    }
    expect(labels.firmTime(winter, "Europe/London")).toBe("09:00–09:30 London time (GMT)");
    expect(labels.visitorTime(winter, "Europe/London", "Pacific/Honolulu")).toBe("23:00–23:30 on Sun 22 Nov your time");
    expect(labels.times(winter)).toBe("09:00–09:30");
    expect(labels.city("America/New_York")).toBe("New York");
  });
});

describe("slotLabels in Arabic and Sorani", () => {
  it("names the days and the firm's city in the language, digits Latin, times kept left to right", () => {
    const t = translator("ar");
    const labels = slotLabels(t, ar, true);
    expect(labels.day(winter.date)).not.toMatch(/[A-Za-z]/);
    expect(labels.day(winter.date)).toContain("23");
    expect(labels.firmTime(winter, "Europe/London")).toBe(
      t("booking.slot.firmTime", { range: `${LRI}09:00–09:30${PDI}`, city: t("booking.zone.london"), zone: `${LRI}GMT${PDI}` }),
    );
    expect(labels.firmTime(winter, "Europe/London")).toContain("لندن");
    expect(labels.visitorTime(winter, "Europe/London", "Asia/Dubai")).toBe(t("booking.slot.yourTime", { range: `${LRI}13:00–13:30${PDI}` }));
    expect(labels.visitorTime(winter, "Europe/London", "Pacific/Honolulu")).not.toContain("Sun");
  });

  it("writes Sorani's own words", () => {
    const t = translator("ckb");
    const labels = slotLabels(t, ckb, true);
    expect(labels.day(summer.date)).not.toMatch(/[A-Za-z]/);
    expect(labels.city("Asia/Baghdad")).toBe("بەغدا");
    expect(labels.times(summer)).toBe(`${LRI}14:00–14:30${PDI}`);
  });
});
