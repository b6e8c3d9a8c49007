#!/usr/bin/env node
/**
 * The command line: Zapier's schema validation (what `zapier-platform
 * validate --without-style` runs, with the app's own zapier-platform-schema),
 * then every publishing check that can be decided offline, one line per
 * result or one JSON object. Exit codes: EXIT_CODES below.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

import { readListing } from './listing';
import { AppLoadError, inFolder, loadApp } from './load-app';
import { runStepsOffline } from './local-run';
import type { ReportEntry, Summary } from './report';
import { entryLine, reportEntries, reportLines, summary, summaryCounts } from './report';
import type { AppDefinition } from './definition';
import type { CheckResult } from './runner';
import { REFERENCE_URL, runChecks } from './runner';
import type { SchemaError, SchemaValidation } from './schema';
import { validateSchema } from './schema';
import { readSources } from './sources';
import { messageOf } from './messages';
import type { VersionOptions, VersionReport } from './versioning';
import { VersionInputError, checkVersions } from './versioning';

const NAME = 'zapier-publishing-checks';
const VERSIONING_URL = 'https://docs.zapier.com/integrations/manage/versions';

interface OptionRow {
  type: 'string' | 'boolean';
  /** What the option takes, as `--help` shows it (string options). */
  argument?: string;
  multiple?: boolean;
  default?: string | boolean | string[];
  help: string;
}

/** Every option, once: the parser's configuration and `--help` are both read from this table. */
const OPTIONS = {
  'app-dir': {
    type: 'string',
    argument: 'DIR',
    default: '.',
    help: "the app's folder, its dependencies installed (default: the current one)",
  },
  listing: {
    type: 'string',
    argument: 'FILE',
    help: 'the directory listing M002 judges, {"title", "description"} (default: <app-dir>/listing.json, if there is one)',
  },
  delivery: {
    type: 'string',
    argument: 'TRIGGER_KEY=FILE',
    multiple: true,
    default: [] as string[],
    help: "a recorded webhook body for a hook trigger's local run; repeat for each trigger",
  },
  'skip-schema': {
    type: 'boolean',
    default: false,
    help: "skip the schema validation (zapier-platform validate --without-style's)",
  },
  previous: {
    type: 'string',
    argument: 'DIR|FILE',
    help: "the previous public version, as its app folder or the definition.json zapier-platform build writes: each change Zapier's versioning rules call breaking, and the version Zapier will require",
  },
  versions: {
    type: 'string',
    argument: 'FILE',
    help: "the versions already pushed (zapier-platform versions --all --format json, or one a line): Zapier's push rules for this version",
  },
  format: {
    type: 'string',
    argument: 'text|json',
    default: 'text',
    help: 'text: one line per result; json: one object with every result and the summary',
  },
  help: { type: 'boolean', default: false, help: 'print this help and exit 0' },
  version: { type: 'boolean', default: false, help: 'print the version and exit 0' },
} satisfies Record<string, OptionRow>;

const FORMATS = ['text', 'json'] as const;
type Format = (typeof FORMATS)[number];

/** Every exit code and what it means (`--help`, README). */
const EXIT_CODES = [
  [0, 'nothing failed (warnings and checks not decided offline allowed)'],
  [
    1,
    "a check failed, a breaking change lacks a new major (--previous), or Zapier would refuse the push (--versions); the versioning verdict alone: the failure lines under ==> Zapier's versioning rules, or versioning.refused in --format json",
  ],
  [
    2,
    'nothing was checked: a wrong option, an app that cannot be loaded, a file that cannot be read, or a definition that fails the schema validation; a line on stderr says which',
  ],
] as const;

function helpText(): string {
  const flag = (name: string, row: OptionRow) =>
    `--${name}${row.argument === undefined ? '' : ` ${row.argument}`}`;
  const rows: [string, OptionRow][] = Object.entries(OPTIONS);
  const width = Math.max(...rows.map(([name, row]) => flag(name, row).length));
  return [
    `usage: ${NAME} [options]`,
    '',
    `Zapier's publishing checks (${REFERENCE_URL}), offline, on a Zapier CLI app.`,
    '',
    'options:',
    ...rows.map(([name, row]) => `  ${flag(name, row).padEnd(width)}  ${row.help}`),
    '',
    'exit codes:',
    ...EXIT_CODES.map(([code, meaning]) => `  ${code}  ${meaning}`),
  ].join('\n');
}

