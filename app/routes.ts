import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  route("preferences", "routes/_site/preferences.ts"),
  layout("components/site-layout.tsx", [
    index("routes/_site/home.tsx"),
    route("tools", "routes/tools/index.tsx"),
    route("tools/:idOrSlug", "routes/tools/detail.tsx"),
    route("search", "routes/search/index.tsx"),
    route("categories", "routes/categories/index.tsx"),
    route("category/:categoryId", "routes/categories/detail.tsx"),
    route("*", "routes/_site/not-found.tsx"),
  ]),
] satisfies RouteConfig;
