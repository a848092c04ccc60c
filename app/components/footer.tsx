import { Link } from "react-router";

const columns: { title: string; links: [string, string][] }[] = [
  {
    title: "Tools",
    links: [
      ["All AI tools", "/tools"],
      ["Categories", "/categories"],
      ["Search", "/search"],
      ["Compare", "/compare"],
      ["Deals", "/deals"],
      ["Submit a tool", "/submit-tool"],
    ],
  },
  {
    title: "Community",
    links: [
      ["Community", "/community"],
      ["Blog", "/blog"],
      ["Top lists", "/top-lists"],
      ["Trending", "/trending"],
      ["Corrections", "/corrections"],
      ["Achievements", "/achievements"],
      ["Verified tools", "/community-verified"],
      ["Send feedback", "/feedback"],
      ["Polls", "/polls"],
      ["Beta programs", "/beta"],
      ["Invite friends", "/referrals"],
      ["Affiliate programme", "/affiliate"],
    ],
  },
  {
    title: "Company",
    links: [
      ["About", "/about"],
      ["Pricing", "/pricing"],
      ["Contact", "/contact"],
      ["Support", "/support"],
      ["How we test", "/how-we-test"],
      ["Documentation", "/documentation"],
      ["Privacy", "/privacy"],
      ["Terms", "/terms"],
      ["Cookies", "/cookies"],
      ["Accessibility", "/accessibility"],
      ["Affiliate disclosure", "/affiliate-disclosure"],
    ],
  },
];

const social: [string, string][] = [
  ["GitHub", "https://github.com/toolscape"],
  ["X (Twitter)", "https://x.com/toolscape"],
  ["LinkedIn", "https://www.linkedin.com/company/toolscape"],
];

export function Footer() {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white text-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <Link to="/" className="flex items-center gap-2 text-lg font-bold">
            <img src="/favicon.svg" alt="" width={24} height={24} />
            Toolscape
          </Link>
          <p className="mt-3 text-slate-600 dark:text-slate-400">
            Find the right AI tool fast: search, filter and compare.
          </p>
          <p className="mt-3 text-slate-600 dark:text-slate-400">
            Support:{" "}
            <a href="mailto:support@toolscape.dev" className="underline">
              support@toolscape.dev
            </a>
          </p>
          <ul className="mt-3 flex gap-3" aria-label="Social links">
            {social.map(([label, href]) => (
              <li key={href}>
                <a
                  href={href}
                  rel="noopener noreferrer"
                  className="text-slate-600 underline-offset-2 hover:underline dark:text-slate-400"
                >
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </div>
        {columns.map((col) => (
          <nav key={col.title} aria-label={col.title}>
            <h2 className="font-semibold text-slate-900 dark:text-white">{col.title}</h2>
            <ul className="mt-3 space-y-2">
              {col.links.map(([label, href]) => (
                <li key={href}>
                  <Link
                    to={href}
                    className="text-slate-600 hover:text-slate-950 dark:text-slate-400 dark:hover:text-white"
                  >
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-200 py-6 dark:border-slate-800">
        <p className="mx-auto max-w-6xl px-4 text-slate-500 dark:text-slate-400">
          © {new Date().getFullYear()} Toolscape. Catalogue data from openly licensed datasets — see the{" "}
          <a href="https://github.com/tioraicom/ai-tools-dataset" rel="noopener noreferrer" className="underline">
            TiorAI AI Tools Dataset (CC BY 4.0)
          </a>{" "}
          and the other credited sources.
        </p>
      </div>
    </footer>
  );
}
