import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { uploadHandle } from "~/domain/uploads";
import { uploadLimitsOf } from "./body-limits.server";

/** A build's route manifest, as React Router's server build gives it: only what the limits read. */
function routes(entries: Array<{ id: string; parentId?: string; path?: string; index?: boolean; handle?: unknown }>): ServerBuild["routes"] {
  return Object.fromEntries(entries.map((e) => [e.id, { id: e.id, parentId: e.parentId, path: e.path, index: e.index, module: { handle: e.handle } }])) as unknown as ServerBuild["routes"];
}

const MB = 1024 * 1024;
const BUILD = routes([
  { id: "root", path: "" },
  { id: "routes/home", parentId: "root", index: true },
  { id: "routes/account", parentId: "root", path: "account" },
  { id: "routes/account._index", parentId: "routes/account", index: true, handle: uploadHandle(1, 2 * MB) },
  { id: "routes/account.identity", parentId: "routes/account", path: "identity", handle: uploadHandle(3, 10 * MB) },
  { id: "routes/portfolio", parentId: "root", path: "portfolio", handle: { catalogues: ["escrow"], ...uploadHandle(1, 10 * MB) } },
  { id: "routes/portfolio-file", parentId: "root", path: "portfolio/files/:kind/:id" },
  { id: "routes/photos", parentId: "root", path: "admin/opportunities/:id/photos", handle: uploadHandle(6, 5 * MB) },
  { id: "routes/not-found", parentId: "root", path: "*" },
]);

describe("uploadLimitsOf", () => {
  const limit = uploadLimitsOf(BUILD);

  it("gives the declared limit of the route an action goes to, in any language, as a page or a data request", () => {
    for (const path of ["/portfolio", "/ar/portfolio", "/ckb/portfolio.data", "/PORTFOLIO", "/ar/portfolio/"]) expect(limit(path, ""), path).toBe(10 * MB + 256 * 1024);
    expect(limit("/account/identity", "")).toBe(30 * MB + 256 * 1024);
    expect(limit("/ar/admin/opportunities/0b8f2d6e/photos.data", "?index")).toBe(30 * MB + 256 * 1024);
  });

  it("gives nothing for a route that declares none, a path no route takes but the not-found page, or a longer path", () => {
    for (const path of ["/", "/portfolio/files/proof/x", "/portfolio/x", "/fr/portfolio", "/ar/ar/portfolio", "/nowhere"]) expect(limit(path, ""), path).toBeUndefined();
  });

  it("gives an index route's limit only when the query says ?index, as React Router does; its parent's otherwise", () => {
    expect(limit("/account", "?index")).toBe(2 * MB + 256 * 1024);
    expect(limit("/account", "?tab=x&index")).toBe(2 * MB + 256 * 1024);
    expect(limit("/account", "")).toBeUndefined();
    expect(limit("/account", "?index=1")).toBeUndefined();
  });

  it("stops the start on a declaration that is no body size", () => {
    expect(() => uploadLimitsOf(routes([{ id: "root", path: "" }, { id: "routes/x", parentId: "root", path: "x", handle: { upload: { maxBodyBytes: "30 MB" } } }]))).toThrow(/not a body size/);
  });
});
