import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { verifyPassword } from "better-auth/crypto";
import type { PasswordHashing } from "../../server/modules/accounts/index.ts";

/**
 * The test servers' password hash (ADR 0053): scrypt, like better-auth's, at N = 2^10 instead of
 * 2^14 with r = 16 — about a sixteenth of the work and memory per sign-up and sign-in, which the
 * database tests do hundreds of times. Its hashes are marked `test-scrypt:`; anything else (an
 * account the operator CLI made with better-auth's own hash, in the same test database) is checked
 * with better-auth's verifier, so both kinds sign in. Production never receives this option: only
 * tests/helpers/server.ts passes it to startServer, and accounts-auth.db.test.ts keeps the real one.
 */
const PREFIX = "test-scrypt:";
const PARAMS = { N: 1024, r: 16, p: 1, maxmem: 64 * 1024 * 1024 };

const derive = (password: string, salt: string) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, 64, PARAMS, (err, key) => (err ? reject(err) : resolve(key))),
  );

export const testPasswordHashing: PasswordHashing = {
  async hash(password) {
    const salt = randomBytes(16).toString("hex");
    return `${PREFIX}${salt}:${(await derive(password, salt)).toString("hex")}`;
  },
  async verify({ hash, password }) {
    if (!hash.startsWith(PREFIX)) return verifyPassword({ hash, password });
    const [salt = "", key = ""] = hash.slice(PREFIX.length).split(":");
    const expected = Buffer.from(key, "hex");
    const actual = await derive(password, salt);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  },
};
