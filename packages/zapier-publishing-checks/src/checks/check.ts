/**
 * A publishing check: one of Zapier's integration checks (D012, T004, …),
 * decided here from the app definition, the listing or a local run.
 */
import type { AppDefinition } from '../definition';
import type { ListingRead } from '../listing';
import type { StepRun } from '../local-run';
import type { SourceFile } from '../sources';

/**
 * A failure blocks publishing; a warning is Zapier's kind that does not; a
 * deferred finding is one this offline run cannot decide (Zapier does, on a
 * live run or a connection): it never counts as either.
 */
export type Severity = 'failure' | 'warning' | 'deferred';

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
  /** The app's own code (`readSources`); empty when a caller has none. */
  sources: readonly SourceFile[];
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
/** `why`: what is missing offline, and what to check; the line says "not decided offline: why". */
export const deferred = (where: string, why: string): Finding => ({
  severity: 'deferred',
  change: `${where}: not decided offline: ${why}`,
});
