import { type RouteConfig, index, route } from "@react-router/dev/routes";

/** The route table of SPEC.md section 2; later issues add their routes here. */
export default [
  index("routes/home.tsx"),
  route("opportunities", "routes/opportunities.tsx"),
  route("opportunities/:id", "routes/opportunity-detail.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
