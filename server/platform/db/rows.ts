import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { z } from "zod";

/**
 * What a raw statement returns, as a zod schema whose input is its output: the driver's values
 * as they come (numbers, strings, arrays, null; `db.execute` gives timestamps as PostgreSQL's text
 * on both engines), described, never coerced or transformed, so skipping the check in production
 * cannot change a value. NoInfer: T comes from the schema's output, not from the call site.
 */
export type RowSchema<T> = z.ZodType<T, NoInfer<T>>;

/** A row that does not match its schema: the statement and the first mismatch. */
export class RowShapeError extends Error {
  constructor(
    readonly statement: string,
    readonly index: number,
    readonly issue: string,
  ) {
    super(`Row ${index} of "${statement}" does not match its row schema: ${issue}`);
    this.name = "RowShapeError";
  }
}

/** Checked outside production, or when ROW_CHECK=1 asks for it (ROW_CHECK=0 turns it off). */
export function checkRows(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.ROW_CHECK === "1") return true;
  if (env.ROW_CHECK === "0") return false;
  return env.NODE_ENV !== "production";
}

const dialect = new PgDialect();

function statementOf(query: SQL): string {
  try {
    return dialect.sqlToQuery(query).sql.replace(/\s+/g, " ").trim().slice(0, 160);
  } catch {
    return "(statement)";
  }
}

/** Parses every row; returns the rows themselves (the schema is non-transforming). */
export function checkedRows<T>(rows: T[], schema: RowSchema<T>, query: SQL): T[] {
  for (let i = 0; i < rows.length; i++) {
    const parsed = schema.safeParse(rows[i]);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      const where = first?.path.length ? `${first.path.join(".")}: ` : "";
      throw new RowShapeError(statementOf(query), i, `${where}${first?.message ?? "invalid"}`);
    }
  }
  return rows;
}
