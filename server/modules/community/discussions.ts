import { and, eq, inArray, isNull } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { publicMemberName } from "../../platform/public-name.ts";
import { tools } from "../catalog/tables.ts";
import { DISCUSSION_LIMITS, DISCUSSION_MESSAGES, type DiscussionBoard } from "./discussion-forms.ts";
import { discussionFollows, discussionReports, discussionThreads } from "./discussion-tables.ts";

/**
 * Discussions, the reading side (issue 35 item 1, ADR 0076). What leaves here is built field by
 * field (public names through publicMemberName, never an address or a member id); a post waiting for
 * a moderator or hidden by one is shown to its author and to moderators only, labelled.
 */

/** Who is reading: their id, whether they moderate (admins), and whether their plan opens the VIP space. */
export type DiscussionReader = { id: string; moderator: boolean; vip: boolean } | null;

export type PostState = "published" | "held" | "hidden";

export type ThreadSummary = {
  id: string;
  board: DiscussionBoard;
  title: string;
  excerpt: string;
  authorName: string;
  createdAt: string;
  lastActivityAt: string;
  replies: number;
  answered: boolean;
  priority: boolean;
  locked: boolean;
  state: PostState;
  tool: { name: string; slug: string } | null;
};

export type ReplyView = {
  id: string;
  body: string;
  authorName: string;
  createdAt: string;
  /** the tool's verified maker (maker_claims), on a tool's board */
  maker: boolean;
  accepted: boolean;
  mine: boolean;
  state: PostState;
  reported: boolean;
};

export type ThreadView = Omit<ThreadSummary, "excerpt"> & {
  body: string;
  mine: boolean;
  following: boolean;
  reported: boolean;
  acceptedReplyId: string | null;
  replyList: ReplyView[];
};

export type BoardPage = { items: ThreadSummary[]; total: number; page: number; totalPages: number; q: string };

const ThreadRow = z.object({
  id: z.string(),
  board: z.enum(["general", "tool", "vip"]),
  title: z.string(),
  body: z.string(),
  author_name: z.string(),
  user_id: z.string(),
  created_at: z.string(),
  last_activity_at: z.string(),
  reply_count: z.number(),
  accepted_reply_id: z.string().nullable(),
  priority: z.boolean(),
  locked: z.boolean(),
  held: z.boolean(),
  status: z.enum(["published", "hidden"]),
  tool_name: z.string().nullable(),
  tool_slug: z.string().nullable(),
  tool_id: z.string().nullable(),
});
type ThreadRow = z.infer<typeof ThreadRow>;
const ReplyRow = z.object({
  id: z.string(),
  body: z.string(),
  author_name: z.string(),
  user_id: z.string(),
  created_at: z.string(),
  maker: z.boolean(),
  held: z.boolean(),
  status: z.enum(["published", "hidden"]),
});
const CountRow = z.object({ n: z.number() });

const THREAD_COLUMNS = sql`t.id::text AS id, t.board, t.title, t.body, ${publicMemberName("u")} AS author_name,
  t.user_id, t.created_at, t.last_activity_at, t.reply_count, t.accepted_reply_id::text AS accepted_reply_id,
  t.priority, t.locked_at IS NOT NULL AS locked, t.held_at IS NOT NULL AS held, t.status,
  tl.name AS tool_name, tl.slug AS tool_slug, t.tool_id::text AS tool_id`;
const THREAD_FROM = sql`discussion_threads t JOIN users u ON u.id = t.user_id LEFT JOIN tools tl ON tl.id = t.tool_id`;

/** Public: published and not waiting. A reader also sees their own waiting or hidden posts; a moderator sees all. */
function visible(alias: "t" | "r", reader: DiscussionReader) {
  const a = sql.raw(alias);
  const open = sql`(${a}.status = 'published' AND ${a}.held_at IS NULL)`;
  if (reader?.moderator) return sql`true`;
  if (reader) return sql`(${open} OR ${a}.user_id = ${reader.id})`;
  return open;
}

const stateOf = (row: { held: boolean; status: "published" | "hidden" }): PostState =>
  row.status === "hidden" ? "hidden" : row.held ? "held" : "published";
const iso = (s: string) => new Date(s).toISOString();
const excerptOf = (body: string) => {
  const flat = body.replace(/\s+/g, " ").trim();
  return flat.length > 180 ? `${flat.slice(0, 177)}…` : flat;
};

function summary(row: ThreadRow): ThreadSummary {
  return {
    id: row.id,
    board: row.board,
    title: row.title,
    excerpt: excerptOf(row.body),
    authorName: row.author_name,
    createdAt: iso(row.created_at),
    lastActivityAt: iso(row.last_activity_at),
    replies: Number(row.reply_count),
    answered: row.accepted_reply_id !== null,
    priority: row.priority,
    locked: row.locked,
    state: stateOf(row),
    tool: row.tool_name && row.tool_slug ? { name: row.tool_name, slug: row.tool_slug } : null,
  };
}

/** `%…%` for ILIKE with the pattern's own wildcards escaped. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Whether a reader may open the VIP board (their plan has vip_community, or they moderate). */
export function assertBoardOpen(board: DiscussionBoard, reader: DiscussionReader): void {
  if (board !== "vip") return;
  if (!reader) throw new AppError("unauthorized", "Please log in to continue.");
  if (!reader.vip && !reader.moderator)
    throw new AppError("forbidden", DISCUSSION_MESSAGES.vip, { feature: "vip_community" });
}

