import { HASH_SCROLL_DELAY_MS } from "~/domain/constants";

/** Smooth scroll to a section of the home page, or an instant jump for reduced motion. */
export function scrollToSection(id: string): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  target.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
  return true;
}

/** SPEC.md: a hash in the address scrolls to its section after about 100 ms. */
export function scrollToHashSoon(hash: string): () => void {
  const id = decodeURIComponent(hash.replace(/^#/, ""));
  if (!id) return () => {};
  const timer = window.setTimeout(() => scrollToSection(id), HASH_SCROLL_DELAY_MS);
  return () => window.clearTimeout(timer);
}
