// The admin list-and-edit pages' one look (issue 19): deals, beta programmes and blog posts show a
// form to add or edit one row and a table of rows with their actions. The loader/action side is
// app/lib/admin-crud.server.ts. Everything is a plain form, so the pages work without JavaScript.
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { Button, type ButtonVariant, buttonClass, Notice, Table } from "~/components/ui";
import type { ActionFailure } from "~/lib/form-action";

/** The message a refused form left at one field (for `Field`'s `error`). */
export function fieldError(failed: ActionFailure | null | undefined, name: string): string | undefined {
  return failed?.fields[name];
}

/** The add/edit form: hidden intent and id, the fields, the refusal and the buttons. */
export function CrudEditor({
  titleId,
  title,
  intent,
  id,
  formKey,
  failed,
  actions,
  fieldsClassName = "grid max-w-3xl gap-3 sm:grid-cols-2",
  aside,
  children,
}: {
  titleId: string;
  title: ReactNode;
  /** The hidden intent (create / update); leave it out when the buttons carry theirs. */
  intent?: string;
  /** The edited row's id, sent along. */
  id?: string | null;
  /** Changes when the form must start again from new default values (another row, an answer). */
  formKey: string;
  failed: ActionFailure | null;
  /** The submit button(s) and a way back. */
  actions: ReactNode;
  fieldsClassName?: string;
  /** A second column beside the fields (a preview). */
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className="text-xl font-semibold">
        {title}
      </h2>
      <Form method="post" key={formKey} noValidate className={aside ? "mt-4 grid gap-4 lg:grid-cols-2" : "mt-4"}>
        {intent ? <input type="hidden" name="intent" value={intent} /> : null}
        {id ? <input type="hidden" name="id" value={id} /> : null}
        <div className={fieldsClassName}>
          {children}
          {failed ? (
            <Notice tone="error" className="sm:col-span-2">
              {failed.error}
            </Notice>
          ) : null}
          <div className="flex flex-wrap gap-2 sm:col-span-2">{actions}</div>
        </div>
        {aside}
      </Form>
    </section>
  );
}

/** "Cancel" back to the list, styled as a button. */
export function CancelLink({ to }: { to: string }) {
  return (
    <Link to={to} className={buttonClass("secondary")}>
      Cancel
    </Link>
  );
}

export type CrudColumn<T> = { header: string; cell: (row: T) => ReactNode };

/** The rows as a table, each with its actions; `empty` when there are none. */
export function CrudList<T extends { id: string }>({
  titleId,
  title,
  headerAction,
  rows,
  columns,
  actions,
  empty,
}: {
  titleId: string;
  title: ReactNode;
  /** Beside the title (a "New post" link). */
  headerAction?: ReactNode;
  rows: T[];
  columns: CrudColumn<T>[];
  actions: (row: T) => ReactNode;
  empty: ReactNode;
}) {
  return (
    <section aria-labelledby={titleId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="text-xl font-semibold">
          {title}
        </h2>
        {headerAction}
      </div>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{empty}</p>
      ) : (
        <Table className="mt-3">
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-700">
              {columns.map((c) => (
                <th key={c.header} scope="col" className="px-3 py-2">
                  {c.header}
                </th>
              ))}
              <th scope="col" className="px-3 py-2">
                Actions
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="border-b border-slate-100 align-top last:border-0 dark:border-slate-800">
                {columns.map((c) => (
                  <td key={c.header} className="px-3 py-2">
                    {c.cell(row)}
                  </td>
                ))}
                <td className="px-3 py-2">
                  <div className="flex flex-wrap gap-1">{actions(row)}</div>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}

/** A link among a row's actions (Edit, View). */
export function RowLink({ to, label, children }: { to: string; label?: string; children: ReactNode }) {
  return (
    <Link to={to} aria-label={label} className={buttonClass("secondary", "sm")}>
      {children}
    </Link>
  );
}

/** One write on one row: a small form posting the row's id and the intent. */
export function RowAction({
  id,
  intent,
  children,
  confirm,
  variant = "secondary",
  className,
}: {
  id: string;
  intent: string;
  children: ReactNode;
  /** Asked before posting (with JavaScript; without it the form posts at once). */
  confirm?: string;
  variant?: ButtonVariant;
  className?: string;
}) {
  return (
    <Form
      method="post"
      onSubmit={
        confirm
          ? (e) => {
              if (!window.confirm(confirm)) e.preventDefault();
            }
          : undefined
      }
    >
      <input type="hidden" name="id" value={id} />
      <Button type="submit" name="intent" value={intent} variant={variant} size="sm" className={className}>
        {children}
      </Button>
    </Form>
  );
}

/** The notice a write left (`?notice=` after a redirect, or the answer in place). */
export function CrudNotice({ message }: { message: string | null | undefined }) {
  return message ? <Notice>{message}</Notice> : null;
}
