import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// react-router's package exports always resolve to its development build
// (remix-run/react-router#14102), which keeps dev-only warnings in the browser
// bundle. The client production build uses its production build instead; both
// entry points import the same shared chunks, so there is one router instance.
const reactRouterProduction = (entry: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${entry}`, import.meta.url));

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
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
  build: { sourcemap: process.env.SOURCEMAP === "1" },
}));
