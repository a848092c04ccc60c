import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import type { Jobs } from "../../platform/jobs/index.ts";
import type { Mailer } from "../../platform/mail.ts";
import { publicMemberName } from "../../platform/public-name.ts";
import { type SiteEnv, siteOrigin } from "../../platform/site-origin.ts";
import { DISCUSSION_REPLY_MAIL_JOB } from "./discussion-posts.ts";

export const DISCUSSION_MAIL_TAG = "discussion-reply";

const MailRow = z.object({
  email: z.string(),
  follower_name: z.string(),
  thread_id: z.string(),
  title: z.string(),
  body: z.string(),
  author_name: z.string(),
});

/**
 * Followers of a thread hear of each public answer by e-mail (ADR 0076): sent by the job runner after
 * the answer commits (or after a moderator releases a held one), never to the answer's own author,
 * and not for an answer hidden since. The mail names people by their public names only.
 */
export function registerDiscussionJobs(deps: { db: Db; jobs: Jobs; mailer: Mailer; env: SiteEnv }): void {
  deps.jobs.register<{ replyId?: unknown }>(DISCUSSION_REPLY_MAIL_JOB, async (payload) => {
    if (typeof payload.replyId !== "string") return;
    const rows = await queryRows(
      deps.db,
      sql`SELECT f_u.email, ${publicMemberName("f_u")} AS follower_name, t.id::text AS thread_id, t.title, r.body,
                 ${publicMemberName("a")} AS author_name
            FROM discussion_replies r
            JOIN discussion_threads t ON t.id = r.thread_id
            JOIN users a ON a.id = r.user_id
            JOIN discussion_follows f ON f.thread_id = t.id AND f.user_id <> r.user_id
            JOIN users f_u ON f_u.id = f.user_id
           WHERE r.id = ${payload.replyId}::uuid AND r.status = 'published' AND r.held_at IS NULL
             AND t.status = 'published' AND f_u.suspended_at IS NULL
           ORDER BY f.created_at`,
      MailRow,
    );
    const base = siteOrigin(deps.env);
    // A retry after a crash between two sends may send some twice: better than never.
    for (const row of rows) {
      const excerpt = row.body.length > 600 ? `${row.body.slice(0, 597)}…` : row.body;
      const link = `${base}/community/discussions/${row.thread_id}`;
      await deps.mailer.send({
        to: row.email,
        subject: `New answer: ${row.title}`,
        text: `Hello ${row.follower_name},\n\n${row.author_name} answered "${row.title}":\n\n${excerpt}\n\nRead it and reply: ${link}\n\nYou get this because you follow this discussion. To stop, open it and choose "Unfollow".\n\n— The Toolscape team`,
        tag: DISCUSSION_MAIL_TAG,
      });
    }
  });
}
