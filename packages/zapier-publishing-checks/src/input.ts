/**
 * What the rules read, as data: the app's definition, its directory listing,
 * its local runs and its own code. `src/read/` makes each from files and
 * runs; a caller that holds them already (a test, an app built in memory)
 * passes them to `checkApp` itself.
 */
import type { AppDefinition } from './shared/definition';

export type { AppDefinition };

export interface Listing {
  title: string;
  description: string;
}

export type ListingRead =
  | { found: true; path: string; listing: Listing }
  /** `missing`: there is no such file (the app keeps its listing elsewhere, or nowhere yet). */
  | { found: false; path: string; problem: string; missing: boolean };

/** An item a step returns, or its sample: keys to values. */
export type Item = Record<string, unknown>;

export type RunMethod = 'perform' | 'performList';

export type RunOutcome =
  | { kind: 'items'; items: Item[] }
  /**
   * Nothing to decide from: no recorded delivery, or the run needs the
   * network. `called`: the step's code ran, and what stopped it came after
   * (a live call the API refused or never answered).
   */
  | { kind: 'not run'; reason: string; called?: true }
  | { kind: 'failed'; error: string };

/**
 * Where the runs were made: `local`, offline with every outside request
 * refused (they stand in for Zapier's live results); `live`, on the
 * developer's own connection (`--live`), what Zapier judges itself.
 */
export type RunsFrom = 'local' | 'live';

/** One run of a step's method, local or live, and what came of it. */
export interface StepRun {
  /** Where the step is in the definition, e.g. `triggers.new_lead`. */
  path: string;
  method: RunMethod;
  outcome: RunOutcome;
}

/** A file of the app's own code, or its package.json. */
export interface SourceFile {
  /** Relative to the app's folder. */
  path: string;
  text: string;
}

/** Everything a rule may read. */
export interface RuleInput {
  definition: AppDefinition;
  listing: ListingRead;
  runs: readonly StepRun[];
  /** Where `runs` were made; `local` when absent. */
  runsFrom?: RunsFrom;
  /** The app's own code (`readSources`); empty when a caller has none. */
  sources: readonly SourceFile[];
}
