import type { Db } from "../../platform/db/index.ts";

/**
 * CONTRACT (issue 11, trending): the tools trending this week with the reason in words. Other
 * modules (newsletter digest, public API, tool of the day) call this; the trending helper replaces
 * the body with the computed ranking and keeps the signature.
 */
export type TrendingEntry = {
  toolId: string;
  slug: string;
  name: string;
  /** the strongest signal: 'saves' | 'views' | 'clicks' | 'reviews' */
  reason: "saves" | "views" | "clicks" | "reviews";
  /** in words, e.g. 'Saves up 240 % this week' */
  context: string;
  score: number;
};

export async function listTrending(_db: Db, _limit = 20): Promise<TrendingEntry[]> {
  return [];
}
