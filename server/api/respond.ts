import type { Context } from "hono";
import type { z } from "zod";
import { AppError } from "../platform/errors.ts";
import type { AppServices } from "../process/context.ts";

/** What the edge sets on every /api request (server/edge/app.ts): the services, the request id, the client address. */
export type ApiVars = { Variables: { services: AppServices; requestId: string; clientIp: string } };

/** The request's JSON body; a body that is not JSON is a 400. */
export async function jsonBody(c: { req: { json(): Promise<unknown> } }): Promise<unknown> {
  return c.req.json().catch(() => {
    throw new AppError("bad_request", "Send a JSON body");
  });
}

/**
 * A use case's Input from an API call: the JSON body (when the call has one) with the path's
 * parameters, which win over a body's keys. Parsed as one, a refusal is a 400 naming the first
 * problem, body first. The page action parses the same Input from its form (issue 37 item 1).
 */
export async function useCaseInput<S extends z.ZodType>(
  c: { req: { json(): Promise<unknown> } },
  schema: S,
  params: Record<string, string>,
  withBody = true,
): Promise<z.output<S>> {
  const sent = withBody ? await jsonBody(c) : {};
  const isObject = typeof sent === "object" && sent !== null && !Array.isArray(sent);
  return parseOr400(schema, isObject ? { ...sent, ...params } : sent);
}

/** Parses input with a zod schema; the first problem becomes a 400 with a readable message. */
export function parseOr400<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw badInput(result.error);
  return result.data;
}

/** A zod failure as the 400 people read: the first problem, naming the field when the message is generic. */
export function badInput(error: z.ZodError): AppError {
  const issue = error.issues[0];
  // Messages written for people (the spec's own) are shown as they are; others name the field.
  const generic = !issue || /^(Invalid|Too (big|small)|Expected|Unrecognized)/.test(issue.message);
  const where = issue?.path.length && generic ? `${issue.path.join(".")}: ` : "";
  return new AppError("bad_request", `${where}${issue?.message ?? "Invalid input"}`);
}

export function fail(c: Context, status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 429 | 500, error: string) {
  return c.json({ success: false as const, error }, status);
}
