import { useId } from "react";
import { Link } from "react-router";
import { useToast } from "~/components/toast";
import { buttonClass, cardClass, controlClass } from "~/components/ui-classes";
import { useHydrated } from "~/lib/use-hydrated";

/** A read-only value (link, code) with a Copy button once JavaScript runs; selectable text without it. */
export function CopyField({ label, value }: { label: string; value: string }) {
  const id = useId();
  const hydrated = useHydrated();
  const toast = useToast();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          readOnly
          value={value}
          onFocus={(e) => e.currentTarget.select()}
          className={controlClass(undefined, "min-w-0 bg-slate-50 font-mono text-sm dark:bg-slate-950")}
        />
        {hydrated ? (
          <button
            type="button"
            aria-label={`Copy ${label.toLowerCase()}`}
            onClick={async () => {
              try {
                await navigator.clipboard.writeText(value);
                toast("Link copied to clipboard!", "success");
              } catch {
                toast("Copy failed: select the text and copy it", "error");
              }
            }}
            className={buttonClass("secondary", "md", "shrink-0 text-sm")}
          >
            Copy
          </button>
        ) : null}
      </div>
    </div>
  );
}

export function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className={cardClass}>
      <p className="text-sm text-slate-600 dark:text-slate-400">{label}</p>
      <p className="mt-1 text-2xl font-bold">{value}</p>
      {hint ? <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{hint}</p> : null}
    </div>
  );
}

export function AffiliateNav({ current }: { current: string }) {
  const links = [
    ["/affiliate", "Programme"],
    ["/affiliate/dashboard", "Dashboard"],
    ["/affiliate/resources", "Resources"],
    ["/affiliate/payments", "Payments"],
  ] as const;
  return (
    <nav aria-label="Affiliate programme" className="mb-6 flex flex-wrap gap-2 text-sm">
      {links.map(([to, label]) => (
        <Link key={to} to={to} aria-current={current === to ? "page" : undefined} className="chip">
          {label}
        </Link>
      ))}
    </nav>
  );
}
