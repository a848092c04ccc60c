import type { SavedKind } from "~/lib/saved-tools";

export type ToolRef = { id: string; slug: string; name: string };
export type ToggleResult = { ok: true; kind: SavedKind; on: boolean; message: string } | { ok: false; error: string };

export const KINDS: { kind: SavedKind; label: string; icon: [string, string] }[] = [
  { kind: "saved", label: "Save", icon: ["☆", "★"] },
  { kind: "favorite", label: "Favorite", icon: ["♡", "♥"] },
];

const base =
  "inline-flex items-center gap-1.5 rounded-lg border px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 disabled:opacity-70";
const off =
  "border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800";
const on =
  "border-brand-600 bg-brand-50 text-brand-900 hover:bg-brand-100 dark:border-brand-500 dark:bg-brand-900 dark:text-brand-50 dark:hover:bg-brand-700";

export function ToggleButton({
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
