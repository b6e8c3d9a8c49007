#!/usr/bin/env node
/**
 * The command line: `lint()` with the options the table below declares,
 * then its result printed in the format asked for, to stdout or a file.
 * Exit codes: EXIT_CODES below.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

import { CONFIG_FILE } from './config';
import { checksList, checksListLines } from './formats/checks-list';
import { dryRun, fixApp } from './fix/command';
import { githubReport } from './formats/github';
import { jsonReport } from './formats/json';
import { sarifReport } from './formats/sarif';
import { allEntries, warningCount } from './formats/summary';
import { textReport } from './formats/text';
import type { LintOptions, LintResult } from './lint';
import { lint } from './lint';
import { RULES } from './registry';
import { ZAPIER_CHECKS_REFERENCE, blocks } from './rule';
import { CannotCheckError, messageOf } from './shared/messages';
import { VERSIONING_RULES } from './versioning/rules';

const NAME = 'zapier-publishing-checks';

interface OptionRow {
  type: 'string' | 'boolean';
  short?: string;
  /** What the option takes, as `--help` shows it (string options). */
  argument?: string;
  multiple?: boolean;
  default?: string | boolean | string[];
  help: string;
}

const FORMATS = ['text', 'json', 'github', 'sarif'] as const;
type Format = (typeof FORMATS)[number];

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
  config: {
    type: 'string',
    argument: 'FILE',
    help: `the config: checks turned off, findings ignored with a reason (default: <app-dir>/${CONFIG_FILE}, else package.json's "zapierPublishingChecks")`,
  },
  fix: {
    type: 'boolean',
    default: false,
    help: "write each fix into the app's code (a TypeScript app's src/, never its build or node_modules), then report what is left",
  },
  'fix-dry-run': {
    type: 'boolean',
    default: false,
    help: 'print the fixes as a unified diff instead of the report, and write nothing',
  },
  format: {
    type: 'string',
    argument: FORMATS.join('|'),
    default: 'text',
    help: 'text: a line per result; json: one object; github: workflow commands that annotate a pull request; sarif: SARIF 2.1.0 for code scanning',
  },
  'output-file': {
    type: 'string',
    short: 'o',
    argument: 'FILE',
    help: 'write the report to FILE (its folders made) instead of stdout',
  },
  quiet: {
    type: 'boolean',
    short: 'q',
    default: false,
    help: 'report only errors and publishing tasks (and the counts)',
  },
  'max-warnings': {
    type: 'string',
    argument: 'N',
    help: 'exit 1 when more than N warnings are found (default: warnings never change the exit code)',
  },
  'list-checks': {
    type: 'boolean',
    default: false,
    help: "print the publishing checks, then the versioning rules, each with its ID, Zapier's category, name and link (--format text or json), and exit 0",
  },
  help: {
    type: 'boolean',
    short: 'h',
    default: false,
    help: 'print this help and exit 0',
  },
  version: {
    type: 'boolean',
    short: 'v',
    default: false,
    help: 'print the version and exit 0',
  },
} satisfies Record<string, OptionRow>;

/** Every exit code and what it means (`--help`, README). */
const EXIT_CODES = [
  [
    0,
    'no error and no publishing task (warnings, and checks not decided offline, allowed)',
  ],
  [
    1,
    'Zapier would block: an error (the schema validation included: it blocks a push) or a publishing task (it blocks promotion), a breaking change without a new major (--previous) or a push Zapier refuses (--versions); or more warnings than --max-warnings',
  ],
  [
    2,
    'nothing was checked: a wrong option or config, an app that cannot be loaded, a file that cannot be read; a line on stderr says which',
  ],
] as const;

function helpText(): string {
  const flag = (name: string, row: OptionRow) =>
    `${row.short === undefined ? '    ' : `-${row.short}, `}--${name}${row.argument === undefined ? '' : ` ${row.argument}`}`;
  const rows: [string, OptionRow][] = Object.entries(OPTIONS);
  const width = Math.max(...rows.map(([name, row]) => flag(name, row).length));
  return [
    `usage: ${NAME} [options]`,
    '',
    `Zapier's publishing checks (${ZAPIER_CHECKS_REFERENCE}), offline, on a Zapier CLI app.`,
    '',
    'options:',
    ...rows.map(([name, row]) => `  ${flag(name, row).padEnd(width)}  ${row.help}`),
    '',
    'exit codes:',
    ...EXIT_CODES.map(([code, meaning]) => `  ${code}  ${meaning}`),
  ].join('\n');
}

