import http from "node:http";
import https from "node:https";
import sharp from "sharp";
import { afterEach, describe, expect, it, vi } from "vitest";
import { locatorMapSvg } from "./locator-map.server";

const ERBIL = { latitude: 36.191, longitude: 44.009 };

/** The pin's point, from the group that carries it. */
function pinOf(svg: string): { x: number; y: number } {
  const match = /<g transform="translate\(([-\d.]+) ([-\d.]+)\)" data-pin="">/.exec(svg);
  if (!match) throw new Error("no pin in the map");
  return { x: Number(match[1]), y: Number(match[2]) };
}

function viewBoxOf(svg: string): { width: number; height: number } {
  const [, , , width, height] = /viewBox="(\S+) (\S+) (\S+) (\S+)"/.exec(svg)!.map(Number);
  return { width: width!, height: height! };
}

describe("locatorMapSvg", () => {
  afterEach(() => vi.restoreAllMocks());

  it("draws Erbil inside Iraq: Iraq is the emphasised country and the pin is in the frame", () => {
    const svg = locatorMapSvg({ ...ERBIL, label: "Erbil", dir: "ltr" });
    console.info(`locator map of Erbil: ${svg.length} bytes (${(svg.length / 1024).toFixed(1)} KiB)`);

    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ')).toBe(true);
    expect(svg.endsWith("</svg>")).toBe(true);
    expect(svg).toContain('role="img"');
    expect(svg).toContain("<title>Erbil</title>");
    expect(svg).toMatch(/<path d="M[^"]+" fill="[^"]+" stroke="[^"]+" [^>]*data-country="Iraq"\/>/);
    expect(svg.match(/data-country=/g)).toHaveLength(1);

    const pin = pinOf(svg);
    const frame = viewBoxOf(svg);
    expect(pin.x).toBeGreaterThan(0);
    expect(pin.x).toBeLessThan(frame.width);
    expect(pin.y).toBeGreaterThan(0);
    expect(pin.y).toBeLessThan(frame.height);
    expect(svg.length).toBeLessThan(30 * 1024);
  });

  it("shows the neighbours: borders are drawn and other places get their own country", () => {
    const erbil = locatorMapSvg({ ...ERBIL, label: "Erbil", dir: "ltr" });
    // Iraq's borders with Turkey and Iran are within 350 km: a border path with many points.
    const borderPath = /<path d="([^"]+)" fill="none" stroke="#aab2bf"/.exec(erbil)?.[1] ?? "";
    expect(borderPath.split("L").length).toBeGreaterThan(50);

    expect(locatorMapSvg({ latitude: 25.2, longitude: 55.27, label: "Dubai", dir: "ltr" })).toContain('data-country="United Arab Emirates"');
    expect(locatorMapSvg({ latitude: 31.95, longitude: 35.93, label: "Amman", dir: "ltr" })).toContain('data-country="Jordan"');
  });

  it("emphasises no country for a point at sea, and still draws the pin", () => {
    const svg = locatorMapSvg({ latitude: 26.5, longitude: 52.0, label: "Gulf", dir: "ltr" });
    expect(svg).not.toContain("data-country=");
    expect(svg).toContain('data-pin=""');
  });

  it("escapes the label: a script in it is text, never markup", () => {
    const label = `Erbil <script>alert("x")</script> & "Ankawa" 'district' <img src=x onerror=alert(1)>`;
    const svg = locatorMapSvg({ ...ERBIL, label, dir: "ltr" });
    expect(svg).not.toContain("<script");
    expect(svg).not.toContain("<img");
    expect(svg).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;Ankawa&quot; &#39;district&#39;");
    expect(svg.match(/<title>/g)).toHaveLength(1);
    expect(svg.match(/<text /g)).toHaveLength(1);
  });

  it("holds nothing that runs or reaches out: no script, handler, style, link or address but the namespace", () => {
    const svg = locatorMapSvg({ ...ERBIL, label: "Erbil onload=alert(1)", dir: "rtl" });
    const tags = svg.match(/<[^>]*>/g)!;
    expect(new Set(tags.map((tag) => /^<\/?([a-z]+)/i.exec(tag)![1]))).toEqual(new Set(["svg", "title", "rect", "path", "g", "circle", "text"]));
    for (const tag of tags) expect(tag).not.toMatch(/\son[a-z]+=|\sstyle=|href=|url\(/i);
    expect(svg).toContain(">Erbil onload=alert(1)</text>");
    expect(svg.match(/https?:/g)).toEqual(["http:"]);
    expect(svg.match(/http[^"]*/g)).toEqual(["http://www.w3.org/2000/svg"]);
  });

  it("gives the same string for the same input", () => {
    const input = { ...ERBIL, label: "Erbil", dir: "ltr" } as const;
    expect(locatorMapSvg(input)).toBe(locatorMapSvg({ ...input }));
    expect(locatorMapSvg(input)).not.toBe(locatorMapSvg({ ...input, label: "Ankawa" }));
  });

  it("puts the label on the reading side: right of the pin in ltr, left of it in rtl", () => {
    const ltr = locatorMapSvg({ ...ERBIL, label: "Erbil", dir: "ltr" });
    const rtl = locatorMapSvg({ ...ERBIL, label: "أربيل", dir: "rtl" });
    const textX = (svg: string) => Number(/<text x="([-\d.]+)"/.exec(svg)![1]);
    expect(textX(ltr)).toBeGreaterThan(pinOf(ltr).x);
    expect(textX(rtl)).toBeLessThan(pinOf(rtl).x);
    expect(rtl).toContain('direction="rtl"');
    expect(rtl).toContain("<title>أربيل</title>");
  });

  it("is drawn without any network request", () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockRejectedValue(new Error("no network in a locator map"));
    const httpSpy = vi.spyOn(http, "request");
    const httpsSpy = vi.spyOn(https, "request");
    const svg = locatorMapSvg({ latitude: 33.315, longitude: 44.366, label: "Baghdad", dir: "ltr" });
    expect(svg).toContain('data-country="Iraq"');
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(httpSpy).not.toHaveBeenCalled();
    expect(httpsSpy).not.toHaveBeenCalled();
  });

  it("is a well-formed SVG an image library can render", async () => {
    const svg = locatorMapSvg({ ...ERBIL, label: "Erbil & Ankawa", dir: "ltr" });
    const { width, height } = await sharp(Buffer.from(svg)).png().toBuffer({ resolveWithObject: true }).then((r) => r.info);
    expect([width, height]).toEqual([480, 320]);
  });

  it("keeps out-of-range coordinates on the map", () => {
    const svg = locatorMapSvg({ latitude: Number.NaN, longitude: 400, label: "Nowhere", dir: "ltr" });
    const pin = pinOf(svg);
    expect(Number.isFinite(pin.x) && Number.isFinite(pin.y)).toBe(true);
  });
});
