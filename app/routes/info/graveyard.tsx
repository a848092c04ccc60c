import { H2, InfoPage } from "~/components/info-page";
import { GONE_FAILURE_DAYS, GONE_SPAN_MS, listGraveyard } from "~/lib/linkcheck.server";
import type { Route } from "./+types/graveyard";

export function meta() {
  return [
    { title: "The Graveyard: AI tools that are gone | Toolscape" },
    {
      name: "description",
      content:
        "AI tools whose websites stopped answering, with the date they went, instead of dead links in our listings.",
    },
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get("page") ?? "1";
  const page = /^\d{1,5}$/.test(raw) ? Number(raw) : 1;
  const list = await listGraveyard(context.services.db, page);
  return { ...list, rule: { days: GONE_FAILURE_DAYS, spanDays: Math.round(GONE_SPAN_MS / 86_400_000) } };
}

const date = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" })
    : "—";

export default function Graveyard({ loaderData }: Route.ComponentProps) {
  const { items, total, page, totalPages, rule } = loaderData;
  return (
    <InfoPage
      title="The Graveyard"
      lead={
        total
          ? `AI tools whose websites are gone. Instead of a dead link in our listings, a dated record here: ${total.toLocaleString("en-US")} ${total === 1 ? "tool" : "tools"}.`
          : "AI tools whose websites are gone, kept here as a dated record instead of dead links in our listings."
      }
    >
      <p>
        Our link checker visits every tool's website. A tool moves here when its site fails on at least {rule.days}{" "}
        separate days over at least {rule.spanDays} days (checks made while our own network was down do not count), or
        when an admin confirms that its domain now shows a parked or for-sale page. It leaves our listings and search;
        its page stays and points to alternatives. If the site answers again, the tool comes back by itself.
      </p>
      <H2>Gone tools</H2>
      {items.length ? (
        <ul className="divide-y divide-slate-200 dark:divide-slate-700" data-testid="graveyard">
          {items.map((t) => (
            <li key={t.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-baseline sm:justify-between">
              <div className="min-w-0">
                <a href={`/tools/${t.slug}`} className="font-semibold text-slate-900 underline dark:text-slate-100">
                  {t.name}
                </a>{" "}
                <span className="text-sm text-slate-500 dark:text-slate-400">· {t.category}</span>
                {t.description ? <p className="line-clamp-2 text-sm">{t.description}</p> : null}
              </div>
              <p className="shrink-0 text-sm text-slate-600 sm:text-right dark:text-slate-400">
                Gone since <time dateTime={t.gone_at}>{date(t.gone_at)}</time>
                <br />
                Last answered {t.last_seen_at ? <time dateTime={t.last_seen_at}>{date(t.last_seen_at)}</time> : "—"}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <div
          data-testid="graveyard-empty"
          className="not-prose rounded-2xl border border-emerald-200 bg-emerald-50 p-6 dark:border-emerald-900 dark:bg-emerald-950"
        >
          <p className="text-lg font-semibold text-emerald-950 dark:text-emerald-50">
            Nothing here: every tool is alive
          </p>
          <p className="mt-1 text-sm text-emerald-950 dark:text-emerald-100">
            Every listed tool's website answered our link checker recently. When one stops answering, it will be
            recorded here with the day it went and the alternatives its page points to.
          </p>
          <p className="mt-3 text-sm">
            <a href="/tools" className="font-medium text-emerald-900 underline dark:text-emerald-100">
              Browse the tools that are alive
            </a>
          </p>
        </div>
      )}
      {totalPages > 1 ? (
        <nav aria-label="Pages" className="flex gap-4 pt-2 text-sm">
          {page > 1 ? <a href={`/graveyard?page=${page - 1}`}>← Newer</a> : null}
          <span>
            Page {page} of {totalPages}
          </span>
          {page < totalPages ? <a href={`/graveyard?page=${page + 1}`}>Older →</a> : null}
        </nav>
      ) : null}
    </InfoPage>
  );
}
