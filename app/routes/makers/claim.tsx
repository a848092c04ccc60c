import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { CLAIM_LINK_HOURS, SITE_META_NAME, SITE_WELL_KNOWN_PATH } from "#server/modules/makers/shared.ts";
import { FormAlert } from "~/components/account/form-parts";
import { Button, cardClassOf, Field, Input } from "~/components/ui";
import { AppError, viewerOf } from "~/lib/accounts.server";
import { failureOf } from "~/lib/form-action";
import { formAction, refuse } from "~/lib/form-action.server";
import type { Route } from "./+types/claim";
import {
  ClaimEmailInput,
  checkSiteClaim,
  claimState,
  claimTarget,
  makerDeps,
  siteReader,
  siteTokenFor,
  startEmailClaim,
} from "./makers.server";

export { shouldRevalidate } from "~/lib/revalidate";

/**
 * A maker claims an existing listing (issue 20): an e-mail link to an address at the tool's own
 * domain, or a token published on its site. Verified makers are sent on to their maker page.
 */
export function meta({ data }: Route.MetaArgs) {
  return [{ title: `Claim ${data?.tool.name ?? "a listing"} | Toolscape` }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, clock } = context.services;
  const tool = await claimTarget(db, params.idOrSlug);
  if (!tool) throw data({ message: "Tool not found" }, { status: 404 });
  const viewer = await viewerOf(context, request);
  if (!viewer) throw redirect(`/sign-in?redirectTo=${encodeURIComponent(`/tools/${tool.slug}/claim`)}`);
  const state = await claimState(db, viewer.user.id, tool, clock.now());
  if (state.verified) throw redirect(`/tools/${tool.slug}/maker`);
  return { tool: { name: tool.name, slug: tool.slug, domain: tool.domain_key, website: tool.website_url }, state };
}

const ClaimIntent = z.discriminatedUnion("intent", [
  ClaimEmailInput.extend({ intent: z.literal("email") }),
  z.object({ intent: z.literal("site-token") }),
  z.object({ intent: z.literal("site-check") }),
]);

export async function action({ params, request, context }: Route.ActionArgs) {
  const { db, clock } = context.services;
  const tool = await claimTarget(db, params.idOrSlug);
  if (!tool) throw data({ message: "Tool not found" }, { status: 404 });
  const viewer = await viewerOf(context, request);
  if (!viewer) throw redirect(`/sign-in?redirectTo=${encodeURIComponent(`/tools/${tool.slug}/claim`)}`);
  return formAction(request, ClaimIntent, async (input, { values }) => {
    try {
      switch (input.intent) {
        case "email":
          await startEmailClaim(makerDeps(context), { id: viewer.user.id, name: viewer.user.name }, tool, input.email);
          return {
            ok: true as const,
            message: `We sent a verification link to ${input.email}. It is valid for ${CLAIM_LINK_HOURS} hours.`,
          };
        case "site-token":
          await siteTokenFor(context.services, viewer.user.id, tool);
          return { ok: true as const, message: "Publish the token below on the site, then check." };
        case "site-check":
          await checkSiteClaim({ db, clock, readSite: siteReader(context) }, viewer.user.id, tool, context.requestId);
          return redirect(`/tools/${tool.slug}/maker?verified=1`);
      }
    } catch (err) {
      // The site could not be read (a 503 with a message the maker can act on).
      if (err instanceof AppError && err.code === "unavailable") return refuse(503, err.message, values);
      throw err;
    }
  });
}

export default function ClaimListing({ loaderData, actionData }: Route.ComponentProps) {
  const { tool, state } = loaderData;
  const failed = failureOf(actionData);
  const sent = actionData && !failed ? (actionData as { message: string }) : null;
  // The e-mail form's refusals show at its field (its value is among what was sent); others at the top.
  const emailFailed = failed !== null && "email" in failed.values;
  return (
    <div className="mx-auto max-w-2xl space-y-6 break-words">
      <nav className="text-sm">
        <Link to={`/tools/${tool.slug}`} className="underline">
          Back to {tool.name}
        </Link>
      </nav>
      <h1 className="text-3xl font-bold">Claim {tool.name}</h1>
      <p className="text-slate-700 dark:text-slate-300">
        Makers who prove the listing is theirs can correct its facts (shown as the maker's claim, pricing checked by a
        moderator first) and answer reviews publicly. Proof is one of two things: an e-mail address at{" "}
        <strong>{tool.domain}</strong>, or a token published on {tool.website}.
      </p>
      {failed && !emailFailed ? <FormAlert tone="error">{failed.error}</FormAlert> : null}
      {sent ? <FormAlert tone="success">{sent.message}</FormAlert> : null}
      {!state.methods.site ? (
        <FormAlert tone="info">
          This listing lives on a shared host, so it cannot be claimed by e-mail or a site token.{" "}
          <Link to="/support" className="underline">
            Contact support
          </Link>{" "}
          with evidence instead.
        </FormAlert>
      ) : null}
      {state.methods.email ? (
        <section className={cardClassOf("md", "space-y-3")}>
          <h2 className="text-xl font-semibold">With an e-mail at {tool.domain}</h2>
          {state.pending ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              A link was sent to {state.pending.email}; it is valid until{" "}
              {new Date(state.pending.expiresAt).toLocaleString("en-US", {
                dateStyle: "medium",
                timeStyle: "short",
                timeZone: "UTC",
              })}{" "}
              UTC.
            </p>
          ) : null}
          <Form method="post" noValidate className="space-y-3">
            <input type="hidden" name="intent" value="email" />
            <Field label="Your work e-mail" id="claim-email" error={emailFailed ? failed.error : undefined}>
              <Input
                name="email"
                type="text"
                inputMode="email"
                autoComplete="email"
                placeholder={`you@${tool.domain}`}
                defaultValue={failed?.values.email ?? ""}
                className="max-w-sm"
              />
            </Field>
            <Button type="submit">Send verification link</Button>
          </Form>
        </section>
      ) : null}
      {state.methods.site ? (
        <section className={cardClassOf("md", "space-y-3")}>
          <h2 className="text-xl font-semibold">With a token on the site</h2>
          {state.siteToken ? (
            <>
              <p className="text-sm">Publish either of these, then check:</p>
              <ol className="list-decimal space-y-2 pl-5 text-sm">
                <li>
                  In the <code>&lt;head&gt;</code> of {tool.website}:
                  <pre className="mt-1 overflow-x-auto rounded bg-slate-100 p-2 text-xs dark:bg-slate-800">
                    {`<meta name="${SITE_META_NAME}" content="${state.siteToken.token}">`}
                  </pre>
                </li>
                <li>
                  Or a text file at <code>{SITE_WELL_KNOWN_PATH}</code> holding:
                  <pre className="mt-1 overflow-x-auto rounded bg-slate-100 p-2 text-xs dark:bg-slate-800">
                    {state.siteToken.token}
                  </pre>
                </li>
              </ol>
              <Form method="post">
                <input type="hidden" name="intent" value="site-check" />
                <Button type="submit">Check the site now</Button>
              </Form>
            </>
          ) : (
            <Form method="post">
              <input type="hidden" name="intent" value="site-token" />
              <p className="mb-3 text-sm">
                We give you a token to publish as a meta tag or a file; we then read the site once.
              </p>
              <Button type="submit">Get a verification token</Button>
            </Form>
          )}
        </section>
      ) : null}
    </div>
  );
}
