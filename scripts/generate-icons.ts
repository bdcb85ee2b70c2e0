/**
 * Renders the app icons in public/icons/ from public/favicon.svg (the brand mark: brass
 * "T" over the Tigris on navy). The PNGs are committed; run this after changing the mark:
 *
 *   npx node --import tsx scripts/generate-icons.ts
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { iconSvg, NAVY, readBrandMark, ROOT } from "./lib/brand-mark";

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

async function main() {
  const mark = readBrandMark();
  const outDir = path.join(ROOT, "public/icons");
  await mkdir(outDir, { recursive: true });
  for (const icon of ICONS) {
    let image = sharp(Buffer.from(iconSvg(mark, icon.size, icon)));
    if (icon.fullBleed) image = image.flatten({ background: NAVY });
    await image.png({ compressionLevel: 9 }).toFile(path.join(outDir, icon.file));
    console.log(`public/icons/${icon.file} (${icon.size}x${icon.size})`);
  }
}

await main();
