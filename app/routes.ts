import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  route("preferences", "routes/_site/preferences.ts"),
  route("sitemap.xml", "routes/_site/sitemap.ts"),
  route("robots.txt", "routes/_site/robots.ts"),
  layout("components/site-layout.tsx", [
    index("routes/_site/home.tsx"),
    route("tools", "routes/tools/index.tsx"),
    route("tools/premium-tool-id", "routes/tools/premium.tsx"),
    route("tools/:idOrSlug", "routes/tools/detail.tsx"),
    route("cookies", "routes/_site/cookies.tsx"),
    route("newsletter/unsubscribe", "routes/_site/newsletter-unsubscribe.tsx"),
    route("compare", "routes/compare/index.tsx"),
    route("category/:categoryId/:toolId", "routes/tools/category-tool.tsx"),
    route("go/:slug", "routes/tools/go.tsx"),
    route("search", "routes/search/index.tsx"),
    route("categories", "routes/categories/index.tsx"),
    route("category/:categoryId", "routes/categories/detail.tsx"),
    route("*", "routes/_site/not-found.tsx"),
  ]),
] satisfies RouteConfig;
