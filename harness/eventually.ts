/** Waiting, for the stand-ins, the run and the tests: the one polling loop and the one sleep. */

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * What `work` settles to, or `late` when it takes longer than `ms`; the
 * timer is cleared either way, so nothing is left to keep a process alive.
 */
export async function settledWithin<T, L>(
  work: Promise<T>,
  ms: number,
  late: L,
): Promise<T | L> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<L>((resolve) => {
    timer = setTimeout(() => resolve(late), ms);
  });
  try {
    return await Promise.race([work, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

export interface EventuallyOptions {
  /**
   * How long to keep asking (default 20 s). A wait ends as soon as `check`
   * answers; only a failure waits this long, so it is sized for a loaded
   * machine (a sandbox delivery took over 5 s at load average 18 on two
   * cores), not for a quiet one.
   */
  timeoutMs?: number;
  /** How long to wait between two asks (default 20 ms). */
  intervalMs?: number;
  /** What is waited for, for the error: "… did not happen within N s". */
  what?: string;
}

/**
 * Asks `check` until it gives something other than `undefined`, and returns
 * that; throws once `timeoutMs` has passed without it.
 */
export async function eventually<T>(
  check: () => T | undefined | Promise<T | undefined>,
  options: EventuallyOptions = {},
): Promise<T> {
  const { timeoutMs = 20_000, intervalMs = 20, what = 'the condition' } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) {
      return value;
    }
    if (Date.now() > deadline) {
      throw new Error(`waited for ${what} in vain for ${timeoutMs / 1000} s`);
    }
    await sleep(intervalMs);
  }
}
