import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { bodyText } from "../../platform/body-cap.ts";
import type { Db } from "../../platform/db/index.ts";
import type { Env } from "../../platform/env.ts";
import { AppError } from "../../platform/errors.ts";
import type { Logger } from "../../platform/logger.ts";
import { consumeRateLimit, type RateRule } from "../../platform/rate-limit.ts";
import { type ApiKeyAuth, apiKeyFromHeader, authenticateApiKey, loadEntitlements } from "../accounts/index.ts";
import { createMcpServer } from "./mcp.ts";

/** Anonymous MCP callers: a low limit per client address (an API key gets the key's own limit). */
export const MCP_ANONYMOUS_RULE: RateRule = { max: 20, windowSec: 60 };
/** The largest JSON-RPC message accepted (the edge's body cap reads no further: server/edge/app.ts). */
export const MCP_MAX_BODY = 256 * 1024;

export type McpRequestDeps = {
  db: Db;
  env: Pick<Env, "PUBLIC_URL" | "HOST" | "PORT">;
  now: () => Date;
  /** where a failure's detail goes (callers get a generic message with the request id) */
  logger: Pick<Logger, "error">;
  requestId: string;
};

type Limit = { max: number; remaining: number; resetSec: number };

/** An HTTP-level refusal in JSON-RPC's shape (no request id is known yet). */
export const mcpError = (status: number, message: string, headers: Record<string, string> = {}, code = -32000) =>
  new Response(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }), {
    status,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store", ...headers },
  });

const limitHeaders = (l: Limit): Record<string, string> => ({
  "RateLimit-Limit": String(l.max),
  "RateLimit-Remaining": String(Math.max(0, l.remaining)),
  "RateLimit-Reset": String(l.resetSec),
});

/**
 * POST /mcp — Streamable HTTP, stateless: each request gets a fresh server and transport (JSON
 * answers, no session), so any instance can answer and nothing is held between requests. GET (a
 * server-initiated stream) and DELETE (ending a session) have nothing to do here: 405.
 * Authentication is an API key (`Authorization: Bearer tsk_…`) or nothing; cookies count for nothing.
 */
export async function handleMcpRequest(deps: McpRequestDeps, request: Request, clientIp: string): Promise<Response> {
  if (request.method !== "POST") {
    return mcpError(405, "Method not allowed: this MCP server is stateless; send JSON-RPC with POST.", {
      Allow: "POST",
    });
  }
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MCP_MAX_BODY) return mcpError(413, "Request body is too large");
  // One JSON-RPC message per request (MCP 2025-06-18 removed batches; the SDK still runs them): a batch
  // of 100 tool calls cost one request of the anonymous limit and ran them all at once (issue 31). So
  // a batch is refused whole, before it is counted or any call runs, and each request runs one call.
  const message = parsedMessage(request);
  if (Array.isArray(message)) {
    return mcpError(
      400,
      "JSON-RPC batches are not supported (MCP removed them in 2025-06-18): send one message per request.",
      {},
      -32600,
    );
  }

  let tier: ApiKeyAuth["viewer"]["tier"] | null = null;
  let limit: Limit;
  const key = apiKeyFromHeader(request.headers.get("authorization"));
  if (key) {
    try {
      const auth = await authenticateApiKey(deps.db, key, deps.now());
      tier = auth.viewer.tier;
      limit = { max: auth.limit.max, remaining: auth.limit.max - auth.limit.count, resetSec: auth.limit.resetSec };
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const details = err.details as { retryAfterSec?: number } | undefined;
      const headers: Record<string, string> = {};
      if (details?.retryAfterSec) headers["Retry-After"] = String(details.retryAfterSec);
      if (err.status === 401) headers["WWW-Authenticate"] = 'Bearer error="invalid_token"';
      return mcpError(err.status, err.message, headers);
    }
  } else {
    const r = await consumeRateLimit(deps.db, `mcp:${clientIp}`, MCP_ANONYMOUS_RULE, deps.now());
    limit = { max: MCP_ANONYMOUS_RULE.max, remaining: MCP_ANONYMOUS_RULE.max - r.count, resetSec: r.retryAfterSec };
    if (!r.allowed) {
      return mcpError(
        429,
        "Rate limit exceeded for anonymous MCP use. Try again after Retry-After, or use an Expert API key.",
        { "Retry-After": String(r.retryAfterSec), ...limitHeaders(limit) },
      );
    }
  }

  const entitlements = await loadEntitlements(deps.db);
  const server = createMcpServer(deps, { tier, compareCap: entitlements.compareCap(tier ?? "free") });
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  try {
    await server.connect(transport);
    const res = await transport.handleRequest(request, message === undefined ? undefined : { parsedBody: message });
    const headers = new Headers(res.headers);
    for (const [k, v] of Object.entries(limitHeaders(limit))) headers.set(k, v);
    headers.set("Cache-Control", "no-store");
    const body = res.body ? await res.arrayBuffer() : null;
    return new Response(body, { status: res.status, headers });
  } finally {
    await server.close();
  }
}

/** The message the edge read (parsed once, here); undefined when there is none or it is not JSON (the SDK answers that). */
function parsedMessage(request: Request): unknown {
  const text = bodyText(request);
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
