import { z } from "zod";
import { ROLES, TIERS } from "../accounts/index.ts";

const UserIdField = z.string().regex(/^[\w-]{1,64}$/, "Unknown user");
/** The Users tab's forms. */
export const UserChangeForm = z.object({
  userId: UserIdField,
  tier: z.enum(TIERS, { message: "tier must be free, standard or expert" }),
  role: z.enum(ROLES, { message: "role must be member or admin" }),
});
export const UserTargetForm = z.object({ userId: UserIdField });
