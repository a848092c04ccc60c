/** A list of what something includes, each line with a check mark (plans, a tool's side card). */
export function CheckList({ items, className }: { items: readonly string[]; className: string }) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item} className="flex gap-2">
          <span aria-hidden="true" className="text-emerald-700 dark:text-emerald-400">
            ✓
          </span>
          {item}
        </li>
      ))}
    </ul>
  );
}
