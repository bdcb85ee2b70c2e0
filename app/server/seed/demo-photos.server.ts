import { readFileSync } from "node:fs";
import path from "node:path";
import type { Captions } from "~/domain/opportunity-images";
import { projectRoot } from "../core/project-root.server";
import type { Database } from "../db/client.server";
import type { RenderedPhoto } from "../storage/image-variants.server";
import { insertRenderedPhotos } from "../services/opportunity-images.server";

/**
 * The demo galleries (issue 33): illustrative photos of three demo opportunities, drawn by
 * scripts/generate-demo-photos.ts and committed already rendered (AVIF and WebP at 480 and
 * 960 px, a 960 px JPEG; ~40 KB a photo), so the seed stores files and renders nothing.
 * Abdali Business Quarter Offices has none: a page without a gallery.
 */

export const DEMO_PHOTO_SIZE = { width: 960, height: 640 } as const;
export const DEMO_PHOTO_WIDTHS = [480, 960] as const;
export const DEMO_PHOTO_DIR = "app/server/seed/demo-photos";

export type DemoScene = "tower" | "lobby" | "rooftop" | "riverside" | "villas" | "creek" | "marina";

export interface DemoPhoto {
  /** The file names' stem under DEMO_PHOTO_DIR. */
  stem: string;
  scene: DemoScene;
  captions: Captions;
}

/** By the demo opportunity's title (app/server/seed/demo-content.server.ts), in gallery order. */
export const DEMO_PHOTOS: Record<string, DemoPhoto[]> = {
  "Erbil Citadel Residences": [
    { stem: "erbil-tower", scene: "tower", captions: { en: "The tower at dusk, seen from the citadel road", ar: "البرج عند الغسق من طريق القلعة", ckb: "تاوەرەکە لە کاتی ئێوارەدا، لە ڕێگای قەڵاوە" } },
    { stem: "erbil-lobby", scene: "lobby", captions: { en: "The double-height entrance lobby", ar: "ردهة المدخل بارتفاع طابقين", ckb: "هۆڵی چوونەژوورەوە بە بەرزیی دوو نهۆم" } },
    { stem: "erbil-rooftop", scene: "rooftop", captions: { en: "The rooftop terrace towards the citadel", ar: "تراس السطح المطل على القلعة", ckb: "تەراسی سەربانەکە بەرەو قەڵا" } },
  ],
  "Tigris Gardens, Baghdad": [
    { stem: "tigris-riverside", scene: "riverside", captions: { en: "The riverside park along the Tigris", ar: "حديقة ضفة النهر على امتداد دجلة", ckb: "پارکی کەناری ڕووبار بە درێژایی دیجلە" } },
    { stem: "tigris-villas", scene: "villas", captions: { en: "Garden villas of the first phase", ar: "فلل الحدائق في المرحلة الأولى", ckb: "ڤیلا باخچەدارەکانی قۆناغی یەکەم" } },
  ],
  "Creek Harbour Lofts, Dubai": [
    { stem: "creek-lofts", scene: "creek", captions: { en: "The lofts over the creek", ar: "الشقق العلوية المطلة على الخور", ckb: "لۆفتەکان بەسەر خۆرەکەوە" } },
    { stem: "creek-marina", scene: "marina", captions: { en: "The marina promenade in the evening", ar: "ممشى المرسى في المساء", ckb: "ڕێڕەوی مارینا لە ئێواراندا" } },
  ],
};

/** A demo photo's files as the gallery stores them. */
export function readDemoPhoto(stem: string, root = projectRoot()): RenderedPhoto {
  const file = (name: string) => new Uint8Array(readFileSync(path.join(root, DEMO_PHOTO_DIR, name)));
  const heightAt = (width: number) => Math.round((DEMO_PHOTO_SIZE.height * width) / DEMO_PHOTO_SIZE.width);
  return {
    ...DEMO_PHOTO_SIZE,
    variants: DEMO_PHOTO_WIDTHS.flatMap((width) =>
      (["avif", "webp"] as const).map((format) => ({ format, width, height: heightAt(width), bytes: file(`${stem}-${width}.${format}`) })),
    ),
    fallback: { ...DEMO_PHOTO_SIZE, bytes: file(`${stem}.jpg`) },
  };
}

/** Stores the demo galleries of the opportunities seeded (by title), in the seed's transaction. */
export async function seedDemoPhotos(tx: Database, opportunityIds: Map<string, string>): Promise<void> {
  for (const [title, photos] of Object.entries(DEMO_PHOTOS)) {
    const id = opportunityIds.get(title);
    if (!id) continue;
    await insertRenderedPhotos(tx, id, photos.map((p) => ({ photo: readDemoPhoto(p.stem), captions: p.captions })));
  }
}
