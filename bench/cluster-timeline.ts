import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import { ms, summarize } from "./stats.ts";

/**
 * bench:cluster's view of latency over time: requests in one-second buckets (p50/p95/max/count),
 * the CPU each process used in that second (read from /proc, so it costs the instances nothing),
 * and the slowest requests with when they started, what they were and which instance answered.
 * A p95 over a whole run cannot say whether it is a cold start, a periodic stall or a slow page;
 * this can.
 */
export type Sample = { start: number; ms: number; action: string; status: number; upstream: string };

/** CPU use of each process (tree) in a second, in per cent of one core; the machine's in per cent of all cores. */
type CpuSecond = { t: number; machineBusyPct: number; load1: number; byProcess: Record<string, number> };

const CLOCK_TICKS = 100; // USER_HZ on Linux

/** utime + stime of a process, in clock ticks; null when it is gone. */
function cpuTicks(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/** The children of a process (PostgreSQL's backends under the postmaster). */
function childrenOf(ppid: number): number[] {
  const out: number[] = [];
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return out;
  }
  for (const name of entries) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[1]) === ppid) out.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

function machineTicks(): { busy: number; total: number } {
  try {
    const line = readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "";
    const v = line.trim().split(/\s+/).slice(1).map(Number);
    const total = v.reduce((s, x) => s + x, 0);
    const idle = (v[3] ?? 0) + (v[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return { busy: 0, total: 0 };
  }
}

/**
 * Samples, once a second, the CPU used by each named process (a function, since an instance is
 * replaced when it restarts; a `tree` entry adds its children, for PostgreSQL) and the machine.
 */
export function startCpuSampler(
  t0: number,
  processes: Record<string, () => { pid: number | undefined; tree?: boolean }>,
): { stop(): CpuSecond[] } {
  const seconds: CpuSecond[] = [];
  /** Ticks last seen per pid: a process (or a PostgreSQL backend) that is new counts from its first sight. */
  const last = new Map<number, number>();
  let lastMachine = machineTicks();
  const pidsOf = (name: string): number[] => {
    const { pid, tree } = processes[name]?.() ?? { pid: undefined };
    if (!pid) return [];
    return tree ? [pid, ...childrenOf(pid)] : [pid];
  };
  for (const name of Object.keys(processes)) {
    for (const pid of pidsOf(name)) {
      const ticks = cpuTicks(pid);
      if (ticks !== null) last.set(pid, ticks);
    }
  }
  const timer = setInterval(() => {
    const machine = machineTicks();
    const byProcess: Record<string, number> = {};
    for (const name of Object.keys(processes)) {
      const pids = pidsOf(name);
      if (!pids.length) continue;
      let used = 0;
      for (const pid of pids) {
        const ticks = cpuTicks(pid);
        if (ticks === null) continue;
        // A process seen for the first time: what it used before this second is unknown (counted from now).
        used += ticks - (last.get(pid) ?? ticks);
        last.set(pid, ticks);
      }
      byProcess[name] = Math.round((used / CLOCK_TICKS) * 100);
    }
    const dt = machine.total - lastMachine.total;
    seconds.push({
      t: Math.round((performance.now() - t0) / 100) / 10,
      machineBusyPct: dt > 0 ? Math.round(((machine.busy - lastMachine.busy) / dt) * 100) : 0,
      load1: Math.round((os.loadavg()[0] ?? 0) * 10) / 10,
      byProcess,
    });
    lastMachine = machine;
  }, 1_000);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      return seconds;
    },
  };
}

export type Bucket = {
  fromS: number;
  n: number;
  p50: number;
  p95: number;
  max: number;
  /** requests started in a restart window */
  inRestartWindow: number;
};

/** Requests grouped by the second (or `sizeS`) they started in, counted from t0. */
export function buckets(samples: Sample[], t0: number, sizeS: number, inWindow: (t: number) => boolean): Bucket[] {
  const groups = new Map<number, Sample[]>();
  for (const s of samples) {
    const k = Math.floor((s.start - t0) / 1000 / sizeS);
    const list = groups.get(k) ?? [];
    list.push(s);
    groups.set(k, list);
  }
  return [...groups.keys()]
    .sort((x, y) => x - y)
    .map((k) => {
      const list = groups.get(k) ?? [];
      const sum = summarize(list.map((s) => s.ms));
      return {
        fromS: k * sizeS,
        n: list.length,
        p50: Math.round(sum.p50),
        p95: Math.round(sum.p95),
        max: Math.round(sum.max),
        inRestartWindow: list.filter((s) => inWindow(s.start)).length,
      };
    });
}

/** The slowest requests, with their start time (seconds from t0). */
export function slowest(samples: Sample[], t0: number, n: number) {
  return [...samples]
    .sort((x, y) => y.ms - x.ms)
    .slice(0, n)
    .map((s) => ({
      startS: Math.round((s.start - t0) / 100) / 10,
      ms: Math.round(s.ms),
      action: s.action,
      status: s.status,
      instance: s.upstream,
    }));
}

/** A short printed timeline: one line per bucket, with the CPU of each process over it. */
export function printTimeline(rows: Bucket[], cpu: CpuSecond[], sizeS: number): void {
  console.log(`timeline (requests by start time, ${sizeS}-s buckets; R = some started in a restart window):`);
  console.log("     s      n     p50      p95      max   CPU % (machine, per process, load)");
  for (const b of rows) {
    const inBucket = cpu.filter((c) => c.t > b.fromS && c.t <= b.fromS + sizeS);
    const avg = (f: (c: CpuSecond) => number | undefined) => {
      const v = inBucket.map(f).filter((x): x is number => x !== undefined);
      return v.length ? Math.round(v.reduce((s, x) => s + x, 0) / v.length) : undefined;
    };
    const names = [...new Set(inBucket.flatMap((c) => Object.keys(c.byProcess)))];
    const perProcess = names.map((name) => `${name} ${avg((c) => c.byProcess[name]) ?? "–"}`).join(", ");
    const load = inBucket.at(-1)?.load1;
    console.log(
      `  ${String(b.fromS).padStart(4)}${b.inRestartWindow ? " R" : "  "} ${String(b.n).padStart(4)} ${ms(b.p50).padStart(8)} ${ms(b.p95).padStart(8)} ${ms(b.max).padStart(8)}   ` +
        `${avg((c) => c.machineBusyPct) ?? "–"} (${perProcess}${load === undefined ? "" : `, load ${load}`})`,
    );
  }
}
