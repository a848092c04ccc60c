import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../platform/db/index.ts";
import { CardRow, type DealCard, iso, toCard } from "./deal-rows.ts";

const AdminDealDbRow = CardRow.extend({
  starts_at: z.string(),
  ended_at: z.string().nullable(),
  url: z.string().nullable(),
  clicks: z.number(),
});

export type AdminDealRow = DealCard & {
  status: "scheduled" | "live" | "expired" | "ended";
  startsAt: string;
  url: string | null;
  clicks: number;
};

/** Every deal for the admin page, newest first, with its state at `now`. */
export async function listDealsForAdmin(db: Db, now: Date): Promise<AdminDealRow[]> {
  const rows = await queryRows(
    db,
    sql`SELECT d.id, d.tool_id, t.slug, t.name, t.logo_url, p.name AS provider, c.name AS category, c.slug AS category_slug, t.rating,
          t.review_count, d.deal_type, d.description, d.original_price_cents, d.deal_price_cents, d.discount_percent,
          d.coupon_code, d.featured, d.expires_at, d.starts_at, d.ended_at, d.url, d.clicks,
          x.kind AS lock_kind, x.public_from AS lock_public_from
        FROM deals d JOIN tools t ON t.id = d.tool_id JOIN categories c ON c.id = t.category_id
        LEFT JOIN providers p ON p.id = t.provider_id LEFT JOIN listing_access x ON x.deal_id = d.id AND x.ended_at IS NULL
        ORDER BY d.created_at DESC, d.id LIMIT 500`,
    AdminDealDbRow,
  );
  return rows.map((r) => {
    const startsAt = iso(r.starts_at);
    const status = r.ended_at
      ? "ended"
      : Date.parse(iso(r.expires_at)) <= now.getTime()
        ? "expired"
        : Date.parse(startsAt) > now.getTime()
          ? "scheduled"
          : "live";
    return { ...toCard(r), status, startsAt, url: r.url, clicks: Number(r.clicks) };
  });
}
