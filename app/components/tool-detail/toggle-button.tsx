import type { SavedKind } from "~/lib/saved-tools";
import { buttonClass } from "../ui-classes";

export type ToolRef = { id: string; slug: string; name: string };
export type ToggleResult = { ok: true; kind: SavedKind; on: boolean; message: string } | { ok: false; error: string };

export const KINDS: { kind: SavedKind; label: string; icon: [string, string] }[] = [
  { kind: "saved", label: "Save", icon: ["☆", "★"] },
  { kind: "favorite", label: "Favorite", icon: ["♡", "♥"] },
];

// A secondary button; aria-pressed tints it when on (app.css).
const CLASS = buttonClass("secondary", "sm", "gap-1.5 px-3 py-1.5 transition-colors disabled:opacity-70");

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
    <button type="submit" aria-pressed={pressed} disabled={busy} data-testid={`toggle-${kind}`} className={CLASS}>
      <span aria-hidden="true">{pressed ? k?.icon[1] : k?.icon[0]}</span>
      {k?.label}
      <span className="sr-only"> {tool.name}</span>
    </button>
  );
}
