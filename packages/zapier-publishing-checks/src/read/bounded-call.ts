/**
 * A call of a step through core's handler, bounded as Zapier bounds a step:
 * given up after its time (Zapier's 30 s), or as soon as it can never
 * finish. The app's code may leave a promise that never settles with
 * nothing else for Node to wait on (a rejection an old core never passes
 * on, a `new Promise` never resolved): Node would then end the whole
 * command at once, with exit code 0 and no report. Node says so first, with
 * 'beforeExit': every call still open then is settled as `never settles`,
 * and the run goes on.
 */
import type { LambdaHandler } from './lambda-handler';

/** How long Zapier lets a step's call run. */
export const ZAPIER_STEP_TIMEOUT_MS = 30_000;

export type Called =
  | { kind: 'done'; results: unknown }
  | { kind: 'threw'; error: unknown }
  | { kind: 'timed out' }
  | { kind: 'never settles' };

/** Each open call's way to settle it as `never settles`. */
const open = new Set<() => void>();

/** Calls whose promise was given up and has not settled (a live call's socket): the command exits without them. */
let givenUp = 0;

/** Calls given up whose promise still holds something (a socket): the command exits without waiting for it. */
export const callsStillWaiting = () => givenUp;

/** Whether a call is open: a run that stops now will be settled by it, not ended. */
export const callsOpen = () => open.size;

let listening = false;
function settleOpenCallsWhenIdle(): void {
  if (!listening) {
    listening = true;
    process.on('beforeExit', () => {
      for (const settle of [...open]) {
        settle();
      }
    });
  }
}

/** `event` through `handler`, settled by its answer, at `timeoutMs`, or when nothing is left to wait on. */
export async function callBounded(
  handler: LambdaHandler,
  event: Record<string, unknown>,
  timeoutMs: number,
): Promise<Called> {
  settleOpenCallsWhenIdle();
  const running = handler(event).then(
    ({ results }): Called => ({ kind: 'done', results }),
    (error: unknown): Called => ({ kind: 'threw', error }),
  );
  let settle: (called: Called) => void = () => undefined;
  const given = new Promise<Called>((resolve) => {
    settle = resolve;
  });
  const neverSettles = () => settle({ kind: 'never settles' });
  open.add(neverSettles);
  // Unreferenced: the bound alone never keeps the command alive.
  const timer = setTimeout(() => settle({ kind: 'timed out' }), timeoutMs).unref();
  try {
    const called = await Promise.race([running, given]);
    if (called.kind === 'timed out' || called.kind === 'never settles') {
      givenUp += 1;
      void running.finally(() => {
        givenUp -= 1;
      });
    }
    return called;
  } finally {
    clearTimeout(timer);
    open.delete(neverSettles);
  }
}
