import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/index.ts";
import { PostId } from "./blog-form.ts";
import { type AdminPost, adminPost, COLUMNS, Row } from "./blog-rows.ts";

const RowWithMarkdown = Row.extend({ body_md: z.string() });

export async function getPostForEdit(db: Db, id: string): Promise<AdminPost | null> {
  if (!PostId.safeParse(id).success) return null;
  const [row] = await queryRows(
    db,
    sql`SELECT ${COLUMNS}, body_md FROM blog_posts WHERE id = ${id}::uuid`,
    RowWithMarkdown,
  );
  return row ? adminPost(row) : null;
}
