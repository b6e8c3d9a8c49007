/**
 * At most `width` attempts at once per webhook: a burst of leads queues up
 * behind its own receiver (an attempt's time limit starts when it is sent,
 * not while it waits), and one slow receiver fills only its own lane.
 */
export class PerWebhookLimit {
  private readonly lanes = new Map<string, { active: number; waiting: (() => void)[] }>();

  constructor(private readonly width: number) {
    if (!Number.isInteger(width) || width < 1) {
      throw new Error(`a lane must let at least one attempt through, got ${width}`);
    }
  }

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const lane = this.lanes.get(key) ?? { active: 0, waiting: [] };
    this.lanes.set(key, lane);
    if (lane.active >= this.width) {
      await new Promise<void>((resolve) => lane.waiting.push(resolve));
    } else {
      lane.active += 1;
    }
    try {
      return await task();
    } finally {
      const next = lane.waiting.shift();
      if (next !== undefined) {
        next(); // the slot passes on: active stays the same
      } else {
        lane.active -= 1;
        if (lane.active === 0) {
          this.lanes.delete(key);
        }
      }
    }
  }
}
