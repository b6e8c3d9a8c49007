/**
 * A team's way to disagree, with a reason: a check turned off for the app,
 * or one finding ignored at its place. Read from `--config FILE`, else the
 * app's `.zapier-publishing-checks.json`, else the `zapierPublishingChecks`
 * key of its package.json; none of them is no config.
 *
 * ```json
 * {
 *   "checks": { "D018": "off" },
 *   "ignore": [
 *     { "check": "D004", "at": "creates.create_order lims_id", "reason": "LIMS IDs come from the lab's printout" }
 *   ]
 * }
 * ```
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import type { Place } from './place';
import { placeText } from './place';
import type { ReportEntry, RuleResult } from './rule';
import { worstOf } from './rule';
import { isRecord } from './shared/definition';
import { CannotCheckError, messageOf } from './shared/messages';

export const CONFIG_FILE = '.zapier-publishing-checks.json';
const PACKAGE_KEY = 'zapierPublishingChecks';

export interface IgnoreEntry {
  /** The check's ID: `D004`, `local:json-field-schema`, `removed-input-field`. */
  check: string;
  /** The place as findings print it: a step, with a field's key after a space; a path; a file, or a file and line. */
  at: string;
  /** Why the team disagrees: required. */
  reason: string;
}

export interface Config {
  /** Where it was read, for messages: a file, or `package.json#zapierPublishingChecks`; null when there is none. */
  source: string | null;
  /** The checks turned off for this app. */
  off: ReadonlySet<string>;
  ignore: readonly IgnoreEntry[];
}

const NONE: Config = { source: null, off: new Set(), ignore: [] };

function parseFile(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new CannotCheckError(`cannot read the config ${path}: ${messageOf(error)}`);
  }
}

/** package.json's config key, or undefined (a package.json that is no JSON: loading the app says what is wrong with it). */
function packageConfig(manifest: string): unknown {
  if (!existsSync(manifest)) {
    return undefined;
  }
  try {
    const parsed: unknown = JSON.parse(readFileSync(manifest, 'utf8'));
    return isRecord(parsed) ? parsed[PACKAGE_KEY] : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The config's raw value and where it came from, or undefined when the app
 * has none. An app with both a config file and package.json's key is told
 * to keep one: reading either alone would drop the other's entries unsaid.
 */
function findConfig(
  appDir: string,
  file: string | undefined,
): [unknown, string] | undefined {
  if (file !== undefined) {
    const path = resolve(file);
    return [parseFile(path), path];
  }
  const own = join(appDir, CONFIG_FILE);
  const manifest = join(appDir, 'package.json');
  const inPackage = packageConfig(manifest);
  if (existsSync(own)) {
    if (inPackage !== undefined) {
      throw new CannotCheckError(
        `the app has two configs, ${own} and "${PACKAGE_KEY}" in ${manifest}: keep one (or name one with --config FILE)`,
      );
    }
    return [parseFile(own), own];
  }
  return inPackage === undefined ? undefined : [inPackage, `${manifest}#${PACKAGE_KEY}`];
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The config for the app in `appDir`, checked: every check it names is one
 * of `knownChecks`, every ignore entry has a check, a place and a reason.
 * Throws a CannotCheckError naming what is wrong.
 */
export function readConfig(
  appDir: string,
  file: string | undefined,
  knownChecks: ReadonlySet<string>,
): Config {
  const found = findConfig(appDir, file);
  if (found === undefined) {
    return NONE;
  }
  const [raw, source] = found;
  const wrong = (what: string): never => {
    throw new CannotCheckError(`${source}: ${what}`);
  };
  if (!isRecord(raw)) {
    return wrong('the config is an object: {"checks": {…}, "ignore": […]}');
  }
  const unknownKeys = Object.keys(raw).filter(
    (key) => !['checks', 'ignore'].includes(key),
  );
  if (unknownKeys.length > 0) {
    wrong(
      `unknown key ${unknownKeys.map((key) => `"${key}"`).join(', ')}: use "checks" and "ignore"`,
    );
  }
  const known = (id: string, where: string) => {
    if (!knownChecks.has(id)) {
      wrong(`${where} names "${id}", which is no check: see --list-checks`);
    }
  };
  const checks = raw.checks ?? {};
  if (!isRecord(checks)) {
    wrong('"checks" is an object of check IDs: {"D018": "off"}');
  }
  const off = new Set<string>();
  for (const [id, setting] of Object.entries(checks as Record<string, unknown>)) {
    known(id, `"checks"`);
    if (setting === 'off') {
      off.add(id);
    } else if (setting !== 'on') {
      wrong(`"checks"."${id}" is ${JSON.stringify(setting)}: write "off" (or "on")`);
    }
  }
  const entries = raw.ignore ?? [];
  if (!Array.isArray(entries)) {
    wrong('"ignore" is a list of {"check", "at", "reason"}');
  }
  const ignore = (entries as unknown[]).map((entry, index): IgnoreEntry => {
    const where = `"ignore" entry ${index + 1}`;
    if (!isRecord(entry)) {
      return wrong(`${where} is not an object {"check", "at", "reason"}`);
    }
    const [check, at, reason] = [text(entry.check), text(entry.at), text(entry.reason)];
    if (check === '' || at === '') {
      wrong(
        `${where} needs "check" (an ID) and "at" (the place as the findings print it)`,
      );
    }
    known(check, where);
    if (reason === '') {
      wrong(
        `${where} (${check} at ${at}) has no "reason": say why the finding does not apply`,
      );
    }
    return { check, at, reason };
  });
  return { source, off, ignore };
}

/**
 * Whether an ignore entry's `at` names a place: the place as it prints, its
 * step, its path, or its file (any line of it).
 */
export function atMatches(at: string, place: Place): boolean {
  return (
    at === placeText(place) || at === place.step || at === place.path || at === place.file
  );
}

/** What the config did to a run: the checks it turned off, the ignore entries that matched nothing. */
export interface ConfigApplied {
  source: string | null;
  off: string[];
  unused: IgnoreEntry[];
}

/**
 * Marks each finding an ignore entry names as ignored (with its reason),
 * and each rule's status from the findings that still count. An entry that
 * names no finding is returned unused, as ESLint reports a disable
 * directive that disables nothing.
 */
export function applyIgnores(
  config: Config,
  results: RuleResult[],
  versioning: ReportEntry[],
): { results: RuleResult[]; versioning: ReportEntry[]; applied: ConfigApplied } {
  const used = new Set<IgnoreEntry>();
  const reasonFor = (id: string, place: Place) => {
    const entry = config.ignore.find(
      (each) => each.check === id && atMatches(each.at, place),
    );
    if (entry !== undefined) {
      used.add(entry);
    }
    return entry?.reason;
  };
  const ignoring = <T extends { place: Place; ignored?: string }>(
    id: string,
    item: T,
  ): T => {
    const reason = reasonFor(id, item.place);
    return reason === undefined ? item : { ...item, ignored: reason };
  };
  const checked = results.map((result) => {
    const findings = result.findings.map((finding) => ignoring(result.meta.id, finding));
    return { ...result, findings, status: worstOf(findings) };
  });
  const versioned = versioning
    .filter((entry) => !config.off.has(entry.meta.id))
    .map((entry) => ignoring(entry.meta.id, entry));
  return {
    results: checked,
    versioning: versioned,
    applied: {
      source: config.source,
      off: [...config.off],
      unused: config.ignore.filter((entry) => !used.has(entry)),
    },
  };
}
