import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import type { ToolMergeStep } from "../catalog/index.ts";

/** Makers (issue 20): claims of a listing, the maker's fact edits, right of reply. */
export {
  ClaimEmailInput,
  ClaimToken,
  checkSiteClaim,
  claimState,
  claimTarget,
  confirmEmailClaim,
  isVerifiedMaker,
  listVerifiedClaims,
  RevokeClaimInput,
  revokeClaim,
  siteTokenFor,
  startEmailClaim,
} from "./claims.ts";
export {
  currentMakerFacts,
  decideMakerEdit,
  listPendingMakerEdits,
  MakerEditDecision,
  MakerEditInput,
  myMakerEdits,
  saveMakerEdit,
} from "./edits.ts";
export { deleteReply, hasVerifiedMaker, ReplyInput, saveReply } from "./replies.ts";
export { type SiteReader, siteReaderOver } from "./site-reader.ts";

const IdRow = z.object({ id: z.string() });

async function moveRows(tx: Db, table: "maker_claims" | "maker_edits", fromId: string, intoId: string) {
  const rows = await queryRows(
    tx,
    sql`UPDATE ${sql.raw(table)} SET tool_id = ${intoId}::uuid WHERE tool_id = ${fromId}::uuid RETURNING id::text AS id`,
    IdRow,
  );
  return rows.length;
}

// Merging duplicate A into B: a maker proven for A's listing is the maker of the same product, so the
// claims and the pricing changes waiting for a moderator move to B.
const claimsAndEditsStep: ToolMergeStep = {
  name: "makers.claims-and-edits",
  tables: ["maker_claims", "maker_edits"],
  async run(tx, fromToolId, intoToolId) {
    const claims = await moveRows(tx, "maker_claims", fromToolId, intoToolId);
    const edits = await moveRows(tx, "maker_edits", fromToolId, intoToolId);
    return { moved: claims + edits };
  },
};

/** The makers module's merge steps (assembled at startup with the others: ADR 0033). */
export const makersMergeSteps: readonly ToolMergeStep[] = [claimsAndEditsStep];
