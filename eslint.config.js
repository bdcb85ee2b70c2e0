import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import i18next from "eslint-plugin-i18next";
import tseslint from "typescript-eslint";

export default defineConfig(
  globalIgnores(["build/", "data/", ".react-router/", "node_modules/", "test-results/", "playwright-report/"]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/index", "./index"], message: "No barrel files." }] },
      ],
    },
  },
  {
    // Every word a reader sees comes from the catalogues (app/locales, decision 021): text in
    // JSX and the attributes that are read out or shown (labels, titles, alternatives).
    // Brand names and numbers come from app/domain/brand.ts as expressions, not literals.
    files: ["app/**/*.tsx"],
    ignores: ["app/**/*.test.tsx"],
    plugins: { i18next },
    rules: {
      "i18next/no-literal-string": [
        "error",
        {
          mode: "jsx-only",
          "jsx-attributes": { include: ["aria-label", "aria-description", "aria-valuetext", "title", "alt", "placeholder", "label", "description"] },
        },
      ],
    },
  },
  {
    // Playwright fixtures receive a `use` callback that is not a React hook.
    files: ["tests/e2e/**/*.ts"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
);
