import { Link } from "react-router";
import { buttonClass } from "~/components/ui";

/** `/tools/premium-tool-id`: the spec's static upgrade prompt for a premium listing. */
export function meta() {
  return [
    { title: "Premium tool — upgrade to view | Toolscape" },
    { name: "description", content: "This tool is available to Toolscape members on a paid plan." },
    { name: "robots", content: "noindex" },
  ];
}

export default function PremiumTool() {
  return (
    <div className="mx-auto max-w-xl py-16 text-center">
      <p
        aria-hidden="true"
        className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-amber-100 text-2xl text-amber-900"
      >
        ★
      </p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">Premium tool</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-400">
        This tool is available to members on a paid plan. Upgrade your membership to see its full listing.
      </p>
      <Link to="/pricing" className={buttonClass("primary", "md", "mt-6 px-5 py-2.5")}>
        Upgrade Now
      </Link>
      <p className="mt-4 text-sm">
        <Link to="/tools" className="text-brand-700 underline dark:text-indigo-300">
          Browse free tools instead
        </Link>
      </p>
    </div>
  );
}
