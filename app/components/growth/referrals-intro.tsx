import { Link } from "react-router";
import { buttonClass, cardClassOf } from "~/components/ui-classes";

/**
 * /referrals for visitors (issue 18): the programme explained, with calls to sign in or join. The
 * figures come from the caller (the plans' own constants), never written into the copy.
 */
export function ReferralsIntro({ rewardDays, perYear }: { rewardDays: number; perYear: number }) {
  const back = encodeURIComponent("/referrals");
  const steps = [
    {
      title: "Get your link",
      text: "Sign in (or join free) and open this page: your personal invite link is waiting.",
    },
    {
      title: "Share it",
      text: "Send it to friends, or let us e-mail them an invitation from this page. They join free — no card needed.",
    },
    {
      title: `Get ${rewardDays} days of Standard`,
      text: `Each friend who creates an account through your link and confirms their e-mail address gives you ${rewardDays} days of Standard, added after any Standard time you already have — for up to ${perYear} friends in any 12 months.`,
    },
  ];
  return (
    <div className="mx-auto max-w-3xl py-6 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight">Invite friends, get Standard free</h1>
      <p className="mt-3 text-lg text-slate-700 dark:text-slate-300">
        Toolscape members earn {rewardDays} days of the Standard plan for every friend who joins through their link:
        unlimited tool views, bigger comparisons, saved searches and lists, and CSV export.
      </p>
      <ol className="mt-8 grid gap-4 sm:grid-cols-3">
        {steps.map((s, i) => (
          <li key={s.title} className={cardClassOf("md", "p-5")}>
            <span className="disc h-8 w-8">{i + 1}</span>
            <h2 className="mt-3 font-semibold">{s.title}</h2>
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{s.text}</p>
          </li>
        ))}
      </ol>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Link to={`/sign-up?redirectTo=${back}`} className={buttonClass("primary", "lg")}>
          Join free and get your link
        </Link>
        <Link to={`/sign-in?redirectTo=${back}`} className={buttonClass("secondary", "lg")}>
          Sign in
        </Link>
      </div>
      <p className="mt-6 text-sm text-slate-600 dark:text-slate-400">
        Rewards are for friends who are new to Toolscape, once per friend. See the{" "}
        <Link to="/terms" className="underline">
          terms
        </Link>{" "}
        and the{" "}
        <Link to="/support" className="underline">
          FAQ
        </Link>
        .
      </p>
    </div>
  );
}
