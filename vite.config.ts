import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

/** Small modules that every public page loads anyway (root imports them, or most routes do). */
const SITE_SHELL =
  /[\\/]app[\\/](i18n[\\/](i18n|locales|brand-names|page-catalogues)|domain[\\/](brand|constants|format|seo|site-map|toast)|components[\\/](home[\\/]scroll-to-section|site[\\/](site-header|site-footer|account-menu|language-switcher|not-found-page|crash-screen|qualification-note)|ui[\\/](badge|button|card|cn|toaster)|opportunities[\\/]opportunity-image))\.tsx?$|node_modules[\\/](clsx|tailwind-merge|class-variance-authority)[\\/]/;

/** The icons and form fields the public pages' contact and enquiry forms share. */
const CONTACT_SECTION =
  /[\\/]app[\\/]components[\\/]ui[\\/](field|input|label|textarea)\.tsx$|node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](arrow-right|building|file-search|mail|map-pin|message-circle|phone)\.js$/;

/**
 * Packages the server build carries inside itself instead of loading from node_modules at
 * start (decision 028): pure libraries of many small files, each of which Node would
 * otherwise find, read and resolve against its package.json (date-fns' alone is 199 KB) on
 * every start. React, React Router and anything holding state across the two server
 * bundles stay single copies in node_modules. pdf-lib is bundled, so what hands it
 * objects (@signpdf's placeholder) is too: one pdf-lib, or the seal's placeholder is
 * written by another copy's classes and lost ("No ByteRangeStrings found").
 */
const SERVER_BUNDLED = /^(date-fns|@date-fns\/tz|recharts|victory-vendor|d3-[a-z-]+|internmap|es-toolkit|@reduxjs\/toolkit|redux|redux-thunk|reselect|immer|react-redux|decimal\.js-light|eventemitter3|tiny-invariant|react-day-picker|libphonenumber-js|stripe|pdf-lib|@pdf-lib\/(standard-fonts|upng)|@signpdf\/(placeholder-pdf-lib|utils)|pako|qrcode|pngjs|dijkstrajs|drizzle-orm)(\/|$)/;

export default defineConfig(({ command }) => ({
  plugins: [tailwindcss(), reactRouter()],
  // Only the production build: the dev server and Vitest load packages as Node does.
  ssr: command === "build" ? { noExternal: [SERVER_BUNDLED] } : {},
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  build: {
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Fewer, larger files for what every page needs, instead of a request per small
        // shared module: the framework and the site's shell (header, footer, toasts, buttons,
        // brand and formatting). Route code stays split by route, so public pages still load
        // no dashboard or admin code (tests/e2e/performance-budgets.spec.ts). Icons are not a
        // group of their own: one chunk of every icon the site uses (the admin's and the
        // dashboard's too) was loaded by every page; each now goes with the code that shows it.
        codeSplitting: {
          groups: [
            { name: "framework", test: /node_modules[\\/](react|react-dom|scheduler|react-router|turbo-stream|cookie|set-cookie-parser|@lingui[\\/]core)[\\/]/, priority: 30 },
            { name: "site", test: SITE_SHELL, priority: 20 },
            // The home page's contact section: its few icons and the form's fields, one file
            // each instead of eight small ones (every file costs its own wrapping and request).
            { name: "contact", test: CONTACT_SECTION, priority: 15 },
          ],
        },
      },
    },
  },
  // Pre-bundle the client dependencies up front so the first dev page load is not
  // interrupted by Vite re-optimising ("504 Outdated Optimize Dep").
  optimizeDeps: {
    include: [
      "react",
      "react-dom",
      "react-dom/client",
      "react-router",
      "radix-ui",
      "lucide-react",
      "sonner",
      "clsx",
      "tailwind-merge",
      "class-variance-authority",
      "date-fns",
    ],
  },
}));
