import { Link } from "react-router";
import { Empty } from "~/components/empty-state";

/**
 * The beta page's text: no behaviour of its own, so it is rendered as static islands (ADR 0050's
 * islands, ADR 0055) and this module loads only when the page is rendered in the browser.
 */

const STEPS = [
  [
    "Choose a program",
    "Pick a beta that fits your work. Each card shows its spots, start date and what is asked of you.",
  ],
  ["Apply", "Sign in and tell the provider in a few words why you want to join. One application per program."],
  ["Get access", "Your spot is reserved at once; the provider sends access details before the start date."],
  ["Give feedback", "Use the tool during the program and share what works and what does not."],
] as const;

export function HowItWorks() {
  return (
    <section aria-labelledby="how-it-works" className="mt-12 rounded-xl bg-slate-50 p-6 dark:bg-slate-900">
      <h2 id="how-it-works" className="text-xl font-semibold">
        How it works
      </h2>
      <ol className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {STEPS.map(([title, text], i) => (
          <li key={title}>
            <p className="font-semibold">
              {i + 1}. {title}
            </p>
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{text}</p>
          </li>
        ))}
      </ol>
      <p className="mt-6 text-sm">
        Running a beta for your AI tool?{" "}
        <Link to="/contact" className="font-medium text-brand-700 underline dark:text-brand-100">
          Contact us
        </Link>{" "}
        to list it.
      </p>
    </section>
  );
}

/** No programmes in the chosen category (or none at all). */
export function NoPrograms({ category, label }: { category: string; label: string }) {
  return (
    <div className="mt-8">
      <Empty title="No programs found">
        {category === "all" ? (
          "There are no open beta programs right now. Check back soon."
        ) : (
          <>
            No {label} programs right now.{" "}
            <Link to="/beta" className="font-medium text-brand-700 underline dark:text-brand-100">
              Show all programs
            </Link>
          </>
        )}
      </Empty>
    </div>
  );
}
