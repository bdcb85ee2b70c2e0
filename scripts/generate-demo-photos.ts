/**
 * Draws the demo galleries' illustrative photos (app/server/seed/demo-photos.server.ts) as
 * SVG scenes and renders each as the gallery stores it, with the upload's own pipeline
 * (app/server/storage/image-variants.server.ts): AVIF and WebP at 480 and 960 px and a
 * 960 px JPEG, into app/server/seed/demo-photos/. The outputs are committed; run this
 * again only to change the artwork:
 *
 *   node --import tsx scripts/generate-demo-photos.ts
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { DEMO_PHOTO_DIR, DEMO_PHOTO_SIZE, DEMO_PHOTOS, type DemoScene } from "../app/server/seed/demo-photos.server";
import { renderPhoto } from "../app/server/storage/image-variants.server";
import { random } from "./lib/seeded-random";

const W = DEMO_PHOTO_SIZE.width;
const H = DEMO_PHOTO_SIZE.height;

const sky = (top: string, bottom: string) =>
  `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#sky)"/>`;

/** A tower with rows of lit and dark windows. */
function tower(x: number, y: number, w: number, h: number, body: string, lit: string, rand: () => number): string {
  let out = `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${body}"/>`;
  for (let wy = y + 14; wy < y + h - 14; wy += 18) {
    for (let wx = x + 8; wx < x + w - 10; wx += 14) {
      out += `<rect x="${wx}" y="${wy}" width="7" height="9" fill="${rand() < 0.45 ? lit : "#0b1a2e"}" opacity="0.9"/>`;
    }
  }
  return out;
}

function skyline(rand: () => number, ground: number, count: number, maxH: number, fill: string): string {
  let out = "";
  for (let x = -20; x < W; x += 50 + rand() * 70) {
    const h = 60 + rand() * maxH;
    out += `<rect x="${x.toFixed(0)}" y="${(ground - h).toFixed(0)}" width="${(40 + rand() * 50).toFixed(0)}" height="${h.toFixed(0)}" fill="${fill}"/>`;
    if (--count <= 0) break;
  }
  return out;
}

const water = (top: number, colour: string) =>
  `<rect y="${top}" width="${W}" height="${H - top}" fill="${colour}"/>` +
  Array.from({ length: 14 }, (_, i) => `<rect x="${(i * 71) % W}" y="${top + 12 + ((i * 37) % (H - top - 20))}" width="${60 + ((i * 13) % 50)}" height="2" fill="#ffffff" opacity="0.25"/>`).join("");

const palm = (x: number, ground: number, h: number) =>
  `<rect x="${x - 3}" y="${ground - h}" width="6" height="${h}" fill="#5b4424"/>` +
  [-60, -20, 20, 60, 180].map((a) => `<ellipse cx="${x}" cy="${ground - h}" rx="34" ry="7" fill="#2f5d3a" transform="rotate(${a} ${x} ${ground - h})"/>`).join("");

