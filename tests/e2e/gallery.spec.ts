import { mkdirSync } from "node:fs";
import sharp from "sharp";
import { DEMO_PHOTOS } from "../../app/server/seed/demo-photos.server";
import { signInAsAdmin } from "./e2e-admin";
import { expect, expectAccessible, test, untilHydrated } from "./fixtures";
import type { Page } from "@playwright/test";

/** Screenshots for review (issue 33), outside the repository; set GALLERY_SHOTS to a folder to take them. */
const SHOTS = process.env.GALLERY_SHOTS;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** An opportunity's page address, from the public list's View Details link. */
async function detailPath(page: Page, title: string): Promise<string> {
  await page.goto("/opportunities");
  return (await page.getByRole("link", { name: `View details of ${title}` }).getAttribute("href"))!;
}

const ERBIL = "Erbil Citadel Residences";
const erbilCaptions = DEMO_PHOTOS[ERBIL]!.map((p) => p.captions);

test.describe("opportunity gallery", () => {
  test("shows the photos in order, responsive and sized, moves by keyboard, and asks nothing of another origin", async ({ page, baseURL }) => {
    const path = await detailPath(page, ERBIL);
    const foreign: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).origin !== new URL(baseURL!).origin) foreign.push(request.url());
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(path);
    await untilHydrated(page);
    const gallery = page.getByTestId("gallery");
    await expect(gallery.getByRole("heading", { level: 2, name: "Photos" })).toBeVisible();
    const slides = gallery.getByTestId("gallery-slide");
    await expect(slides).toHaveCount(3);
    await expect(slides.locator("figcaption")).toHaveText(erbilCaptions.map((c) => c.en));

    // AVIF first, then WebP, then a JPEG; a size on every image; only the first loads at once.
    const first = slides.first();
    await expect(first.locator("source").first()).toHaveAttribute("type", "image/avif");
    await expect(first.locator("source").first()).toHaveAttribute("srcset", /\/media\/[0-9a-f-]{36}\.avif 480w, \/media\/[0-9a-f-]{36}\.avif 960w/);
    await expect(first.locator("source").nth(1)).toHaveAttribute("type", "image/webp");
    await expect(first.locator("img")).toHaveAttribute("src", /\/media\/[0-9a-f-]{36}\.jpg$/);
    expect(await slides.locator("img").evaluateAll((imgs) => imgs.map((img) => img.getAttribute("loading")))).toEqual(["eager", "lazy", "lazy"]);
    for (const img of await slides.locator("img").all()) {
      await expect(img).toHaveAttribute("width", "960");
      await expect(img).toHaveAttribute("height", "640");
    }
    await expect(first.locator("img")).toHaveAttribute("alt", erbilCaptions[0]!.en);
    expect(await first.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && /\.(avif|webp)$/.test(img.currentSrc))).toBe(true);

    // The keyboard: focus the strip, then the arrows, End and Home.
    const track = gallery.getByRole("region", { name: `Photos of ${ERBIL}` });
    const status = gallery.getByText(/^Photo \d of 3$/);
    const thumbs = gallery.getByTestId("gallery-thumb");
    await track.focus();
    await expect(track).toBeFocused();
    await expect(status).toHaveText("Photo 1 of 3");
    await page.keyboard.press("ArrowRight");
    await expect(status).toHaveText("Photo 2 of 3");
    await expect(thumbs.nth(1)).toHaveAttribute("aria-current", "true");
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await page.keyboard.press("End");
    await expect(status).toHaveText("Photo 3 of 3");
    await expect(gallery.getByRole("button", { name: "Next photo" })).toBeDisabled();
    await page.keyboard.press("Home");
    await expect(status).toHaveText("Photo 1 of 3");
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBe(0);
    // A thumbnail is a button: Tab reaches it, Enter shows its photo.
    await thumbs.nth(2).focus();
    await page.keyboard.press("Enter");
    await expect(status).toHaveText("Photo 3 of 3");
    await gallery.getByRole("button", { name: "Previous photo" }).click();
    await expect(status).toHaveText("Photo 2 of 3");
    await expect.poll(() => track.evaluate((el) => Math.round(el.scrollLeft - el.clientWidth))).toBe(0);
    // A mouse drag towards the start brings the next photo (the strip wholly in view first).
    await track.evaluate((el) => el.scrollIntoView({ block: "center", behavior: "instant" }));
    const box = (await track.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.7, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect(status).toHaveText("Photo 3 of 3");

    await expectAccessible(page, "opportunity gallery", '[data-testid="gallery"]');
    await track.evaluate((el) => el.scrollTo({ left: 0, behavior: "instant" }));
    await shot(page, "gallery-en-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await gallery.scrollIntoViewIfNeeded();
    await shot(page, "gallery-en-390");
    expect(foreign).toEqual([]);
  });

  test("on /ar the gallery runs right to left: the left arrow brings the next photo, captions in Arabic", async ({ page }) => {
    const path = await detailPath(page, ERBIL);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/ar${path}`);
    await untilHydrated(page);
    const gallery = page.getByTestId("gallery");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(gallery.getByRole("heading", { level: 2, name: "الصور" })).toBeVisible();
    await expect(gallery.getByTestId("gallery-slide").locator("figcaption")).toHaveText(erbilCaptions.map((c) => c.ar));
    const track = gallery.getByTestId("gallery-track");
    const status = gallery.getByText(/^الصورة \d من 3$/);
    await track.focus();
    await page.keyboard.press("ArrowRight");
    await expect(status).toHaveText("الصورة 1 من 3");
    await page.keyboard.press("ArrowLeft");
    await expect(status).toHaveText("الصورة 2 من 3");
    // The strip scrolled towards the left, as a right-to-left strip does.
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeLessThan(0);
    const [firstThumb, secondThumb] = [gallery.getByTestId("gallery-thumb").nth(0), gallery.getByTestId("gallery-thumb").nth(1)];
    expect((await secondThumb.boundingBox())!.x).toBeLessThan((await firstThumb.boundingBox())!.x);
    await expectAccessible(page, "opportunity gallery in Arabic", '[data-testid="gallery"]');
    await track.evaluate((el) => el.scrollTo({ left: 0, behavior: "instant" }));
    await page.keyboard.press("Home");
    await shot(page, "gallery-ar-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, "gallery-ar-390");
  });

  test("an opportunity without photos has no gallery section", async ({ page }) => {
    await page.goto(await detailPath(page, "Abdali Business Quarter Offices"));
    await expect(page.getByRole("heading", { level: 1, name: "Abdali Business Quarter Offices" })).toBeVisible();
    await expect(page.getByTestId("gallery")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Photos" })).toHaveCount(0);
  });

  test("an admin uploads two photos, captions and reorders one by keyboard, deletes one; the public page follows", async ({ page, baseURL }) => {
    test.slow();
    const TIGRIS = "Tigris Gardens, Baghdad";
    await signInAsAdmin(page.request, baseURL!);
    await page.goto("/admin");
    await page.getByRole("link", { name: `Photos of ${TIGRIS}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Photos" })).toBeVisible();
    await untilHydrated(page);
    const rows = page.getByTestId("admin-photo");
    // The demo gallery has two; a run before this one on the same server may have left one more.
    await expect(rows.first()).toBeVisible();
    const n = await rows.count();
    const files = await Promise.all(
      [80, 200].map(async (blue, i) => ({
        name: `photo-${i}.jpg`,
        mimeType: "image/jpeg",
        buffer: await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 40, g: 90, b: blue } } }).jpeg().toBuffer(),
      })),
    );
    await page.getByLabel("Photos to add").setInputFiles(files);
    await page.getByRole("button", { name: "Upload photos" }).click();
    await expect(page.getByText("Photos uploaded")).toBeVisible();
    await expect(rows).toHaveCount(n + 2);
    const captioned = rows.nth(n).getByLabel("Caption in English");
    const captionedId = await captioned.getAttribute("id");
    await captioned.fill("The garden pavilion");
    await rows.nth(n).getByRole("button", { name: "Save captions" }).click();
    await expect(page.getByText("Captions saved")).toBeVisible();

    // Later, by keyboard: the focus stays with the moved photo (now last, so its "Earlier" has it).
    await rows.nth(n).getByRole("button", { name: `Move photo ${n + 1} later` }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Photo moved")).toBeVisible();
    await expect(rows.nth(n + 1).getByLabel("Caption in English")).toHaveAttribute("id", captionedId!);
    await expect(rows.nth(n + 1).getByRole("button", { name: `Move photo ${n + 2} earlier` })).toBeFocused();
    await expectAccessible(page, "admin photos");
    await shot(page, "admin-photos-en-1280");

    await rows.nth(n).getByRole("button", { name: `Delete photo ${n + 1}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Photo deleted")).toBeVisible();
    await expect(rows).toHaveCount(n + 1);
    if (SHOTS) {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/ar${new URL(page.url()).pathname}`);
      await shot(page, "admin-photos-ar-390");
      await page.setViewportSize({ width: 1280, height: 900 });
    }

    await page.goto(await detailPath(page, TIGRIS));
    const slides = page.getByTestId("gallery-slide");
    await expect(slides).toHaveCount(n + 1);
    await expect(slides.nth(n).locator("figcaption")).toHaveText("The garden pavilion");
  });
});
