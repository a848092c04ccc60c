import { Form, Link } from "react-router";
import { FormAlert } from "~/components/account/form-parts";
import { CheckIcon, LockIcon } from "~/components/account/icons";
import { initials } from "~/lib/format";
import { TIER_LABELS } from "~/lib/tiers";
import type { loader } from "~/routes/account/dashboard/overview";
import { type Answer, card, primary, secondary } from "./styles";

/** "Standard lifts the 10-a-day limit on tool pages, compares up to 5 tools and keeps 3 saved searches — for $2.99 a month." */
function standardNudge(s: {
  freeDaily: number | null;
  compare: number;
  searches: number | null;
  price: string;
  periodDays: number;
}): string {
  const daily = s.freeDaily === null ? "" : `lifts the ${s.freeDaily}-a-day limit on tool pages, `;
  const searches = s.searches === null ? "keeps any number of saved searches" : `keeps ${s.searches} saved searches`;
  const period = s.periodDays === 30 ? "a month" : `every ${s.periodDays} days`;
  return `Standard ${daily}compares up to ${s.compare} tools and ${searches} — for ${s.price} ${period}.`;
}

// One formatter for the module: toLocaleDateString with options builds a new one on every call.
const DAY = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

function formatDay(day: string): string {
  return DAY.format(new Date(`${day}T00:00:00Z`));
}

