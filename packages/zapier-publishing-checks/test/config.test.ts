/**
 * src/config.ts: where a team's config is read from, every mistake in it
 * refused with the file and what is wrong, an ignore entry's place, and
 * what ignoring and turning off does to the results.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Config, IgnoreEntry } from '../src/config';
import { CONFIG_FILE, applyIgnores, atMatches, readConfig } from '../src/config';
import { RULES } from '../src/registry';
import type { Finding, ReportEntry, RuleMeta, RuleResult } from '../src/rule';
import { CannotCheckError } from '../src/shared/messages';
import { VERSIONING_RULES } from '../src/versioning/rules';

const KNOWN = new Set([
  ...RULES.map((rule) => rule.meta.id),
  ...Object.keys(VERSIONING_RULES),
]);

let appDir: string;

beforeEach(() => {
  appDir = mkdtempSync(join(tmpdir(), 'config-'));
});
afterEach(() => rmSync(appDir, { recursive: true, force: true }));

const write = (name: string, value: unknown) =>
  writeFileSync(
    join(appDir, name),
    typeof value === 'string' ? value : JSON.stringify(value),
  );

const read = (file?: string) => readConfig(appDir, file, KNOWN);

/** The error readConfig throws: a CannotCheckError, its message returned. */
function refusal(file?: string): string {
  let thrown: unknown;
  try {
    read(file);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(CannotCheckError);
  return (thrown as Error).message;
}

const ENTRY: IgnoreEntry = {
  check: 'D021',
  at: 'triggers.new_thing',
  reason: 'the service calls them events',
};

describe('readConfig: where the config is', () => {
  it('is none when there is no file and package.json has no key', () => {
    write('package.json', { name: 'app', version: '1.0.0' });
    const config = read();
    expect(config).toEqual({
      source: null,
      off: new Set(),
      categories: new Map(),
      ignore: [],
    });
  });

  it('is none when there is not even a package.json', () => {
    expect(read()).toEqual({
      source: null,
      off: new Set(),
      categories: new Map(),
      ignore: [],
    });
  });

  it(`is the app's ${CONFIG_FILE}`, () => {
    write(CONFIG_FILE, { checks: { D018: 'off', D004: 'on' }, ignore: [ENTRY] });
    expect(read()).toEqual({
      source: join(appDir, CONFIG_FILE),
      off: new Set(['D018']),
      categories: new Map(),
      ignore: [{ ...ENTRY, line: 1 }],
    });
  });

  it("knows the line each entry's place is written on, in the file or in package.json", () => {
    const second = { ...ENTRY, reason: 'the same place, for another reason' };
    write(CONFIG_FILE, JSON.stringify({ ignore: [ENTRY, second] }, null, 2));
    // {, "ignore": [, {, "check", "at" (5); "reason", }, {, "check", "at" (10)
    expect(read().ignore.map((entry) => entry.line)).toEqual([5, 10]);
    rmSync(join(appDir, CONFIG_FILE));
    write(
      'package.json',
      JSON.stringify(
        {
          name: 'app',
          scripts: { at: 'x' },
          zapierPublishingChecks: { ignore: [ENTRY] },
        },
        null,
        2,
      ),
    );
    // 1 {, 2 name, 3 scripts, 4 at, 5 }, 6 key, 7 ignore, 8 {, 9 check, 10 at
    expect(read().ignore.map((entry) => entry.line)).toEqual([10]);
  });

  it('is the "zapierPublishingChecks" key of package.json, named so', () => {
    write('package.json', {
      name: 'app',
      zapierPublishingChecks: { checks: { D018: 'off' } },
    });
    expect(read()).toEqual({
      source: `${join(appDir, 'package.json')}#zapierPublishingChecks`,
      off: new Set(['D018']),
      categories: new Map(),
      ignore: [],
    });
  });

  it(`refuses ${CONFIG_FILE} beside package.json's key: one would drop the other unsaid`, () => {
    write('package.json', {
      name: 'app',
      zapierPublishingChecks: { checks: { D018: 'off' } },
    });
    write(CONFIG_FILE, { checks: { D004: 'off' } });
    expect(read).toThrow(
      new CannotCheckError(
        `the app has two configs, ${join(appDir, CONFIG_FILE)} and "zapierPublishingChecks" in ${join(appDir, 'package.json')}: keep one (or name one with --config FILE)`,
      ),
    );
  });

  it('takes --config FILE before both', () => {
    write('package.json', {
      name: 'app',
      zapierPublishingChecks: { checks: { D018: 'off' } },
    });
    write(CONFIG_FILE, { checks: { D004: 'off' } });
    mkdirSync(join(appDir, 'elsewhere'));
    const file = join(appDir, 'elsewhere', 'checks.json');
    writeFileSync(file, JSON.stringify({ checks: { D028: 'off' } }));
    expect(read(file)).toEqual({
      source: file,
      off: new Set(['D028']),
      categories: new Map(),
      ignore: [],
    });
  });

  it('reads a category set for a check, as ESLint reads a severity', () => {
    write(CONFIG_FILE, {
      checks: {
        D004: 'error',
        D007: 'publishing-task',
        D024: 'warning',
        'removed-step': 'warning',
        D018: 'off',
      },
    });
    const config = read();
    expect(config.categories).toEqual(
      new Map([
        ['D004', 'error'],
        ['D007', 'publishing-task'],
        ['D024', 'warning'],
        ['removed-step', 'warning'],
      ]),
    );
    expect(config.off).toEqual(new Set(['D018']));
  });

  it('trims the entries it keeps', () => {
    write(CONFIG_FILE, {
      ignore: [{ check: ' D021 ', at: ' triggers.new_thing', reason: 'a reason ' }],
    });
    expect(read().ignore).toEqual([
      { check: 'D021', at: 'triggers.new_thing', reason: 'a reason' },
    ]);
  });
});

describe('readConfig: each mistake is refused, naming the file and what is wrong', () => {
  const source = () => join(appDir, CONFIG_FILE);

  it('a --config FILE that does not exist', () => {
    const missing = join(appDir, 'missing.json');
    expect(refusal(missing)).toMatch(
      new RegExp(`^cannot read the config ${missing}: ENOENT`),
    );
  });

  it('a file that is not JSON', () => {
    write(CONFIG_FILE, '{ checks: ');
    expect(refusal()).toMatch(new RegExp(`^cannot read the config ${source()}: .+`));
  });

  it.each([
    ['a list', []],
    ['a string', 'off'],
    ['null', null],
  ])('a config that is not an object: %s', (_, value) => {
    write(CONFIG_FILE, JSON.stringify(value));
    expect(refusal()).toBe(
      `${source()}: the config is an object: {"checks": {…}, "ignore": […]}`,
    );
  });

  it("package.json's key that is not an object", () => {
    write('package.json', { name: 'app', zapierPublishingChecks: ['D018'] });
    expect(refusal()).toBe(
      `${join(appDir, 'package.json')}#zapierPublishingChecks: the config is an object: {"checks": {…}, "ignore": […]}`,
    );
  });

  it('an unknown top-level key', () => {
    write(CONFIG_FILE, { checks: {}, rules: {}, ignores: [] });
    expect(refusal()).toBe(
      `${source()}: unknown key "rules", "ignores": use "checks" and "ignore"`,
    );
  });

  it('"checks" that is not an object', () => {
    write(CONFIG_FILE, { checks: ['D018'] });
    expect(refusal()).toBe(
      `${source()}: "checks" is an object of check IDs: {"D018": "off", "D007": "warning"}`,
    );
  });

  it('a check ID that is no rule', () => {
    write(CONFIG_FILE, { checks: { D099: 'off' } });
    expect(refusal()).toBe(
      `${source()}: "checks" names "D099", which is no check: see --list-checks`,
    );
  });

  it('a check ID in other capitals, with the ID meant', () => {
    write(CONFIG_FILE, { checks: { d007: 'warning' } });
    expect(refusal()).toBe(
      `${source()}: "checks" names "d007", which is no check: did you mean "D007"?`,
    );
  });

  it("a versioning rule's ID is a check", () => {
    write(CONFIG_FILE, { checks: { 'removed-step': 'off', C001: 'off' } });
    expect(read().off).toEqual(new Set(['removed-step', 'C001']));
  });

  it.each([['blocker'], ['Publishing Task'], ['publishing task'], [false], [0], [null]])(
    'a setting other than a category, "off" or "on": %j',
    (setting) => {
      write(CONFIG_FILE, { checks: { D018: setting } });
      expect(refusal()).toBe(
        `${source()}: "checks"."D018" is ${JSON.stringify(setting)}: write "error", "publishing-task", "warning" or "off" (or "on")`,
      );
    },
  );

  it('"ignore" that is not a list', () => {
    write(CONFIG_FILE, { ignore: ENTRY });
    expect(refusal()).toBe(
      `${source()}: "ignore" is a list of {"check", "at", "reason"}`,
    );
  });

  it('an ignore entry that is not an object', () => {
    write(CONFIG_FILE, { ignore: [ENTRY, 'D021'] });
    expect(refusal()).toBe(
      `${source()}: "ignore" entry 2 is not an object {"check", "at", "reason"}`,
    );
  });

  it('an ignore entry without a reason, by its number, check and place', () => {
    write(CONFIG_FILE, {
      ignore: [ENTRY, { check: 'D004', at: 'triggers.new_thing thing_id' }],
    });
    expect(refusal()).toBe(
      `${source()}: "ignore" entry 2 (D004 at triggers.new_thing thing_id) has no "reason": say why the finding does not apply`,
    );
  });

  it('an ignore entry whose reason is blank', () => {
    write(CONFIG_FILE, { ignore: [{ ...ENTRY, reason: '  ' }] });
    expect(refusal()).toBe(
      `${source()}: "ignore" entry 1 (D021 at triggers.new_thing) has no "reason": say why the finding does not apply`,
    );
  });

  it.each([
    ['"check"', { at: 'triggers.new_thing', reason: 'a reason' }],
    ['"at"', { check: 'D021', reason: 'a reason' }],
    ['a "check" that is not text', { check: 21, at: 'triggers.new_thing', reason: 'r' }],
  ])('an ignore entry without %s', (_, entry) => {
    write(CONFIG_FILE, { ignore: [entry] });
    expect(refusal()).toBe(
      `${source()}: "ignore" entry 1 needs "check" (an ID) and "at" (the place as the findings print it)`,
    );
  });

  it('an ignore entry naming a check that is no rule', () => {
    write(CONFIG_FILE, { ignore: [{ ...ENTRY, check: 'D099' }] });
    expect(refusal()).toBe(
      `${source()}: "ignore" entry 1 names "D099", which is no check: see --list-checks`,
    );
  });
});

describe('atMatches: an ignore entry names a place', () => {
  const field = {
    step: 'creates.create_order',
    field: 'lims_id',
    path: 'creates.create_order.operation.inputFields[2]',
  };
  const inCode = { file: 'src/creates/order.ts', line: 34 };

  it.each([
    ['the place as it prints', 'creates.create_order lims_id', field, true],
    ['its step (any field of it)', 'creates.create_order', field, true],
    ['its path', 'creates.create_order.operation.inputFields[2]', field, true],
    ['the file and line as it prints', 'src/creates/order.ts:34', inCode, true],
    ['the file (any line of it)', 'src/creates/order.ts', inCode, true],
    [
      'a connection path',
      'authentication.connectionLabel',
      { path: 'authentication.connectionLabel' },
      true,
    ],
    ['another field', 'creates.create_order other_id', field, false],
    ['another step', 'creates.create_invoice', field, false],
    ['the field alone', 'lims_id', field, false],
    ['a part of the step', 'creates', field, false],
    ['another line', 'src/creates/order.ts:35', inCode, false],
    ['a place of a finding about the whole app', 'app', {}, false],
  ])('%s: "%s"', (_, at, place, matches) => {
    expect(atMatches(at, place)).toBe(matches);
  });
});

describe('applyIgnores', () => {
  const meta = (id: string, category: RuleMeta['category']): RuleMeta => ({
    id,
    name: id.toLowerCase(),
    category,
    requirement: `${id} holds`,
    categoryEvidence: null,
    url: `https://example.com/${id}`,
    needs: ['definition'],
    messages: {},
  });
  const D021 = meta('D021', 'publishing-task');
  const D004 = meta('D004', 'warning');

  const finding = (status: Finding['status'], place: Finding['place']): Finding => ({
    status,
    messageId: 'x',
    message: 'change it',
    place,
  });

  const config = (
    ignore: IgnoreEntry[],
    off: string[] = [],
    categories: Record<string, RuleMeta['category']> = {},
  ): Config => ({
    source: '/app/.zapier-publishing-checks.json',
    off: new Set(off),
    categories: new Map(Object.entries(categories)),
    ignore,
  });

  const results = (): RuleResult[] => [
    {
      meta: D021,
      status: 'publishing-task',
      findings: [finding('publishing-task', { step: 'triggers.new_thing' })],
    },
    {
      meta: D004,
      status: 'warning',
      findings: [
        finding('warning', { step: 'triggers.new_thing', field: 'thing_id' }),
        finding('warning', { step: 'creates.add_thing', field: 'owner_id' }),
      ],
    },
  ];

  it('marks a matching finding ignored with its reason; the rule no longer counts it', () => {
    const { results: checked, applied } = applyIgnores(config([ENTRY]), results(), []);
    expect(checked[0]).toEqual({
      meta: D021,
      status: 'pass',
      findings: [
        {
          ...finding('publishing-task', { step: 'triggers.new_thing' }),
          ignored: 'the service calls them events',
        },
      ],
    });
    expect(checked[1]).toEqual(results()[1]);
    expect(applied).toEqual({
      source: '/app/.zapier-publishing-checks.json',
      off: [],
      categories: {},
      unused: [],
    });
  });

  it("keeps a rule's status from the findings still counted", () => {
    const entry = {
      check: 'D004',
      at: 'triggers.new_thing thing_id',
      reason: 'the service has no list of things',
    };
    const { results: checked } = applyIgnores(config([entry]), results(), []);
    expect(checked[1]?.status).toBe('warning');
    expect(checked[1]?.findings.map((each) => each.ignored)).toEqual([
      'the service has no list of things',
      undefined,
    ]);
  });

  it('ignores only the check the entry names', () => {
    const entry = { check: 'D004', at: 'triggers.new_thing', reason: 'a reason' };
    const { results: checked, applied } = applyIgnores(config([entry]), results(), []);
    expect(checked[0]).toEqual(results()[0]);
    expect(checked[1]?.findings[0]?.ignored).toBe('a reason');
    expect(applied.unused).toEqual([]);
  });

  it('returns an entry that matches nothing as unused, in the order written', () => {
    const nowhere = { check: 'D021', at: 'triggers.old_thing', reason: 'gone' };
    const otherCheck = { check: 'D018', at: 'triggers.new_thing', reason: 'no D018' };
    const { results: checked, applied } = applyIgnores(
      config([nowhere, ENTRY, otherCheck]),
      results(),
      [],
    );
    expect(applied.unused).toEqual([nowhere, otherCheck]);
    expect(checked[0]?.status).toBe('pass');
  });

  it('says which checks the config turned off', () => {
    const { applied } = applyIgnores(config([], ['D018', 'D028']), results(), []);
    expect(applied).toEqual({
      source: '/app/.zapier-publishing-checks.json',
      off: ['D018', 'D028'],
      categories: {},
      unused: [],
    });
  });

  const removedStep: ReportEntry = {
    meta: VERSIONING_RULES['removed-step'],
    status: 'publishing-task',
    messageId: 'removed',
    message: 'removed',
    place: { step: 'triggers.old_thing' },
  };
  const c001: ReportEntry = {
    meta: VERSIONING_RULES.C001,
    status: 'warning',
    messageId: 'x',
    message: 'a template breaks',
    place: { step: 'triggers.new_thing' },
  };

  it('ignores a versioning entry', () => {
    const entry = {
      check: 'removed-step',
      at: 'triggers.old_thing',
      reason: 'no Zap used it',
    };
    const { versioning, applied } = applyIgnores(
      config([entry]),
      [],
      [removedStep, c001],
    );
    expect(versioning).toEqual([{ ...removedStep, ignored: 'no Zap used it' }, c001]);
    expect(applied.unused).toEqual([]);
  });

  it("drops an off versioning rule's entries", () => {
    const { versioning } = applyIgnores(config([], ['C001']), [], [removedStep, c001]);
    expect(versioning).toEqual([removedStep]);
  });

  it("sets a check's category: its findings take it, decided, and its meta says by whom", () => {
    const unconfirmed = results().map((result) => ({
      ...result,
      findings: result.findings.map((each) => ({ ...each, unconfirmed: true as const })),
    }));
    const { results: checked, applied } = applyIgnores(
      config([], [], { D004: 'error' }),
      unconfirmed,
      [],
    );
    expect(checked[1]?.meta).toEqual({
      ...D004,
      category: 'error',
      categoryEvidence: 'set by /app/.zapier-publishing-checks.json',
      categorySetBy: '/app/.zapier-publishing-checks.json',
    });
    expect(checked[1]?.status).toBe('error');
    expect(checked[1]?.findings).toEqual([
      finding('error', { step: 'triggers.new_thing', field: 'thing_id' }),
      finding('error', { step: 'creates.add_thing', field: 'owner_id' }),
    ]);
    // A check the config does not name keeps its category, unconfirmed.
    expect(checked[0]).toEqual(unconfirmed[0]);
    expect(applied.categories).toEqual({ D004: 'error' });
  });

  it('leaves a deferred finding deferred when it sets a category', () => {
    const deferred: RuleResult = {
      meta: D004,
      status: 'deferred',
      findings: [finding('deferred', { step: 'triggers.new_thing' })],
    };
    const { results: checked } = applyIgnores(
      config([], [], { D004: 'publishing-task' }),
      [deferred],
      [],
    );
    expect(checked[0]?.status).toBe('deferred');
    expect(checked[0]?.meta.category).toBe('publishing-task');
  });

  it("sets a versioning rule's category, and ignores after it", () => {
    const { versioning } = applyIgnores(
      config(
        [{ check: 'C001', at: 'triggers.new_thing', reason: 'no template uses it' }],
        [],
        {
          C001: 'publishing-task',
          'removed-step': 'warning',
        },
      ),
      [],
      [removedStep, c001],
    );
    expect(
      versioning.map((entry) => [entry.status, entry.meta.categoryEvidence]),
    ).toEqual([
      ['warning', 'set by /app/.zapier-publishing-checks.json'],
      ['publishing-task', 'set by /app/.zapier-publishing-checks.json'],
    ]);
    expect(versioning[1]?.ignored).toBe('no template uses it');
  });
});
