import { ChevronLeft, ChevronRight } from "lucide-react";
import { type KeyboardEvent, type PointerEvent, useCallback, useEffect, useRef, useState } from "react";
import { cn } from "~/components/ui/cn";
import { type GalleryPhoto, srcSetOf } from "~/domain/opportunity-images";
import { useLocale, useT } from "~/i18n/i18n";
import { directionOf } from "~/i18n/locales";

/** The slides fill the article's column (max-w-5xl less its padding); thumbnails are small. */
const SLIDE_SIZES = "(min-width: 64rem) 61rem, calc(100vw - 2rem)";
const THUMB_SIZES = "6rem";
/** A mouse or pen drag this far (CSS pixels) turns the page; a touch scrolls the strip itself. */
const SWIPE_PX = 40;

/** One photo at the widths the browser may choose from: AVIF, then WebP, then the JPEG. */
function Picture({ photo, alt, sizes, eager, className }: { photo: GalleryPhoto; alt: string; sizes: string; eager: boolean; className?: string }) {
  return (
    <picture>
      <source type="image/avif" srcSet={srcSetOf(photo.variants, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={srcSetOf(photo.variants, "webp")} sizes={sizes} />
      <img
        src={photo.fallbackUrl}
        alt={alt}
        width={photo.width}
        height={photo.height}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        draggable={false}
        className={className}
      />
    </picture>
  );
}

/**
 * An opportunity's photos (issue 33): a strip of slides that snaps one photo at a time, so
 * it scrolls and swipes by touch even before (or without) the page's scripts; with them,
 * previous/next buttons, the arrow keys (flipped on a right-to-left page: the next photo
 * lies to the left), Home/End, a mouse or pen drag, and thumbnails that show their photo.
 * Only the first photo loads at once; each has its size set, so nothing shifts as they load.
 */
export function Gallery({ photos, title }: { photos: GalleryPhoto[]; title: string }) {
  const t = useT();
  const locale = useLocale();
  const rtl = directionOf(locale) === "rtl";
  const track = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; id: number } | null>(null);
  /** The photo a smooth scroll is on its way to (null when none is under way). */
  const aim = useRef<number | null>(null);
  const [current, setCurrent] = useState(0);
  const count = photos.length;

  const show = useCallback(
    (index: number) => {
      const strip = track.current;
      if (!strip) return;
      const to = Math.max(0, Math.min(count - 1, index));
      const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      // While the strip glides there, the photo asked for is the current one: a second
      // press (Previous, an arrow) counts from it, not from a photo passed on the way.
      aim.current = smooth ? to : null;
      // On a right-to-left page the strip scrolls towards negative offsets.
      strip.scrollTo({ left: (rtl ? -1 : 1) * to * strip.clientWidth, behavior: smooth ? "smooth" : "instant" });
      setCurrent(to);
    },
    [count, rtl],
  );

  // Which photo is in view, however the strip was scrolled (touch, trackpad, scroll bar).
  useEffect(() => {
    const strip = track.current;
    if (!strip) return;
    const inView = () => Math.max(0, Math.min(count - 1, Math.round(Math.abs(strip.scrollLeft) / Math.max(1, strip.clientWidth))));
    const onScroll = () => {
      // A glide the gallery started: the photos it passes are not the current one. It is
      // over once the strip is there (a browser without "scrollend" tells no other way).
      if (aim.current !== null) {
        if (Math.abs(Math.abs(strip.scrollLeft) - aim.current * strip.clientWidth) >= 1) return;
        aim.current = null;
      }
      setCurrent(inView());
    };
    // However a glide ends (arrived, or taken over by a finger), the strip says where it is.
    const onScrollEnd = () => {
      aim.current = null;
      setCurrent(inView());
    };
    strip.addEventListener("scroll", onScroll, { passive: true });
    strip.addEventListener("scrollend", onScrollEnd, { passive: true });
    return () => {
      strip.removeEventListener("scroll", onScroll);
      strip.removeEventListener("scrollend", onScrollEnd);
    };
  }, [count]);

  const onKeyDown = (event: KeyboardEvent) => {
    const forward = rtl ? "ArrowLeft" : "ArrowRight";
    const back = rtl ? "ArrowRight" : "ArrowLeft";
    const to = event.key === forward ? current + 1 : event.key === back ? current - 1 : event.key === "Home" ? 0 : event.key === "End" ? count - 1 : null;
    if (to === null) return;
    event.preventDefault();
    show(to);
  };

  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType === "touch") return; // the strip scrolls under a finger by itself
    drag.current = { x: event.clientX, id: event.pointerId };
    // The drag is ours: no text selection, whose autoscroll would move the strip meanwhile.
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = drag.current;
    drag.current = null;
    if (!start || start.id !== event.pointerId) return;
    const dx = event.clientX - start.x;
    if (Math.abs(dx) < SWIPE_PX) return;
    // Dragging the photo towards the reading start brings the next one.
    const next = rtl ? dx > 0 : dx < 0;
    show(current + (next ? 1 : -1));
  };

  const altOf = (photo: GalleryPhoto, index: number) => photo.caption || t("gallery.untitled", { n: index + 1, title });
  const captionProps = (photo: GalleryPhoto) => (photo.captionLocale === locale ? {} : { lang: photo.captionLocale, dir: directionOf(photo.captionLocale) });

  return (
    <section aria-labelledby="gallery-heading" className="space-y-4" data-testid="gallery">
      <div className="flex items-center justify-between gap-4">
        <h2 id="gallery-heading" className="font-serif text-2xl font-semibold">
          {t("gallery.heading")}
        </h2>
        {count > 1 ? (
          <div className="flex items-center gap-2">
            <p className="text-sm text-muted-foreground" aria-live="polite" aria-atomic="true">
              {t("gallery.photoOf", { n: current + 1, count })}
            </p>
            <button
              type="button"
              onClick={() => show(current - 1)}
              disabled={current === 0}
              aria-label={t("gallery.previous")}
              className="inline-flex size-9 items-center justify-center rounded-full border bg-card hover:bg-muted disabled:opacity-40"
            >
              <ChevronLeft className="size-5 rtl:-scale-x-100" aria-hidden="true" />
            </button>
            <button
              type="button"
              onClick={() => show(current + 1)}
              disabled={current === count - 1}
              aria-label={t("gallery.next")}
              className="inline-flex size-9 items-center justify-center rounded-full border bg-card hover:bg-muted disabled:opacity-40"
            >
              <ChevronRight className="size-5 rtl:-scale-x-100" aria-hidden="true" />
            </button>
          </div>
        ) : null}
      </div>
      <div
        ref={track}
        role="region"
        aria-label={t("gallery.label", { title })}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (drag.current = null)}
        className="flex snap-x snap-mandatory select-none overflow-x-auto rounded-xl bg-muted [scrollbar-width:none] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        data-testid="gallery-track"
      >
        {photos.map((photo, index) => (
          <figure key={photo.id} className="w-full shrink-0 snap-start" aria-hidden={index === current ? undefined : true} data-testid="gallery-slide">
            <div className="aspect-[3/2] overflow-hidden">
              <Picture photo={photo} alt={altOf(photo, index)} sizes={SLIDE_SIZES} eager={index === 0} className="size-full select-none object-cover" />
            </div>
            {photo.caption ? (
              <figcaption className="bg-card px-4 py-3 text-sm text-muted-foreground" {...captionProps(photo)}>
                {photo.caption}
              </figcaption>
            ) : null}
          </figure>
        ))}
      </div>
      {count > 1 ? (
        <ul aria-label={t("gallery.thumbnails")} className="flex gap-2 overflow-x-auto pb-1">
          {photos.map((photo, index) => (
            <li key={photo.id} className="shrink-0">
              <button
                type="button"
                onClick={() => show(index)}
                aria-current={index === current ? "true" : undefined}
                aria-label={photo.caption ? t("gallery.showPhoto", { n: index + 1, caption: photo.caption }) : t("gallery.showPhotoPlain", { n: index + 1 })}
                className={cn(
                  "block w-24 overflow-hidden rounded-md border-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                  index === current ? "border-primary" : "border-transparent opacity-75 hover:opacity-100",
                )}
                data-testid="gallery-thumb"
              >
                <Picture photo={photo} alt="" sizes={THUMB_SIZES} eager={false} className="aspect-[3/2] w-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
