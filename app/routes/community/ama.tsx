import { data, Form, Link } from "react-router";
import { z } from "zod";
import { FormAlert } from "~/components/account/form-parts";
import { utcLabel } from "~/components/community/ama-parts";
import { Button, cardClass, Field, Textarea } from "~/components/ui";
import { viewerOf } from "~/lib/accounts.server";
import {
  AMA_LIMITS,
  AMA_MESSAGES,
  AmaAnswerInput,
  AmaId,
  AmaQuestionId,
  AmaQuestionInput,
  answerAmaQuestion,
  askAmaQuestion,
  followAma,
  getAma,
  hideAmaQuestion,
  upvoteAmaQuestion,
} from "~/lib/community.server";
import type { AmaDetail, AmaQuestion } from "~/lib/community-types";
import { failureOf } from "~/lib/form-action";
import { formAction, refuse } from "~/lib/form-action.server";
import type { Route } from "./+types/ama";

export { shouldRevalidate } from "~/lib/revalidate";

/** One AMA (issue 35 item 2): questions before, answers during and after. Plain forms, no script needed. */
export function meta({ data: d }: Route.MetaArgs) {
  const ama = d && "ama" in d ? d.ama : null;
  return [
    { title: ama ? `${ama.title} | AMA | Toolscape` : "AMA not found | Toolscape" },
    { name: "description", content: ama ? `Ask the makers of ${ama.tool.name} anything.` : "AMA not found" },
  ];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const viewer = await viewerOf(context, request);
  const id = AmaId.safeParse(params.id);
  const ama = id.success
    ? await getAma(
        context.services.db,
        id.data,
        context.services.clock.now(),
        viewer ? { id: viewer.user.id, editor: viewer.role === "admin" } : null,
      )
    : null;
  if (!ama) throw data({ message: AMA_MESSAGES.notFound }, { status: 404 });
  const scheduled = new URL(request.url).searchParams.get("scheduled") === "1";
  return {
    ama,
    signedIn: viewer !== null,
    scheduled,
    limits: { questionMax: AMA_LIMITS.questionMax, answerMax: AMA_LIMITS.answerMax },
  };
}

const Intents = z.discriminatedUnion("intent", [
  AmaQuestionInput.extend({ intent: z.literal("ask") }),
  z.object({ intent: z.literal("upvote"), questionId: AmaQuestionId }),
  AmaAnswerInput.extend({ intent: z.literal("answer") }),
  z.object({ intent: z.literal("follow") }),
  z.object({ intent: z.literal("unfollow") }),
  z.object({ intent: z.literal("hide"), questionId: AmaQuestionId }),
]);

export async function action({ params, request, context }: Route.ActionArgs) {
  const viewer = await viewerOf(context, request);
  if (!viewer) return refuse(401, "Please sign in to take part in the AMA");
  const id = AmaId.safeParse(params.id);
  if (!id.success) return refuse(404, AMA_MESSAGES.notFound);
  const amaId = id.data;
  const services = context.services;
  const userId = viewer.user.id;
  const actor = { id: userId, editor: viewer.role === "admin", label: viewer.user.email, requestId: context.requestId };
  return formAction(request, Intents, async (input) => {
    switch (input.intent) {
      case "ask":
        await askAmaQuestion(services, userId, amaId, { body: input.body });
        return { ok: true as const, message: "Your question is in. We will remind you before the AMA starts." };
      case "upvote": {
        const { votes, added } = await upvoteAmaQuestion(services, userId, input.questionId);
        return {
          ok: true as const,
          message: added ? `Upvoted: ${votes} vote${votes === 1 ? "" : "s"} now` : "You already upvoted this question",
        };
      }
      case "answer":
        await answerAmaQuestion(services, actor, input);
        return { ok: true as const, message: "Answer published." };
      case "follow":
        await followAma(services, userId, amaId, true);
        return { ok: true as const, message: "We will e-mail you before it starts." };
      case "unfollow":
        await followAma(services, userId, amaId, false);
        return { ok: true as const, message: "You will not be reminded." };
      case "hide":
        await hideAmaQuestion(services, actor, input.questionId);
        return { ok: true as const, message: "Question hidden." };
    }
  });
}

