import { Link } from "react-router";

/** What kind of run a stored import is: a dry run (still to confirm, or carried out by another), or an import. */
export function ImportRunKind({ run }: { run: { dryRun: boolean; pending: boolean; confirmedById: number | null } }) {
  if (!run.dryRun) return null;
  const badge = "rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-100";
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
