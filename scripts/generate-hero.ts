/**
 * Draws the home page's hero artwork (Baghdad's skyline over the Tigris at dusk) as SVG and
 * writes it as responsive AVIF and WebP files in public/images/hero/. The outputs are
 * committed; run this again only to change the artwork:
 *
 *   npx node --import tsx scripts/generate-hero.ts
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { HERO_IMAGE } from "../app/domain/hero-image";
import { random } from "./lib/seeded-random";

const WIDTH = HERO_IMAGE.width;
const HEIGHT = HERO_IMAGE.height;
const HORIZON = 760;

function stars(rand: () => number): string {
  let out = "";
  for (let i = 0; i < 140; i++) {
    const x = rand() * WIDTH;
    const y = rand() * HORIZON * 0.55;
    const r = 0.6 + rand() * 1.4;
    out += `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${r.toFixed(2)}" fill="#f6ead2" opacity="${(0.25 + rand() * 0.6).toFixed(2)}"/>`;
  }
  return out;
}

/** A band of towers standing on the horizon. */
function towers(rand: () => number, opts: { count: number; minH: number; maxH: number; fill: string; windows: boolean }): string {
  let out = "";
  let x = -40;
  for (let i = 0; i < opts.count && x < WIDTH; i++) {
    const w = 40 + rand() * 90;
    const h = opts.minH + rand() * (opts.maxH - opts.minH);
    const top = HORIZON - h;
    out += `<rect x="${x.toFixed(1)}" y="${top.toFixed(1)}" width="${w.toFixed(1)}" height="${(h + 2).toFixed(1)}" fill="${opts.fill}"/>`;
    if (rand() < 0.3) {
      // A stepped crown or an antenna.
      out += `<rect x="${(x + w * 0.25).toFixed(1)}" y="${(top - 18).toFixed(1)}" width="${(w * 0.5).toFixed(1)}" height="20" fill="${opts.fill}"/>`;
      out += `<rect x="${(x + w * 0.48).toFixed(1)}" y="${(top - 60).toFixed(1)}" width="3" height="44" fill="${opts.fill}"/>`;
    }
    if (opts.windows) {
      for (let wy = top + 14; wy < HORIZON - 16; wy += 18) {
        for (let wx = x + 8; wx < x + w - 10; wx += 14) {
          if (rand() < 0.16) {
            out += `<rect x="${wx.toFixed(1)}" y="${wy.toFixed(1)}" width="6" height="8" fill="#f3c16b" opacity="${(0.45 + rand() * 0.5).toFixed(2)}"/>`;
          }
        }
      }
    }
    x += w + rand() * 30;
  }
  return out;
}

/** A mosque: a drum and dome with two minarets. */
function mosque(cx: number, scale: number, fill: string): string {
  const s = (n: number) => (n * scale).toFixed(1);
  const base = HORIZON;
  return [
    `<rect x="${(cx - 110 * scale).toFixed(1)}" y="${(base - 70 * scale).toFixed(1)}" width="${s(220)}" height="${s(72)}" fill="${fill}"/>`,
    `<rect x="${(cx - 55 * scale).toFixed(1)}" y="${(base - 110 * scale).toFixed(1)}" width="${s(110)}" height="${s(45)}" fill="${fill}"/>`,
    `<path d="M ${(cx - 62 * scale).toFixed(1)} ${(base - 108 * scale).toFixed(1)} Q ${cx} ${(base - 250 * scale).toFixed(1)} ${(cx + 62 * scale).toFixed(1)} ${(base - 108 * scale).toFixed(1)} Z" fill="${fill}"/>`,
    `<rect x="${(cx - 2 * scale).toFixed(1)}" y="${(base - 222 * scale).toFixed(1)}" width="${s(4)}" height="${s(30)}" fill="${fill}"/>`,
    ...[-150, 150].flatMap((dx) => [
      `<rect x="${(cx + dx * scale - 9 * scale).toFixed(1)}" y="${(base - 240 * scale).toFixed(1)}" width="${s(18)}" height="${s(242)}" fill="${fill}"/>`,
      `<rect x="${(cx + dx * scale - 15 * scale).toFixed(1)}" y="${(base - 190 * scale).toFixed(1)}" width="${s(30)}" height="${s(8)}" fill="${fill}"/>`,
      `<path d="M ${(cx + dx * scale - 11 * scale).toFixed(1)} ${(base - 238 * scale).toFixed(1)} L ${(cx + dx * scale).toFixed(1)} ${(base - 275 * scale).toFixed(1)} L ${(cx + dx * scale + 11 * scale).toFixed(1)} ${(base - 238 * scale).toFixed(1)} Z" fill="${fill}"/>`,
    ]),
  ].join("");
}

