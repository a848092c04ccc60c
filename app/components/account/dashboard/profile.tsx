import { Form, Link, useNavigation } from "react-router";
import { Field, FormAlert } from "~/components/account/form-parts";
import { badgeClass, controlClass } from "~/components/ui-classes";
import type { loader } from "~/routes/account/dashboard/profile";
import { type Answer, card, primary } from "./styles";

/** The profile form and the verified badge (a static island on first load: see SectionIsland). */
export function ProfileBody({ profile: p, answer }: Awaited<ReturnType<typeof loader>> & { answer: Answer }) {
  const failed = answer && !answer.ok ? answer : null;
  const fields = failed?.fields;
  // A refused form is filled again with what was sent.
  const value = (name: "name" | "username" | "bio" | "image", saved: string | null) =>
    failed?.values[name] ?? saved ?? "";
  const result = answer?.ok ? answer : null;
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <header>
        <h2 className="text-2xl font-bold">Profile</h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          What other members see on your{" "}
          <Link to={`/user/${p.id}`} className="text-brand-700 underline dark:text-brand-100">
            public profile
          </Link>
          .
        </p>
      </header>
      {result?.message ? <FormAlert tone="success">{result.message}</FormAlert> : null}
      {/* A field's message stands at its field. */}
      {failed && !Object.keys(failed.fields).length ? <FormAlert>{failed.error}</FormAlert> : null}
      <section aria-labelledby="profile-form-heading" className={card}>
        <h3 id="profile-form-heading" className="text-lg font-semibold">
          Edit profile
        </h3>
        {/* A new key after each save: the fields show what was saved, not what was typed. */}
        <Form key={result ? "saved" : "edit"} method="post" noValidate className="mt-4 max-w-xl space-y-4">
          <input type="hidden" name="intent" value="profile" />
          <Field
            label="Name"
            name="name"
            defaultValue={value("name", p.name)}
            autoComplete="name"
            error={fields?.name}
          />
          <Field
            label="Username"
            name="username"
            defaultValue={value("username", p.username)}
            autoComplete="username"
            hint="3–30 letters, digits or underscores; shown as @username on your public profile."
            error={fields?.username}
          />
          <div>
            <label htmlFor="f-bio" className="block text-sm font-medium text-slate-800 dark:text-slate-200">
              Bio
            </label>
            <textarea
              id="f-bio"
              name="bio"
              rows={3}
              maxLength={500}
              defaultValue={value("bio", p.bio)}
              aria-invalid={fields?.bio ? true : undefined}
              aria-describedby={fields?.bio ? "f-bio-error" : undefined}
              className={controlClass(undefined, "mt-1")}
            />
            {fields?.bio ? (
              <p id="f-bio-error" className="mt-1 text-sm text-red-700 dark:text-red-300">
                {fields.bio}
              </p>
            ) : null}
          </div>
          <Field
            label="Avatar URL"
            name="image"
            type="url"
            defaultValue={value("image", p.image)}
            placeholder="https://…"
            error={fields?.image}
          />
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" className={primary} disabled={busy}>
              {busy ? "Saving…" : "Save Changes"}
            </button>
            <Link to={`/user/${p.id}`} className="text-sm text-brand-700 underline dark:text-brand-100">
              View public profile
            </Link>
          </div>
        </Form>
      </section>
      <section aria-labelledby="verified-heading" className={card}>
        <h3 id="verified-heading" className="text-lg font-semibold">
          Verified badge
        </h3>
        {/* Spec §6 verified badge: Company (work e-mail link) or LinkedIn (sign-in with LinkedIn). */}
        <p className="mt-2 text-sm" data-testid="verified-status">
          {p.isVerified ? (
            <span className={badgeClass("success", "text-sm")}>
              {p.verificationType === "linkedin" ? "Verified · LinkedIn" : "Verified · Company"}
            </span>
          ) : (
            <Link to="/verify-company" className="text-brand-700 underline dark:text-brand-100">
              Verify your company e-mail
            </Link>
          )}
        </p>
      </section>
    </>
  );
}
