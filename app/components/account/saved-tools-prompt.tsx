import { useState } from "react";
import { discardLocalSavedTools, mergeLocalSavedTools } from "~/lib/saved-tools";
import { buttonClass, cardClassOf } from "../ui-classes";

/** Asks the member whether the tools this browser saved while signed out belong in their account. */
export function SavedToolsPrompt({ count }: { count: number }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const tools = count === 1 ? "1 tool" : `${count} tools`;
  return (
    <section
      aria-labelledby="saved-tools-prompt-title"
      className={cardClassOf("md", "fixed right-4 bottom-4 left-4 z-50 max-w-md shadow-lg sm:left-auto")}
      data-testid="saved-tools-prompt"
    >
      <h2 id="saved-tools-prompt-title" className="font-semibold">
        Add what you saved while signed out?
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        This browser holds {tools} saved before you signed in. Add them to your account, or discard them from this
        browser.
      </p>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
      <div className="mt-3 flex gap-2">
        <button
          type="button"
          className={buttonClass("primary", "sm")}
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            setError(null);
            const ok = await mergeLocalSavedTools().catch(() => false);
            setBusy(false);
            if (!ok) setError("Your saved tools could not be added. Please try again.");
          }}
        >
          Add to my account
        </button>
        <button
          type="button"
          className={buttonClass("secondary", "sm")}
          disabled={busy}
          onClick={discardLocalSavedTools}
        >
          Discard
        </button>
      </div>
    </section>
  );
}
