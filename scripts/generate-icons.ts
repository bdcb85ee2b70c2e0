/**
 * Renders the app icons in public/icons/ from public/favicon.svg (the brand mark: brass
 * "T" over the Tigris on navy). The PNGs are committed; run this after changing the mark:
 *
 *   node --import tsx scripts/generate-icons.ts
 */
import { readFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const NAVY = "#1c2a4a";

interface Icon {
  file: string;
  size: number;
  /** Share of the icon's width the mark takes; the rest is navy background. */
  markScale: number;
  /** Full-bleed navy square (maskable and Apple icons are cropped by the platform). */
  fullBleed: boolean;
}

const ICONS: Icon[] = [
  { file: "icon-192.png", size: 192, markScale: 1, fullBleed: false },
  { file: "icon-512.png", size: 512, markScale: 1, fullBleed: false },
  // Maskable: the platform may crop to a circle of 80% of the width, so the mark stays inside it.
  { file: "icon-maskable-512.png", size: 512, markScale: 0.8, fullBleed: true },
  // iOS rounds the corners itself and shows transparency as black.
  { file: "apple-touch-icon.png", size: 180, markScale: 1, fullBleed: true },
];

/** The favicon's drawing, re-wrapped so it can be placed at any position and size. */
function markFrom(faviconSvg: string): { viewBox: string; body: string } {
  const viewBox = /viewBox="([^"]+)"/.exec(faviconSvg)?.[1];
  const body = /<svg[^>]*>([\s\S]*)<\/svg>/.exec(faviconSvg)?.[1];
  if (!viewBox || !body) throw new Error("public/favicon.svg: expected one <svg> with a viewBox");
  return { viewBox, body };
}

function iconSvg(mark: { viewBox: string; body: string }, icon: Icon): string {
  const markSize = icon.size * icon.markScale;
  const offset = (icon.size - markSize) / 2;
  const background = icon.fullBleed ? `<rect width="${icon.size}" height="${icon.size}" fill="${NAVY}"/>` : "";
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${icon.size}" height="${icon.size}" viewBox="0 0 ${icon.size} ${icon.size}">` +
    background +
    `<svg x="${offset}" y="${offset}" width="${markSize}" height="${markSize}" viewBox="${mark.viewBox}">${mark.body}</svg>` +
    `</svg>`
  );
}

async function main() {
  const mark = markFrom(readFileSync(path.join(ROOT, "public/favicon.svg"), "utf8"));
  const outDir = path.join(ROOT, "public/icons");
  await mkdir(outDir, { recursive: true });
  for (const icon of ICONS) {
    let image = sharp(Buffer.from(iconSvg(mark, icon)));
    if (icon.fullBleed) image = image.flatten({ background: NAVY });
    await image.png({ compressionLevel: 9 }).toFile(path.join(outDir, icon.file));
    console.log(`public/icons/${icon.file} (${icon.size}x${icon.size})`);
  }
}

await main();
