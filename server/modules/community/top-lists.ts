import type { Db } from "../../platform/db/index.ts";

/**
 * CONTRACT (issue 11, top lists): public lists for /top-lists, profiles and the public API. The
 * top-lists helper replaces the body and keeps the signature. No personal data: the author is the
 * public display name and profile handle only.
 */
export type TopListSummary = {
  id: string;
  slug: string;
  title: string;
  description: string;
  editorial: boolean;
  author: { name: string; handle: string | null };
  toolCount: number;
  updatedAt: string;
};

export async function listPublicTopLists(
  _db: Db,
  _options: { limit: number; offset: number },
): Promise<{ items: TopListSummary[]; total: number }> {
  return { items: [], total: 0 };
}
