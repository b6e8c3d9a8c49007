/**
 * A team's way to decide, or to disagree with a reason: a check turned off
 * for the app or given its category (as ESLint sets a rule's severity),
 * or one finding ignored at its place. Read from `--config FILE`, else the
 * app's `.zapier-publishing-checks.json`, else the `zapierPublishingChecks`
 * key of its package.json; none of them is no config.
 *
 * ```json
 * {
 *   "checks": { "D018": "off", "D007": "publishing-task" },
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
import type { Category, ReportEntry, RuleMeta, RuleResult } from './rule';
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
  /** The line of the config file the entry's `at` is written on, when found. */
  line?: number;
}

export interface Config {
  /** Where it was read, for messages: a file, or `package.json#zapierPublishingChecks`; null when there is none. */
  source: string | null;
  /** The checks turned off for this app. */
  off: ReadonlySet<string>;
  /** The category the team set for a check, by ID: decided, whatever the evidence. */
  categories: ReadonlyMap<string, Category>;
  ignore: readonly IgnoreEntry[];
}

const NONE: Config = { source: null, off: new Set(), categories: new Map(), ignore: [] };

/** A check's setting: off, on (as without an entry), or the category the team sets for it. */
const CATEGORIES: readonly Category[] = ['error', 'publishing-task', 'warning'];

/** A config's raw value, where it came from, and the text of its file. */
interface FoundConfig {
  raw: unknown;
  source: string;
  fileText: string;
  /** Where in `fileText` the config starts (package.json: at its key). */
  start: number;
}

function readFile(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new CannotCheckError(`cannot read the config ${path}: ${messageOf(error)}`);
  }
}

function parseFile(path: string): FoundConfig {
  const fileText = readFile(path);
  try {
    return { raw: JSON.parse(fileText), source: path, fileText, start: 0 };
  } catch (error) {
    throw new CannotCheckError(`cannot read the config ${path}: ${messageOf(error)}`);
  }
}

/** package.json's config key, or undefined (a package.json that is no JSON: loading the app says what is wrong with it). */
function packageConfig(manifest: string): FoundConfig | undefined {
  if (!existsSync(manifest)) {
    return undefined;
  }
  try {
    const fileText = readFileSync(manifest, 'utf8');
    const parsed: unknown = JSON.parse(fileText);
    if (!isRecord(parsed) || parsed[PACKAGE_KEY] === undefined) {
      return undefined;
    }
    return {
      raw: parsed[PACKAGE_KEY],
      source: `${manifest}#${PACKAGE_KEY}`,
      fileText,
      start: Math.max(0, fileText.indexOf(`"${PACKAGE_KEY}"`)),
    };
  } catch {
    return undefined;
  }
}

/**
 * The config, or undefined when the app has none. An app with both a
 * config file and package.json's key is told to keep one: reading either
 * alone would drop the other's entries unsaid.
 */
function findConfig(appDir: string, file: string | undefined): FoundConfig | undefined {
  if (file !== undefined) {
    return parseFile(resolve(file));
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
    return parseFile(own);
  }
  return inPackage;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The line each entry's `at` is written on: the entries are found in their
 * order, each after the one before; undefined where one is written otherwise.
 */
function linesOf(found: FoundConfig, entries: readonly IgnoreEntry[]): IgnoreEntry[] {
  let from = found.start;
  return entries.map((entry) => {
    const at = new RegExp(`"at"\\s*:\\s*${escapeRegExp(JSON.stringify(entry.at))}`, 'g');
    at.lastIndex = from;
    const match = at.exec(found.fileText);
    if (match === null) {
      return entry;
    }
    from = match.index + match[0].length;
    return { ...entry, line: found.fileText.slice(0, match.index).split('\n').length };
  });
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
  const { raw, source } = found;
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
      // IDs are written as --list-checks prints them: "d007" is most likely D007.
      const meant = [...knownChecks].find(
        (each) => each.toLowerCase() === id.toLowerCase(),
      );
      wrong(
        `${where} names "${id}", which is no check: ${meant === undefined ? 'see --list-checks' : `did you mean "${meant}"?`}`,
      );
    }
  };
  const checks = raw.checks ?? {};
  if (!isRecord(checks)) {
    wrong('"checks" is an object of check IDs: {"D018": "off", "D007": "warning"}');
  }
  const off = new Set<string>();
  const categories = new Map<string, Category>();
  for (const [id, setting] of Object.entries(checks as Record<string, unknown>)) {
    known(id, `"checks"`);
    const category = CATEGORIES.find((each) => each === setting);
    if (setting === 'off') {
      off.add(id);
    } else if (category !== undefined) {
      categories.set(id, category);
    } else if (setting !== 'on') {
      wrong(
        `"checks"."${id}" is ${JSON.stringify(setting)}: write "error", "publishing-task", "warning" or "off" (or "on")`,
      );
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
  return { source, off, categories, ignore: linesOf(found, ignore) };
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

/** What the config did to a run: the checks it turned off, the categories it set, the ignore entries that matched nothing. */
export interface ConfigApplied {
  source: string | null;
  off: string[];
  /** The category set for a check, by ID; absent or empty: none. */
  categories?: Record<string, Category>;
  unused: IgnoreEntry[];
}

/**
 * A check's meta and findings with the category the team set: each finding
 * in the check's own category takes it (a guardrail's warning under a new
 * major, or a deferred finding, keeps its status), decided.
 */
function withCategory<T extends { status: string; unconfirmed?: true }>(
  config: Config,
  meta: RuleMeta,
  items: readonly T[],
): { meta: RuleMeta; items: T[] } {
  const category = config.categories.get(meta.id);
  if (category === undefined) {
    return { meta, items: [...items] };
  }
  return {
    meta: {
      ...meta,
      category,
      categoryEvidence: `set by ${String(config.source)}`,
      categorySetBy: String(config.source),
    },
    items: items.map((item) => {
      const decided = { ...item };
      delete decided.unconfirmed;
      return item.status === meta.category ? { ...decided, status: category } : decided;
    }),
  };
}

/**
 * Sets each category the config names (`withCategory`); then marks each
 * finding an ignore entry names as ignored (with its reason), and each
 * rule's status from the findings that still count. An entry that names no
 * finding is returned unused, as ESLint reports a disable directive that
 * disables nothing.
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
    const { meta, items } = withCategory(config, result.meta, result.findings);
    const findings = items.map((finding) => ignoring(meta.id, finding));
    return { ...result, meta, findings, status: worstOf(findings) };
  });
  const versioned = versioning
    .filter((entry) => !config.off.has(entry.meta.id))
    .map((entry) => {
      const {
        meta,
        items: [decided = entry],
      } = withCategory(config, entry.meta, [entry]);
      return ignoring(meta.id, { ...decided, meta });
    });
  return {
    results: checked,
    versioning: versioned,
    applied: {
      source: config.source,
      off: [...config.off],
      categories: Object.fromEntries(config.categories),
      unused: config.ignore.filter((entry) => !used.has(entry)),
    },
  };
}
