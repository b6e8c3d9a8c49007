/**
 * The command line with a team's config (a check turned off, a finding
 * ignored with its reason, an entry that matches nothing), --quiet,
 * --output-file, the short flags and --list-checks.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

import { main } from '../src/cli';
import { CONFIG_FILE } from '../src/config';
import { RULES } from '../src/registry';
import type { RuleMeta } from '../src/rule';
import { pageOf } from '../src/rule';
import { VERSIONING_RULES } from '../src/versioning/rules';
import { THINGS_LISTING, scratchApp, writeThingApp } from './scratch-app';
import { beforeVerdict, summaryIn, verdictIn } from './report-lines';
import { idColumn } from './text-columns';

/** The repository, whose node_modules holds a zapier-platform-core for the apps written here. */
const REFERENCE = 'https://docs.zapier.com/platform/publish/integration-checks-reference';
const ALL = RULES.length;
const PACKAGE = join(__dirname, '..');

let appDir: string;
let out: string[];
let err: string[];
const output = {
  out: (line: string) => out.push(line),
  err: (line: string) => err.push(line),
};

beforeEach(() => {
  appDir = scratchApp('cli-config-', THINGS_LISTING);
  out = [];
  err = [];
});
afterEach(() => rmSync(appDir, { recursive: true, force: true }));

/**
 * New Thing, described as "Fires when …": D021's one publishing task, at
 * triggers.new_thing, and nothing else; `operation` adds to the trigger's
 * operation (JavaScript).
 */
const writeApp = (description = 'Fires when a thing is added.', operation = '') =>
  writeThingApp(appDir, { description, operation });

/** D004 and D028 warnings: an ID field without a dropdown, on a step that cleans its input. */
const TWO_WARNINGS = "inputFields: [{ key: 'thing_id', label: 'Thing ID' }]";

const writeConfig = (config: unknown) =>
  writeFileSync(join(appDir, CONFIG_FILE), JSON.stringify(config, null, 2));

const run = (...args: string[]) =>
  main(['--app-dir', appDir, '--skip-schema', ...args], output);

const REASON = 'the service calls it an event, and Zapier agreed';
const IGNORE_D021 = { check: 'D021', at: 'triggers.new_thing', reason: REASON };
const D021_MESSAGE =
  'write the description as "Triggers when … ." (it is "Fires when a thing is added.")';
const D021_TEXT = `publishing task triggers.new_thing: ${D021_MESSAGE}. ${REFERENCE}#D021`;
const D021_LINE = `✖ ${idColumn('D021')} ${D021_TEXT}`;
/** --quiet prints D021 alone: the ID column is as wide as D021. */
const D021_QUIET_LINE = `✖ D021 ${D021_TEXT}`;

interface Json {
  results: { id: string; status: string; ignored: string | null }[];
  summary: Record<string, number> | null;
  config: { source: string | null; off: string[]; unused: unknown[] };
  error: string | null;
}
const json = (): Json => {
  expect(out).toHaveLength(1);
  return JSON.parse(out[0] ?? '') as Json;
};

