import { createHmac } from "node:crypto";
import type { Env } from "../../platform/env.ts";
import { resolveAuthSecret } from "./auth.ts";

const secrets = new Map<string, string>();

/**
 * An opaque, stable key for a client address: a keyed hash (HMAC-SHA-256 with the auth secret, so
 * it cannot be reversed by trying addresses), shortened. For short-lived counting only (repeated
 * clicks); every instance sharing AUTH_SECRET computes the same key.
 */
export function visitorKey(env: Pick<Env, "AUTH_SECRET" | "DATA_DIR">, ip: string): string {
  return createHmac("sha256", signingSecret(env)).update(`visitor:${ip}`).digest("base64url").slice(0, 22);
}

/** The auth secret (read once per configuration): what our own signed cookies and keys use. */
export function signingSecret(env: Pick<Env, "AUTH_SECRET" | "DATA_DIR">): string {
  const id = `${env.AUTH_SECRET ?? ""}|${env.DATA_DIR}`;
  let secret = secrets.get(id);
  if (!secret) {
    secret = resolveAuthSecret(env);
    secrets.set(id, secret);
  }
  return secret;
}
