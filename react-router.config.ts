import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  buildDirectory: "build",
  ssr: true,
  // Cross-site form posts are refused before React Router sees them, by server/platform/csrf.ts:
  // it knows PUBLIC_URL and a trusted proxy's scheme, which React Router's own check (the Origin
  // against the URL the request reached us at, http:// behind a TLS proxy) cannot. Every origin
  // that reaches React Router was already accepted there.
  allowedActionOrigins: ["**"],
} satisfies Config;
