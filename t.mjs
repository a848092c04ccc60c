import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";

const t = Date.now();
const db = await PGlite.create({ extensions: { pg_trgm, unaccent } });
console.log("create", Date.now() - t);
await db.exec(
  "create extension if not exists pg_trgm; create extension if not exists unaccent; create extension if not exists plpgsql",
);
console.log(
  (
    await db.query(
      "select version(), similarity('midjurney','midjourney') s, unaccent('Café') u, to_tsquery('english','writing:*') q",
    )
  ).rows,
);
const d = await db.dumpDataDir("gzip");
console.log("dump", d.size, Date.now() - t);
const t2 = Date.now();
const db2 = await PGlite.create({ loadDataDir: d, extensions: { pg_trgm, unaccent } });
console.log("load", Date.now() - t2, (await db2.query("select 1 x")).rows);
