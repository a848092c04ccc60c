import { useEffect, useState } from "react";
import { buttonClass } from "~/components/ui-classes";
import { useHydrated } from "~/lib/use-hydrated";

/** Copies a link and says 'Link Copied!' for 2 seconds (spec). Without JavaScript, shows the link. */
export function ShareButton({ url, label = "Share" }: { url: string; label?: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  if (!hydrated) {
    // Until the page hydrates, the button's box is kept (invisible), so the header does not reflow
    // when it arrives (issue 36: CLS 0.139 on profiles at 1280 px, when this was the long link
    // itself); without JavaScript the link shows instead.
    return (
      <>
        <noscript>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Share this profile:{" "}
            <a href={url} className="break-all underline">
              {url}
            </a>
          </p>
        </noscript>
        <span aria-hidden="true" className={buttonClass("secondary", "md", "invisible text-sm font-semibold")}>
          {label}
        </span>
      </>
    );
  }
  return (
    <button
      type="button"
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(url);
        } catch {
          // Clipboard blocked (no permission, insecure context): select-and-copy fallback.
          const input = Object.assign(document.createElement("textarea"), { value: url });
          document.body.append(input);
          input.select();
          document.execCommand("copy");
          input.remove();
        }
        setCopied(true);
      }}
      className={buttonClass("secondary", "md", "text-sm font-semibold")}
    >
      <span aria-live="polite">{copied ? "Link Copied!" : label}</span>
    </button>
  );
}
