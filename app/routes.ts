import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  route("preferences", "routes/_site/preferences.ts"),
  layout("components/site-layout.tsx", [
    index("routes/_site/home.tsx"),
    route("tools", "routes/tools/index.tsx"),
    route("tools/premium-tool-id", "routes/tools/premium.tsx"),
    route("tools/:idOrSlug", "routes/tools/detail.tsx"),
    route("category/:categoryId/:toolId", "routes/tools/category-tool.tsx"),
    route("go/:slug", "routes/tools/go.tsx"),
    route("*", "routes/_site/not-found.tsx"),
  ]),
] satisfies RouteConfig;
