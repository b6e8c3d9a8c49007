/**
 * Zapier's publishing checks, offline, for any Zapier CLI app: load the app
 * as the CLI does, run its triggers locally, and judge every check that can
 * be decided from its code. `main` is the command line (bin
 * `zapier-publishing-checks`); the rest is for callers that hold an app's
 * handler themselves.
 */
export { main } from './cli';
export type { Output } from './cli';
export { ALL_CHECKS } from './checks';
export type { Check, CheckInput, Finding } from './checks/check';
export type { AppDefinition } from './definition';
export { readListing } from './listing';
export type { ListingRead } from './listing';
export { AppLoadError, asAppHandler, definitionOf, loadApp } from './load-app';
export { runStepsOffline } from './local-run';
export type { StepRun } from './local-run';
export { entryLine, reportEntries, reportLines, summary, summaryCounts } from './report';
export type { ReportEntry, Summary } from './report';
export { validateSchema } from './schema';
export type { SchemaError, SchemaValidation } from './schema';
export { runChecks } from './runner';
export { readSources } from './sources';
export type { SourceFile } from './sources';
export type { CheckResult } from './runner';
export { checkVersions } from './versioning';
export type { VersionOptions, VersionReport } from './versioning';
export { compareDefinitions } from './versioning/breaking-changes';
export type { Comparison, VersionChange } from './versioning/breaking-changes';
export { judgePush, parseVersionList } from './versioning/push-rules';
export { readPreviousDefinition } from './versioning/previous';
