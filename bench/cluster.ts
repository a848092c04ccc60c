// npm run bench:cluster [-- --users 100 --duration 60 --think-min 2000 --think-max 8000 --start steady|burst --json out.json --keep]
//
// Two app instances on one PostgreSQL behind a round-robin proxy, driven by simulated users, with
// an instance killed and PostgreSQL restarted mid-run. Needs `npm run build` and PostgreSQL 15's
// binaries (PG_BIN, default /usr/lib/postgresql/15/bin, else the newest version there). Starts its own private PostgreSQL cluster
// in a temporary directory (port CLUSTER_PG_PORT, default 55432); never touches any other server.
// Exits non-zero when a check fails. Environment: CLUSTER_USERS, CLUSTER_DURATION (seconds),
// CLUSTER_PORT (proxy; instances take the next two), CLUSTER_PG_PORT, CLUSTER_START, PG_BIN. The report has a
// timeline (latency and CPU per second) and the slowest requests, with the instance that answered.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  chownSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startProxy } from "./cluster-proxy.ts";
import { buckets, printTimeline, type Sample, slowest, startCpuSampler } from "./cluster-timeline.ts";
import { int, ms, summarize } from "./stats.ts";

const ROOT = path.resolve(import.meta.dirname, "..");

/** PostgreSQL 15's binaries where Debian puts them, else the newest version installed. */
function findPgBin(): string {
  const base = "/usr/lib/postgresql";
  if (existsSync(path.join(base, "15/bin/initdb"))) return path.join(base, "15/bin");
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((v) => existsSync(path.join(base, v, "bin/initdb")))
        .sort((x, y) => Number(y) - Number(x))
    : [];
  return path.join(base, versions[0] ?? "15", "bin");
}