/** `--list-checks` in `format`: text or JSON; a report's other formats are no list. */
function checksListText(format: string): string {
  const list = checksList(
    RULES.map((rule) => rule.meta),
    Object.values(VERSIONING_RULES),
  );
  if (format === 'json') {
    return JSON.stringify(list, null, 2);
  }
  if (format !== 'text') {
    throw new CannotCheckError(`--list-checks --format ${format}: use text or json`);
  }
  return checksListLines(list).join('\n');
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

function parseOptions(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: OPTIONS, strict: true }).values;
  } catch (error) {
    throw new CannotCheckError(`${messageOf(error)}; see ${NAME} --help for the options`);
  }
}

type Values = ReturnType<typeof parseOptions>;

function formatOf(value: string): Format {
  const format = FORMATS.find((known) => known === value);
  if (format === undefined) {
    throw new CannotCheckError(`--format ${value}: use ${FORMATS.join(', ')}`);
  }
  return format;
}

/** `--max-warnings N`: a whole number, or none. */
function maxWarningsOf(value: string | undefined): number | undefined {
  if (value === undefined) {
    return undefined;
  }
  if (!/^\d+$/.test(value)) {
    throw new CannotCheckError(`--max-warnings ${value}: give a whole number, such as 0`);
  }
  return Number(value);
}

/** Each `--delivery KEY=FILE`, by trigger key. */
function deliveriesOf(specs: string[]): Record<string, string> {
  const deliveries: Record<string, string> = {};
  for (const spec of specs) {
    const [key, file] = spec.split(/=(.*)/s);
    if (!key || !file) {
      throw new CannotCheckError(`--delivery ${spec}: write it as TRIGGER_KEY=FILE`);
    }
    deliveries[key] = file;
  }
  return deliveries;
}

/** The options as `lint` takes them. */
const lintOptionsOf = (values: Values): LintOptions => ({
  deliveries: deliveriesOf(values.delivery),
  schema: !values['skip-schema'],
  ...(values.listing === undefined ? {} : { listing: values.listing }),
  ...(values.previous === undefined ? {} : { previous: values.previous }),
  ...(values.versions === undefined ? {} : { versions: values.versions }),
  ...(values.config === undefined ? {} : { config: values.config }),
});

function schemaFailure(result: LintResult): string | null {
  if (result.schema === null || result.schema.errors.length === 0) {
    return null;
  }
  const { schemaVersion, errors } = result.schema;
  return `the definition fails zapier-platform-schema ${schemaVersion} (${errors.length} error${errors.length === 1 ? '' : 's'}): fix what is listed, then run again; no publishing check ran`;
}

/** EXIT_CODES: 1 when Zapier would block, or when there are more warnings than allowed; else 0. */
function exitCodeOf(result: LintResult, maxWarnings: number | undefined): number {
  if (schemaFailure(result) !== null) {
    return 1;
  }
  const blocking = allEntries(result).some(
    (entry) => entry.ignored === undefined && blocks(entry.status),
  );
  const tooManyWarnings = maxWarnings !== undefined && warningCount(result) > maxWarnings;
  return blocking || result.versioning?.refused === true || tooManyWarnings ? 1 : 0;
}

const tool = () => ({ name: NAME, version: ownVersion() });

interface Printing {
  format: Format;
  quiet: boolean;
  /** Where the report goes, or undefined for stdout. */
  file: string | undefined;
}

/** The report as lines in `format`; colour only for text on a terminal. */
function reportLines(result: LintResult, printing: Printing, colour: boolean): string[] {
  switch (printing.format) {
    case 'json':
      return [JSON.stringify(jsonReport(tool(), result, null, printing.quiet), null, 2)];
    case 'sarif':
      return [JSON.stringify(sarifReport(tool(), result, printing.quiet), null, 2)];
    case 'github':
      return githubReport(result, printing.quiet);
    case 'text':
      return textReport(result, { colour, quiet: printing.quiet });
  }
}

function cannotWrite(path: string, error: unknown): CannotCheckError {
  return new CannotCheckError(`--output-file: cannot write ${path}: ${messageOf(error)}`);
}

/**
 * Makes the folders the report file goes in, before the checks run, so a
 * path that cannot be written fails at once. One level at a time: Node's
 * `mkdirSync(…, { recursive: true })` never returns under /proc.
 */
