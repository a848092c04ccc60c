import path from "node:path";
import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

// react-router's package exports always resolve to its development build
// (remix-run/react-router#14102), which keeps dev-only warnings in the browser
// bundle. The client production build uses its production build instead; both
// entry points import the same shared chunks, so there is one router instance.
const reactRouterProduction = (entry: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${entry}`, import.meta.url));

const APP_DIR = fileURLToPath(new URL("./app/", import.meta.url));
const FRAME_ROOTS = [`${APP_DIR}root.tsx`, `${APP_DIR}components/site-layout.tsx`];
// The catalogue's cards and what they need: one chunk for every page that lists tools, rather than
// five tiny files (a tool page loads it only when its Alternatives tab opens). The tier labels stay
// out of it: /pricing needs them and no card.
const TIER_LABELS = ["app/lib/tiers.ts", "server/modules/accounts/tiers.ts"].map((f) =>
  fileURLToPath(new URL(`./${f}`, import.meta.url)),
);
const CARDS = [
  "app/components/tool-card.tsx",
  "app/components/tool-logo.tsx",
  "app/components/account/icons.tsx",
  "app/lib/format.ts",
  "app/lib/viewer.ts",
].map((f) => fileURLToPath(new URL(`./${f}`, import.meta.url)));
// A module door (`server/modules/<name>/shared.ts`) re-exports several files: the frame takes only the
// compare rules through the catalogue's; the rest behind a door (a new tool's values for the admin
// dialogs) is not frame code and must not ride in every page's first load.
const FRAME_THROUGH_DOORS = ["server/modules/catalog/compare-rules.ts"].map((f) =>
  fileURLToPath(new URL(`./${f}`, import.meta.url)),
);
// Used by several pages: chunks of their own, never absorbed into the tier labels' or the account forms'
// chunk (Rollup puts a manual chunk's unassigned imports into it).
const OWN_CHUNK = [
  "server/platform/email-rule.ts",
  "app/lib/form-action.ts",
  "app/components/account/form-parts.tsx",
].map((f) => fileURLToPath(new URL(`./${f}`, import.meta.url)));
// The sign-in, sign-up and password pages' form code: one chunk rather than three small files (each
// gzip stream pays its own overhead), and never in another page's first load.
const ACCOUNT_FORMS = [
  "app/components/account/validate-on-submit.ts",
  "app/components/account/other-sign-in.tsx",
  "server/modules/accounts/form-checks.ts",
].map((f) => fileURLToPath(new URL(`./${f}`, import.meta.url)));
const FRAMEWORK = /\/node_modules\/(react-dom|scheduler)\//;
const MODULE_DOOR = /\/server\/modules\/[^/]+\/shared\.ts$/;
type ModuleInfo = { importers: readonly string[]; isEntry: boolean } | null;

/**
 * Our modules that every page loads (imported, directly or not, by the root route or the site
 * layout, and not only through `import()`) go into one chunk instead of a dozen small files: fewer
 * requests and a better gzip ratio. The CARDS get a chunk of their own; route modules and lazily
 * loaded code keep theirs.
 */
function chunkOf(id: string, api: { getModuleInfo: (id: string) => ModuleInfo }): string | undefined {
  // React DOM and the scheduler join React and React Router in the frame: one file and one gzip
  // stream for the framework every page loads (two streams cost ~650 B more; ADR 0051).
  if (FRAMEWORK.test(id)) return "frame";
  if (id.includes("/node_modules/") || id.startsWith("\0")) return undefined;
  if (CARDS.includes(id)) return "cards";
  if (TIER_LABELS.includes(id)) return "tiers";
  if (ACCOUNT_FORMS.includes(id)) return "account-forms";
  if (OWN_CHUNK.includes(id)) return path.basename(id).replace(/\.[^.]+$/, "");
  // The Compare button is on cards and on a tool page's side card.
  if (FRAME_ROOTS.includes(id) || id.endsWith("/app/components/compare/compare-button.tsx")) return "frame";
  if (FRAME_THROUGH_DOORS.includes(id)) return "frame";
  const reachesFrame = (start: string, throughDoors: boolean): boolean => {
    const seen = new Set<string>();
    const reaches = (m: string): boolean => {
      if (seen.has(m)) return false;
      seen.add(m);
      const info = api.getModuleInfo(m);
      if (!info) return false;
      if (!throughDoors && m !== start && MODULE_DOOR.test(m)) return false;
      return info.importers.some((i) => FRAME_ROOTS.includes(i) || reaches(i));
    };
    return reaches(start);
  };
  if (reachesFrame(id, false)) return "frame";
  // Behind a door the frame imports, but not frame code: a chunk of its own, or Rollup would pull it
  // into the frame with the door (see FRAME_THROUGH_DOORS).
  if (reachesFrame(id, true)) return path.basename(id).replace(/\.[^.]+$/, "");
  return undefined;
}

/**
 * React Router's browser build carries its React Server Components branches (an error handler for
 * RSC redirects, RSC link prefetching), chosen at run time by a context only an RSC router sets.
 * This app uses neither RSC nor `unstable_instrumentations`: the checks are made constants so the
 * minifier drops those branches from every page's first load (ADR 0051). Each replacement must match
 * (and the file must be found), or the build stops: a React Router upgrade that changes these lines
 * is then looked at rather than silently kept.
 */
const WITHOUT_RSC: [string, string][] = [
  [
    "function useIsRSCRouterContext() {\n  return React.useContext(RSCRouterContext);\n}",
    "function useIsRSCRouterContext() {\n  return false;\n}",
  ],
  [
    "    if (this.context) {\n      return /* @__PURE__ */ React2.createElement(RSCErrorHandler",
    "    if (false) {\n      return /* @__PURE__ */ React2.createElement(RSCErrorHandler",
  ],
  ["RenderErrorBoundary.contextType = RSCRouterContext;\n", ""],
  // Nor React Router's (unstable) instrumentation hooks: both places that would wrap the router.
  ["  if (init.instrumentations) {", "  if (false) {"],
];
function reactRouterWithoutRsc(): Plugin {
  let applied = false;
  return {
    name: "react-router-without-rsc",
    apply: "build",
    // The browser build only: the server renders with React Router as it is.
    applyToEnvironment: (environment) => environment.name === "client",
    buildEnd(error) {
      if (!error && !applied)
        throw new Error("react-router-without-rsc: React Router changed; its router chunk was not found");
    },
    transform(code, id) {
      if (!/\/node_modules\/react-router\/dist\/production\/chunk-[^/]+\.mjs$/.test(id)) return null;
      if (!code.includes("function useIsRSCRouterContext()")) return null;
      let out = code;
      for (const [from, to] of WITHOUT_RSC) {
        if (!out.includes(from)) throw new Error(`react-router-without-rsc: React Router changed; not found: ${from}`);
        out = out.replaceAll(from, to);
      }
      applied = true;
      return { code: out, map: null };
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter(), reactRouterWithoutRsc()],
  resolve: {
    alias: [
      { find: "~", replacement: fileURLToPath(new URL("./app", import.meta.url)) },
      ...(command === "build" && !isSsrBuild
        ? [
            { find: /^react-router\/dom$/, replacement: reactRouterProduction("dom-export.mjs") },
            { find: /^react-router$/, replacement: reactRouterProduction("index.mjs") },
          ]
        : []),
    ],
  },
  server: { hmr: { port: 24678 } },
  build: {
    sourcemap: process.env.SOURCEMAP === "1",
    // The browser bundle is minified with terser (smaller than esbuild's by ~3 %); the server's is not minified.
    // NOMINIFY=1 leaves it readable, for a CPU profile with the functions' names (ADR 0090).
    minify: isSsrBuild || process.env.NOMINIFY === "1" ? false : "terser",
    terserOptions: { compress: { passes: 2 } },
    rollupOptions: command === "build" && !isSsrBuild ? { output: { manualChunks: chunkOf } } : undefined,
  },
}));
