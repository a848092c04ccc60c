import { describe, expect, it } from "vitest";
import { emailField, isEmailAddress, mailboxKey } from "./email-address.ts";

describe("isEmailAddress", () => {
  it("accepts ordinary addresses", () => {
    for (const ok of ["a@b.co", "first.last+tag@mail.example.org", "ü@exämple.de", "x@sub.domain.example"]) {
      expect(isEmailAddress(ok), ok).toBe(true);
    }
  });
  it("refuses malformed ones", () => {
    for (const bad of [
      "",
      "a",
      "a@",
      "@b.co",
      "a@b",
      "a@.co",
      "a@b.",
      "a@@b.co",
      "a@b@c.co",
      "a b@c.co",
      "a@b.co\n",
      "a\u202e@b.co",
      "a\u0000@b.co",
      `${"a".repeat(250)}@b.co`,
    ]) {
      expect(isEmailAddress(bad), JSON.stringify(bad)).toBe(false);
    }
  });
  it("answers the backtracking payload in linear time", () => {
    const payload = `a@${".".repeat(64_000)}@`;
    const started = performance.now();
    for (let i = 0; i < 100; i++) isEmailAddress(payload);
    expect(emailField().safeParse(payload).success).toBe(false);
    expect(emailField().safeParse(`a@${"a.".repeat(400_000)}`).success).toBe(false);
    expect(performance.now() - started).toBeLessThan(200);
  });
  it("trims and lower-cases, with the messages", () => {
    expect(emailField().parse("  Ann@Example.COM ")).toBe("ann@example.com");
    expect(emailField({ required: "Email is required" }).safeParse("  ").error?.issues[0]?.message).toBe(
      "Email is required",
    );
    expect(emailField().safeParse("nope").error?.issues[0]?.message).toBe("Please enter a valid email address");
  });
});

describe("mailboxKey (issue 31)", () => {
  it.each([
    ["Bob+alt1@Example.com", "bob@example.com"],
    ["bob@example.com", "bob@example.com"],
    ["b.o.b+x@googlemail.com", "bob@gmail.com"],
    ["b.o.b@example.com", "b.o.b@example.com"],
    ["+tag@example.com", "+tag@example.com"],
  ])("%s → %s", (email, key) => expect(mailboxKey(email)).toBe(key));
});
