/**
 * `lint(appDir, options)`: everything the checks read, read in one place
 * (the app, its schema validation, its local runs, its listing, its code,
 * the previous version and the versions pushed), then every rule and the
 * versioning rules over it. The command line is this call plus printing.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';

import { checkApp } from './check-app';
import { placeFixes } from './fix';
import type { ListingRead, StepRun } from './input';
import { readListing } from './read/listing';
import { locator } from './locate';
import type { Place } from './place';
import { entryFileOf, inFolder, loadApp, withAppOutputOnStderr } from './read/load-app';
import type { EnvFile } from './read/env-file';
import { readEnvFile } from './read/env-file';
import type { LiveReport } from './read/live-run';
import { runStepsLive } from './read/live-run';
import { runStepsOffline } from './read/local-run';
import { readPreviousDefinition } from './read/previous';
import type { SchemaValidation } from './read/schema';
import { validateSchema } from './read/schema';
import type { StaleFile } from './read/sources';
import { isBuildOutput, readSources, staleBuildOf } from './read/sources';
import { readVersionList } from './read/versions';
import type { ConfigApplied } from './config';
import { applyIgnores, readConfig } from './config';
import { RULES } from './registry';
import type { Rule, RuleResult } from './rule';
import { blocks } from './rule';
import type { AppDefinition } from './shared/definition';
import { isHookTrigger, isRecord, visibleSteps } from './shared/definition';
import { CannotCheckError, messageOf } from './shared/messages';
import type { VersionInputs, VersionReport } from './versioning';
import { checkVersions } from './versioning';
import { VERSIONING_RULES } from './versioning/rules';

export interface LintOptions {
  /** The directory listing M002 judges, `{"title", "description"}`; default `<appDir>/listing.json`, if there is one. */
  listing?: string;
  /** A recorded webhook body (a JSON file) for each hook trigger's local run, by the trigger's key. */
  deliveries?: Readonly<Record<string, string>>;
  /** Whether to validate the definition against the app's zapier-platform-schema first (default true). */
  schema?: boolean;
  /** The previous public version: its app folder, or the definition.json `zapier-platform build` writes. */
  previous?: string;
  /** The versions already pushed: `zapier-platform versions --all --format json` output, or one a line. */
  versions?: string;
  /** The rules to run (default: every rule). */
  rules?: readonly Rule[];
  /** The config file (default: the app's `.zapier-publishing-checks.json`, else its package.json's `zapierPublishingChecks`). */
  config?: string;
  /**
   * Run the steps on the developer's own connection instead of offline
   * (read/live-run.ts): the live-data checks are then decided on what the API
   * returns. Default false: nothing leaves the machine.
   */
  live?: boolean;
  /** The connection for `live`, as `zapier-platform invoke` keeps it (default: `<appDir>/.env`). */
  env?: string;
  /** A JSON object of input for a live run of a trigger or search, by its key: a search runs live only with one. */
  inputs?: Readonly<Record<string, string>>;
  /** With `live`: told each method (`authentication.test`, `triggers.KEY.operation.perform`, …) before its call, which may take 30 s. */
  onLiveCall?: (method: string) => void;
  /** @internal How long one call of a step, local or live, may take (default: Zapier's 30 s); tests shorten it. */
  stepTimeoutMs?: number;
}

export interface LintResult {
  /** The app's folder, absolute. */
  appDir: string;
  /** The schema validation, or null when it was skipped. */
  schema: SchemaValidation | null;
  /** Each rule's result, in the registry's order; none when the schema validation failed. */
  results: RuleResult[];
  /** What the versioning rules found, or null when neither `previous` nor `versions` was given. */
  versioning: VersionReport | null;
  /** What the config turned off, and its ignore entries that matched nothing. */
  config: ConfigApplied;
  /** Built files of a TypeScript app older than their sources: the checks read the build. */
  staleBuild?: StaleFile[];
  /** With `live`: the env file, the connection test, the credentials written back after a refresh. */
  live?: LiveReport;
  /** The text of each file a fix changes, as the checks read it (`--fix` writes none changed since). */
  fixTexts?: Record<string, string>;
}

/** Each delivery file, read from the current directory, as any command's file arguments. */
function readDeliveries(files: Readonly<Record<string, string>>): Map<string, unknown> {
  const deliveries = new Map<string, unknown>();
  for (const [key, file] of Object.entries(files)) {
    const path = resolve(file);
    try {
      deliveries.set(key, JSON.parse(readFileSync(path, 'utf8')));
    } catch (error) {
      throw new CannotCheckError(
        `--delivery: cannot read the delivery for ${key} from ${path}: ${messageOf(error)}`,
      );
    }
  }
  return deliveries;
}

