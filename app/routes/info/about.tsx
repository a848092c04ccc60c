import { Link } from "react-router";
import { fmt, H2, InfoPage } from "~/components/info-page";
import { buttonClass } from "~/components/ui";
import { siteFigures } from "~/lib/content.server";
import type { Route } from "./+types/about";

export function meta() {
  return [
    { title: "About | Toolscape" },
    { name: "description", content: "Why Toolscape exists, how it is paid for, and what the catalogue holds today." },
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  return { figures: await siteFigures(context.services.db) };
}

export default function About({ loaderData }: Route.ComponentProps) {
  const f = loaderData.figures;
  const stats: [string, number][] = [
    ["AI tools", f.tools],
    ["categories", f.categories],
    ["providers", f.providers],
    ["members", f.members],
  ];
  return (
    <InfoPage title="About Toolscape" lead="Find the right AI tool fast: search, filter and compare, without the hype.">
      <dl className="grid grid-cols-2 gap-4 py-2 sm:grid-cols-4">
        {stats.map(([label, n]) => (
          <div key={label} className="rounded-xl border border-slate-200 p-4 text-center dark:border-slate-700">
            <dt className="text-sm text-slate-500 dark:text-slate-400">{label}</dt>
            <dd className="text-2xl font-bold text-slate-900 dark:text-slate-100">{fmt(n)}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-slate-500 dark:text-slate-400">Counted from the live catalogue and member list.</p>
      <H2>Our mission</H2>
      <p>
        New AI tools appear every week, and most of what is written about them is marketing. Toolscape is a directory
        that tries to be useful instead: every tool has the same kind of page, with what it does, what it costs and a
        link to the maker, so that you can compare like with like.
      </p>
      <H2>What we value</H2>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          <strong>Honest data.</strong> Figures on this site are counted from our database, never typed in. Where we do
          not know something, we say so.
        </li>
        <li>
          <strong>Independence.</strong> Makers cannot pay for a listing, a rating or a position. We are paid by members
          (see{" "}
          <Link to="/pricing" className="underline">
            pricing
          </Link>{" "}
          and the{" "}
          <Link to="/affiliate-disclosure" className="underline">
            affiliate disclosure
          </Link>
          ).
        </li>
        <li>
          <strong>Open sources, credited.</strong> The catalogue started from openly licensed datasets, credited in the
          footer, and grows through reviewed submissions and members' corrections.
        </li>
        <li>
          <strong>Privacy by default.</strong> First-party analytics only, and only with your consent.
        </li>
      </ul>
      <H2>Who we are</H2>
      <p>
        Toolscape is run by a small team of engineers and editors, helped by the members who review tools, report
        corrections and publish lists. Read{" "}
        <Link to="/how-we-test" className="underline">
          how we test
        </Link>
        , join the{" "}
        <Link to="/community" className="underline">
          community
        </Link>
        , or{" "}
        <Link to="/contact" className="underline">
          contact us
        </Link>
        .
      </p>
      <p>
        <Link to="/tools" className={buttonClass("primary", "md", "font-semibold")}>
          Browse {fmt(f.tools)} AI tools
        </Link>
      </p>
    </InfoPage>
  );
}
