import { data, Form, Link, useNavigation } from "react-router";
import { ToolLogo } from "~/components/tool-logo";
import { badgeClass, buttonClass, cardClassOf, controlClass } from "~/components/ui-classes";
import { viewerOf } from "~/lib/accounts.server";
import type { BetaCard } from "~/lib/content.server";
import { applyToBeta, BETA_MESSAGES, BetaApplyForm, BetaQuery, listBetaPrograms } from "~/lib/content.server";
import { BETA_CATEGORIES, BETA_CATEGORY_LABELS, BETA_STATUS_LABELS } from "~/lib/content-labels";
import { failureOf } from "~/lib/form-action";
import { formAction, readForm, refuse } from "~/lib/form-action.server";
import { Island } from "~/lib/island";
import { originOf } from "~/lib/site-origin.server";
import { splitComponent } from "~/lib/split";
import type { Route } from "./+types/beta";

export { shouldRevalidate } from "~/lib/revalidate";

// The page's text: static islands, their code loaded only when the browser renders them (ADR 0055).
const parts = () => import("~/components/beta/beta-parts");
const HowItWorks = splitComponent(() => parts().then((m) => m.HowItWorks));
const NoPrograms = splitComponent(() => parts().then((m) => m.NoPrograms));

export function meta({ data }: Route.MetaArgs) {
  const origin = data?.origin ?? "";
  return [
    { title: "AI Beta Programs | Toolscape" },
    {
      name: "description",
      content: "Join beta programs of AI tools: early access to new features in exchange for your feedback.",
    },
    { name: "robots", content: data?.category === "all" ? "index, follow" : "noindex, follow" },
    { tagName: "link", rel: "canonical", href: `${origin}/beta` },
  ];
}

