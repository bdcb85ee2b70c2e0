/**
 * A small deterministic PRNG (mulberry32), so generated artwork (the hero, the demo photos)
 * is the same on every run: a function giving numbers in [0, 1) from `seed`.
 */
export function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
