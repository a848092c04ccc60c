import { describe, expect, it } from "vitest";
import { isFreeMailDomain } from "./free-mail-domains.ts";
import { CompanyEmailInput } from "./verification.ts";

describe("free-mail domains", () => {
  it("matches providers and their sub-domains, not company domains", () => {
    expect(isFreeMailDomain("gmail.com")).toBe(true);
    expect(isFreeMailDomain("GMAIL.COM")).toBe(true);
    expect(isFreeMailDomain("mail.yahoo.co.uk")).toBe(true);
    expect(isFreeMailDomain("proton.me")).toBe(true);
    expect(isFreeMailDomain("acme.com")).toBe(false);
    expect(isFreeMailDomain("notgmail.com")).toBe(false);
    expect(isFreeMailDomain("gmail.com.evil.example")).toBe(false);
  });

  it("the company e-mail form refuses them with the form's message", () => {
    expect(CompanyEmailInput.safeParse({ email: "Jo@Acme.com" }).data?.email).toBe("jo@acme.com");
    expect(CompanyEmailInput.safeParse({ email: "jo@hotmail.com" }).error?.issues[0]?.message).toBe(
      "Use your work address: free e-mail providers cannot verify a company",
    );
    expect(CompanyEmailInput.safeParse({ email: "not an address" }).success).toBe(false);
  });
});
