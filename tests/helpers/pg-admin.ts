import pg from "pg";

/**
 * One statement (or a few) on the PostgreSQL server's admin connection — creating and dropping the tests'
 * databases — on a connection opened for it and always closed. No Vitest import: the template's child
 * process (pg-template.ts) uses it too.
 */
export async function withAdmin<T>(adminUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}
