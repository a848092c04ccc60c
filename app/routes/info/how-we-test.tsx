import { Link } from "react-router";
import { fmt, H2, InfoPage } from "~/components/info-page";
import { siteFigures } from "~/lib/content.server";
import { FACT_KIND_LABELS } from "~/lib/fact-labels";
import type { Route } from "./+types/how-we-test";

export function meta() {
  return [
    { title: "How We Test | Toolscape" },
    {
      name: "description",
      content:
        "Our five weighted criteria, the five-step hands-on process, re-tests every 90 days, and what is automated.",
    },
  ];
}

/** The spec's testing weights (section 9). */
const CRITERIA: [string, number, string][] = [
  ["Ease of Use", 30, "How quickly a new user gets a good result; clarity of the interface and the docs."],
  ["Feature Completeness", 25, "Whether it does everything its category calls for, and what it promises."],
  ["Performance", 20, "Speed, reliability and quality of output on the same tasks as its peers."],
  ["Value for Money", 15, "What the price buys compared with the alternatives, including the free tier."],
  ["Security & Privacy", 10, "What happens to your data, retention, training use, and account security."],
];

const STEPS: [string, string][] = [
  ["Sign up like a customer", "We use the plan a typical buyer would choose and pay for it like anyone else."],
  ["Use it for real work", "At least 7 days of hands-on use with the tasks the tool is sold for."],
  ["Measure", "Speed, reliability and output quality on the same tasks as other tools in its category."],
  ["Read the fine print", "Pricing, limits, data retention, and what happens to what you upload."],
  ["Score and write up", "Each criterion scored 1 to 5; the overall score is the weighted average, with reasons."],
];

export async function loader({ context }: Route.LoaderArgs) {
  return { tools: (await siteFigures(context.services.db)).tools };
}

export default function HowWeTest({ loaderData }: Route.ComponentProps) {
  return (
    <InfoPage title="How We Test" lead="The same method for every tool, and a maker cannot pay to change it.">
      <H2>Five criteria, weighted</H2>
      <table className="w-full border-collapse text-left text-sm">
        <thead>
          <tr className="border-b border-slate-300 dark:border-slate-600">
            <th className="py-2 pr-4">Criterion</th>
            <th className="py-2 pr-4">Weight</th>
            <th className="py-2">What we look at</th>
          </tr>
        </thead>
        <tbody>
          {CRITERIA.map(([name, weight, text]) => (
            <tr key={name} className="border-b border-slate-200 align-top dark:border-slate-700">
              <th scope="row" className="py-2 pr-4 font-semibold">
                {name}
              </th>
              <td className="py-2 pr-4">
                <span className="font-semibold">{weight}%</span>
                <span aria-hidden="true" className="meter mt-1 block h-2 w-24">
                  <span className="meter-fill block" style={{ width: `${(weight / 30) * 100}%` }} />
                </span>
              </td>
              <td className="py-2">{text}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <H2>The process in five steps</H2>
      <ol className="list-decimal space-y-2 pl-6">
        {STEPS.map(([title, text]) => (
          <li key={title}>
            <strong>{title}.</strong> {text}
          </li>
        ))}
      </ol>
      <H2>Re-testing every 90 days</H2>
      <p>
        AI tools change fast. A tested tool is re-tested every 90 days, and sooner when its pricing or features change.
      </p>
      <H2>What is automated today, and what is not</H2>
      <p>
        We would rather tell you than let you assume. Of the {fmt(loaderData.tools)} tools in the catalogue, most come
        from openly licensed public datasets and have <strong>not</strong> been through the hands-on process above. What
        runs automatically for every tool is what a machine can check fairly: whether its website still answers, and
        when its listed facts last changed. Hands-on scores are given by people; where there is none, we show none
        rather than an invented one.
      </p>
      <H2 id="provenance">Where every fact comes from</H2>
      <p>
        Each fact on a tool page (its description, category, pricing, price, provider, website, logo, features) carries
        its source and its date: when it was observed, and when a person last verified it. The page says so under "Where
        these facts come from", and its History tab lists every change, old and new value, with the oldest entry being
        the import that first brought the tool. The same data is in our API (<code>provenance</code> on{" "}
        <code>/api/tools/&#123;slug&#125;</code>, and <code>/api/tools/&#123;slug&#125;/history</code>). A fact has one
        of six kinds of source:
      </p>
      <dl className="space-y-3" data-testid="provenance-kinds">
        {Object.entries(FACT_KIND_LABELS).map(([kind, label]) => (
          <div key={kind}>
            <dt className="font-semibold">
              {label.title} <code className="text-xs font-normal text-slate-600 dark:text-slate-400">({kind})</code>
            </dt>
            <dd>{label.explain}</dd>
          </div>
        ))}
      </dl>
      <p>
        Members who saved a tool can ask for an e-mail when its pricing or status changes, at once or in a weekly
        round-up (Standard and Expert plans).
      </p>
      <p>
        Members help too: reviews, and corrections when a price or a link is wrong. See the{" "}
        <Link to="/community" className="underline">
          community
        </Link>
        , or read the longer{" "}
        <Link to="/blog/how-we-test-ai-tools" className="underline">
          post about our method
        </Link>
        .
      </p>
    </InfoPage>
  );
}
