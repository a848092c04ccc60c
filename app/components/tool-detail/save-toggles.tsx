import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { inLocalList, type SavedKind, setInLocalList, TOGGLE_MESSAGES } from "~/lib/saved-tools";
import { useHydrated } from "~/lib/use-hydrated";
import { useToast } from "../toast";

type ToolRef = { id: string; slug: string; name: string };
export type ToggleResult = { ok: true; kind: SavedKind; on: boolean; message: string } | { ok: false; error: string };

const KINDS: { kind: SavedKind; label: string; icon: [string, string] }[] = [
  { kind: "saved", label: "Save", icon: ["☆", "★"] },
  { kind: "favorite", label: "Favorite", icon: ["♡", "♥"] },
];

const base =
  "inline-flex items-center gap-1.5 rounded-lg border px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 disabled:opacity-70";
const off =
  "border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800";
const on =
  "border-brand-600 bg-brand-50 text-brand-900 hover:bg-brand-100 dark:border-brand-500 dark:bg-brand-900 dark:text-brand-50 dark:hover:bg-brand-700";

function ToggleButton({
  kind,
  pressed,
  busy,
  tool,
}: {
  kind: SavedKind;
  pressed: boolean;
  busy?: boolean;
  tool: ToolRef;
}) {
  const k = KINDS.find((x) => x.kind === kind) ?? KINDS[0];
  return (
    <button
      type="submit"
      aria-pressed={pressed}
      disabled={busy}
      data-testid={`toggle-${kind}`}
      className={`${base} ${pressed ? on : off}`}
    >
      <span aria-hidden="true">{pressed ? k?.icon[1] : k?.icon[0]}</span>
      {k?.label}
      <span className="sr-only"> {tool.name}</span>
    </button>
  );
}

/**
 * Members: a form posted to the tool page's action (a fetcher with JavaScript; a plain post without),
 * so the state is the account's and the button is pressed from the first paint.
 */
function MemberToggle({ kind, pressed, tool }: { kind: SavedKind; pressed: boolean; tool: ToolRef }) {
  const fetcher = useFetcher<ToggleResult>();
  const toast = useToast();
  const shown = useRef<ToggleResult | null>(null);
  const optimistic = fetcher.formData ? fetcher.formData.get("on") === "1" : pressed;
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || shown.current === result) return;
    shown.current = result;
    if (result.ok) {
      // Local storage mirrors the account (it is merged into the account at sign-in).
      setInLocalList(result.kind, tool, result.on);
      toast(result.message, "success");
    } else toast(result.error, "error");
  }, [fetcher.state, fetcher.data, toast, tool]);
  return (
    <fetcher.Form method="post" action={`/tools/${tool.slug}`}>
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="on" value={optimistic ? "0" : "1"} />
      <ToggleButton kind={kind} pressed={optimistic} tool={tool} />
    </fetcher.Form>
  );
}

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

/** Save-tool and favourite toggles: the account's lists for members, this browser's for visitors. */
export function SaveToggles({ tool, state }: { tool: ToolRef; state: Record<SavedKind, boolean> | null }) {
  return (
    <div className="flex flex-wrap gap-2" data-testid="save-toggles">
      {KINDS.map(({ kind }) =>
        state ? (
          <MemberToggle key={kind} kind={kind} pressed={state[kind]} tool={tool} />
        ) : (
          <LocalToggle key={kind} kind={kind} tool={tool} />
        ),
      )}
    </div>
  );
}
