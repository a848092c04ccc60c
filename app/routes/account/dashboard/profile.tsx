import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { card, primary, SectionHeader } from "~/components/account/dashboard-parts";
import { Field, FormAlert } from "~/components/account/form-parts";
import { viewerOf } from "~/lib/accounts.server";
import { failureOf, formMessage } from "~/lib/form-action";
import { formAction, refuse } from "~/lib/form-action.server";
import type { Route } from "./+types/profile";
import { memberOf, ProfileIntent, privateHeaders, runIntent } from "./intents.server";

export function meta() {
  return [{ title: "Profile · Dashboard | Toolscape" }, { name: "robots", content: "noindex" }];
}

export const headers = privateHeaders;

/** The profile as the member edits it: all from the viewer, no query of its own. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await memberOf(context, request);
  const { id, name, username, bio, image } = viewer.user;
  const { isVerified, verificationType } = viewer.profile;
  return { profile: { id, name, username, bio, image, isVerified, verificationType } };
}

const ProfileSectionIntent = z.discriminatedUnion("intent", [ProfileIntent]);

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await viewerOf(context, request);
  if (!viewer) return refuse(401, "Please log in");
  return formAction(request, ProfileSectionIntent, (input) => runIntent(context, viewer, input));
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const p = loaderData.profile;
  const failed = failureOf(actionData);
  const fields = failed?.fields;
  // A refused form is filled again with what was sent.
  const value = (name: "name" | "username" | "bio" | "image", saved: string | null) =>
    failed?.values[name] ?? saved ?? "";
  const result = actionData && "ok" in actionData && actionData.ok ? actionData : null;
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <SectionHeader title="Profile">
        What other members see on your{" "}
        <Link to={`/user/${p.id}`} className="text-brand-700 underline dark:text-brand-100">
          public profile
        </Link>
        .
      </SectionHeader>
      {result?.message ? <FormAlert tone="success">{result.message}</FormAlert> : null}
      {formMessage(failed) ? <FormAlert>{formMessage(failed)}</FormAlert> : null}
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
              className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 dark:border-slate-600 dark:bg-slate-950"
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
            <span className="rounded-full bg-emerald-100 px-2 py-0.5 font-semibold text-emerald-900">
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
