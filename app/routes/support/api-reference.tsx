import type { Route } from "./+types/api-reference";
import { apiReference } from "./api-docs.server";

export function meta() {
  return [
    { title: "API reference | Toolscape" },
    {
      name: "description",
      content:
        "The Toolscape read API: tools, categories, tool of the day, trending and top lists, with API keys for Expert members.",
    },
  ];
}

export function loader() {
  return apiReference();
}

export default function ApiReference({ loaderData }: Route.ComponentProps) {
  const d = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <p className="text-sm">
        <a href="/documentation" className="underline">
          Documentation
        </a>{" "}
        / API
      </p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900 dark:text-white">
        {d.title} <span className="text-base font-normal text-slate-600 dark:text-slate-400">v{d.version}</span>
      </h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{d.description}</p>
      <section aria-labelledby="auth" className="mt-6 rounded-xl border p-4 dark:border-slate-700">
        <h2 id="auth" className="font-semibold">
          Authentication
        </h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{d.auth}</p>
        <p className="mt-2 text-sm">
          Create a key in{" "}
          <a href="/dashboard/api-keys" className="underline">
            your dashboard
          </a>
          . The machine-readable document is at{" "}
          <a href="/api/openapi.json" className="underline">
            <code>/api/openapi.json</code>
          </a>{" "}
          (OpenAPI 3.1); it also describes the operations the site itself calls for signed-in members and admins (a
          session cookie), which this page leaves out.
        </p>
        {/* Focusable: a box that scrolls sideways at 390 px must be scrollable from the keyboard. */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: see above. */}
        <pre tabIndex={0} className="mt-3 overflow-x-auto rounded bg-slate-100 p-3 text-xs dark:bg-slate-900">
          curl -H "Authorization: Bearer tsk_your_key" https://toolscape.example/api/tools?q=writing&amp;limit=5
        </pre>
      </section>
      <nav aria-label="Operations" className="mt-6">
        <ul className="flex flex-wrap gap-2 text-sm">
          {d.operations.map((op) => (
            <li key={op.id}>
              <a href={`#${op.id}`} className="rounded border px-2 py-1 dark:border-slate-700">
                {op.summary || op.path}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {d.operations.map((op) => (
        <section
          key={op.id}
          id={op.id}
          aria-labelledby={`${op.id}-h`}
          className="mt-8 border-t pt-6 dark:border-slate-700"
        >
          <h2 id={`${op.id}-h`} className="text-xl font-semibold">
            <span className="mr-2 rounded bg-green-100 px-2 py-0.5 font-mono text-sm text-green-800">{op.method}</span>
            <code>{op.path}</code>
          </h2>
          <p className="mt-1 font-medium">{op.summary}</p>
          {op.description ? <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{op.description}</p> : null}
          {op.parameters.length ? (
            <table className="mt-3 w-full text-left text-sm">
              <caption className="sr-only">Parameters</caption>
              <thead>
                <tr className="border-b dark:border-slate-700">
                  <th className="py-1">Parameter</th>
                  <th>In</th>
                  <th>Type</th>
                  <th>Required</th>
                </tr>
              </thead>
              <tbody>
                {op.parameters.map((p) => (
                  <tr key={`${p.in}-${p.name}`} className="border-b dark:border-slate-800">
                    <td className="py-1 font-mono">{p.name}</td>
                    <td>{p.in}</td>
                    <td className="break-all">{p.type}</td>
                    <td>{p.required ? "yes" : "no"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          <h3 className="mt-3 text-sm font-semibold">Responses</h3>
          <ul className="mt-1 text-sm">
            {op.responses.map((r) => (
              <li key={r.status}>
                <code>{r.status}</code> {r.description}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
