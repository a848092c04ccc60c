import { useEffect } from "react";
import { mergeLocalSavedTools } from "~/lib/saved-tools";

/** After sign-in, merges the visitor's locally saved tools and favourites into the account. */
export function SavedToolsSync({ userId }: { userId: string }) {
  useEffect(() => {
    mergeLocalSavedTools(userId).catch(() => {});
  }, [userId]);
  return null;
}