function ownVersion(): string {
  // src/cli.ts and dist/cli.js both sit one folder below package.json.
  const manifest = JSON.parse(
    readFileSync(join(__dirname, '..', 'package.json'), 'utf8'),
  ) as { version: string };
  return manifest.version;
}

export interface Output {
  out(line: string): void;
  err(line: string): void;
  /** Whether `out` writes to a terminal: only then is the report coloured. */
  isTerminal?: boolean;
}

const processOutput: Output = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  isTerminal: process.stdout.isTTY === true,
};

/** https://no-color.org: NO_COLOR set to anything but the empty string turns colour off. */
const colourWanted = (output: Output) =>
  output.isTerminal === true && (process.env.NO_COLOR ?? '') === '';

/** Usage error, unreadable input or a definition the schema refuses: nothing was checked. */
class CannotValidate extends Error {}

function parseOptions(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: OPTIONS, strict: true }).values;
  } catch (error) {
    throw new CannotValidate(`${messageOf(error)}; see ${NAME} --help for the options`);
  }
}

function formatOf(value: string): Format {
  const format = FORMATS.find((known) => known === value);
  if (format === undefined) {
    throw new CannotValidate(`--format ${value}: use ${FORMATS.join(' or ')}`);
  }
  return format;
}

/** Each `--delivery KEY=FILE`, FILE read from the current directory, as any command's file arguments. */
function readDeliveries(specs: string[]): Map<string, unknown> {
  const deliveries = new Map<string, unknown>();
  for (const spec of specs) {
    const [key, file] = spec.split(/=(.*)/s);
    if (!key || !file) {
      throw new CannotValidate(`--delivery ${spec}: write it as TRIGGER_KEY=FILE`);
    }
    const path = resolve(file);
    try {
      deliveries.set(key, JSON.parse(readFileSync(path, 'utf8')));
    } catch (error) {
      const reason = messageOf(error);
      throw new CannotValidate(
        `--delivery: cannot read the delivery for ${key} from ${path}: ${reason}`,
      );
    }
  }
  return deliveries;
}

/** The listing's path: `--listing` must name a file that can be read; the default may be absent (M002 is then deferred). */
function listingPathOf(option: string | undefined, appDir: string): string {
  if (option === undefined) {
    return join(appDir, 'listing.json');
  }
  const path = resolve(option);
  try {
    readFileSync(path);
  } catch (error) {
    throw new CannotValidate(
      `--listing: cannot read ${path} (${messageOf(error)}): give the listing file's path, or leave the option out`,
    );
  }
  return path;
}

/** What one run found: the schema validation (null when skipped), each check's result, the versioning rules' (null when not asked). */
interface Report {
  schema: SchemaValidation | null;
  results: CheckResult[];
  versioning: VersionReport | null;
}

interface JsonReport {
  tool: { name: string; version: string };
  app: string;
  schema: {
    package: 'zapier-platform-schema';
    version: string;
    errors: SchemaError[];
  } | null;
  results: ReportEntry[];
  summary: Summary | null;
  /** `--previous` and `--versions`: their entries and closing lines, or null when not asked. */
  versioning: VersionReport | null;
  /** Why nothing was checked (exit 2), or null. */
  error: string | null;
}

type Values = ReturnType<typeof parseOptions>;

async function check(values: Values, appDir: string): Promise<Report> {
  if (!existsSync(appDir)) {
    throw new CannotValidate(
      `--app-dir: ${appDir} does not exist: give the app's folder`,
    );
  }
  if (!statSync(appDir).isDirectory()) {
    throw new CannotValidate(
      `--app-dir: ${appDir} is not a folder: give the app's folder`,
    );
  }
  const deliveries = readDeliveries(values.delivery);
  const listingPath = listingPathOf(values.listing, appDir);
  // Read from the current directory, as every file argument.
  const versionFiles: VersionOptions = {
    previous: values.previous === undefined ? undefined : resolve(values.previous),
    versions: values.versions === undefined ? undefined : resolve(values.versions),
  };
  return inFolder(appDir, async () => {
    const { handler, definition, corePath } = await loadApp(appDir);
    const schema = values['skip-schema'] ? null : await validateSchema(handler, corePath);
    if (schema !== null && schema.errors.length > 0) {
      return { schema, results: [], versioning: null };
    }
    const runs = await runStepsOffline(handler, definition, deliveries);
    const results = runChecks({
      definition,
      listing: readListing(listingPath),
      runs,
      sources: readSources(appDir),
    });
    return { schema, results, versioning: await versioningOf(versionFiles, definition) };
  });
}

