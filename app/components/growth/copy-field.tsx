import { useId } from "react";
import { Link } from "react-router";
import { useToast } from "~/components/toast";
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
          className="block w-full min-w-0 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100"
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
            className="shrink-0 rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800"
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
    <div className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
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
        <Link
          key={to}
          to={to}
          aria-current={current === to ? "page" : undefined}
          className={`rounded-full px-3 py-1.5 font-medium ${
            current === to
              ? "bg-brand-600 text-white"
              : "border border-slate-300 hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800"
          }`}
        >
          {label}
        </Link>
      ))}
    </nav>
  );
}