const SCENES: Record<DemoScene, (rand: () => number) => string> = {
  tower: (rand) =>
    sky("#1b2f55", "#e7a65a") +
    `<circle cx="760" cy="470" r="60" fill="#f4c77b" opacity="0.8"/>` +
    skyline(rand, 560, 18, 120, "#2a3550") +
    tower(380, 120, 170, 440, "#1f3152", "#f2cf86", rand) +
    `<rect y="560" width="${W}" height="80" fill="#3a3326"/><rect x="80" y="520" width="220" height="40" fill="#8a6a3a"/><rect x="110" y="500" width="160" height="20" fill="#a07d46"/>`,
  lobby: (rand) =>
    `<rect width="${W}" height="${H}" fill="#efe6d6"/>` +
    `<polygon points="0,640 240,420 720,420 960,640" fill="#c9b28d"/>` +
    `<rect x="240" y="60" width="480" height="360" fill="#f7f1e6"/>` +
    [0, 1, 2, 3].map((i) => `<rect x="${270 + i * 112}" y="90" width="92" height="300" fill="#9fc1d9"/><rect x="${270 + i * 112}" y="90" width="92" height="300" fill="none" stroke="#8a5f18" stroke-width="4"/>`).join("") +
    `<rect x="330" y="470" width="300" height="40" rx="6" fill="#132e50"/><rect x="350" y="440" width="260" height="34" rx="6" fill="#1f3f6a"/>` +
    `<circle cx="480" cy="40" r="26" fill="#f4c77b"/><rect x="478" y="0" width="4" height="16" fill="#8a5f18"/>` +
    palm(150, 560, 130 + rand() * 10) +
    palm(810, 560, 140),
  rooftop: (rand) =>
    sky("#7fb2d9", "#f3e2c0") +
    `<ellipse cx="640" cy="430" rx="190" ry="60" fill="#c79b5b"/><rect x="470" y="360" width="340" height="70" fill="#b98a4c"/>` +
    Array.from({ length: 9 }, (_, i) => `<rect x="${488 + i * 36}" y="${350 - (i % 2) * 10}" width="18" height="20" fill="#b98a4c"/>`).join("") +
    skyline(rand, 470, 12, 60, "#d9cbb1") +
    `<rect y="470" width="${W}" height="170" fill="#d8c6a4"/><rect y="500" width="${W}" height="10" fill="#8a5f18"/>` +
    Array.from({ length: 16 }, (_, i) => `<rect x="${i * 62}" y="470" width="6" height="40" fill="#8a5f18"/>`).join("") +
    `<rect x="120" y="560" width="200" height="14" fill="#ffffff"/><rect x="620" y="560" width="200" height="14" fill="#ffffff"/>` +
    `<polygon points="200,400 260,560 140,560" fill="#132e50" opacity="0.85"/><rect x="198" y="400" width="4" height="160" fill="#5b4424"/>`,
  riverside: (rand) =>
    sky("#8cc4e8", "#eef3e6") +
    skyline(rand, 330, 16, 90, "#b9c6d3") +
    `<rect y="330" width="${W}" height="90" fill="#7fae6a"/>` +
    water(420, "#4f87a8") +
    [80, 230, 390, 560, 720, 880].map((x) => `<rect x="${x - 4}" y="300" width="8" height="50" fill="#5b4424"/><circle cx="${x}" cy="290" r="${28 + rand() * 10}" fill="#3f7a45"/>`).join("") +
    `<rect y="400" width="${W}" height="20" fill="#d8c6a4"/>`,
  villas: (rand) =>
    sky("#a8d0ec", "#f6efe0") +
    `<rect y="400" width="${W}" height="240" fill="#86b46f"/>` +
    [60, 320, 580].map((x) => `<rect x="${x}" y="260" width="220" height="150" fill="#f3e7d0"/><polygon points="${x - 10},262 ${x + 110},200 ${x + 230},262" fill="#b5533c"/><rect x="${x + 90}" y="330" width="40" height="80" fill="#8a5f18"/><rect x="${x + 24}" y="300" width="44" height="36" fill="#9fc1d9"/><rect x="${x + 152}" y="300" width="44" height="36" fill="#9fc1d9"/>`).join("") +
    palm(860, 420, 150 + rand() * 20) +
    `<rect y="470" width="${W}" height="26" fill="#e5d6b5"/>`,
  creek: (rand) =>
    sky("#f0a66a", "#fbe4c4") +
    skyline(rand, 380, 20, 180, "#6f7d94") +
    tower(560, 110, 120, 270, "#3b4a66", "#ffd98c", rand) +
    tower(700, 170, 110, 210, "#2f3d57", "#ffd98c", rand) +
    water(380, "#2f6f8f") +
    `<rect y="372" width="${W}" height="10" fill="#d8c6a4"/>`,
  marina: (rand) =>
    sky("#2b3f6b", "#c77b6a") +
    skyline(rand, 360, 22, 150, "#1d2740") +
    water(360, "#1f4a66") +
    [120, 330, 540, 750].map((x) => `<polygon points="${x},470 ${x + 120},470 ${x + 100},500 ${x + 20},500" fill="#f6efe0"/><rect x="${x + 58}" y="${380 + rand() * 10}" width="4" height="90" fill="#f6efe0"/>`).join("") +
    `<rect y="560" width="${W}" height="80" fill="#8a7a5c"/>` +
    Array.from({ length: 10 }, (_, i) => `<circle cx="${50 + i * 96}" cy="548" r="6" fill="#ffd98c"/><rect x="${48 + i * 96}" y="552" width="4" height="20" fill="#3a3326"/>`).join(""),
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const out = path.join(root, DEMO_PHOTO_DIR);
mkdirSync(out, { recursive: true });
let total = 0;
for (const photos of Object.values(DEMO_PHOTOS)) {
  for (const [i, photo] of photos.entries()) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${SCENES[photo.scene](random(i * 977 + photo.stem.length))}</svg>`;
    const rendered = await renderPhoto(new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer()));
    const files: Array<[string, Uint8Array]> = [[`${photo.stem}.jpg`, rendered.fallback.bytes], ...rendered.variants.map((v): [string, Uint8Array] => [`${photo.stem}-${v.width}.${v.format}`, v.bytes])];
    for (const [name, bytes] of files) {
      writeFileSync(path.join(out, name), bytes);
      total += bytes.byteLength;
    }
  }
}
console.log(`demo photos written to ${DEMO_PHOTO_DIR}: ${(total / 1024).toFixed(0)} KiB`);