describe('a finding the config ignores', () => {
  beforeEach(() => {
    writeApp();
    writeConfig({ ignore: [IGNORE_D021] });
  });

  it('no longer blocks: exit 0, its line marked "-" with the reason, the count last', async () => {
    expect(await run()).toBe(0);
    expect(out).toContain(
      `- ${idColumn('D021')} ignored         triggers.new_thing: ${D021_MESSAGE} (ignored: ${REASON}). ${REFERENCE}#D021`,
    );
    expect(out.filter((line) => / D021 /.test(line))).toHaveLength(1);
    expect(summaryIn(out)).toBe(
      `${ALL} checks: ${ALL - 1} passed, 0 with errors, 0 with publishing tasks, 0 with warnings, 0 not decided offline, 1 ignored.`,
    );
    expect(err).toEqual([]);
  });

  it('is listed in JSON with its reason, and counted as ignored', async () => {
    expect(await run('--format', 'json')).toBe(0);
    const report = json();
    expect(report.results.filter((entry) => entry.id === 'D021')).toEqual([
      expect.objectContaining({
        id: 'D021',
        status: 'publishing-task',
        step: 'triggers.new_thing',
        message: D021_MESSAGE,
        ignored: REASON,
      }),
    ]);
    expect(report.summary).toEqual({
      checks: ALL,
      passed: ALL - 1,
      errors: 0,
      publishingTasks: 0,
      warnings: 0,
      deferred: 0,
      ignored: 1,
      off: 0,
      warningFindings: 0,
    });
    expect(report.config).toEqual({
      source: join(appDir, CONFIG_FILE),
      off: [],
      categories: {},
      unused: [],
    });
  });

  it("is read from package.json's key too", async () => {
    rmSync(join(appDir, CONFIG_FILE));
    writeFileSync(
      join(appDir, 'package.json'),
      JSON.stringify({
        name: 'app',
        version: '1.0.0',
        zapierPublishingChecks: { ignore: [IGNORE_D021] },
      }),
    );
    expect(await run()).toBe(0);
    expect(out).toContainEqual(expect.stringMatching(/^- D021 +ignored {9}/));
  });

  it("beside a config file, package.json's key stops the run: exit 2, naming both", async () => {
    writeFileSync(
      join(appDir, 'package.json'),
      JSON.stringify({
        name: 'app',
        version: '1.0.0',
        zapierPublishingChecks: { checks: { D028: 'off' } },
      }),
    );
    expect(await run()).toBe(2);
    expect(out).toEqual([]);
    expect(err).toEqual([
      `zapier-publishing-checks: the app has two configs, ${join(appDir, CONFIG_FILE)} and "zapierPublishingChecks" in ${join(appDir, 'package.json')}: keep one (or name one with --config FILE)`,
    ]);
  });

  it('blocks again with a --config FILE that does not ignore it', async () => {
    const other = join(appDir, 'other.json');
    writeFileSync(other, JSON.stringify({ checks: { D018: 'on' } }));
    expect(await run('--config', other)).toBe(1);
    expect(out).toContain(D021_LINE);
  });
});

describe('a config with a mistake', () => {
  beforeEach(() => writeApp());

  it('an ignore entry without a reason: exit 2, naming the file and the entry, nothing checked', async () => {
    writeConfig({ ignore: [{ check: 'D021', at: 'triggers.new_thing' }] });
    expect(await run()).toBe(2);
    expect(out).toEqual([]);
    expect(err).toEqual([
      `zapier-publishing-checks: ${join(appDir, CONFIG_FILE)}: "ignore" entry 1 (D021 at triggers.new_thing) has no "reason": say why the finding does not apply`,
    ]);
  });

  it('says so in the JSON object too', async () => {
    writeConfig({ checks: { D099: 'off' } });
    expect(await run('--format', 'json')).toBe(2);
    const report = json();
    expect(report.error).toBe(
      `${join(appDir, CONFIG_FILE)}: "checks" names "D099", which is no check: see --list-checks`,
    );
    expect(report.results).toEqual([]);
    expect(report.summary).toBeNull();
  });

  it('a --config FILE that does not exist: exit 2, naming it', async () => {
    const missing = join(appDir, 'missing.json');
    expect(await run('--config', missing)).toBe(2);
    expect(err).toEqual([
      expect.stringMatching(
        new RegExp(
          `^zapier-publishing-checks: cannot read the config ${missing}: ENOENT`,
        ),
      ),
    ]);
  });
});

describe('an ignore entry that matches no finding', () => {
  const NOWHERE = { check: 'D021', at: 'triggers.old_thing', reason: 'renamed since' };
  const UNUSED_LINE = () =>
    `! ${idColumn('config')} warning         ${join(appDir, CONFIG_FILE)}:5: the ignore entry for D021 at "triggers.old_thing" matches no finding: remove it, or correct its place.`;

  beforeEach(() => {
    writeApp('Triggers when a thing is added.');
    writeConfig({ ignore: [NOWHERE] });
  });

  it('is reported, before the counts, and changes no exit code by itself', async () => {
    expect(await run()).toBe(0);
    expect(beforeVerdict(out).slice(-2)).toEqual([
      UNUSED_LINE(),
      `${ALL} checks: ${ALL} passed, 0 with errors, 0 with publishing tasks, 0 with warnings (1 warning in all), 0 not decided offline.`,
    ]);
  });

  it('counts as a warning for --max-warnings', async () => {
    expect(await run('--max-warnings', '0')).toBe(1);
    expect(out).toContain(UNUSED_LINE());
    expect(await run('--max-warnings', '1')).toBe(0);
  });

  it('is listed in JSON as config.unused', async () => {
    expect(await run('--format', 'json')).toBe(0);
    expect(json().config).toEqual({
      source: join(appDir, CONFIG_FILE),
      off: [],
      categories: {},
      unused: [{ ...NOWHERE, line: 5 }],
    });
  });
});