function prepareOutputFile(file: string): void {
  const path = resolve(file);
  const missing: string[] = [];
  for (let dir = dirname(path); !existsSync(dir); dir = dirname(dir)) {
    missing.unshift(dir);
    if (dirname(dir) === dir) {
      break;
    }
  }
  try {
    missing.forEach((dir) => mkdirSync(dir));
  } catch (error) {
    throw cannotWrite(path, error);
  }
}

function write(lines: string[], printing: Printing, output: Output): void {
  if (printing.file === undefined) {
    lines.forEach((line) => output.out(line));
    return;
  }
  const path = resolve(printing.file);
  try {
    writeFileSync(path, `${lines.join('\n')}\n`);
  } catch (error) {
    throw cannotWrite(path, error);
  }
}

function print(
  result: LintResult,
  printing: Printing,
  maxWarnings: number | undefined,
  output: Output,
): number {
  const colour = printing.file === undefined && colourWanted(output);
  write(reportLines(result, printing, colour), printing, output);
  const failure = schemaFailure(result);
  if (failure !== null) {
    output.err(`${NAME}: ${failure}`);
  }
  const [stale, ...moreStale] = result.staleBuild ?? [];
  if (stale !== undefined) {
    const more = moreStale.length === 0 ? '' : ` (and ${moreStale.length} more)`;
    output.err(
      `${NAME}: the app's build is older than its code: ${stale.source} changed after ${stale.built} was built${more}; the checks read the built app, so build it again to check the change`,
    );
  }
  const warnings = warningCount(result);
  if (failure === null && maxWarnings !== undefined && warnings > maxWarnings) {
    output.err(
      `${NAME}: ${warnings} warnings (each finding not ignored, and each ignore entry that matched nothing) are more than --max-warnings ${maxWarnings} allows`,
    );
  }
  return exitCodeOf(result, maxWarnings);
}

/** `--fix-dry-run`: the diff where the report would go, what it leaves unfixed on stderr. */
function printDryRun(
  result: LintResult,
  printing: Printing,
  maxWarnings: number | undefined,
  output: Output,
): number {
  const failure = schemaFailure(result);
  if (failure !== null) {
    output.err(`${NAME}: ${failure}`);
    return exitCodeOf(result, maxWarnings);
  }
  const { diff, notes } = dryRun(result);
  write(diff, printing, output);
  notes.forEach((note) => output.err(`${NAME}: ${note}`));
  return exitCodeOf(result, maxWarnings);
}

export async function main(
  argv: string[],
  output: Output = processOutput,
): Promise<number> {
  let printing: Printing = { format: 'text', quiet: false, file: undefined };
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
    if (values['list-checks']) {
      output.out(checksListText(values.format));
      return 0;
    }
    printing = {
      format: formatOf(values.format),
      quiet: values.quiet,
      file: values['output-file'],
    };
    const maxWarnings = maxWarningsOf(values['max-warnings']);
    appDir = resolve(values['app-dir']);
    if (printing.file !== undefined) {
      prepareOutputFile(printing.file);
    }
    if (values.fix && values['fix-dry-run']) {
      throw new CannotCheckError('--fix and --fix-dry-run: give one of them');
    }
    const result = await lint(appDir, lintOptionsOf(values));
    if (values['fix-dry-run']) {
      return printDryRun(result, printing, maxWarnings, output);
    }
    if (values.fix) {
      const fixed = await fixApp(result, () => lint(appDir, lintOptionsOf(values)));
      fixed.notes.forEach((note) => output.err(`${NAME}: ${note}`));
      return print(fixed.left, printing, maxWarnings, output);
    }
    return print(result, printing, maxWarnings, output);
  } catch (error) {
    if (error instanceof CannotCheckError) {
      if (printing.format === 'json') {
        const nothingChecked: LintResult = {
          appDir,
          schema: null,
          results: [],
          versioning: null,
          config: { source: null, off: [], unused: [] },
        };
        output.out(
          JSON.stringify(jsonReport(tool(), nothingChecked, error.message), null, 2),
        );
      }
      output.err(`${NAME}: ${error.message}`);
      return 2;
    }
    throw error;
  }
}

if (require.main === module) {
  // A reader that stops early (`| head`) wants no more: stop quietly.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') {
      throw error;
    }
    process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
  });
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