function flag(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const USERS = Number(flag("users") ?? process.env.CLUSTER_USERS ?? 100);
const DURATION_S = Number(flag("duration") ?? process.env.CLUSTER_DURATION ?? 60);
const PROXY_PORT = Number(flag("port") ?? process.env.CLUSTER_PORT ?? 3240);
const PG_PORT = Number(flag("pg-port") ?? process.env.CLUSTER_PG_PORT ?? 55432);
const PG_BIN = process.env.PG_BIN ?? findPgBin();
const JSON_OUT = flag("json");
const KEEP = process.argv.includes("--keep");
/**
 * Think time between a simulated user's requests, uniform in [min, max] ms: people read what they
 * opened (web benchmarks such as TPC-W use a mean of 7 s). 100 users at 2–8 s ask for ~20 requests
 * a second; lower it to push harder.
 */
const THINK_MIN_MS = Number(flag("think-min") ?? process.env.CLUSTER_THINK_MIN_MS ?? 2000);
const THINK_MAX_MS = Number(flag("think-max") ?? process.env.CLUSTER_THINK_MAX_MS ?? 8000);
/**
 * How the users' first requests are spread. `steady` (default): each user is at a random point of a
 * think time when the run starts, drawn from the think time's equilibrium (residual) distribution, as
 * if they had been browsing before the measurement began; requests then arrive at the steady-state
 * rate (~USERS / mean think time) from the first second. `burst`: every user's first request within
 * the first second (100 users: ~100 requests in that second, five times the steady rate), what the
 * bench did until stop 28; it measures a cold instance hit by a stampede, not a steady state.
 */
const START = flag("start") ?? process.env.CLUSTER_START ?? "steady";
if (
  !(USERS >= 1 && DURATION_S >= 5 && THINK_MIN_MS >= 0 && THINK_MAX_MS >= THINK_MIN_MS) ||
  !["steady", "burst"].includes(START)
) {
  console.error(
    "--users must be at least 1, --duration at least 5 (seconds), 0 <= --think-min <= --think-max (ms), and --start steady or burst",
  );
  process.exit(2);
}

/** Limits a run is judged by. */
const RECOVERY_LIMIT_MS = 5_000;
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const RUN = randomBytes(3).toString("hex");
const DOMAIN = "cluster.test";
const PASSWORD = `cluster-${randomBytes(6).toString("hex")}`;

const sleep = (msec: number) => new Promise((r) => setTimeout(r, msec));
const log = (line: string) => console.log(`[${((performance.now() - T0) / 1000).toFixed(1).padStart(5)} s] ${line}`);
const T0 = performance.now();
const LOAD_AT_START = os.loadavg().map((l) => Math.round(l * 10) / 10);
let ipSeq = 0;
const nextIp = () => {
  ipSeq++;
  return `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
};

// ---------------------------------------------------------------------------------------------
// A private PostgreSQL cluster

type PrivatePg = { url: string; restart(): Promise<number>; stop(): void; dir: string };

function runPg(bin: string, args: string[], asPostgres: boolean) {
  const cmd = asPostgres ? "runuser" : path.join(PG_BIN, bin);
  const full = asPostgres ? ["-u", "postgres", "--", path.join(PG_BIN, bin), ...args] : args;
  const result = spawnSync(cmd, full, { encoding: "utf8" });
  if (result.status !== 0) {
    throw new Error(`${bin} ${args.join(" ")} failed (${result.status}): ${result.stderr || result.stdout}`);
  }
  return result.stdout;
}

async function startPostgres(tmp: string): Promise<PrivatePg> {
  const asPostgres = process.getuid?.() === 0;
  const dir = path.join(tmp, "pg");
  const data = path.join(dir, "data");
  const sock = path.join(dir, "sock");
  mkdirSync(sock, { recursive: true });
  if (asPostgres) {
    // The postgres user must reach its directory through ours (mkdtemp makes it 0700).
    chmodSync(tmp, 0o711);
    const info = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
    const gid = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
    chownSync(dir, Number(info.stdout), Number(gid.stdout));
    chownSync(sock, Number(info.stdout), Number(gid.stdout));
  }
  runPg("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync"], asPostgres);
  const opts = `-p ${PG_PORT} -k ${sock} -c listen_addresses=127.0.0.1 -c max_connections=60`;
  const ctl = (...args: string[]) =>
    runPg("pg_ctl", ["-D", data, "-l", path.join(dir, "postgres.log"), ...args], asPostgres);
  ctl("-o", opts, "-w", "start");
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${PG_PORT}/postgres` });
  await admin.connect();
  await admin.query("CREATE DATABASE toolscape");
  await admin.end();
  return {
    url: `postgres://postgres@127.0.0.1:${PG_PORT}/toolscape`,
    dir,
    /** Restarts the server (fast shutdown: open sessions are cut); resolves when it accepts again. */
    restart: async () => {
      const started = performance.now();
      await new Promise<void>((resolve, reject) => {
        const cmd = asPostgres ? "runuser" : path.join(PG_BIN, "pg_ctl");
        const args = ["-D", data, "-l", path.join(dir, "postgres.log"), "-o", opts, "-m", "fast", "-w", "restart"];
        const child = spawn(cmd, asPostgres ? ["-u", "postgres", "--", path.join(PG_BIN, "pg_ctl"), ...args] : args, {
          stdio: "ignore",
        });
        child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`pg_ctl restart exited ${code}`))));
      });
      return performance.now() - started;
    },
    stop: () => {
      try {
        ctl("-m", "fast", "-w", "stop");
      } catch (err) {
        console.error(String(err));
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------
// App instances

type Instance = { name: string; port: number; url: string; child: ChildProcess | null; env: NodeJS.ProcessEnv };

function spawnInstance(instance: Instance, tmp: string): void {
  const logFile = createWriteStream(path.join(tmp, `${instance.name}.log`), { flags: "a" });
  const child = spawn(process.execPath, [path.join(ROOT, "build/server.js")], {
    cwd: ROOT,
    env: instance.env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.pipe(logFile);
  child.stderr?.pipe(logFile);
  instance.child = child;
}

async function waitReady(url: string, timeoutMs: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    try {
      const res = await fetch(`${url}/api/health/ready`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${url} was not ready within ${timeoutMs} ms`);
}

// ---------------------------------------------------------------------------------------------
// A browser-like client: cookies, its own address, the site's Origin on writes

class Client {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly origin: string,
    readonly ip = nextIp(),
  ) {}

  async fetch(base: string, p: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("user-agent", BROWSER);
    headers.set("x-forwarded-for", this.ip);
    if (this.cookies.size) headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    if ((init.method ?? "GET") !== "GET") headers.set("origin", this.origin);
    const res = await fetch(`${base}${p}`, {
      ...init,
      headers,
      redirect: "manual",
      signal: AbortSignal.timeout(30_000),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = "", ...attrs] = line.split(";");
      const i = pair.indexOf("=");
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      if (value === "" || attrs.some((a) => /^\s*max-age=0\s*$/i.test(a))) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  json(base: string, p: string, method: string, body?: unknown) {
    return this.fetch(base, p, {
      method,
      headers: { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Measuring

type Outcome = "ok" | "unexpected" | "5xx" | "connection";
const latencies: number[] = [];
/** When each request started (performance.now()), in step with `latencies`: split into windows at the end. */
const startedAt: number[] = [];
/** The restart windows (instance kill → back, PostgreSQL restart → both answering, each plus 2 s). */
const restartWindows: [number, number][] = [];
const WINDOW_GRACE_MS = 2_000;
const counts = { requests: 0, ok: 0, unavailable503: 0, retried503: 0 };
const failures: Record<Exclude<Outcome, "ok">, number> = { unexpected: 0, "5xx": 0, connection: 0 };
/** Failures by kind and action: how many, and the first one's text. */
const failureSamples = new Map<string, { n: number; first: string }>();
const byAction = new Map<string, number[]>();
/** Every request as it went: when it started, how long it took, what it was and which instance answered. */
const samples: Sample[] = [];
const UPSTREAM_NAMES = ["A", "B"];
function record(started: number, action: string, res: Response | null) {
  const upstream = res?.headers.get("x-cluster-upstream");
  samples.push({
    start: started,
    ms: performance.now() - started,
    action,
    status: res?.status ?? 0,
    upstream: upstream == null ? "-" : (UPSTREAM_NAMES[Number(upstream)] ?? upstream),
  });
}
/** Sign-ups cut by the SIGKILL (a 502: not retried by the proxy, repeated by the user). */
let signUpsCut = 0;

function fail(kind: Exclude<Outcome, "ok">, action: string, what: string) {
  failures[kind]++;
  const key = `${kind}: ${action}`;
  const seen = failureSamples.get(key);
  if (seen) seen.n++;
  else failureSamples.set(key, { n: 1, first: what });
}

/**
 * One request as a person makes it: on a 503 with Retry-After (the database restarting) they wait
 * and try again, up to ~20 s; anything else unexpected is a failure.
 */
async function call(
  action: string,
  send: () => Promise<Response>,
  expected: number[],
): Promise<{ res: Response; body: string } | null> {
  const times = byAction.get(action) ?? [];
  byAction.set(action, times);
  for (let attempt = 0; attempt < 12; attempt++) {
    const started = performance.now();
    counts.requests++;
    let res: Response;
    let body: string;
    try {
      res = await send();
      body = await res.text();
    } catch (err) {
      record(started, action, null);
      startedAt.push(started);
      latencies.push(performance.now() - started);
      times.push(performance.now() - started);
      fail("connection", action, String((err as Error).cause ?? (err as Error).message));
      return null;
    }
    record(started, action, res);
    startedAt.push(started);
    latencies.push(performance.now() - started);
    times.push(performance.now() - started);
    if (res.status === 503 && res.headers.get("retry-after")) {
      counts.unavailable503++;
      counts.retried503++;
      await sleep(Math.min(2_000, Number(res.headers.get("retry-after")) * 1000 || 1000));
      continue;
    }
    if (expected.includes(res.status)) {
      counts.ok++;
      return { res, body };
    }
    if (res.status === 502) fail("connection", action, "502 from the proxy");
    else if (res.status >= 500) fail("5xx", action, `${res.status} ${body.slice(0, 160)}`);
    else fail("unexpected", action, `${res.status} ${body.slice(0, 160)}`);
    return null;
  }
  fail("5xx", action, "still 503 after 12 tries");
  return null;
}

// Acknowledged writes, compared with the database at the end.
const acked = {
  signUps: new Set<string>(),
  saved: new Set<string>(),
  newsletter: new Set<string>(),
};

// ---------------------------------------------------------------------------------------------
// Simulated users

type Catalogue = { slugs: string[]; freeSlugs: string[]; categories: string[] };
const QUERIES = ["image", "video", "writing", "chat", "code", "music", "seo", "voice", "marketing", "resume", "3d"];
const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)] as T;

/**
 * Time left of a think time seen at a random moment: density P(T > x) / E[T] for T uniform in
 * [THINK_MIN_MS, THINK_MAX_MS] (rejection sampling). Starting each user there makes the arrival
 * process stationary from t = 0, which a uniform start in [0, max] is not.
 */
function residualThinkMs(): number {
  for (;;) {
    const x = Math.random() * THINK_MAX_MS;
    const survive = x <= THINK_MIN_MS ? 1 : (THINK_MAX_MS - x) / (THINK_MAX_MS - THINK_MIN_MS || 1);
    if (Math.random() < survive) return x;
  }
}

async function simulatedUser(
  index: number,
  proxy: string,
  catalogue: Catalogue,
  running: () => boolean,
): Promise<void> {
  const client = new Client(proxy);
  const email = `u${index}-${RUN}@${DOMAIN}`;
  let member = false;
  let lastSignIn = 0;
  let newsletterCount = 0;
  // One in three signs up during the run, after a few pages (password hashing is the costliest
  // thing the site does: a burst of every user signing up at once is not what a site sees).
  const wantsAccount = index % 3 === 0;
  const signUpAtStep = 2 + Math.floor(Math.random() * 6);
  let step = 0;
  await sleep(START === "burst" ? Math.random() * 1_000 : residualThinkMs());
  while (running()) {
    step++;
    const r = Math.random();
    if (!member && wantsAccount && step >= signUpAtStep) {
      const signUp = () =>
        client.json(proxy, "/api/auth/sign-up/email", "POST", { name: `User ${index}`, email, password: PASSWORD });
      // A sign-up is not repeated by the proxy: if the instance handling it dies, the person gets a
      // 502 and tries again; "already exists" then means the first one went through: they sign in.
      // "Already exists" for this run's own new address means an earlier try went through (one
      // that timed out, or one answered 503 during the PostgreSQL restart and repeated): sign in.
      let done = await call("sign-up", signUp, [200, 422, 502]);
      if (done?.res.status === 422) {
        done = await call(
          "sign-in",
          () => client.json(proxy, "/api/auth/sign-in/email", "POST", { email, password: PASSWORD }),
          [200],
        );
      }
      // (A person clicks again while the proxy still sends some requests to the dying instance.)
      for (let again = 0; again < 3 && done?.res.status === 502; again++) {
        signUpsCut++;
        done = await call("sign-up (again)", signUp, again < 2 ? [200, 422, 502] : [200, 422]);
      }
      if (done) {
        if (done.res.status === 422) {
          done = await call(
            "sign-in",
            () => client.json(proxy, "/api/auth/sign-in/email", "POST", { email, password: PASSWORD }),
            [200],
          );
        }
      }
      if (done) {
        acked.signUps.add(email);
        member = true;
        lastSignIn = performance.now();
      }
    } else if (r < 0.1) await call("home", () => client.fetch(proxy, "/"), [200]);
    else if (r < 0.2)
      await call("catalogue", () => client.fetch(proxy, `/tools?page=${1 + Math.floor(Math.random() * 5)}`), [200]);
    else if (r < 0.28)
      await call("category", () => client.fetch(proxy, `/category/${pick(catalogue.categories)}`), [200]);
    else if (r < 0.38) await call("search page", () => client.fetch(proxy, `/search?q=${pick(QUERIES)}`), [200]);
    else if (r < 0.48)
      await call("search API", () => client.fetch(proxy, `/api/tools?q=${pick(QUERIES)}&limit=20`), [200]);
    else if (r < 0.68) await call("tool page", () => client.fetch(proxy, `/tools/${pick(catalogue.slugs)}`), [200]);
    else if (r < 0.73) {
      const ids = `${pick(catalogue.slugs)},${pick(catalogue.slugs)}`;
      await call("compare page", () => client.fetch(proxy, `/compare?tools=${ids}`), [200]);
    } else if (r < 0.78) {
      const ids = `${pick(catalogue.slugs)},${pick(catalogue.slugs)}`;
      await call("compare API", () => client.fetch(proxy, `/api/tools/compare?ids=${ids}`), [200]);
    } else if (r < 0.82 && newsletterCount < 3) {
      const address = `n${index}-${++newsletterCount}-${RUN}@${DOMAIN}`;
      const done = await call(
        "newsletter",
        () => client.json(proxy, "/api/newsletter/subscribe", "POST", { email: address, source: "cluster" }),
        [200],
      );
      if (done) acked.newsletter.add(address);
    } else if (r < 0.92 && member) {
      const slug = pick(catalogue.slugs);
      const done = await call(
        "save tool",
        () => client.json(proxy, "/api/saved-tools", "POST", { tool_id: slug, kind: "saved" }),
        [200, 201],
      );
      if (done) acked.saved.add(`${email}|${slug}`);
    } else if (r < 0.95 && member && performance.now() - lastSignIn > 20_000) {
      // Sign out and back in (within the sign-in rate limits: once per 20 s per user).
      await call("sign-out", () => client.json(proxy, "/api/auth/sign-out", "POST", {}), [200]);
      const done = await call(
        "sign-in",
        () => client.json(proxy, "/api/auth/sign-in/email", "POST", { email, password: PASSWORD }),
        [200],
      );
      lastSignIn = performance.now();
      if (!done) member = false;
    } else if (member) await call("saved list", () => client.fetch(proxy, "/api/saved-tools"), [200]);
    else await call("tool page", () => client.fetch(proxy, `/tools/${pick(catalogue.slugs)}`), [200]);
    // Think time between clicks.
    await sleep(THINK_MIN_MS + Math.random() * (THINK_MAX_MS - THINK_MIN_MS));
  }
}

// ---------------------------------------------------------------------------------------------
// Cross-instance checks (talking to each instance directly, the way the proxy would)

type Check = { name: string; ok: boolean; detail: string };
const checks: Check[] = [];
function check(name: string, ok: boolean, detail: string) {
  checks.push({ name, ok, detail });
  log(`${ok ? "PASS" : "FAIL"} ${name}: ${detail}`);
}

async function signIn(client: Client, base: string, email: string, password: string) {
  const res = await client.json(base, "/api/auth/sign-in/email", "POST", { email, password });
  if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { user: { id: string } };
}

async function editsShowAtOnce(
  a: Instance,
  b: Instance,
  proxy: string,
  admin: { email: string; password: string },
  catalogue: Catalogue,
  label: string,
) {
  const adminClient = new Client(proxy);
  await signIn(adminClient, a.url, admin.email, admin.password);
  const member = new Client(proxy);
  const email = `edit-${label}-${RUN}@${DOMAIN}`;
  const signUp = await member.json(a.url, "/api/auth/sign-up/email", "POST", {
    name: "Edit Check",
    email,
    password: PASSWORD,
  });
  if (signUp.status !== 200) {
    check(
      `an edit through one instance shows on the other (${label})`,
      false,
      `sign-up answered ${signUp.status}: ${await signUp.text()}`,
    );
    return;
  }
  const { user } = (await signUp.json()) as { user: { id: string } };
  acked.signUps.add(email);
  const tiers: string[] = [];
  for (const [writer, reader, tier] of [
    [a, b, "standard"],
    [b, a, "expert"],
  ] as const) {
    const put = await adminClient.json(writer.url, `/api/admin/users/${user.id}`, "PUT", { tier });
    const read = await member.fetch(reader.url, `/api/subscriptions/user/${user.id}`);
    const body = (await read.json()) as { subscription?: { tier?: string } };
    tiers.push(`${writer.name} PUT ${tier} → ${put.status}; ${reader.name} reads ${body.subscription?.tier}`);
    if (put.status !== 200 || body.subscription?.tier !== tier) {
      check(`an edit through one instance shows on the other (${label})`, false, tiers.join("; "));
      return;
    }
  }
  check(`an edit through one instance shows on the other (${label})`, true, tiers.join("; "));

  const slug = pick(catalogue.slugs);
  const saved = await member.json(a.url, "/api/saved-tools", "POST", { tool_id: slug });
  const list = await member.fetch(b.url, "/api/saved-tools");
  const listed = ((await list.json()) as { saved?: { slug: string }[] }).saved?.map((t) => t.slug) ?? [];
  if (saved.status === 200 || saved.status === 201) acked.saved.add(`${email}|${slug}`);
  check(
    `a tool saved through ${a.name} is listed by ${b.name} (${label})`,
    (saved.status === 201 || saved.status === 200) && listed.includes(slug),
    `POST ${saved.status} on ${a.name}; ${b.name} lists ${listed.length} saved tool(s) including ${slug}: ${listed.includes(slug)}`,
  );
}

/**
 * Sign-out and suspension end access on the next request on both instances, although each keeps
 * recent session lookups in memory (ADR 0032: entries are only used while the shared viewer version
 * is unchanged). Both instances have the member's session cached before it ends.
 */
async function accessEndsAtOnce(a: Instance, b: Instance, proxy: string, admin: { email: string; password: string }) {
  const personal = "/api/me/page-state?path=%2F";
  // A client without cookies of its own, sending the member's (possibly ended) session cookie.
  const statuses = async (_client: Client, cookie: string) =>
    Promise.all(
      [a, b].map(async (i) => {
        const res = await new Client(proxy).fetch(i.url, personal, { headers: { cookie } });
        await res.text();
        return `${i.name}:${res.status}`;
      }),
    );
  const member = async (label: string) => {
    const client = new Client(proxy);
    const email = `revoke-${label}-${RUN}@${DOMAIN}`;
    const res = await client.json(a.url, "/api/auth/sign-up/email", "POST", {
      name: "Revoke Check",
      email,
      password: PASSWORD,
    });
    if (res.status !== 200) throw new Error(`sign-up answered ${res.status}`);
    acked.signUps.add(email);
    const { user } = (await res.json()) as { user: { id: string } };
    return { client, id: user.id, cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ") };
  };
  try {
    // Sign-out on A; the old cookie is then tried on both.
    const m1 = await member("signout");
    const before1 = [...(await statuses(m1.client, m1.cookie)), ...(await statuses(m1.client, m1.cookie))];
    const out = await m1.client.json(a.url, "/api/auth/sign-out", "POST", {});
    await out.text();
    const after1 = await statuses(m1.client, m1.cookie);
    check(
      "sign-out on one instance ends the session on both at the next request (session lookups cached in memory)",
      before1.every((s) => s.endsWith(":200")) && out.status === 200 && after1.every((s) => s.endsWith(":401")),
      `before ${before1.join(" ")}; sign-out on A ${out.status}; after ${after1.join(" ")}`,
    );
    // Suspension by an admin through B.
    const m2 = await member("suspend");
    const before2 = [...(await statuses(m2.client, m2.cookie)), ...(await statuses(m2.client, m2.cookie))];
    const adminClient = new Client(proxy);
    await signIn(adminClient, b.url, admin.email, admin.password);
    const suspended = await adminClient.json(b.url, `/api/admin/users/${m2.id}/suspend`, "POST", {
      reason: "cluster check",
    });
    await suspended.text();
    const after2 = await statuses(m2.client, m2.cookie);
    check(
      "a suspension through one instance ends the member's access on both at the next request",
      before2.every((s) => s.endsWith(":200")) && suspended.status === 200 && after2.every((s) => s.endsWith(":401")),
      `before ${before2.join(" ")}; suspend on B ${suspended.status}; after ${after2.join(" ")}`,
    );
  } catch (err) {
    check("sign-out and suspension end access at once", false, (err as Error).message);
  }
}

async function dailyViewsHoldAcrossInstances(a: Instance, b: Instance, proxy: string, catalogue: Catalogue) {
  const visitor = new Client(proxy);
  const tools = catalogue.freeSlugs.slice(0, 11);
  const seen: string[] = [];
  for (const [i, slug] of tools.entries()) {
    const instance = i % 2 === 0 ? a : b;
    const res = await visitor.fetch(instance.url, `/tools/${slug}`);
    const body = await res.text();
    const prompted = body.includes('data-testid="upgrade-prompt"');
    seen.push(`${i + 1}:${instance.name}${res.status === 200 ? "" : `=${res.status}`}${prompted ? "(locked)" : ""}`);
  }
  // The first tool again, on the other instance than before: counted already, so still open.
  const again = await visitor.fetch(b.url, `/tools/${tools[0]}`);
  const againLocked = (await again.text()).includes('data-testid="upgrade-prompt"');
  const lockedAt = seen.findIndex((s) => s.includes("(locked)")) + 1;
  const allOk = seen.every((s) => !s.includes("="));
  check(
    "daily tool views hold across instances (visitor alternating A/B is locked on the 11th distinct tool)",
    allOk && lockedAt === 11 && !againLocked && again.status === 200,
    `${seen.join(" ")}; first tool again on B: ${again.status}${againLocked ? " (locked)" : " (open)"}`,
  );
}

async function signInLimitHoldsAcrossInstances(a: Instance, b: Instance, proxy: string, email: string) {
  for (const [first, second] of [
    [a, b],
    [b, a],
  ] as const) {
    const client = new Client(proxy);
    const statuses: string[] = [];
    for (let i = 0; i < 6; i++) {
      const instance = i % 2 === 0 ? first : second;
      const res = await client.json(instance.url, "/api/auth/sign-in/email", "POST", {
        email,
        password: "wrong-password",
      });
      await res.text();
      statuses.push(`${instance.name}:${res.status}`);
    }
    const ok = statuses.slice(0, 5).every((s) => s.endsWith(":401")) && statuses[5]?.endsWith(":429");
    check(
      `the sign-in rate limit (5 a minute per address and e-mail) trips on the 6th attempt, starting on ${first.name}`,
      Boolean(ok),
      statuses.join(" "),
    );
  }
}

/**
 * Waits until no background job is due or running. A fresh database's first boot runs every
 * recurring job once at once (the open-data dump, the duplicate refresh, trending, ratings, the
 * bundled logos after the seed: ~10 s of CPU on a 2-core machine); afterwards they come hourly to
 * daily. Users start after that batch, so the run measures the site's steady state, not its first
 * deployment; how long the batch took is reported (events.bootJobsMs).
 */
async function bootJobsDone(url: string, timeoutMs: number): Promise<{ ms: number; ran: string[] }> {
  const started = performance.now();
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    let quiet = 0;
    while (performance.now() - started < timeoutMs && quiet < 2) {
      const { rows } = await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM jobs WHERE status = 'running' OR (status = 'pending' AND run_at <= now())",
      );
      quiet = rows[0]?.n === 0 ? quiet + 1 : 0;
      await sleep(250);
    }
    const ran = await db.query<{ type: string }>("SELECT DISTINCT type FROM jobs WHERE status = 'done' ORDER BY type");
    return { ms: performance.now() - started, ran: ran.rows.map((r) => r.type) };
  } finally {
    await db.end();
  }
}

/** Time from PostgreSQL accepting again to each instance's first DB-backed answer (GET /api/health). */
async function recoveryAfterRestart(instances: Instance[]): Promise<number[]> {
  return Promise.all(
    instances.map(async (instance) => {
      const started = performance.now();
      while (performance.now() - started < 30_000) {
        try {
          const res = await fetch(`${instance.url}/api/health`, { signal: AbortSignal.timeout(5_000) });
          await res.text();
          if (res.status === 200) return performance.now() - started;
        } catch {
          // keep trying
        }
        await sleep(25);
      }
      return Number.POSITIVE_INFINITY;
    }),
  );
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  if (!existsSync(path.join(ROOT, "build/server.js"))) {
    console.error("bench:cluster runs the production build: run `npm run build` first.");
    return 2;
  }
  if (!existsSync(path.join(PG_BIN, "initdb"))) {
    console.error(`bench:cluster needs PostgreSQL's binaries (initdb, pg_ctl) in ${PG_BIN} (set PG_BIN).`);
    return 2;
  }
  const tmp = mkdtempSync(path.join(os.tmpdir(), "toolscape-cluster-"));
  let postgres: PrivatePg | null = null;
  const instances: Instance[] = [];
  let proxyClose: (() => Promise<void>) | null = null;
  try {
    log(
      `${USERS} users for ${DURATION_S} s; private PostgreSQL on ${PG_PORT}; proxy on ${PROXY_PORT}; files in ${tmp}`,
    );
    postgres = await startPostgres(tmp);
    const pgServer = postgres;
    log("private PostgreSQL started");
    const publicUrl = `http://127.0.0.1:${PROXY_PORT}`;
    const shared = {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      DATABASE_URL: postgres.url,
      AUTH_SECRET: randomBytes(32).toString("base64url"),
      PUBLIC_URL: publicUrl,
      TRUST_PROXY: "1",
      LOG_LEVEL: "warn",
      SEED_ON_START: "1",
      DEMO_MODE: "0",
    };
    // The administrator, created before the instances start (the script migrates the database).
    const admin = { email: `admin-${RUN}@${DOMAIN}`, password: PASSWORD };
    const created = spawnSync(
      path.join(ROOT, "node_modules/.bin/tsx"),
      ["scripts/user.ts", "create", "--admin", admin.email, "--password", admin.password, "--name", "Cluster Admin"],
      { cwd: ROOT, env: { ...shared, DATA_DIR: path.join(tmp, "cli") }, encoding: "utf8" },
    );
    if (created.status !== 0) throw new Error(`creating the admin failed: ${created.stderr || created.stdout}`);
    acked.signUps.add(admin.email);
    log(created.stdout.trim());

    for (const [i, name] of ["A", "B"].entries()) {
      const port = PROXY_PORT + 1 + i;
      instances.push({
        name,
        port,
        url: `http://127.0.0.1:${port}`,
        child: null,
        env: { ...shared, PORT: String(port), DATA_DIR: path.join(tmp, `data-${name}`) },
      });
    }
    const [a, b] = instances as [Instance, Instance];
    spawnInstance(a, tmp);
    log(`A migrated, seeded and ready in ${ms(await waitReady(a.url, 180_000))}`);
    spawnInstance(b, tmp);
    log(`B ready in ${ms(await waitReady(b.url, 60_000))}`);
    const bootJobs = await bootJobsDone(postgres.url, 120_000);
    log(`first-boot jobs done after a further ${ms(bootJobs.ms)} (${bootJobs.ran.join(", ")})`);
    const proxy = await startProxy({
      port: PROXY_PORT,
      upstreams: instances.map((i) => ({ host: "127.0.0.1", port: i.port })),
    });
    proxyClose = proxy.close;

    // What the simulated users pick from.
    const listing = (await (await fetch(`${proxy.url}/api/tools?limit=100&sort=rating-desc`)).json()) as {
      tools: { slug: string; tier?: string }[];
    };
    const categories = (
      (await (await fetch(`${proxy.url}/api/categories`)).json()) as { categories: { slug: string }[] }
    ).categories;
    const catalogue: Catalogue = {
      slugs: listing.tools.map((t) => t.slug),
      freeSlugs: listing.tools.filter((t) => (t.tier ?? "free") === "free").map((t) => t.slug),
      categories: categories.map((c) => c.slug),
    };
    if (catalogue.freeSlugs.length < 11) throw new Error("fewer than 11 free tools to test daily views with");

    const durationMs = DURATION_S * 1000;
    const start = performance.now();
    let scenarioDone = false;
    // Users keep going for the whole duration and at least until every mid-run event is over.
    const running = () => performance.now() - start < durationMs || !scenarioDone;
    log(`driving ${USERS} simulated users through the proxy`);
    const postmasterPid = () => {
      try {
        return Number(readFileSync(path.join(pgServer.dir, "data/postmaster.pid"), "utf8").split("\n")[0]) || undefined;
      } catch {
        return undefined;
      }
    };
    const cpu = startCpuSampler(start, {
      ...Object.fromEntries(
        instances.map((i) => [i.name, () => ({ pid: i.child?.exitCode === null ? i.child.pid : undefined })]),
      ),
      pg: () => ({ pid: postmasterPid(), tree: true }),
      bench: () => ({ pid: process.pid }),
    });
    const users = Array.from({ length: USERS }, (_, i) => simulatedUser(i, proxy.url, catalogue, running));

    const events: Record<string, number | string> = { bootJobsMs: Math.round(bootJobs.ms) };
    const at = (fraction: number) => sleep(Math.max(0, start + durationMs * fraction - performance.now()));
    const since = () => Math.round((performance.now() - start) / 100) / 10;
    const scenario = (async () => {
      await at(0.1);
      await editsShowAtOnce(a, b, proxy.url, admin, catalogue, "mid-run");

      await at(0.3);
      log("SIGKILL instance B");
      const killedAt = performance.now();
      b.child?.kill("SIGKILL");
      events.bKilledAtS = since();
      await at(0.5);
      spawnInstance(b, tmp);
      const back = await waitReady(b.url, 60_000);
      events.bRestartedAtS = since();
      events.bBootMs = Math.round(back);
      restartWindows.push([killedAt, performance.now() + WINDOW_GRACE_MS]);
      log(`B restarted and ready in ${ms(back)}`);

      await at(0.7);
      log("restarting PostgreSQL (pg_ctl restart -m fast)");
      events.pgRestartAtS = since();
      const pgRestartAt = performance.now();
      const restartMs = await pgServer.restart();
      events.pgRestartMs = Math.round(restartMs);
      const [recoveryA = Number.NaN, recoveryB = Number.NaN] = await recoveryAfterRestart(instances);
      const recovery = [recoveryA, recoveryB];
      restartWindows.push([pgRestartAt, performance.now() + WINDOW_GRACE_MS]);
      events.recoveryMsA = Math.round(recoveryA);
      events.recoveryMsB = Math.round(recoveryB);
      log(`PostgreSQL back after ${ms(restartMs)}; first DB-backed answer: A +${ms(recoveryA)}, B +${ms(recoveryB)}`);
      check(
        `instances recover within ${RECOVERY_LIMIT_MS / 1000} s of PostgreSQL's restart, without a restart of their own`,
        recovery.every((r) => r <= RECOVERY_LIMIT_MS) && instances.every((i) => i.child?.exitCode === null),
        `A ${ms(recoveryA)}, B ${ms(recoveryB)}`,
      );
      // Some load after the restart as well.
      await sleep(1_000);
    })()
      .catch((err: Error) => check("scenario", false, err.stack ?? err.message))
      .finally(() => {
        scenarioDone = true;
      });

    await Promise.all([...users, scenario]);
    const elapsed = performance.now() - start;
    const cpuSeconds = cpu.stop();
    log("users done");

    // After the run (both instances up, after PostgreSQL's restart): the cross-instance edit again,
    // shared limits, and every acknowledged write is in the database.
    await Promise.all([
      editsShowAtOnce(a, b, proxy.url, admin, catalogue, "after-run"),
      accessEndsAtOnce(a, b, proxy.url, admin),
      dailyViewsHoldAcrossInstances(a, b, proxy.url, catalogue),
      signInLimitHoldsAcrossInstances(a, b, proxy.url, admin.email),
    ]);
    const db = new pg.Client({ connectionString: postgres.url });
    await db.connect();
    const like = `%@${DOMAIN}`;
    const users_ = new Set(
      (await db.query<{ email: string }>("SELECT email FROM users WHERE email LIKE $1", [like])).rows.map(
        (r) => r.email,
      ),
    );
    const saved = new Set(
      (
        await db.query<{ k: string }>(
          `SELECT u.email || '|' || t.slug AS k FROM saved_tools s JOIN users u ON u.id = s.user_id
           JOIN tools t ON t.id = s.tool_id WHERE u.email LIKE $1 AND s.kind = 'saved'`,
          [like],
        )
      ).rows.map((r) => r.k),
    );
    const subscribers = new Set(
      (
        await db.query<{ email: string }>(
          "SELECT email FROM newsletter_subscribers WHERE email LIKE $1 AND status = 'subscribed'",
          [like],
        )
      ).rows.map((r) => r.email),
    );
    await db.end();
    const missing = (ackedSet: Set<string>, stored: Set<string>) => [...ackedSet].filter((k) => !stored.has(k));
    for (const [name, ackedSet, stored] of [
      ["sign-ups", acked.signUps, users_],
      ["saved tools", acked.saved, saved],
      ["newsletter subscriptions", acked.newsletter, subscribers],
    ] as const) {
      const lost = missing(ackedSet, stored);
      check(
        `every acknowledged ${name} is in the database`,
        lost.length === 0,
        `acknowledged ${ackedSet.size}, in the database ${stored.size}, lost ${lost.length}${lost.length ? ` (${lost.slice(0, 3).join(", ")})` : ""}`,
      );
    }
    const failed = failures.unexpected + failures["5xx"] + failures.connection;
    check(
      "0 failed requests",
      failed === 0,
      `${failed} failed of ${int(counts.requests)} (besides: ${signUpsCut} sign-up(s) cut by the kill, answered 502 and repeated by the user)`,
    );

    // Graceful shutdown of both instances (SIGTERM) must end them cleanly.
    const exits = await Promise.all(
      instances.map(
        (i) =>
          new Promise<number | null>((resolve) => {
            if (!i.child || i.child.exitCode !== null) return resolve(i.child?.exitCode ?? null);
            const timer = setTimeout(() => i.child?.kill("SIGKILL"), 15_000);
            i.child.once("exit", (code) => {
              clearTimeout(timer);
              resolve(code);
            });
            i.child.kill("SIGTERM");
          }),
      ),
    );
    check(
      "both instances stop cleanly on SIGTERM",
      exits.every((c) => c === 0),
      `exit codes ${exits.join(", ")}`,
    );

    const lat = summarize(latencies);
    // Steady state and restart windows apart: a p95 over both says little about either.
    const inWindow = (t: number) => restartWindows.some(([from, to]) => t >= from && t <= to);
    const steadyLat = summarize(latencies.filter((_, i) => !inWindow(startedAt[i] ?? 0)));
    const restartLat = summarize(latencies.filter((_, i) => inWindow(startedAt[i] ?? 0)));
    const restartCount = latencies.filter((_, i) => inWindow(startedAt[i] ?? 0)).length;
    const report = {
      users: USERS,
      thinkMs: [THINK_MIN_MS, THINK_MAX_MS],
      start: START,
      durationS: Math.round(elapsed / 100) / 10,
      requests: counts.requests,
      reqPerSec: Math.round(counts.requests / (elapsed / 1000)),
      failed,
      failures,
      unavailable503Retried: counts.retried503,
      latencyMs: {
        p50: Math.round(lat.p50),
        p95: Math.round(lat.p95),
        p99: Math.round(lat.p99),
        max: Math.round(lat.max),
      },
      steadyLatencyMs: {
        n: latencies.length - restartCount,
        p50: Math.round(steadyLat.p50),
        p95: Math.round(steadyLat.p95),
        p99: Math.round(steadyLat.p99),
      },
      restartWindowLatencyMs: {
        n: restartCount,
        windowsS: restartWindows.map(([from, to]) => Math.round((to - from) / 100) / 10),
        p50: Math.round(restartLat.p50),
        p95: Math.round(restartLat.p95),
        p99: Math.round(restartLat.p99),
      },
      proxy: proxy.stats,
      events,
      acknowledged: { signUps: acked.signUps.size, saved: acked.saved.size, newsletter: acked.newsletter.size },
      stored: { signUps: users_.size, saved: saved.size, newsletter: subscribers.size },
      signUpsCutByKill: signUpsCut,
      byAction: Object.fromEntries(
        [...byAction].map(([k, v]) => {
          const sum = summarize(v);
          return [k, { n: v.length, p50: Math.round(sum.p50), p95: Math.round(sum.p95) }];
        }),
      ),
      machine: {
        cpus: os.cpus().length,
        loadAvgAtStart: LOAD_AT_START,
        loadAvgAtEnd: os.loadavg().map((l) => Math.round(l * 10) / 10),
      },
      failureKinds: Object.fromEntries(failureSamples),
      // Latency over time (seconds from the users' start): per-second buckets, each second's CPU, and the slowest requests.
      timeline: {
        restartWindowsS: restartWindows.map(([from, to]) => [
          Math.round((from - start) / 100) / 10,
          Math.round((to - start) / 100) / 10,
        ]),
        buckets: buckets(
          samples.filter((x) => x.start >= start),
          start,
          1,
          inWindow,
        ),
        cpu: cpuSeconds,
        slowest: slowest(samples, start, 25),
      },
      checks,
    };
    console.log("\n== bench:cluster report ==");
    console.log(
      `users ${USERS} (think time ${THINK_MIN_MS}–${THINK_MAX_MS} ms, start ${START}), ${report.durationS} s, ${int(counts.requests)} requests, ${report.reqPerSec} req/s`,
    );
    console.log(
      `failed ${failed} (5xx ${failures["5xx"]}, connection ${failures.connection}, unexpected ${failures.unexpected}); ` +
        `503 + Retry-After during the PostgreSQL restart, retried by the user: ${counts.retried503}`,
    );
    console.log(`latency p50 ${ms(lat.p50)}, p95 ${ms(lat.p95)}, p99 ${ms(lat.p99)}, max ${ms(lat.max)}`);
    console.log(
      `  steady state: ${int(report.steadyLatencyMs.n)} requests, p50 ${ms(steadyLat.p50)}, p95 ${ms(steadyLat.p95)}, p99 ${ms(steadyLat.p99)}`,
    );
    console.log(
      `  restart windows (${report.restartWindowLatencyMs.windowsS.join(" s, ")} s): ${int(restartCount)} requests, ` +
        `p50 ${ms(restartLat.p50)}, p95 ${ms(restartLat.p95)}, p99 ${ms(restartLat.p99)}`,
    );
    console.log(
      `proxy: ${int(proxy.stats.requests)} requests (A ${proxy.stats.byUpstream[0]}, B ${proxy.stats.byUpstream[1]}), ` +
        `retried after refused ${proxy.stats.retriedRefused}, after reset ${proxy.stats.retriedReset}, not retried ${proxy.stats.notRetried}, 502 ${proxy.stats.badGateway}`,
    );
    console.log(`events: ${JSON.stringify(events)}`);
    console.log("actions (requests, p50, p95):");
    for (const [k, v] of Object.entries(report.byAction)) console.log(`  ${k}: ${v.n}, ${ms(v.p50)}, ${ms(v.p95)}`);
    console.log(`sign-ups cut by the kill (502, repeated by the user): ${signUpsCut}`);
    console.log(
      `machine: ${report.machine.cpus} CPUs, load average ${LOAD_AT_START.join("/")} at start, ${report.machine.loadAvgAtEnd.join("/")} at the end`,
    );
    for (const [k, v] of failureSamples) console.log(`  failed ${v.n}× ${k} — first: ${v.first}`);
    printTimeline(
      buckets(
        samples.filter((x) => x.start >= start),
        start,
        5,
        inWindow,
      ),
      cpuSeconds,
      5,
    );
    console.log(
      `restart windows (s from the users' start): ${report.timeline.restartWindowsS.map(([f, t]) => `${f}–${t}`).join(", ")}`,
    );
    console.log("slowest requests (start s, ms, action, status, instance):");
    for (const x of report.timeline.slowest.slice(0, 12))
      console.log(`  ${x.startS} s  ${ms(x.ms)}  ${x.action}  ${x.status}  ${x.instance}`);
    console.log("checks:");
    for (const c of checks) console.log(`  ${c.ok ? "PASS" : "FAIL"}  ${c.name} — ${c.detail}`);
    if (JSON_OUT) writeFileSync(JSON_OUT, `${JSON.stringify(report, null, 2)}\n`);
    const ok = checks.length > 0 && checks.every((c) => c.ok);
    console.log(ok ? "\nbench:cluster: all checks passed" : "\nbench:cluster: FAILED");
    return ok ? 0 : 1;
  } finally {
    for (const i of instances) if (i.child && i.child.exitCode === null) i.child.kill("SIGKILL");
    await proxyClose?.();
    postgres?.stop();
    if (KEEP) console.log(`kept ${tmp}`);
    else rmSync(tmp, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(err.stack ?? err.message);
    process.exit(1);
  },
);