describe('a check the config turns off', () => {
  beforeEach(() => {
    writeApp();
    writeConfig({ checks: { D021: 'off' } });
  });

  it('is not run: exit 0, a line says which file turned it off, the count last', async () => {
    expect(await run()).toBe(0);
    expect(out.filter((line) => line.includes('D021'))).toEqual([
      `- ${idColumn('D021')} off             by ${join(appDir, CONFIG_FILE)}`,
    ]);
    expect(summaryIn(out)).toBe(
      `${ALL - 1} checks: ${ALL - 1} passed, 0 with errors, 0 with publishing tasks, 0 with warnings, 0 not decided offline, 1 off.`,
    );
  });

  it('is absent from the JSON results, and listed as off', async () => {
    expect(await run('--format', 'json')).toBe(0);
    const report = json();
    expect(report.results.map((entry) => entry.id)).not.toContain('D021');
    expect(report.results).toHaveLength(ALL - 1);
    expect(report.config).toEqual({
      source: join(appDir, CONFIG_FILE),
      off: ['D021'],
      categories: {},
      unused: [],
    });
    expect(report.summary).toEqual(
      expect.objectContaining({ checks: ALL - 1, passed: ALL - 1, off: 1 }),
    );
  });
});

describe("a versioning rule's finding", () => {
  const GUARDRAILS =
    'https://docs.zapier.com/integrations/news/2026/version-promotion-guardrails';
  let previous: string;

  beforeEach(() => {
    // The previous version had a Page input field; this one, a patch, removed it.
    writeApp('Triggers when a thing is added.');
    previous = scratchApp('cli-config-previous-');
    writeFileSync(
      join(previous, 'index.js'),
      readFileSync(join(appDir, 'index.js'), 'utf8')
        .replace("version: '1.0.0'", "version: '0.9.0'")
        .replace(
          "sample: { id: '1' }",
          "sample: { id: '1' }, inputFields: [{ key: 'page', label: 'Page' }]",
        ),
    );
    writeFileSync(
      join(appDir, 'index.js'),
      readFileSync(join(appDir, 'index.js'), 'utf8').replace(
        "version: '1.0.0'",
        "version: '0.9.1'",
      ),
    );
  });
  afterEach(() => rmSync(previous, { recursive: true, force: true }));

  it('blocks without a config', async () => {
    expect(await run('--previous', previous)).toBe(1);
    expect(out).toContainEqual(
      expect.stringMatching(
        /^✖ removed-input-field +publishing task triggers\.new_thing page: /,
      ),
    );
  });

  it('ignored with a reason, no longer blocks', async () => {
    writeConfig({
      ignore: [
        {
          check: 'removed-input-field',
          at: 'triggers.new_thing page',
          reason: 'no Zap filled it',
        },
      ],
    });
    expect(await run('--previous', previous)).toBe(0);
    expect(out).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^- removed-input-field +ignored {9}triggers\\.new_thing page: removed: .* \\(ignored: no Zap filled it\\)\\. ${GUARDRAILS}$`,
        ),
      ),
    );
    // The count is of the checks; a versioning rule's warning counts in all.
    expect(out).toContain(
      `${ALL} checks: ${ALL} passed, 0 with errors, 0 with publishing tasks, 0 with warnings (1 warning in all), 0 not decided offline.`,
    );
  });

  it('turned off, is not reported', async () => {
    writeConfig({ checks: { 'removed-input-field': 'off' } });
    expect(await run('--previous', previous)).toBe(0);
    expect(out.filter((line) => line.includes('removed-input-field'))).toEqual([
      `- ${idColumn('removed-input-field')} off             by ${join(appDir, CONFIG_FILE)}`,
    ]);
  });
});

describe('a category the config sets, as ESLint sets a severity', () => {
  /** A credential asked for in a step: D001, whose category no evidence gave. */
  const API_KEY_FIELD = "inputFields: [{ key: 'api_key', label: 'API Key' }]";

  it('decides a check: D021 as a warning no longer blocks, and goes to review', async () => {
    writeApp();
    writeConfig({ checks: { D021: 'warning' } });
    expect(await run()).toBe(0);
    expect(out).toContain(
      `! ${idColumn('D021')} warning         triggers.new_thing: ${D021_MESSAGE} (category set by ${join(appDir, CONFIG_FILE)}). ${REFERENCE}#D021`,
    );
    expect(verdictIn(out)).toEqual([
      'push: allowed, no error',
      "promotion: allowed by every check here (those that need Zapier's data, such as S001, are Zapier's)",
      "review: warnings of D021 go to Zapier's reviewers, blocking nothing",
    ]);
  });

  it('makes a warning an error: the push is blocked, exit 1', async () => {
    writeApp('Triggers when a thing is added.', TWO_WARNINGS);
    writeConfig({ checks: { D004: 'error' } });
    expect(await run()).toBe(1);
    // The line says the team, not Zapier, made it an error.
    expect(out.filter((line) => line.startsWith('✖ D004 '))).toEqual([
      expect.stringMatching(
        new RegExp(
          `^✖ D004 +error .*\\(category set by ${join(appDir, CONFIG_FILE)}\\)\\. `,
        ),
      ),
    ]);
    expect(verdictIn(out)).toEqual([
      'push: blocked, errors: D004',
      'promotion: blocked, errors: D004',
      "review: warnings of D028 go to Zapier's reviewers, blocking nothing",
    ]);
  });

  it('says, without one, that a category no evidence gave is unconfirmed: promotion undecided, exit 0', async () => {
    writeApp('Triggers when a thing is added.', API_KEY_FIELD);
    expect(await run()).toBe(0);
    const d001 = out.filter((line) => line.startsWith('✖ D001 '));
    expect(d001).toHaveLength(1);
    expect(d001[0]).toMatch(
      /^✖ D001 +publishing task triggers\.new_thing api_key: .*\(category unconfirmed\)\. /,
    );
    expect(verdictIn(out)).toEqual([
      'push: allowed, no error',
      `promotion: undecided, nothing blocks it yet; category unconfirmed: D001 (set it in the config's "checks")`,
      "review: warnings of D028 go to Zapier's reviewers, blocking nothing",
    ]);
    expect(await run('--format', 'json')).toBe(0);
  });

  it('decides an unconfirmed category: the team names D001 a publishing task, which blocks, exit 1', async () => {
    writeApp('Triggers when a thing is added.', API_KEY_FIELD);
    writeConfig({ checks: { D001: 'publishing-task' } });
    expect(await run()).toBe(1);
    expect(out.filter((line) => line.includes('unconfirmed'))).toEqual([]);
    expect(verdictIn(out)[1]).toBe('promotion: blocked, publishing tasks: D001');
  });

  it('is in JSON: each finding confirmed or not, the categories set, the verdict', async () => {
    writeApp('Triggers when a thing is added.', API_KEY_FIELD);
    writeConfig({ checks: { D028: 'publishing-task' } });
    expect(await run('--format', 'json')).toBe(1);
    const report = JSON.parse(out[0] ?? '') as {
      results: {
        id: string;
        status: string;
        categoryConfirmed: boolean | null;
        categorySetBy: string | null;
      }[];
      config: { categories: Record<string, string> };
      verdict: unknown;
    };
    expect(
      report.results
        .filter((entry) => entry.status !== 'pass')
        .map((entry) => [
          entry.id,
          entry.status,
          entry.categoryConfirmed,
          entry.categorySetBy,
        ]),
    ).toEqual([
      ['D001', 'publishing-task', false, null],
      ['D028', 'publishing-task', true, join(appDir, CONFIG_FILE)],
    ]);
    expect(report.config.categories).toEqual({ D028: 'publishing-task' });
    expect(report.verdict).toEqual({
      push: { verdict: 'allowed', errors: [] },
      promotion: {
        verdict: 'blocked',
        publishingTasks: ['D028'],
        deferred: [],
        unconfirmed: ['D001'],
        connection: null,
      },
      review: { warnings: [], other: [] },
    });
  });

  it.each([['Publishing Task'], ['blocker'], [true]])(
    'refuses %j, naming the entry: exit 2, nothing checked',
    async (setting) => {
      writeApp();
      writeConfig({ checks: { D007: setting } });
      expect(await run()).toBe(2);
      expect(out).toEqual([]);
      expect(err).toEqual([
        `zapier-publishing-checks: ${join(appDir, CONFIG_FILE)}: "checks"."D007" is ${JSON.stringify(setting)}: write "error", "publishing-task", "warning" or "off" (or "on")`,
      ]);
    },
  );
});

