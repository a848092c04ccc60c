import { Form, Link, useNavigation } from "react-router";
import { controlClass } from "~/components/ui-classes";
import { failureOf } from "~/lib/form-action";
import { TIER_LABELS } from "~/lib/tiers";
import type { Route } from "../../../routes/account/dashboard/+types/api-keys";
import { card, primary } from "./styles";

const when = (iso: string | null) => (iso ? new Date(iso).toUTCString().slice(5, 22) : "Never");

/** The section's markup (a static island on first load: see SectionIsland). */
export function ApiKeysBody({
  answer: actionData,
  ...loaderData
}: Route.ComponentProps["loaderData"] & { answer: Route.ComponentProps["actionData"] }) {
  const { keys, apiAccess, apiTier } = loaderData;
  const plan = apiTier ? TIER_LABELS[apiTier] : null;
  const failed = failureOf(actionData);
  const created = actionData && "secret" in actionData ? actionData : null;
  const busy = useNavigation().state === "submitting";
  return (
    <section aria-labelledby="api-keys-heading" className={card}>
      <h2 id="api-keys-heading" className="text-2xl font-bold">
        API keys
      </h2>
      <p className="mt-2 text-slate-600 dark:text-slate-400">
        Send a key as <code>Authorization: Bearer &lt;key&gt;</code> to the read API. See the{" "}
        <Link to="/documentation/api" className="underline">
          API reference
        </Link>
        .
      </p>
      {created ? (
        <div
          role="status"
          className="mt-6 rounded-xl border border-green-300 bg-green-50 p-4 dark:border-green-700 dark:bg-green-950"
        >
          <p className="font-semibold">Key "{created.name}" created. Copy it now: it will not be shown again.</p>
          <code
            data-testid="api-key-secret"
            className="mt-2 block break-all rounded bg-white p-2 text-sm dark:bg-slate-900"
          >
            {created.secret}
          </code>
        </div>
      ) : null}
      {failed ? (
        <p role="alert" className="mt-4 text-sm text-red-700 dark:text-red-300">
          {failed.error}
        </p>
      ) : null}
      {apiAccess ? (
        <Form method="post" className="mt-6 flex items-end gap-2">
          <div className="grow">
            <label htmlFor="key-name" className="block text-sm font-medium">
              Key name
            </label>
            <input
              id="key-name"
              name="name"
              required
              maxLength={60}
              placeholder="e.g. Reporting script"
              className={controlClass(undefined, "mt-1")}
            />
          </div>
          <button type="submit" disabled={busy} className={primary}>
            Create key
          </button>
        </Form>
      ) : (
        <p className="mt-6 rounded-lg bg-amber-50 p-4 text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          {plan ? (
            <>
              API access is available for {plan} members.{" "}
              <Link to="/pricing" className="font-semibold underline">
                Upgrade to {plan}
              </Link>{" "}
              to create keys.
            </>
          ) : (
            "API access is not available on any plan right now."
          )}
        </p>
      )}
      <table className="mt-8 w-full text-left text-sm">
        <thead>
          <tr className="border-b dark:border-slate-700">
            <th className="py-2">Name</th>
            <th>Key</th>
            <th>Created</th>
            <th>Last used</th>
            <th>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.length === 0 ? (
            <tr>
              <td colSpan={5} className="py-3 text-slate-600 dark:text-slate-400">
                No API keys yet.
              </td>
            </tr>
          ) : (
            keys.map((k) => (
              <tr key={k.id} className="border-b dark:border-slate-800">
                <td className="py-2">{k.name}</td>
                <td>
                  <code>{k.prefix}…</code>
                </td>
                <td>{when(k.createdAt)}</td>
                <td>{when(k.lastUsedAt)}</td>
                <td className="text-right">
                  {k.revokedAt ? (
                    <span className="text-slate-600 dark:text-slate-400">Revoked</span>
                  ) : (
                    // Revoking cannot be undone: a confirm step that needs no JavaScript.
                    <details className="inline-block text-left" data-testid="revoke-confirm">
                      <summary className="cursor-pointer list-none text-red-700 underline dark:text-red-300">
                        Revoke
                      </summary>
                      <Form method="post" className="mt-1 space-y-1 text-sm">
                        <p>Apps using {k.prefix}… stop working at once.</p>
                        <input type="hidden" name="intent" value="revoke" />
                        <input type="hidden" name="id" value={k.id} />
                        <button type="submit" className="rounded bg-red-700 px-2 py-1 font-semibold text-white">
                          Yes, revoke this key
                        </button>
                      </Form>
                    </details>
                  )}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </section>
  );
}