/** Each `--input` file, read from the current directory: a JSON object, a step's input. */
function readInputs(
  files: Readonly<Record<string, string>>,
): Map<string, Record<string, unknown>> {
  const inputs = new Map<string, Record<string, unknown>>();
  for (const [key, file] of Object.entries(files)) {
    const path = resolve(file);
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(path, 'utf8'));
    } catch (error) {
      throw new CannotCheckError(
        `--input: cannot read the input for ${key} from ${path}: ${messageOf(error)}`,
      );
    }
    if (!isRecord(parsed)) {
      throw new CannotCheckError(
        `--input: ${path} holds ${JSON.stringify(parsed)}, not an object: give the step's input as {"field": value, …}`,
      );
    }
    inputs.set(key, parsed);
  }
  return inputs;
}

/** What a live run needs, read before anything runs; `--env` and `--input` only with `--live`. */
function liveInputsOf(options: LintOptions, dir: string) {
  if (options.live !== true) {
    const given =
      options.env !== undefined
        ? '--env'
        : Object.keys(options.inputs ?? {}).length > 0
          ? '--input'
          : undefined;
    if (given !== undefined) {
      throw new CannotCheckError(
        `${given} is for a live run: add --live, or leave ${given} out`,
      );
    }
    return undefined;
  }
  const envPath = options.env === undefined ? join(dir, '.env') : resolve(options.env);
  return {
    envPath,
    envOption: options.env === undefined ? '--live' : '--env',
    inputs: readInputs(options.inputs ?? {}),
  };
}

/** The env file; an app without authentication needs none unless `--env` names one. */
function envFileOf(
  { envPath, envOption }: { envPath: string; envOption: string },
  definition: AppDefinition,
): EnvFile {
  const optional = envOption === '--live' && definition.authentication === undefined;
  return optional && !existsSync(envPath)
    ? { path: envPath, variables: {}, authData: {} }
    : readEnvFile(envPath, envOption);
}

/** `--input` keys must name a visible trigger or search: a create never runs live. */
function checkInputKeys(
  inputs: ReadonlyMap<string, unknown>,
  definition: AppDefinition,
): void {
  const steps = visibleSteps(definition);
  for (const key of inputs.keys()) {
    const named = steps.filter((step) => step.key === key);
    if (!named.some((step) => step.kind !== 'create')) {
      throw new CannotCheckError(
        named.length > 0
          ? `--input ${key}: a create never runs live (it would make a record in the connection's account)`
          : `--input ${key}: the app has no visible trigger or search with that key`,
      );
    }
  }
}

/** `--delivery` keys must name a visible hook trigger: a delivery is a webhook's body, and only such a step runs on one. */
function checkDeliveryKeys(
  deliveries: ReadonlyMap<string, unknown>,
  definition: AppDefinition,
): void {
  const steps = visibleSteps(definition);
  const hooks = steps.filter(isHookTrigger).map((step) => step.key);
  for (const key of deliveries.keys()) {
    const named = steps.find((step) => step.key === key && step.kind === 'trigger');
    if (named === undefined || !isHookTrigger(named)) {
      const what =
        named === undefined
          ? 'the app has no visible trigger with that key'
          : `${named.path} is a polling trigger, and a delivery is a hook trigger's webhook body`;
      const known =
        hooks.length === 0
          ? 'the app has no hook trigger'
          : `its hook triggers: ${hooks.join(', ')}`;
      throw new CannotCheckError(`--delivery ${key}: ${what} (${known})`);
    }
  }
}

/** The listing's path: `listing` must name a file that can be read; the default may be absent (M002 is then deferred). */
function listingPathOf(option: string | undefined, appDir: string): string {
  if (option === undefined) {
    return join(appDir, 'listing.json');
  }
  const path = resolve(option);
  try {
    readFileSync(path);
  } catch (error) {
    throw new CannotCheckError(
      `--listing: cannot read ${path} (${messageOf(error)}): give the listing file's path, or leave the option out`,
    );
  }
  return path;
}

/** The listing, its path as the app's folder sees it when it lies inside it. */
function listingOf(path: string, appDir: string): ListingRead {
  const inside = relative(appDir, path);
  const shown = inside.startsWith('..') || isAbsolute(inside) ? path : inside;
  return { ...readListing(path), path: shown };
}

