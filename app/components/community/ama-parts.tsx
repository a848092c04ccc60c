import { Link } from "react-router";
import { badgeClass, cardClass } from "~/components/ui";
import type { AmaSummary } from "~/lib/community-types";

const PHASE_LABEL: Record<AmaSummary["phase"], string> = {
  upcoming: "Upcoming",
  live: "Live now",
  ended: "Archive",
  cancelled: "Cancelled",
};
const PHASE_TONE = { upcoming: "brand", live: "success", ended: "neutral", cancelled: "danger" } as const;

/** A date and time as UTC, the same on the server and in the browser. */
export function utcLabel(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

export function AmaCard({ ama }: { ama: AmaSummary }) {
  return (
    <li className={cardClass} data-testid="ama-card">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">
          <Link to={`/community/amas/${ama.id}`} className="hover:underline">
            {ama.title}
          </Link>
        </h3>
        <span className={badgeClass(PHASE_TONE[ama.phase])}>{PHASE_LABEL[ama.phase]}</span>
      </div>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        <Link to={`/tools/${ama.tool.slug}`} className="underline">
          {ama.tool.name}
        </Link>{" "}
        · hosted by {ama.hostName} · {utcLabel(ama.startsAt)} – {ama.endsAt.slice(11, 16)} UTC
      </p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {ama.questions === 0
          ? "No questions yet: ask the first."
          : `${ama.questions} question${ama.questions === 1 ? "" : "s"}, ${ama.answered} answered`}
      </p>
    </li>
  );
}
