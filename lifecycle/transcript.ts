/**
 * What `npm start` prints: one `✔` line per step, with details indented under
 * it; the first failure stops the run with an error naming its step.
 */
import { shownMessage } from '../harness/error-message';

export type Print = (line: string) => void;

export class LifecycleError extends Error {
  constructor(step: string, cause: unknown) {
    super(`${step}: ${shownMessage(cause)}`, { cause });
    this.name = 'LifecycleError';
  }
}

/** What a step gives the next steps, and the line that says what it did. */
export interface StepOutcome<T> {
  value: T;
  line: string;
  /** Lines shown under the step's line. */
  details?: readonly string[];
}

export class Transcript {
  constructor(private readonly print: Print) {}

  /** Runs one step: prints its line when it passed; names it when it failed. */
  async step<T>(title: string, run: () => Promise<StepOutcome<T>>): Promise<T> {
    let outcome: StepOutcome<T>;
    try {
      outcome = await run();
    } catch (error) {
      throw new LifecycleError(title, error);
    }
    this.print(`✔ ${outcome.line}`);
    for (const detail of outcome.details ?? []) {
      this.detail(detail);
    }
    return outcome.value;
  }

  /** A line under the current step: a field of a lead, what the app logged. */
  detail(text: string): void {
    this.print(`    ${text}`);
  }

  /** Something that happened on the way, said in passing. */
  aside(text: string): void {
    this.print(`  (${text})`);
  }
}
