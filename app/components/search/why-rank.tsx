/**
 * "Why this rank?" under a search result (issue 22 item 5): the explanation's sentences in a
 * native <details>, rendered on the server as a static island (no code of its own in the first load).
 */
export function WhyRank({ lines }: { lines: string[] }) {
  return (
    <details className="group mt-1 rounded-lg px-2 text-xs text-slate-600 dark:text-slate-400" data-testid="why-rank">
      <summary className="cursor-pointer py-1 font-medium hover:text-slate-900 dark:hover:text-slate-100">
        Why this rank?
      </summary>
      <ul className="list-disc space-y-0.5 pb-2 pl-5">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <a href="/how-we-rank" className="mb-2 inline-block underline">
        How we rank
      </a>
    </details>
  );
}