function Question({
  q,
  ama,
  signedIn,
  answerMax,
}: {
  q: AmaQuestion;
  ama: AmaDetail;
  signedIn: boolean;
  answerMax: number;
}) {
  const open = ama.phase === "upcoming" || ama.phase === "live";
  const canAnswer = ama.viewer?.canAnswer === true && ama.phase !== "upcoming" && ama.phase !== "cancelled";
  return (
    <li className={cardClass} data-testid="ama-question">
      <p className="user-text whitespace-pre-line">{q.body}</p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        asked by {q.askerName} ·{" "}
        <span data-testid="ama-votes">
          {q.votes} vote{q.votes === 1 ? "" : "s"}
        </span>
      </p>
      {q.answer ? (
        <div className="mt-3 border-l-4 border-brand-500 pl-3" data-testid="ama-answer">
          <p className="text-sm font-semibold">Answer from the {ama.tool.name} team</p>
          <p className="user-text whitespace-pre-line">{q.answer}</p>
        </div>
      ) : null}
      <div className="mt-3 flex flex-wrap items-end gap-3">
        {open && signedIn && !q.mine ? (
          <Form method="post">
            <input type="hidden" name="questionId" value={q.id} />
            <Button type="submit" name="intent" value="upvote" variant="secondary" size="sm" disabled={q.voted}>
              {q.voted ? "Upvoted" : "Upvote"}
            </Button>
          </Form>
        ) : null}
        {canAnswer ? (
          <Form method="post" className="flex w-full flex-col gap-2">
            <input type="hidden" name="questionId" value={q.id} />
            <Field id={`answer-${q.id}`} label={q.answer ? "Edit your answer" : "Your answer"}>
              <Textarea name="answer" rows={3} required maxLength={answerMax} defaultValue={q.answer ?? ""} />
            </Field>
            <div>
              <Button type="submit" name="intent" value="answer" size="sm">
                Publish answer
              </Button>
            </div>
          </Form>
        ) : null}
        {ama.viewer?.canAnswer ? (
          <Form method="post">
            <input type="hidden" name="questionId" value={q.id} />
            <Button type="submit" name="intent" value="hide" variant="secondary" size="sm">
              Hide
            </Button>
          </Form>
        ) : null}
      </div>
    </li>
  );
}

export default function Ama({ loaderData, actionData }: Route.ComponentProps) {
  const { ama, signedIn, scheduled, limits } = loaderData;
  const failed = failureOf(actionData);
  const done = actionData && "message" in actionData ? String(actionData.message) : null;
  const answered = ama.questionList.filter((q) => q.answer);
  const waiting = ama.questionList.filter((q) => !q.answer);
  const open = ama.phase === "upcoming" || ama.phase === "live";
  const signIn = `/sign-in?redirectTo=${encodeURIComponent(`/community/amas/${ama.id}`)}`;
  return (
    <div className="mx-auto max-w-4xl">
      <p className="text-sm">
        <Link to="/community/amas" className="underline">
          Maker AMAs
        </Link>
      </p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight">{ama.title}</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        AMA with the makers of{" "}
        <Link to={`/tools/${ama.tool.slug}`} className="underline">
          {ama.tool.name}
        </Link>
        , hosted by {ama.hostName} · {utcLabel(ama.startsAt)} – {ama.endsAt.slice(11, 16)} UTC ·{" "}
        <strong data-testid="ama-phase">
          {ama.phase === "upcoming"
            ? "Taking questions"
            : ama.phase === "live"
              ? "Live now"
              : ama.phase === "ended"
                ? "Ended"
                : "Cancelled"}
        </strong>
      </p>
      {ama.description ? <p className="user-text mt-3 whitespace-pre-line">{ama.description}</p> : null}
      <div className="mt-4 space-y-2" aria-live="polite">
        {scheduled ? (
          <FormAlert tone="success">Your AMA is scheduled. Share this page to collect questions.</FormAlert>
        ) : null}
        {failed ? <FormAlert>{failed.error}</FormAlert> : null}
        {done ? <FormAlert tone="success">{done}</FormAlert> : null}
      </div>
      {open ? (
        signedIn ? (
          <section className="mt-6 space-y-3" aria-labelledby="ama-ask">
            <h2 id="ama-ask" className="text-xl font-semibold">
              Ask a question
            </h2>
            <Form method="post" className="space-y-2">
              <Field id="ama-question" label="Your question" error={failed?.fields.body ?? null}>
                <Textarea
                  name="body"
                  rows={3}
                  required
                  maxLength={limits.questionMax}
                  defaultValue={failed?.values.body ?? ""}
                />
              </Field>
              <Button type="submit" name="intent" value="ask">
                Ask
              </Button>
            </Form>
            <Form method="post">
              <Button
                type="submit"
                name="intent"
                value={ama.viewer?.following ? "unfollow" : "follow"}
                variant="secondary"
                size="sm"
              >
                {ama.viewer?.following ? "Stop reminding me" : "Remind me by e-mail"}
              </Button>
            </Form>
          </section>
        ) : (
          <p className="mt-6">
            <Link to={signIn} className="underline">
              Sign in to ask a question or upvote
            </Link>
          </p>
        )
      ) : null}
      {answered.length ? (
        <section className="mt-8" aria-labelledby="ama-answered">
          <h2 id="ama-answered" className="text-xl font-semibold">
            Answered ({answered.length})
          </h2>
          <ul className="mt-3 space-y-3">
            {answered.map((q) => (
              <Question key={q.id} q={q} ama={ama} signedIn={signedIn} answerMax={limits.answerMax} />
            ))}
          </ul>
        </section>
      ) : null}
      <section className="mt-8" aria-labelledby="ama-questions">
        <h2 id="ama-questions" className="text-xl font-semibold">
          {ama.phase === "ended" ? "Not answered" : "Questions"} ({waiting.length})
        </h2>
        {waiting.length === 0 ? (
          <p className="mt-3 text-slate-600 dark:text-slate-400">
            {open ? "No open questions yet: ask the first." : "Every question was answered."}
          </p>
        ) : (
          <ul className="mt-3 space-y-3">
            {waiting.map((q) => (
              <Question key={q.id} q={q} ama={ama} signedIn={signedIn} answerMax={limits.answerMax} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
