import {
  CacheCalls,
  FAILURES_IN_A_ROW_BEFORE_GIVING_UP,
  whyUnanswered,
} from '../../src/cache-calls';
import type { CacheAnswer } from '../../src/cache-calls';
import { TestClock } from '../../harness/test-clock';

// Time is the test's: only `clock.advance` moves it, at any machine speed.
let clock: TestClock;
beforeEach(() => {
  clock = new TestClock();
});
const timing = () => ({ budgetMs: 300, callTimeoutMs: 100, clock });
const never = () => new Promise<never>(() => undefined);
/** A call answered with `value` once the clock has moved `ms`. */
const after = <T>(ms: number, value: T) =>
  new Promise<T>((resolve) => clock.after(ms, () => resolve(value)));
const callsOf = () => new CacheCalls(timing(), (error) => `described: ${String(error)}`);
const why = (answer: CacheAnswer<unknown>) =>
  answer.answered ? 'answered' : whyUnanswered(answer.why);

describe('CacheCalls', () => {
  it("passes an answer on, and words a failure with the caller's describer", async () => {
    const calls = callsOf();
    expect(await calls.ask(() => Promise.resolve(true))).toEqual({
      answered: true,
      value: true,
    });
    expect(why(await calls.ask(() => Promise.reject(new Error('503'))))).toBe(
      'described: Error: 503',
    );
  });

  it('gives a call up after its timeout', async () => {
    const asked = callsOf().ask(never);
    clock.advance(99);
    expect(clock.waiting).toBe(1);
    clock.advance(1);
    expect(why(await asked)).toBe('no answer within 0.1 s');
    expect(clock.waiting).toBe(0);
  });

  it('gives up a call under way when the budget ends, and starts none after', async () => {
    const calls = new CacheCalls({ budgetMs: 200, callTimeoutMs: 150, clock }, String);
    const first = calls.ask(() => after(120, 'first'));
    clock.advance(120);
    expect(await first).toEqual({ answered: true, value: 'first' });
    const tooLate = calls.ask(() => after(90, 'too late'));
    clock.advance(80);
    expect(why(await tooLate)).toBe(
      'this run had used its 0.2 s for the cache, and Zapier stops a run at 30 s',
    );
    const call = jest.fn(() => Promise.resolve('never asked'));
    expect((await calls.ask(call)).answered).toBe(false);
    expect(call).not.toHaveBeenCalled();
  });

  it('stops asking once a call waited its whole time with no call answered', async () => {
    const calls = callsOf();
    const asked = calls.ask(never);
    clock.advance(100);
    await asked;
    const call = jest.fn(() => Promise.resolve('never asked'));
    expect(why(await calls.ask(call))).toBe(
      'it had answered no call for 0.1 s, so this run stopped asking it',
    );
    expect(call).not.toHaveBeenCalled();
  });

  it('keeps asking when some calls hang while others are answered', async () => {
    const calls = callsOf();
    const hanging = calls.ask(never);
    clock.advance(50);
    await calls.ask(() => Promise.resolve('answered meanwhile'));
    clock.advance(50);
    expect(why(await hanging)).toBe('no answer within 0.1 s');
    expect(await calls.ask(() => Promise.resolve('still asked'))).toEqual({
      answered: true,
      value: 'still asked',
    });
  });

  it(`stops asking after ${FAILURES_IN_A_ROW_BEFORE_GIVING_UP} failures in a row, not fewer`, async () => {
    const calls = callsOf();
    const fail = () => Promise.reject(new Error('503'));
    for (let round = 1; round < FAILURES_IN_A_ROW_BEFORE_GIVING_UP; round += 1) {
      await calls.ask(fail);
    }
    // An answer starts the count again.
    expect((await calls.ask(() => Promise.resolve(1))).answered).toBe(true);
    for (let round = 1; round < FAILURES_IN_A_ROW_BEFORE_GIVING_UP; round += 1) {
      await calls.ask(fail);
    }
    expect((await calls.ask(() => Promise.resolve(2))).answered).toBe(true);
    for (let round = 1; round <= FAILURES_IN_A_ROW_BEFORE_GIVING_UP; round += 1) {
      await calls.ask(fail);
    }
    const call = jest.fn(() => Promise.resolve('never asked'));
    expect(why(await calls.ask(call))).toBe(
      `it had failed ${FAILURES_IN_A_ROW_BEFORE_GIVING_UP} calls in a row, so this run stopped asking it`,
    );
    expect(call).not.toHaveBeenCalled();
  });
});
