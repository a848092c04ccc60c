import { defineConfig } from "vitest/config";

/**
 * Unit tests (*.test.ts) run once. Database tests (*.db.test.ts) run against PGlite always, and
 * against PostgreSQL too when TEST_DATABASE_URL is set: the same files, one project per engine.
 */
const dbProject = (engine: "pglite" | "postgres") => ({
  test: {
    name: engine,
    include: ["server/**/*.db.test.ts", "tests/integration/**/*.db.test.ts"],
    globalSetup: ["tests/helpers/global-setup.ts"],
    env: { TEST_ENGINE: engine },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["server/**/*.test.ts", "app/**/*.test.ts", "tests/unit/**/*.test.ts"],
          exclude: ["**/*.db.test.ts", "**/node_modules/**"],
        },
      },
      {
        // bench:cluster in its short mode (two instances, a private PostgreSQL cluster): once per run.
        test: { name: "cluster", include: ["tests/integration/**/*.cluster.test.ts"], testTimeout: 240_000 },
      },
      dbProject("pglite"),
      ...(process.env.TEST_DATABASE_URL ? [dbProject("postgres")] : []),
    ],
  },
});