function checkFolder(appDir: string): void {
  if (!existsSync(appDir)) {
    throw new CannotCheckError(
      `--app-dir: ${appDir} does not exist: give the app's folder`,
    );
  }
  if (!statSync(appDir).isDirectory()) {
    throw new CannotCheckError(
      `--app-dir: ${appDir} is not a folder: give the app's folder`,
    );
  }
}

/**
 * Checks the app in `appDir` (its dependencies installed; a TypeScript app
 * built). File options are read from the current directory. Throws a
 * CannotCheckError, naming the file or option, when nothing can be checked.
 */
export async function lint(
  appDir: string,
  options: LintOptions = {},
): Promise<LintResult> {
  const dir = resolve(appDir);
  checkFolder(dir);
  const rules = options.rules ?? RULES;
  const config = readConfig(
    dir,
    options.config,
    new Set([...rules.map((rule) => rule.meta.id), ...Object.keys(VERSIONING_RULES)]),
  );
  const deliveries = readDeliveries(options.deliveries ?? {});
  const liveInputs = liveInputsOf(options, dir);
  const listing = listingOf(listingPathOf(options.listing, dir), dir);
  const versions =
    options.versions === undefined
      ? undefined
      : readVersionList(resolve(options.versions));
  const previousPath =
    options.previous === undefined ? undefined : resolve(options.previous);
  return withAppOutputOnStderr(() =>
    inFolder(dir, async (): Promise<LintResult> => {
      const { handler, definition, corePath } = await loadApp(dir);
      const staleBuild = staleBuildOf(dir);
      const schema =
        options.schema === false ? null : await validateSchema(handler, corePath);
      if (schema !== null && schema.errors.length > 0) {
        const applied = {
          source: config.source,
          off: [...config.off],
          categories: Object.fromEntries(config.categories),
          unused: [],
        };
        return { appDir: dir, schema, results: [], versioning: null, config: applied };
      }
      checkDeliveryKeys(deliveries, definition);
      let runs: StepRun[];
      let live: LiveReport | undefined;
      if (liveInputs === undefined) {
        runs = await runStepsOffline(
          handler,
          definition,
          deliveries,
          options.stepTimeoutMs,
        );
      } else {
        checkInputKeys(liveInputs.inputs, definition);
        ({ runs, report: live } = await runStepsLive(handler, definition, {
          env: envFileOf(liveInputs, definition),
          appDir: dir,
          inputs: liveInputs.inputs,
          deliveries,
          ...(options.stepTimeoutMs === undefined
            ? {}
            : { timeoutMs: options.stepTimeoutMs }),
          ...(options.onLiveCall === undefined ? {} : { onCall: options.onLiveCall }),
        }));
      }
      const sources = readSources(dir);
      const results = checkApp(
        {
          definition,
          listing,
          runs,
          sources,
          runsFrom: live === undefined ? 'local' : 'live',
        },
        rules.filter((rule) => !config.off.has(rule.meta.id)),
      );
      const inputs: VersionInputs = {
        ...(previousPath === undefined
          ? {}
          : {
              previous: {
                definition: await readPreviousDefinition(previousPath),
                source: previousPath,
              },
            }),
        ...(versions === undefined ? {} : { versions }),
      };
      const asked = inputs.previous !== undefined || inputs.versions !== undefined;
      const versioning = asked ? checkVersions(definition, inputs) : null;
      const ignored = applyIgnores(config, results, versioning?.entries ?? []);
      const entry = entryFileOf(dir);
      const locate = locator(
        sources,
        entry === undefined ? undefined : relative(dir, entry),
        (file) => existsSync(resolve(dir, file)),
      );
      const located = <T extends { place: Place }>(item: T) => {
        const near = locate(item.place);
        return near === undefined ? item : { ...item, near };
      };
      const fixed = placeFixes(sources, ignored.results, (file) =>
        isBuildOutput(dir, file),
      );
      return {
        appDir: dir,
        schema,
        results: fixed.results.map((result) => ({
          ...result,
          findings: result.findings.map(located),
        })),
        versioning:
          versioning === null
            ? null
            : {
                ...versioning,
                entries: ignored.versioning.map(located),
                refused: ignored.versioning.some(
                  (entry) => entry.ignored === undefined && blocks(entry.status),
                ),
              },
        config: ignored.applied,
        ...(staleBuild.length === 0 ? {} : { staleBuild }),
        ...(live === undefined ? {} : { live }),
        ...(Object.keys(fixed.texts).length === 0 ? {} : { fixTexts: fixed.texts }),
      };
    }),
  );
}
