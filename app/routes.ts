import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  route("preferences", "routes/_site/preferences.ts"),
  route("sitemap.xml", "routes/_site/sitemap.ts"),
  route("robots.txt", "routes/_site/robots.ts"),
  layout("components/site-layout.tsx", [
    index("routes/_site/home.tsx"),
    route("tools", "routes/tools/index.tsx"),
    route("tools/:idOrSlug", "routes/tools/detail.tsx"),
    route("cookies", "routes/_site/cookies.tsx"),
    route("newsletter/unsubscribe", "routes/_site/newsletter-unsubscribe.tsx"),
    route("sign-in", "routes/account/sign-in.tsx"),
    route("sign-up", "routes/account/sign-up.tsx"),
    route("login", "routes/account/alias.ts", { id: "login-alias" }),
    route("signup", "routes/account/alias.ts", { id: "signup-alias" }),
    route("forgot-password", "routes/account/forgot-password.tsx"),
    route("reset-password", "routes/account/reset-password.tsx"),
    route("sign-out", "routes/account/sign-out.tsx"),
    route("dashboard", "routes/account/dashboard.tsx"),
    route("user/:userId", "routes/account/user-profile.tsx"),
    route("pricing", "routes/account/pricing.tsx"),
    route("upgrade", "routes/account/pricing.tsx", { id: "upgrade" }),
    route("dev/mail", "routes/account/dev-mail.tsx"),
    route("*", "routes/_site/not-found.tsx"),
  ]),
] satisfies RouteConfig;
