import { Transform, type TransformCallback } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { HELD_MODULE_TYPE, HELD_PRELOAD_REL } from "~/held-scripts";

/**
 * Scripts after the first paint (issue 18, decision 022). React Router's `<Scripts>`
 * writes the page's module preloads and the module script that imports the route modules
 * and hydrates; the browser fetches them at high priority alongside the style sheet and
 * the hero image, and on a phone they hold back the first paint and the largest one.
 * Nothing the first paint shows needs them: the page arrives rendered.
 *
 * This rewrite holds them back in the HTML as it streams out: each preload's `rel` becomes
 * `HELD_PRELOAD_REL` and the module script's `type` becomes `HELD_MODULE_TYPE`, which a
 * browser ignores. `RELEASE_SCRIPTS` (app/held-scripts.ts), an inline script the root layout writes after
 * `<Scripts>`, gives them back once the page has painted: the preloads start together (no
 * waterfall of imports) and the module script runs as React Router wrote it.
 */

const PRELOAD_TAG = /<link\b[^>]*\brel="modulepreload"[^>]*>/g;
const MODULE_SCRIPT_TAG = /<script\b[^>]*\btype="module"[^>]*>/g;

/** One stretch of HTML, every whole tag in it rewritten. */
export function holdScripts(html: string): string {
  return html
    .replace(PRELOAD_TAG, (tag) => tag.replace('rel="modulepreload"', `rel="${HELD_PRELOAD_REL}"`))
    .replace(MODULE_SCRIPT_TAG, (tag) => tag.replace('type="module"', `type="${HELD_MODULE_TYPE}"`).replace(/ async=""/, ""));
}

/**
 * The rewrite as a stream. A chunk may end inside a tag: what follows its last `<` is kept
 * for the next chunk when that tag is not closed yet, so a tag is always seen whole.
 * Everything else passes at once (the stream still streams).
 */
export function holdScriptsStream(): Transform {
  // A chunk may also end inside a character of Arabic or Sorani text.
  const decoder = new StringDecoder("utf8");
  let pending = "";
  return new Transform({
    transform(chunk: Buffer | string, _encoding: BufferEncoding, done: TransformCallback) {
      const text = pending + (typeof chunk === "string" ? chunk : decoder.write(chunk));
      const open = text.lastIndexOf("<");
      const cut = open !== -1 && text.indexOf(">", open) === -1 ? open : text.length;
      pending = text.slice(cut);
      done(null, holdScripts(text.slice(0, cut)));
    },
    flush(done: TransformCallback) {
      done(null, holdScripts(pending + decoder.end()));
    },
  });
}
