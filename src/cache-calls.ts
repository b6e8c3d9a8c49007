/**
 * One run's calls to Zapier's cache, bounded in time.
 *
 * On Zapier each `z.cache` call is an RPC whose latency is Zapier's: it can
 * be slow, fail, or never answer (core's RPC client has no timeout), and
 * Zapier stops a REST hook's `perform` at 30 seconds, losing the run and
 * everything it would have returned. So every call goes through a
 * `CacheCalls` of the run, which applies three rules:
 *
 * 1. A call is given up after `callTimeoutMs`.
 * 2. No call starts once the run's time for the cache (`budgetMs` from the
 *    start of `perform`) is spent, and a call still under way then is given
 *    up: `perform` then returns well inside Zapier's limit.
 * 3. No call starts once the cache is out: a call waited its whole time
 *    without any call of the run being answered meanwhile, or
 *    `FAILURES_IN_A_ROW_BEFORE_GIVING_UP` calls in a row failed (no answer in
 *    time, or an error after core's own three tries). Waiting on it helps no
 *    lead.
 *
 * A call given up goes on in the background; whatever it does later is
 * ignored. The caller must treat an unanswered call as "not known", never as
 * an answer: New Lead passes such a lead on, so a claim that lands late
 * belongs to a run that did return its lead.
 */
import { performance } from 'node:perf_hooks';

/** The time the limits are measured in: the process's, unless a test moves its own. */
export interface CacheClock {
  /** Milliseconds, from any start. */
  now(): number;
  /** Calls `done` once `ms` have passed by this clock; answers what cancels it. */
  after(ms: number, done: () => void): () => void;
}

const PROCESS_CLOCK: CacheClock = {
  now: () => performance.now(),
  after(ms, done) {
    const timer = setTimeout(done, ms);
    return () => clearTimeout(timer);
  },
};

export interface CacheTiming {
  /** Cache calls start and are waited for until this long after `perform` starts. */
  budgetMs: number;
  /** One call is given up after this long. */
  callTimeoutMs: number;
  /** The clock both are measured on; the process's by default. */
  clock?: CacheClock;
}

/**
 * On Zapier: 20 s for the cache, leaving 10 s of Zapier's 30 s for reading the
 * delivery before and returning up to 10 MB of items after
 * (`npm run bench` prints the wall time through core's handler); 5 s for one
 * call, where a healthy one takes milliseconds and core's three tries, 100 ms
 * apart, fit several times over.
 */
export const ZAPIER_CACHE_TIMING: CacheTiming = {
  budgetMs: 20_000,
  callTimeoutMs: 5_000,
};

/** Failed calls in a row after which the cache counts as out for the rest of the run. */
export const FAILURES_IN_A_ROW_BEFORE_GIVING_UP = 16;

/** Why a call gave no answer. */
export type Unanswered =
  | { reason: 'failed'; message: string }
  | { reason: 'timed out'; afterMs: number }
  | { reason: 'out of time'; budgetMs: number }
  | { reason: 'cache out'; failuresInARow: number }
  | { reason: 'cache silent'; forMs: number };

export type CacheAnswer<T> =
  { answered: true; value: T } | { answered: false; why: Unanswered };

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

/** The reason in words, for a log line. `describeFailure` words an error (redacted). */
export function whyUnanswered(why: Unanswered): string {
  switch (why.reason) {
    case 'failed':
      return why.message;
    case 'timed out':
      return `no answer within ${seconds(why.afterMs)}`;
    case 'out of time':
      return (
        `this run had used its ${seconds(why.budgetMs)} for the cache, ` +
        'and Zapier stops a run at 30 s'
      );
    case 'cache out':
      return `it had failed ${why.failuresInARow} calls in a row, so this run stopped asking it`;
    case 'cache silent':
      return `it had answered no call for ${seconds(why.forMs)}, so this run stopped asking it`;
  }
}

const TIMED_OUT = Symbol('timed out');

export class CacheCalls {
  private readonly clock: CacheClock;
  private readonly endsAt: number;
  private failuresInARow = 0;
  /** When a call was last answered (or the run started). */
  private lastAnswerAt: number;
  private silent = false;
  private spent = false;

  /**
   * @param describeFailure words a call's error for a log line (and must
   *   redact the connection's secrets).
   */
  constructor(
    private readonly timing: CacheTiming,
    private readonly describeFailure: (error: unknown) => string,
  ) {
    this.clock = timing.clock ?? PROCESS_CLOCK;
    const startedAt = this.clock.now();
    this.endsAt = startedAt + timing.budgetMs;
    this.lastAnswerAt = startedAt;
  }

  /** Runs `call` under the rules above: its answer, or why there is none. */
  async ask<T>(call: () => Promise<T>): Promise<CacheAnswer<T>> {
    const refused = this.refusal();
    if (refused !== undefined) {
      return { answered: false, why: refused };
    }
    const askedAt = this.clock.now();
    const waitMs = Math.min(this.timing.callTimeoutMs, this.endsAt - askedAt);
    let cancel: () => void = () => undefined;
    const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
      cancel = this.clock.after(waitMs, () => resolve(TIMED_OUT));
    });
    let outcome: T | typeof TIMED_OUT;
    try {
      outcome = await Promise.race([call(), timeout]);
    } catch (error) {
      this.failuresInARow += 1;
      return {
        answered: false,
        why: { reason: 'failed', message: this.describeFailure(error) },
      };
    } finally {
      cancel();
    }
    if (outcome === TIMED_OUT) {
      if (waitMs < this.timing.callTimeoutMs) {
        // The run's time, not the call's, ran out (a timer may fire a fraction early).
        this.spent = true;
        return {
          answered: false,
          why: { reason: 'out of time', budgetMs: this.timing.budgetMs },
        };
      }
      this.failuresInARow += 1;
      this.silent ||= this.lastAnswerAt <= askedAt;
      return {
        answered: false,
        why: { reason: 'timed out', afterMs: this.timing.callTimeoutMs },
      };
    }
    this.failuresInARow = 0;
    this.lastAnswerAt = this.clock.now();
    return { answered: true, value: outcome };
  }

  private refusal(): Unanswered | undefined {
    if (this.spent || this.clock.now() >= this.endsAt) {
      return { reason: 'out of time', budgetMs: this.timing.budgetMs };
    }
    if (this.silent) {
      return { reason: 'cache silent', forMs: this.timing.callTimeoutMs };
    }
    if (this.failuresInARow >= FAILURES_IN_A_ROW_BEFORE_GIVING_UP) {
      return { reason: 'cache out', failuresInARow: this.failuresInARow };
    }
    return undefined;
  }
}