describe('--quiet', () => {
  beforeEach(() => writeApp(undefined, TWO_WARNINGS));

  it.each([['--quiet'], ['-q']])(
    '%s prints only what blocks, and the counts',
    async (flag) => {
      expect(await run(flag)).toBe(1);
      expect(out).toEqual([
        `==> publishing checks (${REFERENCE})`,
        D021_QUIET_LINE,
        `${ALL} checks: ${ALL - 3} passed, 0 with errors, 1 with publishing tasks, 2 with warnings, 0 not decided offline.`,
        '==> verdict',
        'push: allowed, no error',
        'promotion: blocked, publishing tasks: D021',
        "review: warnings of D004, D028 go to Zapier's reviewers, blocking nothing",
      ]);
    },
  );

  it('leaves out what the config ignores and its notes', async () => {
    writeConfig({
      ignore: [IGNORE_D021, { check: 'D018', at: 'triggers.new_thing', reason: 'r' }],
    });
    expect(await run('--quiet')).toBe(0);
    expect(out).toEqual([
      `==> publishing checks (${REFERENCE})`,
      // The D018 entry matched nothing: a warning in all, its note left out.
      `${ALL} checks: ${ALL - 3} passed, 0 with errors, 0 with publishing tasks, 2 with warnings (3 warnings in all), 0 not decided offline, 1 ignored.`,
      '==> verdict',
      'push: allowed, no error',
      "promotion: allowed by every check here (those that need Zapier's data, such as S001, are Zapier's)",
      "review: warnings of D004, D028 go to Zapier's reviewers, blocking nothing",
    ]);
  });

  it('lists only what blocks in JSON, the summary whole', async () => {
    expect(await run('--quiet', '--format', 'json')).toBe(1);
    const report = json();
    expect(report.results).toEqual([
      expect.objectContaining({ id: 'D021', status: 'publishing-task' }),
    ]);
    expect(report.summary).toEqual(
      expect.objectContaining({ publishingTasks: 1, warnings: 2 }),
    );
  });
});