/** Horizontal glints of the low sun on the water. */
function reflections(rand: () => number): string {
  let out = "";
  for (let i = 0; i < 70; i++) {
    const y = HORIZON + 8 + Math.pow(rand(), 1.6) * (HEIGHT - HORIZON - 10);
    const depth = (y - HORIZON) / (HEIGHT - HORIZON);
    const spread = 80 + depth * 520;
    const cx = 1380 + (rand() - 0.5) * spread;
    const w = 20 + rand() * (60 + depth * 220);
    out += `<rect x="${(cx - w / 2).toFixed(1)}" y="${y.toFixed(1)}" width="${w.toFixed(1)}" height="${(1.5 + depth * 4).toFixed(1)}" rx="2" fill="#f3c16b" opacity="${(0.55 - depth * 0.4).toFixed(2)}"/>`;
  }
  return out;
}

function artwork(): string {
  const rand = random(20241201);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#0b1430"/>
      <stop offset="0.45" stop-color="#1c2a4a"/>
      <stop offset="0.75" stop-color="#4a4563"/>
      <stop offset="1" stop-color="#c98a52"/>
    </linearGradient>
    <radialGradient id="sun" cx="1380" cy="${HORIZON}" r="520" gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="#ffd58a" stop-opacity="0.95"/>
      <stop offset="0.12" stop-color="#f3b865" stop-opacity="0.7"/>
      <stop offset="0.5" stop-color="#d98d54" stop-opacity="0.25"/>
      <stop offset="1" stop-color="#d98d54" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="river" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#3b3550"/>
      <stop offset="0.35" stop-color="#1d2645"/>
      <stop offset="1" stop-color="#0b1226"/>
    </linearGradient>
  </defs>
  <rect width="${WIDTH}" height="${HORIZON}" fill="url(#sky)"/>
  ${stars(rand)}
  <rect width="${WIDTH}" height="${HORIZON}" fill="url(#sun)"/>
  <circle cx="1380" cy="${HORIZON - 6}" r="46" fill="#ffe2a8" opacity="0.9"/>
  <g opacity="0.55">${towers(rand, { count: 40, minH: 60, maxH: 230, fill: "#3a3c5c", windows: false })}</g>
  ${towers(rand, { count: 30, minH: 40, maxH: 330, fill: "#151d37", windows: true })}
  ${mosque(560, 1, "#10172d")}
  ${mosque(1760, 0.7, "#121a32")}
  <rect y="${HORIZON}" width="${WIDTH}" height="${HEIGHT - HORIZON}" fill="url(#river)"/>
  <rect y="${HORIZON}" width="${WIDTH}" height="3" fill="#0b1226" opacity="0.8"/>
  ${reflections(rand)}
</svg>`;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outDir = path.join(root, "public", HERO_IMAGE.directory);
mkdirSync(outDir, { recursive: true });
const svg = Buffer.from(artwork());

for (const width of HERO_IMAGE.widths) {
  const resized = sharp(svg, { density: 72 }).resize({ width });
  const base = path.join(outDir, `${HERO_IMAGE.name}-${width}`);
  const avif = await resized.clone().avif({ quality: 50, effort: 6 }).toFile(`${base}.avif`);
  const webp = await resized.clone().webp({ quality: 72, effort: 6 }).toFile(`${base}.webp`);
  console.log(`${width}w: avif ${(avif.size / 1024).toFixed(1)} KB, webp ${(webp.size / 1024).toFixed(1)} KB`);
}
