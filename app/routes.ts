import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { STATIC_PAGES, staticRouteFile } from "./domain/site-map";

/** The route table of SPEC.md section 2; later issues add their routes here. */
export default [
  index("routes/home.tsx"),
  route("opportunities", "routes/opportunities.tsx"),
  route("opportunities/:id", "routes/opportunity-detail.tsx"),
  route("auth", "routes/auth.tsx"),
  route("auth/sign-out", "routes/auth.sign-out.tsx"),
  route("auth/welcome", "routes/auth.welcome.tsx"),
  route("auth/forgot-password", "routes/auth.forgot-password.tsx"),
  route("auth/reset-password", "routes/auth.reset-password.tsx"),
  route("auth/two-factor", "routes/auth.two-factor.tsx"),
  route("dashboard", "routes/dashboard.tsx"),
  route("account", "routes/account.tsx", [
    index("routes/account._index.tsx"),
    route("profile", "routes/account.profile.tsx"),
    route("security", "routes/account.security.tsx"),
    route("data", "routes/account.data.tsx"),
  ]),
  route("account/data/export", "routes/account.data.export.tsx"),
  route("admin", "routes/admin.tsx"),
  route("admin/export/:kind", "routes/admin.export.tsx"),
  route("pricing", "routes/pricing.tsx"),
  route("robots.txt", "routes/robots[.]txt.tsx"),
  route("sitemap.xml", "routes/sitemap[.]xml.tsx"),
  route("api/booking", "routes/api.booking.tsx"),
  route("api/stripe/webhook", "routes/api.stripe.webhook.tsx"),
  ...STATIC_PAGES.map((page) => route(page.path.slice(1), staticRouteFile(page.path))),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
