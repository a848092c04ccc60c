import { describe, expect, it } from "vitest";
import { isPrivateAddress } from "./fetcher.ts";

/** Issue 31: IPv6 forms that carry an IPv4 address inside are judged by that address; 6to4 and Teredo are refused. */
describe("isPrivateAddress", () => {
  it("judges NAT64 (64:ff9b::/96) addresses by the IPv4 address they embed", () => {
    expect(isPrivateAddress("64:ff9b::7f00:1")).toBe(true); // 127.0.0.1
    expect(isPrivateAddress("64:ff9b::127.0.0.1")).toBe(true);
    expect(isPrivateAddress("64:ff9b::a9fe:a9fe")).toBe(true); // 169.254.169.254, cloud metadata
    expect(isPrivateAddress("64:ff9b::a00:1")).toBe(true); // 10.0.0.1
    expect(isPrivateAddress("64:ff9b::5db8:d70e")).toBe(false); // 93.184.215.14, a public host via DNS64
  });

  it("refuses 6to4 (2002::/16), Teredo (2001::/32) and local-use NAT64 (64:ff9b:1::/48) outright", () => {
    expect(isPrivateAddress("2002:7f00:1::1")).toBe(true);
    expect(isPrivateAddress("2002:5db8:d70e::1")).toBe(true);
    expect(isPrivateAddress("2001:0:4136:e378:8000:63bf:3fff:fdd2")).toBe(true);
    expect(isPrivateAddress("64:ff9b:1::a00:1")).toBe(true);
  });

  it("judges IPv4-mapped addresses in every spelling by their IPv4 address", () => {
    expect(isPrivateAddress("::ffff:127.0.0.1")).toBe(true);
    expect(isPrivateAddress("::ffff:7f00:1")).toBe(true); // how URL parsing writes ::ffff:127.0.0.1
    expect(isPrivateAddress("::FFFF:A9FE:A9FE")).toBe(true);
    expect(isPrivateAddress("0:0:0:0:0:ffff:a00:1")).toBe(true);
    expect(isPrivateAddress("::ffff:0:a00:1")).toBe(true); // SIIT's IPv4-translated form
    expect(isPrivateAddress("::127.0.0.1")).toBe(true); // IPv4-compatible (deprecated)
    expect(isPrivateAddress("::ffff:5db8:d70e")).toBe(false);
    expect(isPrivateAddress("::ffff:93.184.215.14")).toBe(false);
  });

  it("keeps the ranges it had", () => {
    for (const a of ["127.0.0.1", "10.1.2.3", "169.254.169.254", "::1", "::", "fe80::1", "fd00::1", "ff02::1"]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ["93.184.215.14", "2606:2800:220:1:248:1893:25c8:1946"]) expect(isPrivateAddress(a), a).toBe(false);
    expect(isPrivateAddress("not an address")).toBe(true);
  });
});
