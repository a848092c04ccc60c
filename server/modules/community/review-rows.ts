import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { publicMemberName } from "../../platform/public-name.ts";
import { trackRecord } from "./review-trust.ts";

export type ReviewAuthor = {
  id: string;
  name: string;
  username: string | null;
  avatarUrl: string | null;
  /** spec §6: the Verified badge's variant, or null */
  verified: "linkedin" | "company_email" | null;
};

export type ReviewItem = {
  id: string;
  toolId: string;
  rating: number;
  comment: string;
  helpful: number;
  createdAt: string;
  updatedAt: string;
  author: ReviewAuthor;
  /** the verified maker's public answer (issue 20, right of reply) */
  makerReply: { body: string; makerName: string; updatedAt: string } | null;
  /**
   * What the review's weight rests on (issue 35): facts we checked (verified e-mail, the account's
   * age, a track record of contributions an editor accepted) and one the author declares.
   */
  evidence: { emailVerified: boolean; memberSince: string; trackRecord: boolean; usesAtWorkSelfDeclared: boolean };
};

// The review row every read selects (issue 19): what the driver gives; timestamps come back as PostgreSQL's text.
export const ReviewRow = z.object({
  id: z.string(),
  tool_id: z.string(),
  rating: z.number(),
  comment: z.string(),
  helpful_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  user_id: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  image: z.string().nullable(),
  is_verified: z.boolean().nullable(),
  verification_type: z.enum(["linkedin", "company_email"]).nullable(),
  reply_body: z.string().nullable(),
  reply_name: z.string().nullable(),
  reply_updated_at: z.string().nullable(),
  email_verified: z.boolean(),
  member_since: z.string(),
  uses_at_work: z.boolean(),
  track_record: z.boolean(),
});
export type ReviewRow = z.infer<typeof ReviewRow>;

export const REVIEW_COLUMNS = sql`r.id::text AS id, r.tool_id::text AS tool_id, r.rating, r.comment, r.helpful_count,
  r.created_at, r.updated_at, u.id AS user_id, ${publicMemberName("u")} AS name, u.username, u.image, p.is_verified,
  p.verification_type::text AS verification_type, rr.body AS reply_body, ${publicMemberName("ru")} AS reply_name,
  rr.updated_at AS reply_updated_at, u.email_verified, u.created_at AS member_since, r.uses_at_work,
  ${trackRecord(sql`u.id`, sql`u.created_at`)} AS track_record`;
export const REVIEW_FROM = sql`reviews r JOIN users u ON u.id = r.user_id LEFT JOIN user_profiles p ON p.user_id = u.id
  LEFT JOIN review_replies rr ON rr.review_id = r.id LEFT JOIN users ru ON ru.id = rr.user_id`;

export function toItem(row: ReviewRow): ReviewItem {
  return {
    id: row.id,
    toolId: row.tool_id,
    rating: Number(row.rating),
    comment: row.comment,
    helpful: Number(row.helpful_count),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    author: {
      id: row.user_id,
      name: row.name,
      username: row.username,
      avatarUrl: row.image,
      verified: row.is_verified ? row.verification_type : null,
    },
    evidence: {
      emailVerified: row.email_verified,
      memberSince: new Date(row.member_since).toISOString(),
      trackRecord: row.track_record,
      usesAtWorkSelfDeclared: row.uses_at_work,
    },
    makerReply:
      row.reply_body && row.reply_updated_at
        ? {
            body: row.reply_body,
            makerName: row.reply_name ?? "The maker",
            updatedAt: new Date(row.reply_updated_at).toISOString(),
          }
        : null,
  };
}

/** One review as the public reads it, or null. */
export async function getReview(db: Db, reviewId: string): Promise<ReviewItem | null> {
  const [row] = await queryRows(
    db,
    sql`SELECT ${REVIEW_COLUMNS} FROM ${REVIEW_FROM} WHERE r.id = ${reviewId}::uuid`,
    ReviewRow,
  );
  return row ? toItem(row) : null;
}

export const ReviewStatus = z.enum(["published", "hidden"]);
