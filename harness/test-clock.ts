/**
 * A clock only the test moves, for the app's time limits on Zapier's cache
 * (`CacheTiming.clock`): while it stands still no call is given up, however
 * slowly this machine runs the app; the test moves it when the event it
 * waits for has happened (the run waits for nothing but calls the cache
 * holds, say).
 */
import type { CacheClock } from '../src/cache-calls';

export class TestClock implements CacheClock {
  private at = 0;
  private readonly timers = new Set<{ due: number; done: () => void }>();

  now(): number {
    return this.at;
  }

  after(ms: number, done: () => void): () => void {
    const timer = { due: this.at + ms, done };
    this.timers.add(timer);
    return () => this.timers.delete(timer);
  }

  /** Timers not yet due: the calls the run waits for. */
  get waiting(): number {
    return this.timers.size;
  }

  /** Moves to the next timer's time, calling every timer due by then. */
  advanceToNext(): void {
    this.advance(Math.min(...[...this.timers].map((timer) => timer.due)) - this.at);
  }

  /** Moves `ms` forward, calling every timer due by then. */
  advance(ms: number): void {
    this.at += ms;
    const due = [...this.timers]
      .filter((each) => each.due <= this.at)
      .sort((a, b) => a.due - b.due);
    for (const timer of due) {
      this.timers.delete(timer);
      timer.done();
    }
  }
}
