/**
 * A publishing check: one of Zapier's integration checks (D012, T004, …),
 * decided here from the app definition, the listing or a local run.
 */
import type { AppDefinition } from '../definition';
import type { ListingRead } from '../listing';
import type { StepRun } from '../local-run';

export type Severity = 'failure' | 'warning';

/** One thing to change: a check passes when it finds none. */
export interface Finding {
  severity: Severity;
  /** What to change, and where, in one line. */
  change: string;
}

export interface CheckInput {
  definition: AppDefinition;
  listing: ListingRead;
  runs: StepRun[];
}

export interface Check {
  /** Zapier's ID, e.g. `D021`. */
  id: string;
  /** What the check requires, shown when it passes. */
  requirement: string;
  run(input: CheckInput): Finding[];
}

export const failure = (change: string): Finding => ({ severity: 'failure', change });
export const warning = (change: string): Finding => ({ severity: 'warning', change });
