import { Suspense, useEffect, useState } from "react";
import { localSaveCount } from "~/lib/saved-tools";
import { splitComponent } from "~/lib/split";

// Shown only to a member whose browser holds a visitor's saves: out of every page's first load.
const SavedToolsPrompt = splitComponent(() => import("./saved-tools-prompt").then((m) => m.SavedToolsPrompt));

/**
 * After sign-in: what this browser saved while signed out is offered to the account, never merged
 * silently (issue 31). A member's own lists are never kept in the browser, so there is nothing to
 * clear at sign-out.
 */
export function SavedToolsSync({ userId }: { userId: string }) {
  const [count, setCount] = useState(0);
  useEffect(() => {
    const read = () => setCount(localSaveCount());
    read();
    window.addEventListener("storage", read);
    return () => window.removeEventListener("storage", read);
  }, []);
  if (!count) return null;
  return (
    <Suspense fallback={null}>
      <SavedToolsPrompt key={userId} count={count} />
    </Suspense>
  );
}