/** `--previous` and `--versions` (absolute paths: the app's folder is the current one here). */
async function versioningOf(
  files: VersionOptions,
  definition: AppDefinition,
): Promise<VersionReport | null> {
  if (files.previous === undefined && files.versions === undefined) {
    return null;
  }
  try {
    return await checkVersions(definition, files);
  } catch (error) {
    if (error instanceof VersionInputError) {
      throw new CannotValidate(error.message);
    }
    throw error;
  }
}

function schemaLines(schema: SchemaValidation): string[] {
  const source = `zapier-platform-schema ${schema.schemaVersion} (the app's own, as zapier-platform validate --without-style uses it)`;
  if (schema.errors.length === 0) {
    return [`==> schema: ${source}: no structural errors`];
  }
  return [
    `==> schema: ${source}`,
    ...schema.errors.map(
      (error) =>
        `✖ ${error.property}: ${error.message}${error.links.length > 0 ? ` ${error.links.join(' ')}` : ''}`,
    ),
  ];
}

const schemaFailure = (schema: SchemaValidation) =>
  `the definition fails zapier-platform-schema ${schema.schemaVersion} (${schema.errors.length} error${schema.errors.length === 1 ? '' : 's'}): fix what is listed, then run again; no publishing check ran`;

/** 1 when a check failed or a versioning rule refuses this version, else 0 (EXIT_CODES). */
const exitCodeOf = (report: Report) =>
  report.results.some((result) => result.status === 'failure') ||
  report.versioning?.refused === true
    ? 1
    : 0;

function printText(report: Report, output: Output): number {
  if (report.schema !== null) {
    schemaLines(report.schema).forEach((line) => output.out(line));
    if (report.schema.errors.length > 0) {
      output.err(`${NAME}: ${schemaFailure(report.schema)}`);
      return 2;
    }
  }
  output.out(`==> publishing checks (${REFERENCE_URL})`);
  reportLines(report.results, colourWanted(output)).forEach((line) => output.out(line));
  output.out(summary(report.results));
  if (report.versioning !== null) {
    output.out(`==> Zapier's versioning rules (${VERSIONING_URL})`);
    report.versioning.entries
      .map((entry) => entryLine(entry, colourWanted(output)))
      .forEach((line) => output.out(line));
    report.versioning.closing.forEach((line) => output.out(line));
  }
  return exitCodeOf(report);
}

/** The one object `--format json` prints; `error` says why nothing was checked (exit 2). */
function jsonReport(appDir: string, report: Report, error: string | null): JsonReport {
  return {
    tool: { name: NAME, version: ownVersion() },
    app: appDir,
    schema:
      report.schema === null
        ? null
        : {
            package: 'zapier-platform-schema',
            version: report.schema.schemaVersion,
            errors: report.schema.errors,
          },
    results: reportEntries(report.results),
    summary: error === null ? summaryCounts(report.results) : null,
    versioning: report.versioning,
    error,
  };
}

function printJson(report: Report, appDir: string, output: Output): number {
  const error =
    report.schema !== null && report.schema.errors.length > 0
      ? schemaFailure(report.schema)
      : null;
  output.out(JSON.stringify(jsonReport(appDir, report, error), null, 2));
  if (error !== null) {
    output.err(`${NAME}: ${error}`);
    return 2;
  }
  return exitCodeOf(report);
}

export async function main(
  argv: string[],
  output: Output = processOutput,
): Promise<number> {
  let format: Format = 'text';
  let appDir = resolve('.');
  try {
    const values = parseOptions(argv);
    if (values.help) {
      output.out(helpText());
      return 0;
    }
    if (values.version) {
      output.out(ownVersion());
      return 0;
    }
    format = formatOf(values.format);
    appDir = resolve(values['app-dir']);
    const report = await check(values, appDir);
    return format === 'json'
      ? printJson(report, appDir, output)
      : printText(report, output);
  } catch (error) {
    if (error instanceof CannotValidate || error instanceof AppLoadError) {
      if (format === 'json') {
        const nothingChecked = { schema: null, results: [], versioning: null };
        output.out(
          JSON.stringify(jsonReport(appDir, nothingChecked, error.message), null, 2),
        );
      }
      output.err(`${NAME}: ${error.message}`);
      return 2;
    }
    throw error;
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(
        `${NAME}: unexpected error: ${error instanceof Error ? error.stack : String(error)}\n`,
      );
      process.exitCode = 2;
    },
  );
}
