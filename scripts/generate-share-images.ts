/**
 * Draws the default link-preview image (1200x630, Open Graph's size) and the square logo
 * search engines show, from SVG in the site's navy and brass, and writes them as PNG
 * into public/images/. The PNGs are committed; run this again after changing the brand:
 *
 *   npx node --import tsx scripts/generate-share-images.ts
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { brand } from "../app/domain/brand";
import { DEFAULT_SHARE_IMAGE, LOGO_PATH } from "../app/domain/seo";
import { iconSvg, NAVY, placeMark, readBrandMark, ROOT as root } from "./lib/brand-mark";

const brandMark = readBrandMark();
const NAVY_LIGHT = "#2b3d66";
const GOLD = "#d4a84b";
const IVORY = "#f7f4ec";
const SERIF = "'Playfair Display', 'DejaVu Serif', Georgia, serif";
const SANS = "Inter, 'DejaVu Sans', Arial, sans-serif";

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function shareSvg(): string {
  const { width, height } = DEFAULT_SHARE_IMAGE;
  const cities = brand.offices.map((o) => o.city).join("  ·  ");
  // The tagline on two lines, broken after its first comma.
  const comma = brand.tagline.indexOf(", ");
  const lines = comma > 0 ? [brand.tagline.slice(0, comma + 1), brand.tagline.slice(comma + 2)] : [brand.tagline];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="${width}" height="${height}" fill="${NAVY}"/>
  <path d="M0 520 C 200 470, 340 570, 560 520 S 940 470, 1200 530 L 1200 630 L 0 630 Z" fill="${NAVY_LIGHT}" opacity="0.6"/>
  <path d="M0 560 C 220 510, 360 610, 580 560 S 960 510, 1200 570" fill="none" stroke="${GOLD}" stroke-width="4" opacity="0.85"/>
  <rect x="80" y="80" width="6" height="300" fill="${GOLD}"/>
  ${placeMark(brandMark, 1000, 80, 120)}
  <text x="120" y="150" font-family="${SANS}" font-size="26" font-weight="700" letter-spacing="6" fill="${GOLD}">${escapeXml(cities.toUpperCase())}</text>
  <text x="116" y="260" font-family="${SERIF}" font-size="92" font-weight="700" fill="${IVORY}">${escapeXml(brand.name)}</text>
  ${lines
    .map((line, i) => `<text x="120" y="${330 + i * 46}" font-family="${SANS}" font-size="34" fill="${IVORY}" opacity="0.9">${escapeXml(line)}</text>`)
    .join("\n  ")}
</svg>`;
}

async function write(svg: string, publicPath: string): Promise<void> {
  const file = path.join(root, "public", publicPath);
  mkdirSync(path.dirname(file), { recursive: true });
  const info = await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true, quality: 90 }).toFile(file);
  console.log(`wrote ${path.relative(root, file)} (${info.width}x${info.height}, ${info.size} bytes)`);
}

await write(shareSvg(), DEFAULT_SHARE_IMAGE.path);
await write(iconSvg(brandMark, 512, { fullBleed: true }), LOGO_PATH);
