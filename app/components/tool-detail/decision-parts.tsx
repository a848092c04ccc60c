/**
 * "Before you buy" (issue 33 item 5): the decision facts a source states — API, licence and its class,
 * self-hosting, and the data-use card — each with the source's words, the page and the day they were read,
 * or "Not stated". A static island (no code in the page's first load); nothing here is estimated.
 */
type Stated<T> = { value: T; quote: string; url: string; date: string } | null;
export type DecisionFacts = {
  has_api: Stated<boolean>;
  licence: (NonNullable<Stated<string>> & { name: string; class: string | null }) | null;
  self_hostable: Stated<boolean>;
  data_use: {
    trains_on_data: Stated<"yes" | "no" | "opt_in">;
    retention: Stated<string>;
    opt_out: Stated<boolean>;
    hosted_in: Stated<string>;
  };
};

const CLASS_LABEL: Record<string, string> = {
  open_source: "open source (OSI)",
  source_available: "source-available",
  proprietary: "proprietary",
};
const TRAINS: Record<string, string> = { yes: "Yes", no: "No", opt_in: "Only if you opt in" };
const yes = (v: boolean) => (v ? "Yes" : "No");

function Row<T>({ label, fact, show }: { label: string; fact: Stated<T>; show: (v: T) => string }) {
  return (
    <div className="py-2 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="font-medium">{label}</dt>
      <dd className="sm:col-span-2">
        {fact ? (
          <>
            {show(fact.value)}
            <span className="block text-xs text-slate-600 dark:text-slate-400">
              “{fact.quote}” —{" "}
              <a href={fact.url} rel="nofollow noopener" className="underline">
                source
              </a>
              , read {fact.date}
            </span>
          </>
        ) : (
          <span className="text-slate-600 dark:text-slate-400">Not stated</span>
        )}
      </dd>
    </div>
  );
}

export function DecisionCard({ decision }: { decision: DecisionFacts }) {
  const d = decision.data_use;
  const known = [decision.has_api, decision.licence, decision.self_hostable, ...Object.values(d)].some(Boolean);
  if (!known)
    return (
      <section aria-labelledby="decision-title" className="mt-8">
        <h2 id="decision-title" className="text-lg font-semibold">
          Before you buy
        </h2>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          No source we have read states its API, licence, self-hosting or data use yet: Not stated.
        </p>
      </section>
    );
  return (
    <section aria-labelledby="decision-title" className="mt-8">
      <h2 id="decision-title" className="text-lg font-semibold">
        Before you buy
      </h2>
      <dl className="mt-2 divide-y divide-slate-200 text-sm dark:divide-slate-700">
        <Row label="API" fact={decision.has_api} show={yes} />
        <Row
          label="Licence"
          fact={decision.licence}
          show={() => {
            const l = decision.licence;
            return l ? `${l.name}${l.class ? ` — ${CLASS_LABEL[l.class] ?? l.class}` : ""}` : "";
          }}
        />
        <Row label="Self-hostable" fact={decision.self_hostable} show={yes} />
        <Row label="Trains on your data" fact={d.trains_on_data} show={(v) => TRAINS[v] ?? v} />
        <Row label="Data retention" fact={d.retention} show={(v) => v} />
        <Row label="Can opt out of training" fact={d.opt_out} show={yes} />
        <Row label="Data hosted in" fact={d.hosted_in} show={(v) => v} />
      </dl>
    </section>
  );
}
