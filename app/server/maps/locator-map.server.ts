import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { geoBounds, geoContains, geoMercator, geoPath, type GeoContext, type GeoPermissibleObjects } from "d3-geo";
import type { Feature, FeatureCollection, Geometry } from "geojson";
import { feature, mesh } from "topojson-client";
import type { GeometryCollection, GeometryObject, Topology } from "topojson-specification";

/**
 * Locator maps (issue 33): a small map of the country around an opportunity, drawn here as
 * an SVG string from Natural Earth's 1:50m country outlines (the `world-atlas` package, read
 * from node_modules), with the country that holds the point emphasised and a pin on it.
 * No tile server and nothing fetched: the data is on disk, the drawing is d3-geo, and the
 * answer is plain markup with presentation attributes (no script, no style attribute, no
 * reference outside itself), so a page can put it inline under any CSP.
 */

export interface LocatorMapInput {
  latitude: number;
  longitude: number;
  /** What the pin marks (the city or district): the map's accessible name and its label. */
  label: string;
  dir: "ltr" | "rtl";
}

/** The drawing's own units: a 3:2 frame, shown at any width by CSS. */
const WIDTH = 480;
const HEIGHT = 320;
/** Half the frame's height on the ground: about 700 km top to bottom, 1,050 km across. */
const HALF_HEIGHT_KM = 350;
const EARTH_RADIUS_KM = 6371;
/** Points closer than this (in the frame's units) to the last one drawn are left out. */
const MIN_STEP = 0.8;

/** The site's palette (app/app.css) in sRGB, which every SVG reader understands. */
const COLOURS = {
  sea: "#dbe4ee", // --color-secondary, deepened
  land: "#fdfcf9", // --color-background
  border: "#aab2bf", // --color-input, deepened
  home: "#f0dcb4", // --color-accent, lightened
  homeBorder: "#8a5f18", // --color-accent-strong
  pin: "#132e50", // --color-primary
  label: "#111b28", // --color-foreground
  halo: "#ffffff",
} as const;

interface Country {
  name: string;
  shape: Feature<Geometry, { name: string }>;
  /** The same outline in the topology, whose shared arcs give each border once. */
  arcs: GeometryObject;
  /** [[west, south], [east, north]] in degrees, for a quick look before the exact test. */
  bounds: [[number, number], [number, number]];
}

interface Atlas {
  countries: Country[];
  topology: Topology;
}

let atlas: Atlas | undefined;

/** The 1:50m countries, read and parsed on the first map this process draws. */
function loadAtlas(): Atlas {
  if (atlas) return atlas;
  const file = createRequire(import.meta.url).resolve("world-atlas/countries-50m.json");
  const topology = JSON.parse(readFileSync(file, "utf8")) as Topology<{ countries: GeometryCollection<{ name: string }> }>;
  const all = feature(topology, topology.objects.countries) as FeatureCollection<Geometry, { name: string }>;
  const geometries = topology.objects.countries.geometries;
  const countries = all.features.map((shape, i) => ({ name: shape.properties.name, shape, arcs: geometries[i]!, bounds: geoBounds(shape) }));
  atlas = { countries, topology };
  return atlas;
}

/** Whether a country's bounds meet the box [lon ± dLon, lat ± dLat] (degrees). */
function near(country: Country, [lon, lat]: [number, number], dLon: number, dLat: number): boolean {
  const [[west, south], [east, north]] = country.bounds;
  if (lat + dLat < south || lat - dLat > north) return false;
  if (west > east || dLon >= 180) return true; // across the antimeridian: draw it, d3 clips
  return lon + dLon >= west && lon - dLon <= east;
}

/** The country whose outline holds the point, if any (a point at sea has none). */
function countryAt(countries: Country[], point: [number, number]): Country | undefined {
  return countries.find((country) => near(country, point, 0, 0) && geoContains(country.shape, point));
}

/**
 * A path context that writes SVG path data with one decimal and leaves out points that
 * move less than MIN_STEP from the last one written: at this size the 1:50m outlines
 * carry far more detail than a pixel shows, and this keeps a map to a few kilobytes.
 */
class CompactPath implements GeoContext {
  private parts: string[] = [];
  private lastX = NaN;
  private lastY = NaN;
  private pendingX = NaN;
  private pendingY = NaN;

  beginPath(): void {}

  moveTo(x: number, y: number): void {
    this.flushPending();
    this.parts.push(`M${round(x)} ${round(y)}`);
    this.lastX = x;
    this.lastY = y;
  }

  lineTo(x: number, y: number): void {
    if (Math.hypot(x - this.lastX, y - this.lastY) < MIN_STEP) {
      // Kept aside: a ring's last point before it closes, or a line's end, is still drawn.
      this.pendingX = x;
      this.pendingY = y;
      return;
    }
    this.pendingX = NaN;
    this.parts.push(`L${round(x)} ${round(y)}`);
    this.lastX = x;
    this.lastY = y;
  }

