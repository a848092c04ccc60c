import { promises as nodeDns } from "node:dns";

/**
 * The two DNS questions the app asks (verifying a search engine's crawler): behind an interface so that
 * tests answer from a table (no network) and production asks the system resolver.
 */
export type DnsResolver = {
  /** PTR names of an address; [] when it has none */
  reverse(ip: string): Promise<string[]>;
  /** A and AAAA addresses of a name; [] when it has none */
  lookup(host: string): Promise<string[]>;
};

const TIMEOUT_MS = 2_000;
const withTimeout = <T>(p: Promise<T>, fallback: T) =>
  Promise.race([p.catch(() => fallback), new Promise<T>((r) => setTimeout(() => r(fallback), TIMEOUT_MS).unref())]);

export function systemDns(): DnsResolver {
  return {
    reverse: (ip) => withTimeout(nodeDns.reverse(ip), []),
    lookup: (host) =>
      withTimeout(
        nodeDns.lookup(host, { all: true }).then((all) => all.map((a) => a.address)),
        [] as string[],
      ),
  };
}

/** A resolver answering from its own records: the default in tests. */
export type FakeDns = DnsResolver & {
  /** ip ↔ host, both directions (a forward-confirmed name) unless `forward` is false */
  add(ip: string, host: string, options?: { forward?: boolean }): void;
  /** how many questions it was asked (the cache is checked by counting them) */
  asked: number;
};

export function fakeDns(): FakeDns {
  const ptr = new Map<string, string[]>();
  const addresses = new Map<string, string[]>();
  const dns: FakeDns = {
    asked: 0,
    add(ip, host, options = {}) {
      ptr.set(ip, [...(ptr.get(ip) ?? []), host]);
      if (options.forward !== false) addresses.set(host, [...(addresses.get(host) ?? []), ip]);
    },
    async reverse(ip) {
      dns.asked++;
      return ptr.get(ip) ?? [];
    },
    async lookup(host) {
      dns.asked++;
      return addresses.get(host) ?? [];
    },
  };
  return dns;
}