describe('--output-file', () => {
  let elsewhere: string;
  beforeEach(() => {
    writeApp();
    elsewhere = mkdtempSync(join(tmpdir(), 'report-'));
  });
  afterEach(() => rmSync(elsewhere, { recursive: true, force: true }));

  it.each([['--output-file'], ['-o']])(
    '%s writes the report to the file, its folders made, and nothing to stdout',
    async (flag) => {
      const file = join(elsewhere, 'reports', 'checks', 'report.json');
      expect(await run('--format', 'json', flag, file)).toBe(1);
      expect(out).toEqual([]);
      expect(err).toEqual([]);
      const text = readFileSync(file, 'utf8');
      expect(text.endsWith('}\n')).toBe(true);
      const report = JSON.parse(text) as Json;
      expect(report.results).toContainEqual(
        expect.objectContaining({ id: 'D021', status: 'publishing-task' }),
      );
    },
  );

  it('writes the text report a line each, never in colour', async () => {
    const noColour = process.env.NO_COLOR;
    delete process.env.NO_COLOR;
    const file = join(elsewhere, 'report.txt');
    const code = await main(['--app-dir', appDir, '--skip-schema', '-o', file], {
      ...output,
      isTerminal: true,
    }).finally(() => {
      if (noColour !== undefined) {
        process.env.NO_COLOR = noColour;
      }
    });
    expect(code).toBe(1);
    expect(out).toEqual([]);
    const lines = readFileSync(file, 'utf8').split('\n');
    expect(lines[0]).toBe(`==> publishing checks (${REFERENCE})`);
    expect(lines).toContain(D021_LINE);
    expect(lines.at(-1)).toBe('');
    expect(summaryIn(lines)).toMatch(/^\d+ checks: /);
    expect(lines.at(-2)).toMatch(/^review: /);
  });

  it('a file that cannot be written: exit 2, naming it', async () => {
    const file = join(appDir, 'package.json', 'report.txt');
    expect(await run('-o', file)).toBe(2);
    expect(out).toEqual([]);
    expect(err).toEqual([
      expect.stringMatching(
        new RegExp(`^zapier-publishing-checks: --output-file: cannot write ${file}: `),
      ),
    ]);
    expect(existsSync(file)).toBe(false);
  });

  it.each([
    [
      'a file where a folder should be',
      () => join(appDir, 'package.json', 'sub', 'report.txt'),
    ],
    ['a folder that cannot be made', () => '/proc/no-such-folder/report.txt'],
  ])('%s: exit 2, naming the path', async (_, fileOf) => {
    const file = fileOf();
    expect(await run('-o', file)).toBe(2);
    expect(out).toEqual([]);
    expect(err).toEqual([
      expect.stringMatching(
        new RegExp(`^zapier-publishing-checks: --output-file: cannot write ${file}: `),
      ),
    ]);
  });

  it('is read from the current directory', async () => {
    const cwd = process.cwd();
    process.chdir(elsewhere);
    try {
      expect(await run('-o', join('out', 'report.txt'))).toBe(1);
    } finally {
      process.chdir(cwd);
    }
    expect(readFileSync(join(elsewhere, 'out', 'report.txt'), 'utf8')).toContain(
      D021_LINE,
    );
  });
});

