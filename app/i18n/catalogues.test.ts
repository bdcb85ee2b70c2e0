import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { SERVER_CATALOGUES } from "./catalogues.server";
import { CATALOGUES, i18nFor } from "./i18n";
import { LOCALES } from "./locales";

/**
 * The catalogues against each other and against the code (decision 021): every language has
 * every key of English, each message says the same things (its placeholders and plural or
 * select arguments), and every key is used somewhere in app/.
 */

/**
 * The arguments a message reads: "{brand}", plural and select arguments. Compiled, a message
 * is text, or a list of text and arguments; an argument is [name] or [name, format, cases],
 * and each case is a message again.
 */
function argumentsOf(message: string): string[] {
  const found = new Set<string>();
  const walk = (compiled: unknown): void => {
    if (!Array.isArray(compiled)) return;
    for (const part of compiled) {
      if (!Array.isArray(part)) continue;
      found.add(String(part[0]));
      if (part[2] && typeof part[2] === "object") Object.values(part[2] as Record<string, unknown>).forEach(walk);
    }
  };
  walk(compileMessage(message));
  return [...found].sort();
}

const APP = path.resolve(import.meta.dirname, "..");

function sourcesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "locales" ? [] : sourcesOf(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [readFileSync(full, "utf8")] : [];
  });
}

describe("message catalogues", () => {
  for (const name of CATALOGUES) {
    const english = SERVER_CATALOGUES.en[name];

    for (const locale of LOCALES.filter((l) => l !== "en")) {
      it(`${locale}/${name} has every key of English, no other, and no empty message`, () => {
        const catalogue = SERVER_CATALOGUES[locale][name];
        expect(Object.keys(catalogue).sort()).toEqual(Object.keys(english).sort());
        for (const [key, message] of Object.entries(catalogue)) expect(message.trim(), key).not.toBe("");
      });

      it(`${locale}/${name} uses the same placeholders as English in every message`, () => {
        const catalogue: Record<string, string> = SERVER_CATALOGUES[locale][name];
        for (const [key, message] of Object.entries(english)) {
          expect(argumentsOf(catalogue[key] ?? ""), `${locale} ${key}`).toEqual(argumentsOf(message));
        }
      });
    }

    it(`every key of ${name} is used in app/`, () => {
      const code = sourcesOf(APP).join("\n");
      const unused = Object.keys(english).filter((key) => !code.includes(`"${key}"`));
      expect(unused).toEqual([]);
    });
  }

  it("keys are unique across catalogues, and outside site each starts with its catalogue's name", () => {
    const seen = new Map<string, string>();
    for (const name of CATALOGUES) {
      for (const key of Object.keys(SERVER_CATALOGUES.en[name])) {
        expect(seen.get(key), `${key} is in ${seen.get(key)} and ${name}`).toBeUndefined();
        seen.set(key, name);
        if (name !== "site") expect(key.startsWith(`${name}.`), `${name}: ${key}`).toBe(true);
      }
    }
  });

  it("writes the numbers in messages in Latin digits in every language (decision 021)", () => {
    for (const locale of LOCALES) {
      const i18n = i18nFor(locale);
      i18n.load(locale, { "test.digits": compileMessage("{n, plural, one {# x} other {# y}} {m, number}") });
      expect(i18n._("test.digits", { n: 1234, m: 30 }), locale).toMatch(/^1,234 [xy] 30$/);
    }
  });

  it("the helper sees the arguments a message reads", () => {
    expect(argumentsOf("Hello {name}")).toEqual(["name"]);
    expect(argumentsOf("{count, plural, one {# day} other {# days in {city}}}")).toEqual(["city", "count"]);
    expect(argumentsOf("No arguments")).toEqual([]);
  });
});
