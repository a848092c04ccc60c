/** An empty state: a title and, optionally, a line saying why or what comes next. */
export function Empty({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
      <p className="font-semibold">{title}</p>
      {children ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{children}</p> : null}
    </div>
  );
}
