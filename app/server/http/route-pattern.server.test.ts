import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { LABEL_CACHE_SIZE, routeLabeller } from "./route-pattern.server";

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
