import { API_KEY_RULE } from "../modules/accounts/index.ts";
import { SECURITY_SCHEMES } from "./doc.ts";
import { createApi } from "./index.ts";

/**
 * The OpenAPI 3.1 document of the whole /api, generated from the route definitions every handler is
 * registered with (server/api/doc.ts `documented`, the read API's `createRoute`s), served at
 * /api/openapi.json and rendered at /documentation/api.
 */
let cached: ReturnType<typeof build> | null = null;

function build() {
  const app = createApi();
  const registry = app.openAPIRegistry;
  registry.registerComponent("securitySchemes", "apiKey", {
    type: "http",
    scheme: "bearer",
    description: `An API key from your dashboard (Expert plan), sent as "Authorization: Bearer tsk_…", on the read API (tools, categories, trending, top lists). ${API_KEY_RULE.max} requests per ${API_KEY_RULE.windowSec} seconds per key; answers carry RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset. Without a key the endpoints answer as for a visitor.`,
  });
  for (const [name, scheme] of Object.entries(SECURITY_SCHEMES))
    registry.registerComponent("securitySchemes", name, scheme);
  return app.getOpenAPI31Document({
    openapi: "3.1.0",
    info: {
      title: "Toolscape API",
      version: "1.0.0",
      description:
        "The Toolscape directory's JSON API: the public read API (tools, categories, the tool of the day, trending tools and top lists; API keys), and the members', reviews', lists', saved tools', submissions', billing and admin operations the site itself uses (a session cookie or session bearer token). Every refusal is `{success: false, error}` with a readable message.",
    },
    servers: [{ url: "/api" }],
  });
}

export function openApiDocument() {
  cached ??= build();
  return cached;
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
