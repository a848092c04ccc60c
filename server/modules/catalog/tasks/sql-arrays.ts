import { type SQL, sql } from "drizzle-orm";

/**
 * Lists passed to SQL as one JSON parameter, expanded by the database: the same on both engines and
 * no array-literal quoting to get wrong (a phrase may hold commas, quotes or braces).
 */
export const textArray = (items: readonly string[]): SQL =>
  sql`ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(items)}::jsonb))::text[]`;

export const floatArray = (items: readonly number[]): SQL =>
  sql`ARRAY(SELECT x::float8 FROM jsonb_array_elements_text(${JSON.stringify(items)}::jsonb) AS x)`;
