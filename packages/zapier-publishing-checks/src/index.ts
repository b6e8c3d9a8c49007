/**
 * Zapier's publishing checks, offline, for any Zapier CLI app.
 *
 * - `lint(appDir, options)`: load the app as the CLI does, validate its
 *   schema, run its triggers locally, and judge every rule and, when asked,
 *   the versioning rules. The command line (`zapier-publishing-checks`,
 *   `main`) is this call plus printing.
 * - `checkApp(input)`: the rules alone, for a caller that holds the
 *   definition (and, if any, its local runs, listing and code) already.
 * - `RULES`, each with its `meta`; the versioning rules' in `VERSIONING_RULES`.
 * - `verdictOf(result)`: push, promotion and review, as a report ends.
 * - `placeFixes`, `changesOf`, `writeFixes`: the fixes of a result, placed
 *   in the app's code, applied, written (`--fix`).
 */
export { lint } from './lint';
export type { LintOptions, LintResult } from './lint';
export { main } from './cli';
export type { Output } from './cli';
export { checkApp } from './check-app';
export { RULES } from './registry';
export type {
  Category,
  Finding,
  FindingStatus,
  FixPlace,
  FixRequest,
  Need,
  Place,
  ReportEntry,
  ResultStatus,
  Rule,
  RuleMeta,
  RuleResult,
  Suggestion,
} from './rule';
export { categoryUnconfirmed, entriesOf, placeText } from './rule';
export type {
  AppDefinition,
  Item,
  Listing,
  ListingRead,
  RuleInput,
  RunsFrom,
  RunMethod,
  RunOutcome,
  SourceFile,
  StepRun,
} from './input';
export { readListing } from './read/listing';
export { AppLoadError, asAppHandler, definitionOf, loadApp } from './read/load-app';
export { runStepsOffline } from './read/local-run';
export { readEnvFile } from './read/env-file';
export type { EnvFile } from './read/env-file';
export { runStepsLive } from './read/live-run';
export type { LiveReport, LiveRunOptions, LiveRuns } from './read/live-run';
export { validateSchema } from './read/schema';
export type { SchemaError, SchemaValidation } from './read/schema';
export { readPreviousDefinition } from './read/previous';
export { readSources } from './read/sources';
export { CannotCheckError } from './shared/messages';
export { checkVersions } from './versioning';
export type { VersionInputs, VersionReport } from './versioning';
export { VERSIONING_RULES } from './versioning/rules';
export { entryLine, textReport } from './formats/text';
export type { TextOptions } from './formats/text';
export { githubReport } from './formats/github';
export { sarifReport } from './formats/sarif';
export { readConfig } from './config';
export type { Config, ConfigApplied, IgnoreEntry } from './config';
export { jsonReport } from './formats/json';
export { changesOf, placeFixes, unifiedDiff, writeFixes } from './fix';
export type { FileChange } from './fix';
export type { JsonEntry, JsonReport } from './formats/json';
export { summaryOf } from './formats/summary';
export type { Summary } from './formats/summary';
export { verdictOf } from './formats/verdict';
export type { Verdict } from './formats/verdict';
