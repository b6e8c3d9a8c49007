#!/usr/bin/env node
/**
 * The command line: Zapier's schema validation (what `zapier-platform
 * validate --without-style` runs, with the app's own zapier-platform-schema),
 * then every publishing check that can be decided offline, one line per
 * result or one JSON object. Exit codes: EXIT_CODES below.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

import { jsonReport } from './formats/json';
import { textReport } from './formats/text';
import type { LintOptions, LintResult } from './lint';
import { lint } from './lint';
import { ZAPIER_CHECKS_REFERENCE, blocks, entriesOf } from './rule';
import { CannotCheckError, messageOf } from './shared/messages';

const NAME = 'zapier-publishing-checks';

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
  'max-warnings': {
    type: 'string',
    argument: 'N',
    help: 'exit 1 when more than N warnings are found (default: warnings never change the exit code)',
  },
  help: { type: 'boolean', default: false, help: 'print this help and exit 0' },
  version: { type: 'boolean', default: false, help: 'print the version and exit 0' },
} satisfies Record<string, OptionRow>;

const FORMATS = ['text', 'json'] as const;
type Format = (typeof FORMATS)[number];

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
    'nothing was checked: a wrong option, an app that cannot be loaded, a file that cannot be read; a line on stderr says which',
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
    `Zapier's publishing checks (${ZAPIER_CHECKS_REFERENCE}), offline, on a Zapier CLI app.`,
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
    throw new CannotCheckError(`--format ${value}: use ${FORMATS.join(' or ')}`);
  }
  return format;
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
});

function schemaFailure(result: LintResult): string | null {
  if (result.schema === null || result.schema.errors.length === 0) {
    return null;
  }
  const { schemaVersion, errors } = result.schema;
  return `the definition fails zapier-platform-schema ${schemaVersion} (${errors.length} error${errors.length === 1 ? '' : 's'}): fix what is listed, then run again; no publishing check ran`;
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

/** EXIT_CODES: 1 when Zapier would block, or when there are more warnings than allowed; else 0. */
function exitCodeOf(result: LintResult, maxWarnings: number | undefined): number {
  if (schemaFailure(result) !== null) {
    return 1;
  }
  const entries = [...entriesOf(result.results), ...(result.versioning?.entries ?? [])];
  const tooManyWarnings =
    maxWarnings !== undefined &&
    entries.filter((entry) => entry.status === 'warning').length > maxWarnings;
  return entries.some((entry) => blocks(entry.status)) ||
    result.versioning?.refused === true ||
    tooManyWarnings
    ? 1
    : 0;
}

const tool = () => ({ name: NAME, version: ownVersion() });

function print(
  result: LintResult,
  format: Format,
  maxWarnings: number | undefined,
  output: Output,
): number {
  const failure = schemaFailure(result);
  if (format === 'json') {
    output.out(JSON.stringify(jsonReport(tool(), result, null), null, 2));
  } else {
    textReport(result, colourWanted(output)).forEach((line) => output.out(line));
  }
  if (failure !== null) {
    output.err(`${NAME}: ${failure}`);
  }
  return exitCodeOf(result, maxWarnings);
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
    const maxWarnings = maxWarningsOf(values['max-warnings']);
    appDir = resolve(values['app-dir']);
    return print(await lint(appDir, lintOptionsOf(values)), format, maxWarnings, output);
  } catch (error) {
    if (error instanceof CannotCheckError) {
      if (format === 'json') {
        const nothingChecked = { appDir, schema: null, results: [], versioning: null };
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
