/**
 * Time, as a service: everything that decides by the date (billing periods, grace, refund windows,
 * commission approval, due jobs) asks `services.clock.now()` so tests can move time forward.
 */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

export type TestClock = Clock & {
  /** moves time forward (or back, with a negative value) by `ms` */
  advance(ms: number): Date;
  set(at: Date | string): Date;
};

export const DAY_MS = 86_400_000;

/** The UTC calendar day of a moment, as YYYY-MM-DD (the key of every per-day count and choice). */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** A clock that stands still until told to move (tests). */
export function createTestClock(start: Date | string = new Date()): TestClock {
  let at = new Date(start).getTime();
  return {
    now: () => new Date(at),
    advance(ms) {
      at += ms;
      return new Date(at);
    },
    set(value) {
      at = new Date(value).getTime();
      return new Date(at);
    },
  };
}
