import { Link } from "react-router";
import { buttonClass } from "~/components/ui-classes";

/** The cookie consent bar's content: the notice and the two choices (spec section 2). */
export function CookieBarContent() {
  return (
    <>
      {/* Room at the page's end as tall as the bar, so nothing stays hidden behind it (issue 36). */}
      <div aria-hidden="true" className="h-40 sm:h-20" />
      <section
        aria-label="Cookie consent"
        className="fixed inset-x-0 bottom-0 z-50 border-t border-slate-200 bg-white p-4 shadow-2xl dark:border-slate-700 dark:bg-slate-900"
      >
        <div className="mx-auto flex max-w-6xl flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            We use essential cookies to run Toolscape and, with your consent, cookies for analytics and personalisation.{" "}
            <Link to="/cookies" className="underline">
              Cookie settings
            </Link>
          </p>
          <div className="shrink-0">
            <form className="flex gap-2" method="post" action="/preferences">
              <input type="hidden" name="intent" value="consent" />
              <button
                type="submit"
                name="consent"
                value="essential"
                className={buttonClass("secondary", "md", "text-sm")}
              >
                Essential only
              </button>
              <button
                type="submit"
                name="consent"
                value="accepted"
                className={buttonClass("primary", "md", "text-sm font-semibold")}
              >
                Accept all
              </button>
            </form>
          </div>
        </div>
      </section>
    </>
  );
}