/** Spots and status change with every application and with the clock: never cached. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { category } = BetaQuery.parse({ category: url.searchParams.get("category") ?? undefined });
  const viewer = await viewerOf(context, request);
  const programs = await listBetaPrograms(context.services.db, {
    now: context.services.clock.now(),
    category,
    userId: viewer?.user.id ?? null,
  });
  return data({
    programs,
    category,
    origin: originOf(context),
    signedIn: viewer !== null,
    canApplyEarly: viewer?.can("early_access") ?? false,
    search: url.search,
  });
}

/** What an application answered, for the card of its programme. */
type ApplyResult = { ok: boolean; message: string; programId?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await viewerOf(context, request);
  if (!viewer) return refuse(401, BETA_MESSAGES.signIn, (await readForm(request)).values);
  const { db, jobs, clock } = context.services;
  return formAction(request, BetaApplyForm, async (input) => {
    const applicant = { userId: viewer.user.id, canApplyEarly: viewer.can("early_access") };
    await applyToBeta(db, jobs, applicant, input, clock.now());
    return data<ApplyResult>(
      { ok: true, message: "Application sent! Check your email for the confirmation.", programId: input.programId },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  });
}

function applyResult(answer: unknown): ApplyResult | undefined {
  const failed = failureOf(answer);
  if (failed) return { ok: false, message: failed.error, programId: failed.values.programId };
  return (answer as ApplyResult | undefined) ?? undefined;
}

const dateFmt = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

export default function Beta({ loaderData, actionData }: Route.ComponentProps) {
  const { programs, category } = loaderData;
  const result = applyResult(actionData);
  const featured = programs.filter((p) => p.featured);
  const rest = programs.filter((p) => !p.featured);
  const label = BETA_CATEGORIES.find((c) => c.key === category)?.label ?? "All";
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">Beta Programs</h1>
      <p className="mt-2 max-w-2xl text-slate-700 dark:text-slate-300">
        Try AI tools before everyone else and help shape them. Expert members get early access: they can apply before a
        program starts.
      </p>
      <nav aria-label="Beta program categories" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {BETA_CATEGORIES.map((c) => (
            <li key={c.key}>
              <Link
                to={c.key === "all" ? "/beta" : `/beta?category=${c.key}`}
                aria-current={c.key === category ? "page" : undefined}
                className="chip"
              >
                {c.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {programs.length === 0 ? <Island id="beta-empty" component={NoPrograms} props={{ category, label }} /> : null}

      {featured.length ? (
        <section aria-labelledby="featured-programs" className="mt-8">
          <h2 id="featured-programs" className="text-xl font-semibold">
            Featured programs
          </h2>
          <ul className="mt-4 grid gap-4 md:grid-cols-2">
            {featured.map((p) => (
              <li key={p.id}>
                <ProgramCard program={p} data={loaderData} result={result} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {rest.length ? (
        <section aria-labelledby="all-programs" className="mt-10">
          <h2 id="all-programs" className="text-xl font-semibold">
            {featured.length ? "More programs" : "All programs"}
          </h2>
          <ul className="mt-4 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
            {rest.map((p) => (
              <li key={p.id}>
                <ProgramCard program={p} data={loaderData} result={result} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <Island id="beta-how-it-works" component={HowItWorks} props={{}} />
    </div>
  );
}

const STATUS_TONE = { open: "success", full: "neutral", starting_soon: "warning" } as const;

function ProgramCard({
  program: p,
  data: d,
  result,
}: {
  program: BetaCard;
  data: { signedIn: boolean; canApplyEarly: boolean; search: string };
  result?: ApplyResult;
}) {
  const busy = useNavigation().state === "submitting";
  const share = p.spots > 0 ? Math.round((p.spotsTaken / p.spots) * 100) : 100;
  const mine = result?.programId === p.id ? result : undefined;
  const applied = p.applied || mine?.ok;
  const canApply = p.status === "open" || (p.status === "starting_soon" && d.canApplyEarly);
  const fieldId = `motivation-${p.id}`;
  return (
    <article className={cardClassOf("md", "flex h-full flex-col p-5")}>
      <div className="flex items-start gap-3">
        <ToolLogo name={p.toolName} url={p.logoUrl} size={44} />
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold">
            <Link to={`/tools/${p.toolSlug}`} className="hover:underline">
              {p.toolName}
            </Link>
          </h3>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {p.provider} · {BETA_CATEGORY_LABELS[p.category]}
          </p>
        </div>
        <span className={badgeClass(STATUS_TONE[p.status])}>{BETA_STATUS_LABELS[p.status]}</span>
      </div>
      <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">{p.description}</p>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-slate-600 dark:text-slate-400">Starts</dt>
          <dd>{dateFmt.format(new Date(p.startsAt))}</dd>
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-400">Duration</dt>
          <dd>
            {p.durationWeeks} week{p.durationWeeks === 1 ? "" : "s"}
          </dd>
        </div>
      </dl>
      <div className="mt-3">
        <p className="flex justify-between text-sm">
          <span>{`${p.spotsLeft} of ${p.spots} spots left`}</span>
          <span className="text-slate-600 dark:text-slate-400">{share}% taken</span>
        </p>
        <div
          className="meter mt-1 h-2 rounded-full"
          role="progressbar"
          aria-label={`Spots taken for ${p.toolName}`}
          aria-valuemin={0}
          aria-valuemax={p.spots}
          aria-valuenow={p.spotsTaken}
        >
          <div className="meter-fill" style={{ width: `${share}%` }} />
        </div>
      </div>
      {p.benefits.length ? (
        <div className="mt-3">
          <h4 className="text-sm font-semibold">Benefits</h4>
          <ul className="mt-1 list-disc pl-5 text-sm text-slate-700 dark:text-slate-300">
            {p.benefits.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {p.requirements.length ? (
        <div className="mt-3">
          <h4 className="text-sm font-semibold">Requirements</h4>
          <ul className="mt-1 list-disc pl-5 text-sm text-slate-700 dark:text-slate-300">
            {p.requirements.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="mt-4 flex-1" />
      {mine ? (
        <p
          role={mine.ok ? "status" : "alert"}
          className={`mb-2 text-sm ${mine.ok ? "text-emerald-800 dark:text-emerald-300" : "text-red-700 dark:text-red-300"}`}
        >
          {mine.message}
        </p>
      ) : null}
      {applied ? (
        <p className="rounded-lg bg-emerald-50 px-4 py-2 text-center text-sm font-medium text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200">
          Applied ✓ — see your dashboard
        </p>
      ) : p.status === "full" ? (
        <button type="button" disabled className={buttonClass("secondary")}>
          Program Full
        </button>
      ) : !canApply ? (
        <>
          <button type="button" disabled className={buttonClass("secondary")}>
            Starting Soon
          </button>
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            Applications open on {dateFmt.format(new Date(p.startsAt))}.{" "}
            <Link to="/pricing" className="underline">
              Expert members
            </Link>{" "}
            can apply now.
          </p>
        </>
      ) : !d.signedIn ? (
        <Link to={`/sign-in?redirectTo=${encodeURIComponent(`/beta${d.search}`)}`} className={buttonClass()}>
          Sign in to apply
        </Link>
      ) : (
        <Form method="post" className="space-y-2">
          <input type="hidden" name="programId" value={p.id} />
          <label htmlFor={fieldId} className="block text-sm font-medium">
            Why do you want to join?
          </label>
          <textarea id={fieldId} name="motivation" rows={2} maxLength={500} className={controlClass("xs", "w-full")} />
          <button type="submit" disabled={busy} className={buttonClass("primary", "md", "w-full")}>
            Apply Now
          </button>
        </Form>
      )}
    </article>
  );
}