describe('the short flags and --list-checks', () => {
  it('-h is --help', async () => {
    expect(await main(['-h'], output)).toBe(0);
    const short = [...out];
    out = [];
    expect(await main(['--help'], output)).toBe(0);
    expect(short).toEqual(out);
    expect(short[0]).toMatch(/^usage: zapier-publishing-checks \[options\]\n/);
  });

  it('-v is --version', async () => {
    expect(await main(['-v'], output)).toBe(0);
    const version = (
      JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as {
        version: string;
      }
    ).version;
    expect(out).toEqual([version]);
  });

  /** The two sections of `--list-checks`: each title, then its lines. */
  async function listed(...args: string[]) {
    expect(await main(['--list-checks', ...args], output)).toBe(0);
    expect(err).toEqual([]);
    expect(out).toHaveLength(1);
    const lines = (out[0] ?? '').split('\n');
    const versioningAt = lines.findIndex((line) => line.startsWith('==> versioning'));
    return {
      lines,
      checksTitle: lines[0],
      checks: lines.slice(1, versioningAt - 1),
      gap: lines[versioningAt - 1],
      versioningTitle: lines[versioningAt],
      versioning: lines.slice(versioningAt + 1),
    };
  }
  const VERSIONING = Object.values(VERSIONING_RULES);

  it('--list-checks prints the checks a run counts, then the versioning rules, each section titled with its count', async () => {
    const list = await listed();
    expect(list.checksTitle).toBe(
      `==> publishing checks — ${ALL} (🔧 --fix fixes its findings, 💡 it suggests changes)`,
    );
    expect(list.checks.map((line) => line.split(' ')[0])).toEqual(
      RULES.map((rule) => rule.meta.id),
    );
    expect(list.gap).toBe('');
    expect(list.versioningTitle).toBe(
      `==> versioning rules — ${VERSIONING.length}, with --previous or --versions`,
    );
    expect(list.versioning.map((line) => line.split(' ')[0])).toEqual(
      VERSIONING.map((meta) => meta.id),
    );
  });

  it('--list-checks counts the checks as a run does', async () => {
    const { checksTitle } = await listed();
    out = [];
    writeApp();
    await run();
    const counted = /^(\d+) checks: /.exec(summaryIn(out) ?? '')?.[1];
    expect(counted).toBeDefined();
    expect(checksTitle).toMatch(new RegExp(`^==> publishing checks — ${counted} \\(`));
  });

  it("--list-checks gives each its ID, Zapier's category (unconfirmed where no evidence gave it), its name, its link, and 🔧 where --fix fixes, 💡 where it suggests, in aligned columns", async () => {
    const { checks, versioning } = await listed();
    const lines = [...checks, ...versioning];
    const metas = [...RULES.map((rule) => rule.meta), ...VERSIONING];
    const columns = lines.map((line) => line.split(/ {2,}/));
    const marksOf = (meta: RuleMeta) =>
      `${meta.fixable === undefined ? '' : '🔧'}${meta.hasSuggestions === true ? '💡' : ''}`;
    expect(columns).toEqual(
      metas.map((meta) => [
        meta.id,
        `${meta.category.replace('-', ' ')}${meta.categoryEvidence === null ? ' (unconfirmed)' : ''}`,
        meta.name,
        meta.url ?? relative(process.cwd(), join(PACKAGE, pageOf(meta.id))),
        ...(marksOf(meta) === '' ? [] : [marksOf(meta)]),
      ]),
    );
    // D018 fixes; D028 suggests only; D001 neither.
    expect(lines.find((line) => line.startsWith('D018 '))).toMatch(/ {2}🔧$/u);
    expect(lines.find((line) => line.startsWith('D028 '))).toMatch(/ {2}💡$/u);
    expect(lines.find((line) => line.startsWith('D001 '))).not.toMatch(/🔧|💡/u);
    // Each column starts at the same place on every line that has it, in both sections.
    for (const column of [1, 2, 3, 4]) {
      const starts = new Set(
        lines.flatMap((line, at) => {
          const cell = columns[at]![column];
          return cell === undefined ? [] : [line.indexOf(`  ${cell}`) + 2];
        }),
      );
      expect(starts.size).toBe(1);
    }
  });

  it('--list-checks --format json prints the two lists', async () => {
    expect(await main(['--list-checks', '--format', 'json'], output)).toBe(0);
    expect(err).toEqual([]);
    const list = JSON.parse(out.join('\n')) as Record<string, Record<string, string>[]>;
    expect(Object.keys(list)).toEqual(['checks', 'versioning']);
    const asListed = (meta: RuleMeta) => ({
      id: meta.id,
      name: meta.name,
      category: meta.category,
      categoryEvidence: meta.categoryEvidence,
      requirement: meta.requirement,
      link: meta.url ?? relative(process.cwd(), join(PACKAGE, pageOf(meta.id))),
      fixable: meta.fixable !== undefined,
      hasSuggestions: meta.hasSuggestions === true,
    });
    expect(list.checks).toEqual(RULES.map((rule) => asListed(rule.meta)));
    // D018 fixes; D028 suggests only; D001 neither.
    expect(list.checks?.find((check) => check.id === 'D018')).toMatchObject({
      fixable: true,
    });
    expect(list.checks?.find((check) => check.id === 'D028')).toMatchObject({
      fixable: false,
      hasSuggestions: true,
    });
    expect(list.checks?.find((check) => check.id === 'D001')).toMatchObject({
      fixable: false,
      hasSuggestions: false,
    });
    expect(list.versioning).toEqual(VERSIONING.map(asListed));
    // D006's category comes from a recorded promotion; D007's from none.
    expect(list.checks?.find((check) => check.id === 'D006')).toEqual(
      expect.objectContaining({
        category: 'publishing-task',
        categoryEvidence: expect.any(String) as unknown,
      }),
    );
    expect(
      list.checks?.find((check) => check.id === 'D007')?.categoryEvidence,
    ).toBeNull();
  });

  it.each(['github', 'sarif'])(
    '--list-checks --format %s: exit 2, naming the formats it prints',
    async (format) => {
      expect(await main(['--list-checks', '--format', format], output)).toBe(2);
      expect(out).toEqual([]);
      expect(err).toEqual([
        `zapier-publishing-checks: --list-checks --format ${format}: use text or json`,
      ]);
    },
  );

  it('--list-checks needs no app', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'no-app-'));
    try {
      mkdirSync(join(empty, 'nothing'));
      expect(
        await main(['--app-dir', join(empty, 'nothing'), '--list-checks'], output),
      ).toBe(0);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