/** The overview's markup (a static island on first load: see SectionIsland). */
export function OverviewBody({ answer, ...d }: Awaited<ReturnType<typeof loader>> & { answer: Answer }) {
  const p = d.profile;
  const usageText =
    d.usage.limit === null ? `${d.usage.today} today · unlimited` : `${d.usage.today} of ${d.usage.limit} today`;
  return (
    <>
      {answer?.ok && answer.message ? <FormAlert tone="success">{answer.message}</FormAlert> : null}
      {answer && !answer.ok ? <FormAlert>{answer.error}</FormAlert> : null}

      {d.standard ? (
        <section
          aria-labelledby="upgrade-nudge"
          className="flex flex-col gap-3 rounded-2xl bg-gradient-to-r from-brand-600 to-brand-900 p-5 text-white sm:flex-row sm:items-center sm:justify-between"
        >
          <div>
            <h2 id="upgrade-nudge" className="text-lg font-semibold">
              Get more from Toolscape
            </h2>
            <p className="text-sm text-brand-100">{standardNudge(d.standard)}</p>
          </div>
          <Link
            to="/pricing"
            className="shrink-0 rounded-lg bg-white px-4 py-2 font-semibold text-brand-900 hover:bg-brand-50"
          >
            See plans
          </Link>
        </section>
      ) : null}

      <div className="grid gap-6 xl:grid-cols-5">
        <section aria-labelledby="profile-heading" className={`${card} xl:col-span-2`}>
          <h2 id="profile-heading" className="text-lg font-semibold">
            Profile
          </h2>
          <div className="mt-4 flex items-start gap-4">
            {p.image ? (
              <img src={p.image} alt="" width={64} height={64} className="h-16 w-16 rounded-full object-cover" />
            ) : (
              <span
                aria-hidden="true"
                className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xl font-bold text-brand-900 dark:bg-brand-900 dark:text-brand-100"
              >
                {initials(p.name)}
              </span>
            )}
            <div className="min-w-0">
              <p className="font-semibold">{p.name}</p>
              {p.username ? <p className="text-sm text-slate-600 dark:text-slate-400">@{p.username}</p> : null}
              <p className="mt-2 flex flex-wrap gap-x-3 text-sm">
                <Link to="/dashboard/profile" className="text-brand-700 underline dark:text-brand-100">
                  Edit Profile
                </Link>
                <Link to={`/user/${p.id}`} className="text-brand-700 underline dark:text-brand-100">
                  View public profile
                </Link>
              </p>
            </div>
          </div>
        </section>

        <section aria-labelledby="today-heading" className={`${card} xl:col-span-3`}>
          <h2 id="today-heading" className="text-lg font-semibold">
            Your plan today
          </h2>
          <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
            <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800">
              <dt className="text-slate-600 dark:text-slate-400">Tier</dt>
              <dd className="font-semibold">{TIER_LABELS[p.tier]}</dd>
            </div>
            <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800">
              <dt className="text-slate-600 dark:text-slate-400">Daily usage</dt>
              <dd className="font-semibold" data-testid="daily-usage">
                {usageText}
              </dd>
            </div>
            <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800">
              <dt className="text-slate-600 dark:text-slate-400">Last reset</dt>
              <dd className="font-semibold">{formatDay(p.lastReset)} (00:00 UTC)</dd>
            </div>
            <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800">
              <dt className="text-slate-600 dark:text-slate-400">Support level</dt>
              <dd className="font-semibold">{d.supportLevel}</dd>
            </div>
          </dl>
          <p className="mt-3 text-sm">
            <Link to="/dashboard/billing" className="text-brand-700 underline dark:text-brand-100">
              Billing and invoices
            </Link>
          </p>
        </section>
      </div>

      <section aria-labelledby="searches-heading" className={card}>
        <div className="flex items-baseline justify-between gap-2">
          <h2 id="searches-heading" className="text-lg font-semibold">
            Saved searches
          </h2>
          {d.allowance.limit !== 0 ? (
            <span className="text-sm text-slate-600 dark:text-slate-400">
              {d.allowance.limit === null
                ? `${d.allowance.used} saved`
                : `${d.allowance.used} of ${d.allowance.limit} used`}
            </span>
          ) : null}
        </div>
        {d.allowance.limit === 0 && !d.savedSearches.length ? (
          <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
            {d.gated.savedSearch}{" "}
            <Link to="/pricing" className="font-medium text-brand-700 underline dark:text-brand-100">
              Upgrade
            </Link>
          </p>
        ) : d.savedSearches.length ? (
          <ul className="mt-3 divide-y divide-slate-100 dark:divide-slate-800">
            {d.savedSearches.map((s) => (
              <li key={s.id} className="flex items-center justify-between gap-3 py-2">
                <Link to={s.url} className="min-w-0 truncate font-medium text-brand-700 underline dark:text-brand-100">
                  {s.name}
                </Link>
                <Form method="post">
                  <input type="hidden" name="intent" value="delete-search" />
                  <input type="hidden" name="id" value={s.id} />
                  <button type="submit" className="text-sm text-red-700 underline dark:text-red-300">
                    Delete<span className="sr-only"> saved search {s.name}</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
            No saved searches yet. Search for tools, then choose Save Search to keep the search here.
          </p>
        )}
      </section>

      <section aria-labelledby="saved-tools-heading" className={card}>
        <h2 id="saved-tools-heading" className="text-lg font-semibold">
          Saved tools and favorites
        </h2>
        {d.savedTools.length ? (
          <ul className="mt-3 divide-y divide-slate-100 dark:divide-slate-800">
            {d.savedTools.map((t) => (
              <li key={`${t.kind}-${t.id}`} className="flex items-center justify-between gap-3 py-2">
                <span className="min-w-0 truncate">
                  <Link to={`/tools/${t.slug}`} className="font-medium text-brand-700 underline dark:text-brand-100">
                    {t.name}
                  </Link>{" "}
                  <span className="text-xs text-slate-600 dark:text-slate-400">
                    {t.kind === "favorite" ? "★ Favorite" : "Saved"}
                  </span>
                </span>
                <Form method="post">
                  <input type="hidden" name="intent" value="remove-tool" />
                  <input type="hidden" name="toolId" value={t.id} />
                  <input type="hidden" name="kind" value={t.kind} />
                  <button type="submit" className="text-sm text-red-700 underline dark:text-red-300">
                    Remove<span className="sr-only"> {t.name}</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
            Nothing saved yet. Tools you save or mark as favorite appear here, on every device.
          </p>
        )}
      </section>

      <section aria-labelledby="features-heading" className={card}>
        <h2 id="features-heading" className="text-lg font-semibold">
          Your features
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">What the {TIER_LABELS[p.tier]} plan includes.</p>
        <ul className="mt-4 grid gap-x-8 text-sm sm:grid-cols-2 lg:grid-cols-3">
          {[...d.features]
            .sort((a, b) => Number(b.included) - Number(a.included))
            .map((f) => (
              <li
                key={f.key}
                className="flex items-center justify-between gap-3 border-b border-slate-100 py-2 dark:border-slate-800"
              >
                <span className="flex items-center gap-2">
                  <span
                    className={
                      f.included ? "text-emerald-700 dark:text-emerald-400" : "text-slate-500 dark:text-slate-400"
                    }
                  >
                    {f.included ? <CheckIcon /> : <LockIcon />}
                  </span>
                  <span className={f.included ? "" : "text-slate-600 dark:text-slate-400"}>{f.label}</span>
                </span>
                <span className="text-right text-slate-700 dark:text-slate-300">
                  {f.included ? (
                    f.value === "Included" ? (
                      <span className="sr-only">Included</span>
                    ) : (
                      f.value
                    )
                  ) : f.from ? (
                    <Link to="/pricing" className="text-brand-700 underline dark:text-brand-100">
                      {TIER_LABELS[f.from]}
                      <span className="sr-only"> plan required</span>
                    </Link>
                  ) : (
                    "—"
                  )}
                </span>
              </li>
            ))}
        </ul>
      </section>

      <section aria-labelledby="settings-heading" className={card}>
        <h2 id="settings-heading" className="text-lg font-semibold">
          Appearance
        </h2>
        <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="font-medium">Dark mode</p>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {d.canDarkMode ? "Use the dark theme on every device you sign in on." : d.gated.darkMode}
            </p>
          </div>
          {d.canDarkMode ? (
            <Form method="post">
              <input type="hidden" name="intent" value="dark-mode" />
              <input type="hidden" name="darkMode" value={p.darkMode ? "off" : "on"} />
              <button type="submit" className={secondary} aria-pressed={p.darkMode}>
                {p.darkMode ? "Turn dark mode off" : "Turn dark mode on"}
              </button>
            </Form>
          ) : (
            <div className="flex items-center gap-2">
              <button type="button" disabled className={`${secondary} cursor-not-allowed opacity-60`}>
                <LockIcon />
                &nbsp;Dark mode
              </button>
              <Link to="/pricing" className={primary}>
                Upgrade
              </Link>
            </div>
          )}
        </div>
      </section>
    </>
  );
}
