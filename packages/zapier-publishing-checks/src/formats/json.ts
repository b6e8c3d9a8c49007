/** The report for a program (`--format json`): one object, every entry with its place as fields. */
import type { IgnoreEntry } from '../config';
import type { LintResult } from '../lint';
import type { LiveReport } from '../read/live-run';
import type { SchemaError } from '../read/schema';
import type {
  CodeLocation,
  FixPlace,
  ReportEntry,
  ResultStatus,
  Suggestion,
} from '../rule';
import { categoryUnconfirmed, entriesOf, linkOf } from '../rule';
import type { Summary } from './summary';
import { shown, summaryOf } from './summary';
import type { Verdict } from './verdict';
import { verdictOf } from './verdict';

export interface JsonEntry {
  id: string;
  status: ResultStatus;
  /** The step (`triggers.new_lead`) or `authentication`; null when the finding is elsewhere. */
  step: string | null;
  /** The field's (or sample key's) key, or null. */
  field: string | null;
  /** The definition path of the property, or null. */
  path: string | null;
  /** The file, relative to the app's folder, for a finding in code or the listing; else null. */
  file: string | null;
  line: number | null;
  /** Where in the app's code its place is written, or null. */
  near: CodeLocation | null;
  message: string;
  /** Whether evidence (or the team's config) gave its category; null for a pass or a deferred finding. */
  categoryConfirmed: boolean | null;
  /** The team's config that set its category (Zapier may sort it otherwise), or null. */
  categorySetBy: string | null;
  /** Zapier's page for the check, or this package's page for its own (`local:…`) as a path (`linkOf`). */
  link: string;
  /** Why the config ignores it, or null: it counts. */
  ignored: string | null;
  /** A pass that judged nothing: what the app lacks ("no visible polling trigger"); else null. */
  nothingToJudge: string | null;
  /**
   * A fixable finding's fix: the definition's value and its new text (null:
   * removed), and `at`, where `--fix` writes it (file, offsets, lines and
   * columns, replacement) or why it does not; absent when there is none.
   */
  fix?: { path: string; value: string; text: string | null; at: FixPlace | null };
  /** Changes for the author to weigh, never applied; absent when there are none. */
  suggestions?: Suggestion[];
}

export interface JsonReport {
  tool: { name: string; version: string };
  app: string;
  schema: {
    package: 'zapier-platform-schema';
    version: string;
    errors: SchemaError[];
  } | null;
  results: JsonEntry[];
  summary: Summary | null;
  /** Push, promotion and review (`verdict.ts`); null when nothing was checked. */
  verdict: Verdict | null;
  /** With `--live`: the env file, the connection test, the `authData_…` names written back (never their values); else null. */
  live: LiveReport | null;
  /** The versioning rules' entries and closing lines, or null when not asked. */
  versioning: { entries: JsonEntry[]; closing: string[]; refused: boolean } | null;
  /** The config read (its file, or null), the checks it turned off, its ignore entries that matched nothing. */
  config: {
    source: string | null;
    off: string[];
    /** The category the config set for a check, by ID. */
    categories: Record<string, string>;
    unused: IgnoreEntry[];
  };
  /** Why nothing was checked (exit 2), or null. */
  error: string | null;
}

export function jsonEntry(entry: ReportEntry): JsonEntry {
  const { place } = entry;
  return {
    id: entry.meta.id,
    status: entry.status,
    step: place.step ?? null,
    field: place.field ?? null,
    path: place.path ?? null,
    file: place.file ?? null,
    line: place.line ?? null,
    near: entry.near ?? null,
    message: entry.message,
    categoryConfirmed:
      entry.status === 'pass' || entry.status === 'deferred'
        ? null
        : !categoryUnconfirmed(entry),
    categorySetBy: entry.status === 'pass' ? null : (entry.meta.categorySetBy ?? null),
    link: linkOf(entry.meta),
    ignored: entry.ignored ?? null,
    nothingToJudge: entry.nothingToJudge ?? null,
    ...(entry.fix === undefined
      ? {}
      : {
          fix: {
            path: entry.fix.path,
            value: entry.fix.value,
            text: entry.fix.text,
            at: entry.fix.at ?? null,
          },
        }),
    ...(entry.suggestions === undefined ? {} : { suggestions: entry.suggestions }),
  };
}

/** The report; `error` says why nothing was checked; `quiet`: only errors and publishing tasks. */
export function jsonReport(
  tool: JsonReport['tool'],
  result: LintResult,
  error: string | null,
  quiet = false,
): JsonReport {
  const entries = (list: ReportEntry[]) =>
    list.filter((entry) => shown(entry, quiet)).map(jsonEntry);
  return {
    tool,
    app: result.appDir,
    schema:
      result.schema === null
        ? null
        : {
            package: 'zapier-platform-schema',
            version: result.schema.schemaVersion,
            errors: result.schema.errors,
          },
    results: entries(entriesOf(result.results)),
    // No summary when nothing was checked, or the schema validation stopped the checks.
    summary:
      error === null && (result.schema?.errors.length ?? 0) === 0
        ? summaryOf(result)
        : null,
    verdict: error === null ? verdictOf(result) : null,
    live: result.live ?? null,
    versioning:
      result.versioning === null
        ? null
        : {
            entries: entries(result.versioning.entries),
            closing: result.versioning.closing,
            refused: result.versioning.refused,
          },
    config: {
      source: result.config.source,
      off: result.config.off,
      categories: result.config.categories ?? {},
      unused: quiet ? [] : result.config.unused,
    },
    error,
  };
}
