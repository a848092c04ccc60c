import { H2, InfoPage } from "~/components/info-page";
import {
  CATEGORY_QUERY,
  POPULARITY_WEIGHTS,
  RANK_ALL_UP_TO,
  RATING_PRIOR_DEFAULT,
  RATING_PRIOR_WEIGHT,
  REVIEW_GATE,
  SEARCH_WEIGHTS,
} from "~/lib/catalog.server";
import { GONE_FAILURE_DAYS, GONE_SPAN_MS } from "~/lib/linkcheck.server";
import type { Route } from "./+types/how-we-rank";

export function meta() {
  return [
    { title: "How We Rank | Toolscape" },
    {
      name: "description",
      content:
        "The formula behind search results and rating sorts: name matches, text rank, intent phrases, a small popularity prior, Bayesian ratings. No paid placement.",
    },
  ];
}

/** The figures come from the code that orders the lists (server/modules/catalog/ranking.ts), never typed here. */
export async function loader() {
  return {
    search: SEARCH_WEIGHTS,
    popularity: POPULARITY_WEIGHTS,
    category: CATEGORY_QUERY,
    rankAllUpTo: RANK_ALL_UP_TO,
    rating: { weight: RATING_PRIOR_WEIGHT, defaultPrior: RATING_PRIOR_DEFAULT },
    gate: REVIEW_GATE,
    gone: { days: GONE_FAILURE_DAYS, spanDays: Math.round(GONE_SPAN_MS / 86_400_000) },
  };
}

const code = "rounded bg-slate-100 px-1 font-mono text-sm dark:bg-slate-800";

export default function HowWeRank({ loaderData }: Route.ComponentProps) {
  const { search: w, popularity: p, category: c, rankAllUpTo, rating, gate, gone } = loaderData;
  const rows: [string, string][] = [
    ["The name is your search", `${w.exactName} points`],
    ["The name is your search with two letters swapped ('cluade')", `${w.transposedName} points`],
    [
      "The name starts with your search",
      `${w.namePrefix} points + up to ${w.namePrefixCoverage} more, by how much of the name it covers`,
    ],
    ["The name starts with your search, two letters swapped", `${w.transposedPrefix} points`],
    ["Your words in the text (name > tags, category, provider > description)", `${w.textRank} × text rank`],
    [
      "An intent phrase mapped to the catalogue's words ('text to speech' → voice synthesis)",
      `${w.intentRank} × text rank`,
    ],
    ["A close spelling of the name", `${w.nameSimilarity} × trigram similarity`],
    ["The tool is listed under a tag or category your search names ('music generator' → Music)", `${w.facet} points`],
  ];
  return (
    <InfoPage
      title="How We Rank"
      lead="Every order on Toolscape follows a formula you can read here, and every search result can explain itself. No maker can pay for a position."
    >
      <H2 id="search">Search results</H2>
      <p>A search adds up points for each tool and lists the highest first:</p>
      <table className="w-full border-collapse text-left text-sm" data-testid="search-weights">
        <tbody>
          {rows.map(([what, points]) => (
            <tr key={what} className="border-b border-slate-200 align-top dark:border-slate-700">
              <th scope="row" className="py-2 pr-4 font-normal">
                {what}
              </th>
              <td className="py-2 font-semibold">{points}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        Plus a <strong>popularity prior</strong> of at most {p.cap} points: {p.featured} if our editors featured the
        tool, {p.perLog} × ln(1 + n) for each of its outbound visits, counted reviews and saves, {p.perListing} × ln(n)
        for the n independent curated lists our catalogue was built from that carry the tool, and {p.perRatingPoint} ×
        the stars its Bayesian rating stands above the catalogue's mean. It decides between close matches; it can never
        lift a tool past a better name match. Ties go to the better Bayesian rating, then the name.
      </p>
      <p>
        A <strong>category search</strong> — one that names a kind of tool ('text to speech', 'code assistant') — asks
        which tools of that kind people know: the text points count {c.textScale} ×, name similarity not at all, the
        popularity prior {c.priorScale} ×, and a name that only restates the search's words ('AI Music Generator') earns
        no name points. A search matching more than {rankAllUpTo.toLocaleString("en-US")} tools lists the tools named
        like it first, then the catalogue's rating order.
      </p>
      <p>
        Open <em>Why this rank?</em> under any search result to see its points, or ask the API:{" "}
        <code className={code}>GET /api/tools?q=…&amp;explain=1</code>.
      </p>
      <H2 id="ratings">Ratings: a Bayesian average</H2>
      <p>
        Sorting by rating uses a Bayesian average, not the plain one: each tool's reviews plus {rating.weight} imaginary
        reviews at the catalogue's mean rating (the mean of every counted review; {rating.defaultPrior} before there are
        any).
      </p>
      <p className="text-center">
        <code className={code} data-testid="bayes-formula">
          score = (average × reviews + mean × {rating.weight}) / (reviews + {rating.weight})
        </code>
      </p>
      <p>
        So one 5-star review cannot put a tool above a tool with many good reviews. Cards show the plain average with
        its count. Tools without a counted review come after rated tools, in both directions.
      </p>
      <H2 id="reviews">Which reviews count</H2>
      <p>
        A review counts (in the rating, the count, the order and the popularity prior) once its author's account is at
        least {gate.minAccountAgeHours} hours old{gate.emailVerified ? " and their e-mail address is verified" : ""}.
        Until then it waits; a recount picks it up. A review a moderator hid stays hidden if its author edits it or
        deletes and writes it again: it goes back to a moderator.
      </p>
      <H2 id="featured">Featured means chosen by our editors</H2>
      <p>
        The Featured badge is an editorial choice, never a rating threshold and never for sale. Deals and sponsored
        content, where they exist, are labelled and never change an order.
      </p>
      <H2 id="graveyard">Tools that are gone</H2>
      <p>
        A tool whose website fails on at least {gone.days} separate days over at least {gone.spanDays} days leaves the
        listings and search for <a href="/graveyard">the graveyard</a>; it comes back when its site answers again.
      </p>
    </InfoPage>
  );
}
