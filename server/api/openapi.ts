import { API_KEY_RULE } from "../modules/accounts/index.ts";
import { catalogApi } from "./catalog.ts";

/**
 * The OpenAPI 3.1 document of the public read API, generated from the route definitions the
 * handlers run (server/api/catalog.ts), served at /api/openapi.json and rendered at /documentation/api.
 */
let cached: ReturnType<typeof build> | null = null;

function build() {
  const app = catalogApi();
  app.openAPIRegistry.registerComponent("securitySchemes", "apiKey", {
    type: "http",
    scheme: "bearer",
    description: `An API key from your dashboard (Expert plan), sent as "Authorization: Bearer tsk_…". ${API_KEY_RULE.max} requests per ${API_KEY_RULE.windowSec} seconds per key; answers carry RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset. Without a key the endpoints answer as for a visitor.`,
  });
  return app.getOpenAPI31Document({
    openapi: "3.1.0",
    info: {
      title: "Toolscape API",
      version: "1.0.0",
      description:
        "Read access to the Toolscape directory: tools, categories, the tool of the day, trending tools and top lists.",
    },
    servers: [{ url: "/api" }],
  });
}

export function openApiDocument() {
  cached ??= build();
  return cached;
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
