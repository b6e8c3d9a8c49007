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
import { warningCount } from './formats/summary';
import { textReport } from './formats/text';
import { blocked, verdictOf } from './formats/verdict';
import type { LintOptions, LintResult } from './lint';
import { lint } from './lint';
import type { LiveReport } from './read/live-run';
import { callsOpen, callsStillWaiting } from './read/bounded-call';
import { RULES } from './registry';
import { ZAPIER_CHECKS_REFERENCE } from './rule';
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
  live: {
    type: 'boolean',
    default: false,
    help: "run the steps on your own connection (the app's .env, as zapier-platform invoke keeps it) to decide T002-T006 and Z001: the connection test (no step if the API leaves it unanswered), each polling trigger's perform and hook trigger's performList, a search only with --input, never a create; an expired OAuth2 or session token is refreshed and the new one appended to .env. Without it nothing leaves the machine",
  },
  env: {
    type: 'string',
    argument: 'FILE',
    help: 'with --live: the file that holds the connection (default: <app-dir>/.env)',
  },
  input: {
    type: 'string',
    argument: 'STEP_KEY=FILE',
    multiple: true,
    default: [] as string[],
    help: "with --live: a JSON object of input for a trigger's or search's live run; repeat for each step",
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
    help: `the config: checks turned off or given a category, findings ignored with a reason (default: <app-dir>/${CONFIG_FILE}, else package.json's "zapierPublishingChecks")`,
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
    help: 'report only errors and publishing tasks (and the counts and the verdict)',
  },
  'max-warnings': {
    type: 'string',
    argument: 'N',
    help: 'exit 1 when more than N warnings are found (default: warnings never change the exit code)',
  },
  'list-checks': {
    type: 'boolean',
    default: false,
    help: "print the publishing checks, then the versioning rules, each with its ID, Zapier's category, name, link, and whether --fix fixes it (🔧) or it suggests (💡) (--format text or json), and exit 0",
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
    'neither a push nor a promotion is blocked (warnings allowed; a promotion the verdict calls undecided, by checks not decided offline or categories unconfirmed, too)',
  ],
  [
    1,
    'the verdict blocks a push (an error, the schema validation included; a push Zapier refuses, --versions) or a promotion (a publishing task; a breaking change without a new major, --previous); or more warnings than --max-warnings',
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

/** Each `--delivery KEY=FILE` (or `--input`), by step key. */
function filesByKey(
  specs: string[],
  option: string,
  key: string,
): Record<string, string> {
  const files: Record<string, string> = {};
  for (const spec of specs) {
    const [name, file] = spec.split(/=(.*)/s);
    if (!name || !file) {
      throw new CannotCheckError(`--${option} ${spec}: write it as ${key}=FILE`);
    }
    files[name] = file;
  }
  return files;
}

/** The options as `lint` takes them. */
const lintOptionsOf = (values: Values, output: Output): LintOptions => ({
  deliveries: filesByKey(values.delivery, 'delivery', 'TRIGGER_KEY'),
  ...(values.live
    ? {
        live: true,
        // A call may take 30 s: say which one is waiting.
        onLiveCall: (method: string) => output.err(`${NAME}: --live: running ${method}`),
      }
    : {}),
  ...(values.env === undefined ? {} : { env: values.env }),
  ...(values.input.length === 0
    ? {}
    : { inputs: filesByKey(values.input, 'input', 'STEP_KEY') }),
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

/** EXIT_CODES: 1 when the verdict blocks a push or a promotion, or when there are more warnings than allowed; else 0. */
function exitCodeOf(result: LintResult, maxWarnings: number | undefined): number {
  const tooManyWarnings =
    schemaFailure(result) === null &&
    maxWarnings !== undefined &&
    warningCount(result) > maxWarnings;
  return blocked(verdictOf(result)) || tooManyWarnings ? 1 : 0;
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

/** What a live run did with the connection: its test, the credentials written back. */
function liveNotes(live: LiveReport): string[] {
  return [
    ...(live.connectionTest === undefined
      ? []
      : [
          live.connectionTest === 'passed'
            ? `--live: the connection in ${live.env} passed its test`
            : `--live: the connection in ${live.env} failed its test: ${live.connectionTest}`,
        ]),
    ...(live.written.length === 0
      ? []
      : [
          `--live: the connection was refreshed; ${[...new Set(live.written)].join(', ')} appended to ${live.env}, as zapier-platform invoke auth refresh writes them`,
        ]),
  ];
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
  if (result.live !== undefined) {
    liveNotes(result.live).forEach((line) => output.err(`${NAME}: ${line}`));
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
    const result = await lint(appDir, lintOptionsOf(values, output));
    if (values['fix-dry-run']) {
      return printDryRun(result, printing, maxWarnings, output);
    }
    if (values.fix) {
      const fixed = await fixApp(result, () =>
        lint(appDir, lintOptionsOf(values, output)),
      );
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
  let reported = false;
  // A run the app's code left waiting on nothing: Node would end it with
  // exit code 0 and no report. An open call settles itself (bounded-call.ts);
  // anything else (an app whose loading never finishes) is said, exit 2.
  process.on('beforeExit', () => {
    if (!reported && callsOpen() === 0) {
      reported = true;
      process.stderr.write(
        `${NAME}: the app's code left the run waiting on a promise that never settles, with nothing else to wait for (while loading the app?): nothing was checked\n`,
      );
      process.exitCode = 2;
    }
  });
  main(process.argv.slice(2)).then(
    (code) => {
      reported = true;
      process.exitCode = code;
      if (callsStillWaiting() > 0) {
        // A live call given up at its time limit still holds its socket: leave without it.
        process.stdout.write('', () => process.exit(code));
      }
    },
    (error: unknown) => {
      reported = true;
      process.stderr.write(
        `${NAME}: unexpected error: ${error instanceof Error ? error.stack : String(error)}\n`,
      );
      process.exitCode = 2;
    },
  );
}
