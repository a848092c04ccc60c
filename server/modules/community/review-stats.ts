import type { Db } from "../../platform/db/index.ts";

/**
 * CONTRACT (issue 11, reviews): counts other modules read without knowing the reviews table.
 * The reviews helper replaces the bodies and keeps the signatures.
 */

/** Published reviews written in [from, to), per tool id (trending). */
export async function reviewCountsBetween(_db: Db, _from: Date, _to: Date): Promise<Map<string, number>> {
  return new Map();
}

/** Published reviews in the whole catalogue (/community figures, admin overview). */
export async function countReviews(_db: Db): Promise<number> {
  return 0;
}

/** Polls that accept votes now (/community figures). */
export async function countActivePolls(_db: Db): Promise<number> {
  return 0;
}
