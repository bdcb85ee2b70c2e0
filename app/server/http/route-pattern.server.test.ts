import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import routeTable from "~/routes";
import { LABEL_CACHE_SIZE, routeLabeller, routeMatcher, routePath } from "./route-pattern.server";

/** A slice of the real route table (app/routes.ts), as the build's manifest lists it. */
const routes = {
  root: { id: "root", path: "" },
  "routes/home": { id: "routes/home", parentId: "root", index: true },
  "routes/opportunities": { id: "routes/opportunities", parentId: "root", path: "opportunities" },
  "routes/opportunity-detail": { id: "routes/opportunity-detail", parentId: "root", path: "opportunities/:id" },
  "routes/account": { id: "routes/account", parentId: "root", path: "account" },
  "routes/account.profile": { id: "routes/account.profile", parentId: "routes/account", path: "profile" },
  "routes/admin.export": { id: "routes/admin.export", parentId: "root", path: "admin/export/:kind" },
  "routes/not-found": { id: "routes/not-found", parentId: "root", path: "*" },
} as unknown as ServerBuild["routes"];

describe("routeLabeller", () => {
  const label = routeLabeller(routes);

  it("labels pages by their pattern, never their path", () => {
    expect(label("/")).toBe("/");
    expect(label("/opportunities")).toBe("/opportunities");
    expect(label("/opportunities/3f2a-anything")).toBe("/opportunities/:id");
    expect(label("/account/profile")).toBe("/account/profile");
    expect(label("/admin/export/bookings")).toBe("/admin/export/:kind");
  });

  it("labels React Router's data requests as their page", () => {
    expect(label("/_root.data")).toBe("/");
    expect(label("/_.data")).toBe("/");
    expect(label("/opportunities/abc.data")).toBe("/opportunities/:id");
  });

  it("labels a page the same in every language, as a page or a data request", () => {
    expect(label("/ar")).toBe("/");
    expect(label("/ckb.data")).toBe("/");
    expect(label("/ar/opportunities/3f2a-anything")).toBe("/opportunities/:id");
    expect(label("/ckb/account/profile.data")).toBe("/account/profile");
    expect(label("/fr/opportunities")).toBe("/*");
  });

  it("gives what Express serves itself fixed labels, and every unknown path one", () => {
    expect(label("/api/auth/verify-email")).toBe("/api/auth/*");
    expect(label("/assets/entry-Ab12.js")).toBe("/assets/*");
    expect(label("/healthz")).toBe("/healthz");
    expect(label("/metrics")).toBe("/metrics");
    expect(label("/wp-admin/setup.php")).toBe("/*");
    expect(label("/x/y/z/1")).toBe("/*");
  });

  it("gives a remembered path the same label, and stays right past its memory's size", () => {
    const fresh = routeLabeller(routes);
    for (let i = 0; i < LABEL_CACHE_SIZE * 2; i++) expect(fresh(`/opportunities/id-${i}`)).toBe("/opportunities/:id");
    expect(fresh("/opportunities/id-0")).toBe("/opportunities/:id");
    expect(fresh("/opportunities")).toBe("/opportunities");
    expect(fresh("/opportunities")).toBe("/opportunities");
    expect(fresh("/nope")).toBe("/*");
  });

  it("says only 'page' without a route table (the dev server builds lazily)", () => {
    expect(routeLabeller(undefined)("/opportunities/abc")).toBe("page");
    expect(routeLabeller(undefined)("/healthz")).toBe("/healthz");
  });
});

describe("routePath: the path React Router matches a request by", () => {
  it("takes off a language's prefix and a data request's suffix, in every form the router sends", () => {
    const cases: Array<[string, string]> = [
      ["/", "/"],
      ["/admin", "/admin"],
      ["/admin/", "/admin"],
      ["/admin.data", "/admin"],
      ["/admin/_.data", "/admin"],
      ["/_.data", "/"],
      ["/_root.data", "/"],
      ["/ar", "/"],
      ["/ar/", "/"],
      ["/ar.data", "/"],
      ["/ckb.data", "/"],
      ["/ar/_.data", "/"],
      ["/ar/_root.data", "/"],
      ["/ar/admin", "/admin"],
      ["/ckb/admin/documents", "/admin/documents"],
      ["/ar/admin.data", "/admin"],
      ["/ckb/admin/documents.data", "/admin/documents"],
      ["/ar/admin/_.data", "/admin"],
      // Not a language of ours: an English path as it stands.
      ["/en/admin", "/en/admin"],
      ["/fr/admin", "/fr/admin"],
      ["/arabic/admin", "/arabic/admin"],
      ["/fr.data", "/fr"],
      ["/ar/ar/admin", "/ar/admin"],
    ];
    for (const [pathname, path] of cases) expect(routePath(pathname), pathname).toBe(path);
  });
});

describe("routeMatcher", () => {
  const upload = routeMatcher(["admin", "admin/documents"] as const);
  const file = routeMatcher(["media/:name", "documents/:id/download"] as const);

  it("finds a route in every language, as a page and as a data request, case-insensitively as the router does", () => {
    for (const prefix of ["", "/ar", "/ckb"]) {
      for (const suffix of ["", ".data", "/", "/_.data"]) {
        expect(upload(`${prefix}/admin${suffix}`), `${prefix}/admin${suffix}`).toBe("admin");
        expect(upload(`${prefix}/admin/documents${suffix}`), `${prefix}/admin/documents${suffix}`).toBe("admin/documents");
      }
      expect(file(`${prefix}/media/0b8f2c1e.png`)).toBe("media/:name");
      expect(file(`${prefix}/documents/0b8f2c1e/download`)).toBe("documents/:id/download");
    }
    expect(upload("/AR/Admin")).toBe(undefined);
    expect(upload("/ar/Admin")).toBe("admin");
  });

  it("finds nothing for another route, a longer or a look-alike path, or another language's prefix", () => {
    for (const pathname of ["/", "/ar", "/ar.data", "/auth", "/ar/auth", "/administrator", "/ar/admin-x", "/ar/admin/documents/x", "/ar/admin/insights", "/en/admin", "/fr/admin", "/ar/ar/admin", "/adminx.data"]) {
      expect(upload(pathname), pathname).toBeUndefined();
    }
    for (const pathname of ["/media", "/ar/media/a/b", "/documents/x", "/ar/documents/x/download/y", "/documents/investor-pack"]) {
      expect(file(pathname), pathname).toBeUndefined();
    }
  });

  it("is given only routes that app/routes.ts has", () => {
    const paths = new Set<string>();
    const walk = (entries: ReadonlyArray<{ path?: string; children?: unknown }>, parent = "") => {
      for (const entry of entries) {
        const full = entry.path ? (parent ? `${parent}/${entry.path}` : entry.path) : parent;
        paths.add(full);
        if (Array.isArray(entry.children)) walk(entry.children as typeof entries, full);
      }
    };
    walk(routeTable);
    for (const pattern of ["admin", "admin/documents", "media/:name", "documents/:id/download"]) expect(paths, pattern).toContain(pattern);
  });
});
