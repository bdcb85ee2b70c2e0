import bidiFactory from "bidi-js";

const bidi = bidiFactory();

/** A stretch of one line that reads in one direction, its characters in reading order. */
export interface VisualRun {
  text: string;
  rtl: boolean;
}

/**
 * One line of text as the pieces a PDF draws from left to right (Unicode's bidirectional
 * algorithm, UAX #9, rules L1–L2 at the level of runs): in an Arabic or Sorani sentence the
 * Arabic runs read right to left while an e-mail address or a figure inside it stays left
 * to right. Each run keeps its characters in reading order, because a shaper joins Arabic
 * letters by their neighbours in that order; whoever draws a right-to-left run lays its
 * glyphs out from the right (see `glyphOrder`).
 */
export function visualRuns(text: string, direction: "ltr" | "rtl"): VisualRun[] {
  if (text === "") return [];
  const { levels } = bidi.getEmbeddingLevels(text, direction);
  const runs: Array<{ text: string; level: number }> = [];
  for (let i = 0; i < text.length; i++) {
    const level = levels[i]!;
    const last = runs.at(-1);
    if (last?.level === level) last.text += text[i];
    else runs.push({ text: text[i]!, level });
  }
  // L2: from the highest level down to the lowest odd one, every sequence of runs at that
  // level or above is reversed.
  const highest = Math.max(...runs.map((run) => run.level));
  const lowest = Math.min(...runs.map((run) => run.level));
  for (let level = highest; level >= (lowest % 2 === 1 ? lowest : lowest + 1); level--) {
    for (let start = 0; start < runs.length; start++) {
      if (runs[start]!.level < level) continue;
      let end = start;
      while (end + 1 < runs.length && runs[end + 1]!.level >= level) end++;
      runs.splice(start, end - start + 1, ...runs.slice(start, end + 1).reverse());
      start = end;
    }
  }
  return runs.map((run) => ({ text: run.text, rtl: run.level % 2 === 1 }));
}

/** Scripts a shaper (fontkit) lays out right to left by itself, reversing their glyphs. */
const SHAPED_RTL = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

/**
 * The text to hand a shaper that reverses right-to-left scripts itself: a right-to-left run
 * with letters of such a script in reading order (the shaper lays it out from the right), a
 * run of only neutral characters (" · ", " — "), which the shaper would leave in reading
 * order, reversed here. Either way a bracket or a guillemet in a right-to-left run is
 * mirrored (UAX #9, rule L4): the shaper reverses the glyphs' order, not their shapes, so
 * "(الشركة)" would otherwise print as ")الشركة(".
 */
export function glyphOrder(run: VisualRun): string {
  if (!run.rtl) return run.text;
  const mirrored = [...run.text].map((ch) => bidi.getMirroredCharacter(ch) ?? ch);
  return SHAPED_RTL.test(run.text) ? mirrored.join("") : mirrored.reverse().join("");
}
