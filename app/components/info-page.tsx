/** The frame of the written pages (about, policies, how we test): one h1, readable width. */
export function InfoPage({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="mx-auto max-w-3xl space-y-4 text-slate-700 dark:text-slate-300">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-slate-100">{title}</h1>
      {lead ? <p className="text-lg text-slate-600 dark:text-slate-400">{lead}</p> : null}
      {children}
    </div>
  );
}

export function H2({ children, id }: { children: React.ReactNode; id?: string }) {
  return (
    <h2 id={id} className="pt-4 text-xl font-semibold text-slate-900 dark:text-slate-100">
      {children}
    </h2>
  );
}

export const fmt = (n: number) => n.toLocaleString("en-US");
export const UPDATED = "24 November 2026";
