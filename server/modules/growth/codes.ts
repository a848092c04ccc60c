import { randomBytes } from "node:crypto";

// No 0/O, 1/I/L: codes are read aloud and typed from screenshots.
const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** A short random code (8 characters, ~39 bits): unguessable enough for a referral or affiliate link. */
export function newCode(length = 8): string {
  const bytes = randomBytes(length);
  let out = "";
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return out;
}

/** What a code in a URL or cookie may look like (anything else is not looked up). */
export const CODE_PATTERN = /^[A-Za-z0-9]{4,32}$/;

export function normalCode(value: unknown): string | null {
  return typeof value === "string" && CODE_PATTERN.test(value) ? value.toUpperCase() : null;
}
