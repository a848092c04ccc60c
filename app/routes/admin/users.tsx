import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { SortHeader } from "~/components/admin/sort-header";
import { Pagination } from "~/components/pagination";
import { Button, Field, Input, Notice, Select } from "~/components/ui";
import {
  adminActor,
  UserChangeForm as Change,
  changeUser,
  listUsers,
  reactivateUser,
  requireAdminPage,
  SuspendInput,
  suspendUser,
  UserListQuery,
  UserTargetForm,
} from "~/lib/admin.server";
import { failureOf } from "~/lib/form-action";
import { fieldErrorsOf, formAction } from "~/lib/form-action.server";
import { TIERS } from "~/lib/tiers";
import type { Route } from "./+types/users";

export { shouldRevalidate } from "~/lib/revalidate";

const ROLES = ["member", "admin"] as const;

export function meta() {
  return [{ title: "Users | Admin | Toolscape" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireAdminPage(context, request);
  const url = new URL(request.url);
  const params = Object.fromEntries(url.searchParams);
  for (const k of ["tier", "role", "status"]) if (params[k] === "") delete params[k];
  const parsed = UserListQuery.safeParse(params);
  // Bad filters show everyone (with the message); a bad sort column was already dropped by the schema.
  const query = parsed.success ? parsed.data : UserListQuery.parse({ sort: params.sort, dir: params.dir });
  const result = await listUsers(context.services.db, query);
  return {
    ...result,
    query: { q: query.q ?? "", tier: query.tier ?? "", role: query.role ?? "", status: query.status ?? "" },
    error: parsed.success ? null : (Object.values(fieldErrorsOf(parsed.error))[0] ?? "Invalid filter"),
    search: url.search,
    sort: query.sort,
    dir: query.dir,
    selfId: viewer.user.id,
  };
}

const Intents = z.discriminatedUnion("intent", [
  Change.extend({ intent: z.literal("change") }),
  UserTargetForm.extend({ intent: z.literal("suspend"), reason: SuspendInput.shape.reason }),
  UserTargetForm.extend({ intent: z.literal("reactivate") }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAdminPage(context, request);
  const actor = adminActor(viewer, context);
  const { db } = context.services;
  return formAction(request, Intents, async (input) => {
    switch (input.intent) {
      case "change": {
        const { userId, tier, role } = input;
        const account = await changeUser(db, actor, userId, { tier, role }, context.services.clock.now());
        return { ok: true as const, message: `${account.email}: ${account.tier}, ${account.role}.`, userId };
      }
      case "suspend": {
        const r = await suspendUser(db, actor, input.userId, input.reason);
        const message = r.changed ? `Suspended; ${r.sessionsEnded} session(s) ended.` : "Already suspended.";
        return { ok: true as const, message, userId: input.userId };
      }
      case "reactivate": {
        const r = await reactivateUser(db, actor, input.userId);
        const message = r.changed ? "Reactivated: the member can sign in again." : "Not suspended.";
        return { ok: true as const, message, userId: input.userId };
      }
    }
  });
}

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { users, total, page, pageSize, query, error, search, selfId, sort, dir } = loaderData;
  const busy = useNavigation().state === "submitting";
  const failed = failureOf(actionData);
  return (
    <div>
      <Form method="get" className="flex flex-wrap items-end gap-2" role="search">
        <Field id="users-q" label="Search name or e-mail">
          <Input name="q" defaultValue={query.q} inline="xs" className="w-64" maxLength={200} />
        </Field>
        <Field id="users-tier" label="Tier">
          <Select name="tier" defaultValue={query.tier} inline="xs">
            <option value="">All</option>
            {TIERS.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </Select>
        </Field>
        <Field id="users-role" label="Role">
          <Select name="role" defaultValue={query.role} inline="xs">
            <option value="">All</option>
            {ROLES.map((r) => (
              <option key={r}>{r}</option>
            ))}
          </Select>
        </Field>
        <Field id="users-status" label="Status">
          <Select name="status" defaultValue={query.status} inline="xs">
            <option value="">All</option>
            <option value="active">active</option>
            <option value="suspended">suspended</option>
          </Select>
        </Field>
        <Button type="submit" size="sm" className="py-1.5">
          Search
        </Button>
        {sort ? <input type="hidden" name="sort" value={sort} /> : null}
        {dir ? <input type="hidden" name="dir" value={dir} /> : null}
      </Form>
      {error ? (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
      {failed ? (
        <Notice tone="error" className="mt-3">
          {failed.error}
        </Notice>
      ) : actionData && "message" in actionData ? (
        <Notice className="mt-3">{actionData.message}</Notice>
      ) : null}
      <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
        {total} {total === 1 ? "member" : "members"}
      </p>
      <div className="relative mt-2 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-slate-600 dark:border-slate-700 dark:text-slate-400">
            <tr>
              <SortHeader column="name" label="Name" sort={sort} dir={dir} />
              <SortHeader column="email" label="E-mail" sort={sort} dir={dir} />
              <SortHeader column="tier" label="Tier and role" sort={sort} dir={dir} />
              <SortHeader column="joined" label="Joined" sort={sort} dir={dir} firstDir="desc" />
              <SortHeader column="status" label="Status" sort={sort} dir={dir} />
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
            {users.map((u) => {
              const self = u.id === selfId;
              return (
                <tr key={u.id} className="align-top">
                  <td className="py-2 pr-3 font-medium">
                    <Link to={`/admin/users/${encodeURIComponent(u.id)}`} className="underline">
                      {u.name}
                    </Link>
                    {self ? <span className="ml-1 text-xs text-slate-600 dark:text-slate-400">(you)</span> : null}
                  </td>
                  <td className="py-2 pr-3">{u.email}</td>
                  <td className="py-2 pr-3">
                    <Form method="post" className="flex flex-wrap items-center gap-1">
                      <input type="hidden" name="intent" value="change" />
                      <input type="hidden" name="userId" value={u.id} />
                      <Select name="tier" defaultValue={u.tier} aria-label={`Tier of ${u.email}`} inline="xs">
                        {TIERS.map((t) => (
                          <option key={t}>{t}</option>
                        ))}
                      </Select>
                      {self ? (
                        // The server refuses self-demotion too; the page does not offer it.
                        <>
                          <input type="hidden" name="role" value={u.role} />
                          <span className="px-2 text-slate-600 dark:text-slate-400">{u.role}</span>
                        </>
                      ) : (
                        <Select name="role" defaultValue={u.role} aria-label={`Role of ${u.email}`} inline="xs">
                          {ROLES.map((r) => (
                            <option key={r}>{r}</option>
                          ))}
                        </Select>
                      )}
                      <Button type="submit" disabled={busy} variant="secondary" size="sm">
                        Save
                      </Button>
                    </Form>
                  </td>
                  <td className="py-2 pr-3 whitespace-nowrap">{u.createdAt.slice(0, 10)}</td>
                  <td className="py-2 pr-3">
                    {u.suspendedAt ? (
                      <Form method="post" className="flex flex-col gap-1">
                        <span className="font-medium text-red-700 dark:text-red-300">
                          Suspended {u.suspendedAt.slice(0, 10)}
                        </span>
                        {u.suspendedReason ? (
                          <span className="text-xs text-slate-600 dark:text-slate-400">{u.suspendedReason}</span>
                        ) : null}
                        <input type="hidden" name="intent" value="reactivate" />
                        <input type="hidden" name="userId" value={u.id} />
                        <Button type="submit" disabled={busy} variant="secondary" size="sm">
                          Reactivate
                        </Button>
                      </Form>
                    ) : self ? (
                      <span className="text-emerald-700 dark:text-emerald-300">Active</span>
                    ) : (
                      <Form method="post" className="flex flex-wrap items-center gap-1">
                        <span className="text-emerald-700 dark:text-emerald-300">Active</span>
                        <input type="hidden" name="intent" value="suspend" />
                        <input type="hidden" name="userId" value={u.id} />
                        <Input
                          name="reason"
                          placeholder="Reason"
                          aria-label={`Reason to suspend ${u.email}`}
                          maxLength={500}
                          inline="xs"
                          className="w-36"
                        />
                        <Button type="submit" disabled={busy} variant="secondary" size="sm">
                          Suspend
                        </Button>
                      </Form>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Pagination page={page} totalPages={Math.ceil(total / pageSize)} search={search} />
    </div>
  );
}
