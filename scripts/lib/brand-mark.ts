/**
 * The firm's mark (a brass "T" over the Tigris on navy) as drawn in public/favicon.svg,
 * for the scripts that render PNGs from it: the app icons, the logo and the share image.
 * One drawing, so a change to the favicon reaches every picture made from it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const NAVY = "#1c2a4a";

export interface BrandMark {
  viewBox: string;
  body: string;
}

/** The favicon's drawing, re-wrapped so it can be placed at any position and size. */
export function readBrandMark(): BrandMark {
  const svg = readFileSync(path.join(ROOT, "public/favicon.svg"), "utf8");
  const viewBox = /viewBox="([^"]+)"/.exec(svg)?.[1];
  const body = /<svg[^>]*>([\s\S]*)<\/svg>/.exec(svg)?.[1];
  if (!viewBox || !body) throw new Error("public/favicon.svg: expected one <svg> with a viewBox");
  return { viewBox, body: body.replace(/<title>[\s\S]*?<\/title>/, "") };
}

/** The mark as a nested <svg> element at x, y, `size` px square. */
export function placeMark(mark: BrandMark, x: number, y: number, size: number): string {
  return `<svg x="${x}" y="${y}" width="${size}" height="${size}" viewBox="${mark.viewBox}">${mark.body}</svg>`;
}

/**
 * A square icon: the mark taking `markScale` of its width, on a full-bleed navy square
 * when the platform crops it (maskable and Apple icons), otherwise on transparency.
 */
export function iconSvg(mark: BrandMark, size: number, { markScale = 1, fullBleed = false } = {}): string {
  const markSize = size * markScale;
  const offset = (size - markSize) / 2;
  const background = fullBleed ? `<rect width="${size}" height="${size}" fill="${NAVY}"/>` : "";
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    background +
    placeMark(mark, offset, offset, markSize) +
    `</svg>`
  );
}
