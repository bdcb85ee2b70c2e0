import { describe, expect, it } from "vitest";
import { translator } from "~/i18n/i18n";
import { english } from "../../tests/support/english";
import { deviceLabel, translateDeviceLabel } from "./devices";

describe("deviceLabel", () => {
  it.each([
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36", "Chrome on macOS"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0", "Edge on Windows"],
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1", "Safari on iPhone"],
    ["Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", "Firefox on Linux"],
    ["Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36", "Chrome on Android"],
  ])("names %s", (ua, label) => {
    expect(deviceLabel(ua)).toBe(label);
  });

  it("never repeats the header's own words", () => {
    expect(deviceLabel("<a href=https://evil.example>click</a>")).toBe("An unknown device");
    expect(deviceLabel("curl/8.0 Windows https://evil.example")).toBe("A browser on Windows");
    expect(deviceLabel(null)).toBe("An unknown device");
  });
});

describe("translateDeviceLabel", () => {
  const t = translator("ar");

  it("says the words around the names in the reader's language, and keeps the names", () => {
    expect(translateDeviceLabel("Chrome on macOS", english)).toBe("Chrome on macOS");
    expect(translateDeviceLabel("A browser on Windows", english)).toBe("A browser on Windows");
    expect(translateDeviceLabel("An unknown device", english)).toBe("An unknown device");
    expect(translateDeviceLabel("Samsung Internet on Android", t)).toBe(t("account.device.browserOn", { browser: "Samsung Internet", system: "Android" }));
    expect(translateDeviceLabel("Samsung Internet on Android", t)).toContain("Samsung Internet");
    expect(translateDeviceLabel("An unknown device", t)).toBe(t("account.device.unknown"));
  });

  it("shows anything else as it is", () => {
    expect(translateDeviceLabel("Netscape on BeOS", t)).toBe("Netscape on BeOS");
    expect(translateDeviceLabel("A browser on Mars", t)).toBe("A browser on Mars");
  });
});