/**
 * One board's threads, newest activity first; a tool's board puts unanswered priority questions
 * (Expert members', issue 34 item 7) on top. `q` searches titles and text (full-text, or a plain
 * substring of the title for words the index splits differently).
 */
export async function listThreads(
  db: Db,
  where: { board: DiscussionBoard; toolId?: string | null },
  query: { q: string; page: number },
  reader: DiscussionReader,
  pageSize: number = DISCUSSION_LIMITS.pageSize,
): Promise<BoardPage> {
  assertBoardOpen(where.board, reader);
  const scope =
    where.board === "tool"
      ? sql`t.board = 'tool' AND t.tool_id = ${where.toolId ?? null}::uuid`
      : sql`t.board = ${where.board}`;
  const q = query.q.trim();
  const search = q
    ? sql`AND (t.search @@ websearch_to_tsquery('simple', ${q}) OR t.title ILIKE ${likePattern(q)})`
    : sql``;
  const filter = sql`${scope} AND ${visible("t", reader)} ${search}`;
  const [count] = await queryRows(
    db,
    sql`SELECT count(*)::int AS n FROM discussion_threads t WHERE ${filter}`,
    CountRow,
  );
  const total = Number(count?.n ?? 0);
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(query.page, totalPages);
  const order =
    where.board === "tool"
      ? sql`(t.priority AND t.accepted_reply_id IS NULL) DESC, t.last_activity_at DESC, t.id`
      : sql`t.last_activity_at DESC, t.id`;
  const rows = await queryRows(
    db,
    sql`SELECT ${THREAD_COLUMNS} FROM ${THREAD_FROM} WHERE ${filter}
        ORDER BY ${order} LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
    ThreadRow,
  );
  return { items: rows.map(summary), total, page, totalPages, q };
}

/** The thread's row for the writers (board, tool, author, state), or a 404 for a reader who may not see it. */
export async function threadFor(db: Db, threadId: string, reader: DiscussionReader): Promise<ThreadRow> {
  const [row] = await queryRows(
    db,
    sql`SELECT ${THREAD_COLUMNS} FROM ${THREAD_FROM} WHERE t.id = ${threadId}::uuid AND ${visible("t", reader)}`,
    ThreadRow,
  );
  if (!row) throw new AppError("not_found", DISCUSSION_MESSAGES.threadNotFound);
  assertBoardOpen(row.board, reader);
  return row;
}

/** One thread with its answers in order (the accepted one marked), for its page. */
export async function getThread(db: Db, threadId: string, reader: DiscussionReader): Promise<ThreadView> {
  const row = await threadFor(db, threadId, reader);
  const replies = await queryRows(
    db,
    sql`SELECT r.id::text AS id, r.body, ${publicMemberName("u")} AS author_name, r.user_id, r.created_at,
               r.held_at IS NOT NULL AS held, r.status,
               (${row.tool_id}::uuid IS NOT NULL AND EXISTS (SELECT 1 FROM maker_claims m WHERE m.tool_id = ${row.tool_id}::uuid
                  AND m.user_id = r.user_id AND m.status = 'verified')) AS maker
          FROM discussion_replies r JOIN users u ON u.id = r.user_id
         WHERE r.thread_id = ${threadId}::uuid AND ${visible("r", reader)}
         ORDER BY r.created_at, r.id`,
    ReplyRow,
  );
  let following = false;
  let reported = new Set<string>();
  if (reader) {
    const [f] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(discussionFollows)
      .where(and(eq(discussionFollows.threadId, threadId), eq(discussionFollows.userId, reader.id)));
    following = Number(f?.n ?? 0) > 0;
    const marks = await db
      .select({ id: discussionReports.targetId })
      .from(discussionReports)
      .where(and(eq(discussionReports.threadId, threadId), eq(discussionReports.userId, reader.id)));
    reported = new Set(marks.map((m) => m.id));
  }
  const { excerpt: _excerpt, ...base } = summary(row);
  return {
    ...base,
    body: row.body,
    mine: reader?.id === row.user_id,
    following,
    reported: reported.has(row.id),
    acceptedReplyId: row.accepted_reply_id,
    replyList: replies.map((r) => ({
      id: r.id,
      body: r.body,
      authorName: r.author_name,
      createdAt: iso(r.created_at),
      maker: r.maker,
      accepted: r.id === row.accepted_reply_id,
      mine: reader?.id === r.user_id,
      state: stateOf(r),
      reported: reported.has(r.id),
    })),
  };
}

/** Public threads on the general and tools' boards (the /community card's count). */
export async function countDiscussions(db: Db): Promise<number> {
  const t = discussionThreads;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(t)
    .where(and(inArray(t.board, ["general", "tool"]), eq(t.status, "published"), isNull(t.heldAt)));
  return Number(row?.n ?? 0);
}

/** A published tool's board header (id, name, slug) by slug or id, or null. */
export async function discussionTool(
  db: Db,
  idOrSlug: string,
): Promise<{ id: string; name: string; slug: string } | null> {
  const key = idOrSlug.trim().toLowerCase();
  if (!key || key.length > 200) return null;
  const match = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(key)
    ? eq(tools.id, key)
    : eq(tools.slug, key);
  const [row] = await db
    .select({ id: tools.id, name: tools.name, slug: tools.slug })
    .from(tools)
    .where(and(match, eq(tools.status, "active")))
    .limit(1);
  return row ?? null;
}
