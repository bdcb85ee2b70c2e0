import { describe, expect, it } from "vitest";
// The very function workbox-build uses to copy plugin objects into the generated worker.
import { stringifyWithoutComments } from "workbox-build/build/lib/stringify-without-comments.js";
import {
  isHashedAsset,
  isPrivateNavigation,
  isPublicImage,
  isPublicNavigation,
  keepOnlyShareableResponses,
  type RouteMatch,
} from "./offline-rules";

type Matcher = (match: RouteMatch) => boolean;

/** Evaluates source text on its own, with nothing of this module in scope, as the worker does. */
function fromSource<T>(source: string): T {
  return new Function(`return (${source});`)() as T;
}

/** The function as the worker will have it: rebuilt from its source text alone. */
const asInWorker = <T extends (...args: never[]) => unknown>(fn: T): T => fromSource<T>(String(fn));

const navigation = (path: string, sameOrigin = true): RouteMatch => ({
  request: { mode: "navigate" },
  url: new URL(path, sameOrigin ? "https://tigris.example" : "https://elsewhere.example"),
  sameOrigin,
});
const fetchOf = (path: string, sameOrigin = true): RouteMatch => ({ ...navigation(path, sameOrigin), request: { mode: "cors" } });

const PUBLIC_PAGES = ["/", "/pricing", "/opportunities", "/opportunities/abc-123", "/markets/iraq", "/download", "/administrators"];
const PRIVATE_PAGES = [
  "/dashboard",
  "/dashboard/",
  "/admin",
  "/admin/users",
  "/auth",
  "/auth/sign-out",
  "/auth/reset-password",
  "/api/auth/verify-email",
  "/api/stripe/webhook",
  "/__manifest",
  "/pricing.data",
  "/_.data",
  "/dashboard.data",
];

describe.each([
  ["as written", (fn: Matcher) => fn],
  ["rebuilt from source", (fn: Matcher) => asInWorker(fn)],
])("navigation rules (%s)", (_label, load) => {
  const publicNavigation = load(isPublicNavigation);
  const privateNavigation = load(isPrivateNavigation);

  it.each(PUBLIC_PAGES)("keeps the public page %s for offline reading", (path) => {
    expect(publicNavigation(navigation(path))).toBe(true);
    expect(privateNavigation(navigation(path))).toBe(false);
  });

  it.each(PRIVATE_PAGES)("never keeps %s", (path) => {
    expect(publicNavigation(navigation(path))).toBe(false);
    expect(privateNavigation(navigation(path))).toBe(true);
  });

  it("leaves other origins and non-navigation requests alone", () => {
    for (const match of [navigation("/", false), fetchOf("/"), fetchOf("/pricing.data"), fetchOf("/__manifest")]) {
      expect(publicNavigation(match)).toBe(false);
      expect(privateNavigation(match)).toBe(false);
    }
  });
});

describe("static file rules", () => {
  const hashedAsset = asInWorker(isHashedAsset);
  const publicImage = asInWorker(isPublicImage);

  it("recognises fingerprinted build files on this origin only", () => {
    expect(hashedAsset(fetchOf("/assets/root-B1x2y3.js"))).toBe(true);
    expect(hashedAsset(fetchOf("/assets/root-B1x2y3.js", false))).toBe(false);
    expect(hashedAsset(fetchOf("/images/opportunities/x.svg"))).toBe(false);
  });

  it("recognises public images and icons, not pages or scripts", () => {
    expect(publicImage(fetchOf("/images/opportunities/erbil-citadel-residences.svg"))).toBe(true);
    expect(publicImage(fetchOf("/icons/icon-192.png"))).toBe(true);
    expect(publicImage(fetchOf("/favicon.svg"))).toBe(true);
    expect(publicImage(fetchOf("/sw.js"))).toBe(false);
    expect(publicImage(fetchOf("/images"))).toBe(false);
    expect(publicImage(fetchOf("/icons/icon-192.png", false))).toBe(false);
  });
});

describe("keepOnlyShareableResponses", () => {
  const plugin = fromSource<typeof keepOnlyShareableResponses>(stringifyWithoutComments(keepOnlyShareableResponses));
  const keep = (status: number, cacheControl?: string) =>
    plugin.cacheWillUpdate({
      response: new Response(status === 204 ? null : "<h1>page</h1>", {
        status,
        headers: cacheControl ? { "Cache-Control": cacheControl } : {},
      }),
    });

  it("keeps complete public responses", async () => {
    expect(await keep(200)).toBeInstanceOf(Response);
    expect(await keep(200, "public, max-age=3600")).toBeInstanceOf(Response);
    expect(await keep(200, "no-cache")).toBeInstanceOf(Response);
  });

  it("refuses responses the server marked private or not to be stored", async () => {
    expect(await keep(200, "private, no-store")).toBeNull();
    expect(await keep(200, "no-store")).toBeNull();
    expect(await keep(200, "Private")).toBeNull();
    expect(await keep(200, "max-age=0,private")).toBeNull();
    expect(await keep(200, 'private="set-cookie"')).toBeNull();
  });

  it("refuses anything but a 200", async () => {
    expect(await keep(404)).toBeNull();
    expect(await keep(500)).toBeNull();
    expect(await keep(204)).toBeNull();
  });
});
