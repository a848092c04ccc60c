import type { Db } from "../../platform/db/index.ts";
import { listQueue, type QueueItem } from "./list-queue.ts";

/** The newest submissions of any status (the admin overview's recent activity). */
export async function recentSubmissions(db: Db, limit = 5): Promise<QueueItem[]> {
  const n = Math.max(1, Math.min(50, Math.floor(limit)));
  const { submissions } = await listQueue(db, { status: "all", page: 1, limit: n, order: "newest" });
  return submissions;
}
