import { useEffect, useState } from "react";
import { inLocalList, type SavedKind, setInLocalList, TOGGLE_MESSAGES } from "~/lib/saved-tools";
import { useHydrated } from "~/lib/use-hydrated";
import { useToast } from "../toast";
import { MemberToggle } from "./member-toggle";
import { KINDS, ToggleButton, type ToolRef } from "./toggle-button";

export type { ToggleResult } from "./toggle-button";

/**
 * Visitors: kept in this browser (local storage), merged into the account when they sign in.
 * Without JavaScript the form posts to the server, which asks them to sign in.
 */
function LocalToggle({ kind, tool }: { kind: SavedKind; tool: ToolRef }) {
  const hydrated = useHydrated();
  const toast = useToast();
  const [pressed, setPressed] = useState(false);
  useEffect(() => {
    const read = () => setPressed(inLocalList(kind, tool));
    read();
    window.addEventListener("storage", read);
    return () => window.removeEventListener("storage", read);
  }, [kind, tool]);
  return (
    <form
      method="post"
      action={`/tools/${tool.slug}`}
      onSubmit={(event) => {
        if (!hydrated) return;
        event.preventDefault();
        const next = !pressed;
        setInLocalList(kind, tool, next);
        setPressed(next);
        toast(TOGGLE_MESSAGES[kind][next ? "on" : "off"], "success");
      }}
    >
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="on" value={pressed ? "0" : "1"} />
      <ToggleButton kind={kind} pressed={pressed} tool={tool} />
    </form>
  );
}

/**
 * Save-tool and favourite toggles: the account's lists for members, this browser's for visitors.
 * On a member's shared page (ADR 0032, `member` without `state`) the toggles are the member's forms
 * from the first paint, not pressed until the personal request says otherwise: without JavaScript
 * they post to the page's action, which saves to the account and answers with the member's page.
 */
export function SaveToggles({
  tool,
  state,
  member = false,
}: {
  tool: ToolRef;
  state: Record<SavedKind, boolean> | null;
  member?: boolean;
}) {
  return (
    <div className="flex flex-wrap gap-2" data-testid="save-toggles">
      {KINDS.map(({ kind }) =>
        state || member ? (
          <MemberToggle key={kind} kind={kind} pressed={state?.[kind] ?? false} tool={tool} />
        ) : (
          <LocalToggle key={kind} kind={kind} tool={tool} />
        ),
      )}
    </div>
  );
}
