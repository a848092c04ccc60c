import { Link } from "react-router";
import { badgeClass } from "./ui-classes";

/** What kind of run a stored import is: a dry run (still to confirm, or carried out by another), or an import. */
export function ImportRunKind({ run }: { run: { dryRun: boolean; pending: boolean; confirmedById: number | null } }) {
  if (!run.dryRun) return null;
  const badge = badgeClass("neutral", "font-normal");
  if (run.pending) return <span className={badge}>dry run, not imported</span>;
  if (run.confirmedById) {
    return (
      <span className={badge}>
        dry run → <Link to={`/admin/imports/${run.confirmedById}`}>#{run.confirmedById}</Link>
      </span>
    );
  }
  return <span className={badge}>dry run</span>;
}
