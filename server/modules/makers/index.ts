import { eq } from "drizzle-orm";
import type { ToolMergeStep } from "../catalog/index.ts";
import { makerClaims, makerEdits } from "./tables.ts";

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

// Merging duplicate A into B: a maker proven for A's listing is the maker of the same product, so the
// claims and the pricing changes waiting for a moderator move to B.
const claimsAndEditsStep: ToolMergeStep = {
  name: "makers.claims-and-edits",
  tables: ["maker_claims", "maker_edits"],
  async run(tx, fromToolId, intoToolId) {
    const claims = await tx
      .update(makerClaims)
      .set({ toolId: intoToolId })
      .where(eq(makerClaims.toolId, fromToolId))
      .returning({ id: makerClaims.id });
    const edits = await tx
      .update(makerEdits)
      .set({ toolId: intoToolId })
      .where(eq(makerEdits.toolId, fromToolId))
      .returning({ id: makerEdits.id });
    return { moved: claims.length + edits.length };
  },
};

/** The makers module's merge steps (assembled at startup with the others: ADR 0033). */
export const makersMergeSteps: readonly ToolMergeStep[] = [claimsAndEditsStep];
