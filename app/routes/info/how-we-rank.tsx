import { H2, InfoPage } from "~/components/info-page";
import { Table } from "~/components/ui";
import {
  CATEGORY_QUERY,
  POPULARITY_WEIGHTS,
  QUALITY_WEIGHTS,
  RANK_ALL_UP_TO,
  RATING_PRIOR_DEFAULT,
  RATING_PRIOR_WEIGHT,
  REVIEW_GATE,
  SEARCH_WEIGHTS,
} from "~/lib/catalog.server";
import { ATTACK_HEADERS, ATTACK_LIMITS, attackRows, BURST_RULES, TRUST_RULES } from "~/lib/community.server";
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
    quality: QUALITY_WEIGHTS,
    category: CATEGORY_QUERY,
    rankAllUpTo: RANK_ALL_UP_TO,
    rating: { weight: RATING_PRIOR_WEIGHT, defaultPrior: RATING_PRIOR_DEFAULT },
    gate: REVIEW_GATE,
    gone: { days: GONE_FAILURE_DAYS, spanDays: Math.round(GONE_SPAN_MS / 86_400_000) },
    trust: TRUST_RULES,
    burst: BURST_RULES,
    attack: {
      limits: ATTACK_LIMITS,
      headers: ATTACK_HEADERS,
      rows: attackRows().map((row) => row.map((cell, i) => ({ column: ATTACK_HEADERS[i] ?? "", cell }))),
    },
  };
}

const code = "rounded bg-slate-100 px-1 font-mono text-sm dark:bg-slate-800";

export default function HowWeRank({ loaderData }: Route.ComponentProps) {
  const {
    search: w,
    popularity: p,
    quality: q,
    category: c,
    rankAllUpTo,
    rating,
    gate,
    gone,
    trust,
    burst,
    attack,
  } = loaderData;
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
      <H2 id="default-order">The catalogue's default order: best first</H2>
      <p>
        Without a search, /tools and every category page list the tools we can tell you most about first. Each tool gets
        a quality score from three things, recomputed every few hours:
      </p>
      <ul className="list-disc pl-6" data-testid="quality-weights">
        <li>
          <strong>Prominence</strong> no maker can buy: {q.prominence.featured} if our editors featured it,{" "}
          {q.prominence.perListingLog} × ln(1 + n) for the n independent curated lists that carry it,{" "}
          {q.prominence.perClickLog} × ln(1 + visits to its site) and {q.prominence.perReviewLog} × ln(1 + counted
          reviews).
        </li>
        <li>
          <strong>Completeness</strong>, what you will find on its page: a logo ({q.completeness.logo}), a one-line
          description ({q.completeness.description}), a longer description ({q.completeness.fullDescription}), a known
          price model ({q.completeness.pricingKnown}), a feature list ({q.completeness.features}) and our editors'
          summary ({q.completeness.editorialSummary}).
        </li>
        <li>
          <strong>Freshness</strong>: {q.freshness.recent} if its facts were checked or changed in the last 90 days,{" "}
          {q.freshness.thisYear} within the year.
        </li>
      </ul>
      <p>
        Our quality pass looks for listings that are not AI tools (a streaming site, a bare web address with nothing
        about AI, a password manager whose name, description and tags never mention AI), names the tool's own site
        spells otherwise, and descriptions that are only a page title. It proposes them to our editors — nothing is
        removed without one — and until an editor decides, a listing proposed for retirement loses{" "}
        {q.penalty.retireProposal} points and one with another open proposal {q.penalty.otherProposal}. Names that start
        with a digit ('008', '01') lose {q.penalty.digitsFirst}, so they never lead a page by their spelling alone. Ties
        go to the name, A to Z. Ask the API why a tool is where it is:{" "}
        <code className={code}>GET /api/tools?explain=1</code>.
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
        Here "average" and "reviews" are <strong>weighted</strong> by what we know about each reviewer (below), and the
        mean is the weighted mean of the catalogue. So one 5-star review cannot put a tool above a tool with many good
        reviews. Cards show the weighted average with the number of counted reviews, and a tool's page shows how many
        reviews gave each number of stars. Tools without a counted review come after rated tools, in both directions.
      </p>
      <H2 id="trust">How much a review weighs</H2>
      <ul className="list-disc pl-6" data-testid="trust-rules">
        <li>
          A reviewer with a <strong>track record</strong> — an account at least {trust.trackRecordMinAgeDays} days old
          with a correction or a tool submission our editors accepted — weighs 1.
        </li>
        <li>
          A reviewer without one weighs {trust.unprovenBase}, plus up to {trust.unprovenAgePart} more as the account
          ages ({trust.unprovenAgeFullMonths} months for all of it). All of a tool's reviewers without a track record{" "}
          <strong>together weigh at most {trust.unprovenCap}</strong> — a crowd of unknown accounts, however large,
          counts for less than one trusted reviewer.
        </li>
        <li>
          A review's weight halves every {trust.halfLifeMonths} months of its age, never below {trust.recencyFloor} of
          it: what people say now matters more.
        </li>
        <li>
          A verified maker of a tool, or someone whose e-mail address is at the tool's own domain, cannot review it
          (they can reply instead).
        </li>
        <li>
          Each review says what it rests on: a verified e-mail, how long the account has existed, a track record, and
          "uses it at work" — which the reviewer declares and we cannot check, so it is labelled self-declared and
          weighs nothing.
        </li>
      </ul>
      <H2 id="holds">Reviews held for a moderator</H2>
      <p>
        When {burst.minReviews} or more reviews of one tool arrive within {burst.windowHours} hours from accounts
        without a track record, and that is at least {burst.rise} times the tool's usual pace over the{" "}
        {burst.baselineDays} days before, every one of them waits for a moderator, who sees why. So does a review from
        an account that signed in from the same public address as another reviewer of the same tool. A held review does
        not count and is not shown until a moderator keeps it.
      </p>
      <H2 id="attack">The attack we resist, measured</H2>
      <p>
        On every build a test seeds a category of 24 tools with honest reviews, then N fake accounts — a year old, with
        verified e-mail addresses — give an obscure tool 5 stars and the category's leader 1 star. The figures below are
        that test's, not typed in; it fails if the target climbs more than {attack.limits.maxRankGain} places, if it
        reaches Featured, trending or the home page, or if the leader's rating drops more than{" "}
        {attack.limits.maxRivalDrop} stars.
      </p>
      <Table data-testid="attack-table">
        <thead>
          <tr>
            {attack.headers.map((h) => (
              <th key={h} scope="col" className="px-3 py-2">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {attack.rows.map((row) => (
            <tr key={row.map((c) => c.cell).join("|")} className="border-t border-slate-200 dark:border-slate-700">
              {row.map(({ column, cell }) => (
                <td key={column} className="px-3 py-2">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
      <p>
        What this does not stop: reviews written by a language model read like anyone's, and we do not claim to detect
        them; a ring whose accounts each earn a track record first (an accepted correction per account) weighs as much
        as real members; and a tool whose only reviewers have no track record can be pulled down by a ring paced under
        the burst rule, since the ring and the honest reviewers share the same capped weight.
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
