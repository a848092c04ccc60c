import { useToast } from "~/components/toast";
import { buttonClass } from "~/components/ui-classes";
import { useHydrated } from "~/lib/compare";

/** Copies the page's canonical address; shown only once JavaScript runs (it needs the clipboard). */
export function ShareButton({ url }: { url: string }) {
  const hydrated = useHydrated();
  const toast = useToast();
  if (!hydrated) return null;
  return (
    <button
      type="button"
      onClick={() => {
        navigator.clipboard
          .writeText(url)
          .then(() => toast("Link copied to clipboard", "success"))
          .catch(() => window.prompt("Copy this link to share the comparison:", url));
      }}
      className={buttonClass("secondary", "md", "gap-1.5 px-3 text-sm")}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="16"
        height="16"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
      </svg>
      Share
    </button>
  );
}
