import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { SavedKind } from "~/lib/saved-tools";
import { useToast } from "../toast";
import { ToggleButton, type ToggleResult, type ToolRef } from "./toggle-button";

/**
 * Members: a form posted to the tool page's action (a fetcher with JavaScript; a plain post without),
 * so the state is the account's and the button is pressed from the first paint.
 */
export function MemberToggle({ kind, pressed, tool }: { kind: SavedKind; pressed: boolean; tool: ToolRef }) {
  const fetcher = useFetcher<ToggleResult>();
  const toast = useToast();
  const shown = useRef<ToggleResult | null>(null);
  const optimistic = fetcher.formData ? fetcher.formData.get("on") === "1" : pressed;
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || shown.current === result) return;
    shown.current = result;
    // The account is the truth for members: nothing is copied into this browser (issue 31).
    if (result.ok) toast(result.message, "success");
    else toast(result.error, "error");
  }, [fetcher.state, fetcher.data, toast]);
  return (
    <fetcher.Form method="post" action={`/tools/${tool.slug}`}>
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="on" value={optimistic ? "0" : "1"} />
      <ToggleButton kind={kind} pressed={optimistic} tool={tool} />
    </fetcher.Form>
  );
}