  closePath(): void {
    this.pendingX = NaN;
    this.parts.push("Z");
  }

  arc(): void {
    // Only drawn for points, which these maps do not pass to geoPath.
  }

  private flushPending(): void {
    if (!Number.isNaN(this.pendingX)) this.parts.push(`L${round(this.pendingX)} ${round(this.pendingY)}`);
    this.pendingX = NaN;
  }

  result(): string {
    this.flushPending();
    const data = this.parts.join("");
    this.parts = [];
    return data;
  }
}

const round = (value: number) => String(Math.round(value * 10) / 10);

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** A pin whose point is at (0, 0): a teardrop 22 units tall with a hole. */
const PIN_PATH = "M0 0C-2.2-5.6-8-9.4-8-14.6a8 8 0 0 1 16 0C8-9.4 2.2-5.6 0 0Z";

/**
 * The locator map for a point, as a complete `<svg>` element: the countries within a few
 * hundred kilometres, the one holding the point emphasised, a pin at the point and its
 * label beside the pin on the reading side (right in `ltr`, left in `rtl`). The same input
 * always gives the same string.
 */
export function locatorMapSvg(input: LocatorMapInput): string {
  const latitude = clamp(input.latitude, -80, 80);
  const longitude = clamp(input.longitude, -180, 180);
  const atlas = loadAtlas();
  const point: [number, number] = [longitude, latitude];
  // Only the countries whose bounds come near the frame are projected (and clipped).
  const dLat = ((HALF_HEIGHT_KM / EARTH_RADIUS_KM) * 180) / Math.PI + 2;
  const dLon = Math.min(180, (dLat * (WIDTH / HEIGHT)) / Math.cos((latitude * Math.PI) / 180) + 2);
  const countries = atlas.countries.filter((country) => near(country, point, dLon, dLat));

  // Mercator, centred on the point, scaled so the frame's height is 2 * HALF_HEIGHT_KM of
  // ground there; drawing stops at the frame's edge (a little past it, so no border
  // stroke shows along the edge).
  const scale = (HEIGHT / 2) * Math.cos((latitude * Math.PI) / 180) * (EARTH_RADIUS_KM / HALF_HEIGHT_KM);
  const projection = geoMercator()
    .center(point)
    .scale(scale)
    .translate([WIDTH / 2, HEIGHT / 2])
    .clipExtent([
      [-4, -4],
      [WIDTH + 4, HEIGHT + 4],
    ]);
  const context = new CompactPath();
  const draw = (shape: GeoPermissibleObjects) => {
    geoPath(projection, context)(shape);
    return context.result();
  };

  const home = countryAt(atlas.countries, point);
  const land = draw({ type: "FeatureCollection", features: countries.filter((c) => c !== home).map((c) => c.shape) });
  // Borders between two of these countries, each once (a coast is not a border).
  const nearby: GeometryCollection = { type: "GeometryCollection", geometries: countries.map((c) => c.arcs) };
  const borders = draw(mesh(atlas.topology, nearby, (a, b) => a !== b));
  const homeShape = home ? draw(home.shape) : "";

  const [pinX, pinY] = projection(point)!.map((v) => Math.round(v * 10) / 10) as [number, number];
  const label = escapeXml(input.label.trim());
  const rtl = input.dir === "rtl";
  const labelX = rtl ? pinX - 14 : pinX + 14;

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" role="img" class="locator-map" direction="${input.dir}">`,
    `<title>${label}</title>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="${COLOURS.sea}"/>`,
    `<path d="${land}" fill="${COLOURS.land}"/>`,
    `<path d="${borders}" fill="none" stroke="${COLOURS.border}" stroke-width="1" stroke-linejoin="round"/>`,
    // Drawn last, so its own outline lies over the neighbours' side of the border.
    home
      ? `<path d="${homeShape}" fill="${COLOURS.home}" stroke="${COLOURS.homeBorder}" stroke-width="1.5" stroke-linejoin="round" data-country="${escapeXml(home.name)}"/>`
      : "",
    `<g transform="translate(${pinX} ${pinY})" data-pin="">`,
    `<path d="${PIN_PATH}" fill="${COLOURS.pin}" stroke="${COLOURS.halo}" stroke-width="1.5"/>`,
    `<circle cy="-14.6" r="3" fill="${COLOURS.halo}"/>`,
    `</g>`,
    label
      ? `<text x="${labelX}" y="${pinY - 10}" direction="${input.dir}" text-anchor="start" font-size="16" font-weight="600" fill="${COLOURS.label}" stroke="${COLOURS.halo}" stroke-width="4" stroke-linejoin="round" paint-order="stroke">${label}</text>`
      : "",
    `</svg>`,
  ].join("");
}

const clamp = (value: number, low: number, high: number) => (Number.isFinite(value) ? Math.min(high, Math.max(low, value)) : 0);
