import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { Field, Input } from "~/components/ui";

export type ToolPickerProps = {
  /** The input's id (its label, listbox and options derive theirs from it). */
  id: string;
  /** The form field; the server resolves its text with pickTool (catalog module). */
  name?: string;
  label?: string;
  defaultValue?: string;
  error?: string;
  className?: string;
};

type Option = { slug: string; name: string; category: string | null };

const MIN_CHARS = 2;
const DEBOUNCE_MS = 150;
const SHOWN = 8;

/**
 * The tool picker (issue 21), loaded after the page (tool-picker.tsx splits it out). The server
 * renders a plain text input that takes a name or a slug; once this code runs, the same input becomes
 * a WAI-ARIA combobox: typing asks /api/tools?q= (the catalogue search, typos forgiven), ↓/↑ move
 * through the options, Enter takes one (its slug fills the input), Escape closes the list.
 */
export function ToolCombobox({ id, name = "tool", label = "Tool", defaultValue, error, className }: ToolPickerProps) {
  // false on the server and while hydrating, so the first render matches the plain input the server sent.
  const [enhanced, setEnhanced] = useState(false);
  const [options, setOptions] = useState<Option[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState("");
  const [chosen, setChosen] = useState<Option | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(0);
  useEffect(() => {
    setEnhanced(true);
    return () => clearTimeout(timer.current);
  }, []);

  const listId = `${id}-listbox`;
  const optionId = (i: number) => `${id}-option-${i}`;
  const input = () => document.getElementById(id) as HTMLInputElement | null;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const search = (text: string) => {
    clearTimeout(timer.current);
    setChosen(null);
    const q = text.trim();
    if (q.length < MIN_CHARS) {
      latest.current++;
      setOptions([]);
      close();
      return;
    }
    timer.current = setTimeout(async () => {
      const ask = ++latest.current;
      try {
        const res = await fetch(`/api/tools?${new URLSearchParams({ q, limit: String(SHOWN) })}`, {
          headers: { Accept: "application/json" },
        });
        const body = (await res.json()) as { tools?: Option[] };
        if (ask !== latest.current) return; // a later keystroke's answer wins
        const found = (body.tools ?? []).map((t) => ({ slug: t.slug, name: t.name, category: t.category }));
        setOptions(found);
        setActive(-1);
        setOpen(found.length > 0);
        setStatus(
          found.length
            ? `${found.length} ${found.length === 1 ? "tool" : "tools"} found; use the arrow keys to choose`
            : "No published tool found",
        );
      } catch {
        if (ask === latest.current) close();
      }
    }, DEBOUNCE_MS);
  };

  const choose = (o: Option) => {
    const el = input();
    if (el) el.value = o.slug;
    setChosen(o);
    setStatus(`${o.name} chosen`);
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const n = options.length;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!n) return;
      event.preventDefault();
      const down = event.key === "ArrowDown";
      setOpen(true);
      setActive((i) => (!open || i < 0 ? (down ? 0 : n - 1) : (i + (down ? 1 : n - 1)) % n));
    } else if (event.key === "Enter") {
      const o = open && active >= 0 ? options[active] : undefined;
      if (o) {
        event.preventDefault(); // take the option, do not submit the form
        choose(o);
      }
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      close();
    }
  };

  const control = enhanced ? (
    <Input
      name={name}
      defaultValue={defaultValue}
      autoComplete="off"
      placeholder="Name or slug, e.g. Midjourney"
      role="combobox"
      aria-autocomplete="list"
      aria-expanded={open}
      aria-controls={listId}
      aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
      onInput={(e) => search(e.currentTarget.value)}
      onKeyDown={onKeyDown}
      onBlur={close}
    />
  ) : (
    <Input name={name} defaultValue={defaultValue} placeholder="Name or slug, e.g. Midjourney" />
  );

  return (
    <div className={`relative ${className ?? ""}`}>
      <Field id={id} label={label} error={error}>
        {control}
      </Field>
      {enhanced ? (
        <>
          <div
            id={listId}
            role="listbox"
            aria-label={`${label}: matching tools`}
            hidden={!open}
            className="absolute inset-x-0 z-20 mt-1 max-h-72 overflow-auto rounded-lg border border-slate-200 bg-white py-1 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
          >
            {options.map((o, i) => (
              // biome-ignore lint/a11y/useFocusableInteractive: the combobox pattern: focus stays in the input, which points at the option (aria-activedescendant)
              // biome-ignore lint/a11y/useKeyWithClickEvents: the keys (arrows, Enter) are the input's, see onKeyDown
              <div
                key={o.slug}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                // Keeps the focus in the input, so its blur does not close the list before the click.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(o)}
                className="flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2 hover:bg-slate-100 aria-selected:bg-brand-600 aria-selected:text-white dark:hover:bg-slate-800"
              >
                <span className="font-medium">{o.name}</span>
                <span className="truncate text-xs opacity-75">{o.slug}</span>
              </div>
            ))}
          </div>
          {chosen ? (
            <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
              {chosen.name}
              {chosen.category ? ` · ${chosen.category}` : ""}
            </p>
          ) : null}
          <p aria-live="polite" className="sr-only">
            {status}
          </p>
        </>
      ) : null}
    </div>
  );
}
