/**
 * `--format github` (workflow commands that annotate a pull request) and
 * `--format sarif` (SARIF 2.1.0 for code scanning): each finding that counts
 * at its line of code, in its category's level, escaped as GitHub reads it;
 * an ignored finding left out (github) or suppressed with its reason (sarif).
 * And the text report's columns.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

import { CONFIG_FILE } from '../src/config';
import { githubReport } from '../src/formats/github';
import { sarifReport } from '../src/formats/sarif';
import { textReport } from '../src/formats/text';
import type { LintResult } from '../src/lint';
import { lint } from '../src/lint';
import { RULES } from '../src/registry';
import type { Finding, RuleMeta } from '../src/rule';
import { VERSIONING_RULES } from '../src/versioning/rules';
import { scratchApp, writeThingApp } from './scratch-app';

const PACKAGE = join(__dirname, '..');
const TOOL = { name: 'zapier-publishing-checks', version: '9.9.9' };

const metaOf = (id: string): RuleMeta => {
  const rule = RULES.find((each) => each.meta.id === id);
  if (rule === undefined) {
    throw new Error(`no rule ${id}`);
  }
  return rule.meta;
};
const D018 = metaOf('D018');
const D021 = metaOf('D021');
const D004 = metaOf('D004');
const M002 = metaOf('M002');
const JSON_FIELD = metaOf('local:json-field-schema');
const PUSH = VERSIONING_RULES.push;
/** This package's own page for local:json-field-schema, from the current folder (the repository's root here). */
const JSON_FIELD_PAGE = relative(
  process.cwd(),
  join(PACKAGE, 'docs', 'rules', 'local-json-field-schema.md'),
);

const finding = (
  status: Finding['status'],
  message: string,
  place: Finding['place'],
  near: Finding['near'],
  ignored?: string,
): Finding => ({
  status,
  messageId: 'x',
  message,
  place,
  ...(near === undefined ? {} : { near }),
  ...(ignored === undefined ? {} : { ignored }),
});

/** A file whose name needs every escape of a property: `,` `:` `%`. */
const ODD_FILE = 'lib/a,b:c%.js';
const IGNORED = 'the service has no list of owners';

/**
 * One of each: a pass, a publishing task, a warning and an ignored one, a
 * deferred check about the whole app, a finding in a file, a versioning
 * error, a check turned off, an ignore entry that matches nothing.
 */
function resultIn(appDir: string): LintResult {
  return {
    appDir,
    schema: null,
    results: [
      { meta: D018, status: 'pass', findings: [] },
      {
        meta: D021,
        status: 'publishing-task',
        findings: [
          finding(
            'publishing-task',
            'write the description as "Triggers when … ."',
            {
              step: 'triggers.new_thing',
              path: 'triggers.new_thing.display.description',
            },
            { file: 'index.js', line: 6 },
          ),
        ],
      },
      {
        meta: D004,
        status: 'warning',
        findings: [
          finding(
            'warning',
            'offer a dropdown',
            { step: 'triggers.new_thing', field: 'thing_id' },
            { file: 'triggers/thing.js', line: 12 },
          ),
          finding(
            'warning',
            'offer a dropdown',
            { step: 'creates.add_thing', field: 'owner_id' },
            { file: 'creates/thing.js', line: 4 },
            IGNORED,
          ),
        ],
      },
      {
        meta: M002,
        status: 'deferred',
        findings: [
          finding('deferred', 'no listing.json', {}, { file: 'index.js', line: 1 }),
        ],
      },
      {
        meta: JSON_FIELD,
        status: 'warning',
        findings: [
          finding(
            'warning',
            '100% of it, then\na second line',
            { file: ODD_FILE, line: 3 },
            { file: ODD_FILE, line: 3 },
          ),
        ],
      },
    ],
    versioning: {
      entries: [
        {
          meta: PUSH,
          status: 'error',
          messageId: 'behind',
          message: '1.0.1 would land behind 1.0.2 on its line',
          place: {},
          near: { file: 'index.js', line: 1 },
        },
      ],
      closing: ['a closing line'],
      refused: true,
    },
    config: {
      source: join(appDir, CONFIG_FILE),
      off: ['D028'],
      unused: [{ check: 'D018', at: 'triggers.old_thing', reason: 'renamed' }],
    },
  };
}

/** The result of a run whose schema step refused the definition: one error, no rule run. */
function schemaRefusedIn(appDir: string): LintResult {
  return {
    ...resultIn(appDir),
    schema: {
      schemaVersion: '19.1.0',
      errors: [
        {
          property: 'App.triggers.new_thing.display.label',
          message: 'does not meet minimum length of 2',
          links: [],
        },
      ],
    },
    results: [],
    versioning: null,
  };
}

const SUMMARY =
  '5 checks: 1 passed, 0 with errors, 1 with publishing tasks, 2 with warnings (3 warnings in all), 1 not decided offline, 1 off.';

const VERDICT = [
  '==> verdict',
  'push: blocked, errors: push',
  'promotion: blocked, errors: push; publishing tasks: D021',
  "review: warnings of D004 go to Zapier's reviewers, blocking nothing; not Zapier's checks, blocking nothing: local:json-field-schema",
];

describe('--format text', () => {
  const appDir = join(process.cwd(), 'apps', 'things');
  /** The lines of checks, config notes and versioning rules: a mark, an ID, a status. */
  const resultLines = (lines: string[]) => lines.filter((line) => /^[✔✖!?-] /.test(line));
  const COLUMNS =
    /^. (\S+) +(pass|error|publishing task|warning|deferred|ignored|off) +/d;
  /** A line's ID, the column its status word starts at, the column what follows starts at. */
  function columnsOf(line: string) {
    const match = COLUMNS.exec(line);
    const status = match?.indices?.[2];
    if (match === null || status === undefined) {
      throw new Error(`no ID and status in: ${line}`);
    }
    return { id: match[1] ?? '', statusAt: status[0], restAt: match[0].length };
  }

  it.each([
    ['all', false],
    ['--quiet', true],
  ])(
    '%s: pads every ID to the longest one the report prints, so the status and what follows line up',
    (_, quiet) => {
      const lines = resultLines(textReport(resultIn(appDir), { quiet }));
      expect(lines.length).toBeGreaterThan(1);
      const columns = lines.map(columnsOf);
      const width = Math.max(...columns.map(({ id }) => id.length));
      expect(new Set(columns.map(({ statusAt }) => statusAt))).toEqual(
        new Set([`✔ `.length + width + 1]),
      );
      expect(new Set(columns.map(({ restAt }) => restAt)).size).toBe(1);
    },
  );

  it('is as wide as the longest ID printed: local: IDs, config notes, versioning rules', () => {
    const lines = resultLines(textReport(resultIn(appDir)));
    expect(lines.map((line) => columnsOf(line).id)).toEqual([
      'D018',
      'D021',
      'D004',
      'D004',
      'M002',
      'local:json-field-schema',
      'D028',
      'config',
      'push',
    ]);
    const column = 'local:json-field-schema'.length + 1;
    expect(lines.find((line) => line.startsWith('! config'))).toBe(
      `! ${'config'.padEnd(column)}warning         ${join(appDir, CONFIG_FILE)}: the ignore entry for D018 at "triggers.old_thing" matches no finding: remove it, or correct its place.`,
    );
    expect(lines.find((line) => line.startsWith('- D028'))).toBe(
      `- ${'D028'.padEnd(column)}off             by ${join(appDir, CONFIG_FILE)}`,
    );
  });

  it('--quiet: as wide as the longest ID of what blocks, the only lines it prints', () => {
    expect(resultLines(textReport(resultIn(appDir), { quiet: true }))).toEqual([
      `✖ D021 publishing task triggers.new_thing: write the description as "Triggers when … .". ${D021.url}`,
      `✖ push error           1.0.1 would land behind 1.0.2 on its line. ${PUSH.url}`,
    ]);
  });
});

describe('--format github', () => {
  /** The app in a folder below the current one, as in a workflow's checkout. */
  const appDir = join(process.cwd(), 'apps', 'things');

  it("annotates each finding that counts at its line, its level from its category, files named from the current folder; then the config's notes and the counts", () => {
    expect(githubReport(resultIn(appDir))).toEqual([
      `::error file=apps/things/index.js,line=6,title=D021::triggers.new_thing: write the description as "Triggers when … ." (publishing task; ${D021.url})`,
      `::warning file=apps/things/triggers/thing.js,line=12,title=D004::triggers.new_thing thing_id: offer a dropdown (warning; ${D004.url})`,
      `::notice file=apps/things/index.js,line=1,title=M002::no listing.json (deferred; ${M002.url})`,
      `::warning file=apps/things/lib/a%2Cb%3Ac%25.js,line=3,title=local%3Ajson-field-schema::lib/a,b:c%25.js:3: 100%25 of it, then%0Aa second line (warning; ${JSON_FIELD_PAGE})`,
      `::error file=apps/things/index.js,line=1,title=push::1.0.1 would land behind 1.0.2 on its line (error; ${PUSH.url})`,
      `::warning file=apps/things/${CONFIG_FILE},line=1,title=config::the ignore entry for D018 at "triggers.old_thing" matches no finding: remove it, or correct its place`,
      SUMMARY,
      'a closing line',
      ...VERDICT,
    ]);
  });

  it('says a category no evidence gave is unconfirmed', () => {
    const D007 = metaOf('D007');
    const result: LintResult = {
      ...resultIn(appDir),
      results: [
        {
          meta: D007,
          status: D007.category,
          findings: [
            {
              ...finding(
                D007.category,
                'use https',
                { step: 'triggers.new_thing' },
                undefined,
              ),
              unconfirmed: true,
            },
          ],
        },
      ],
      versioning: null,
    };
    expect(githubReport(result).slice(0, 1)).toEqual([
      `::warning title=D007::triggers.new_thing: use https (warning, category unconfirmed; ${D007.url})`,
    ]);
  });

  it('gives no command for an ignored finding', () => {
    const lines = githubReport(resultIn(appDir));
    expect(lines.filter((line) => line.includes('creates.add_thing'))).toEqual([]);
    expect(lines.join('\n')).not.toContain(IGNORED);
  });

  it('names a file from the current folder, wherever the app is', () => {
    const cwd = process.cwd();
    const scratch = mkdtempSync(join(tmpdir(), 'github-'));
    try {
      process.chdir(scratch);
      const [first] = githubReport(resultIn(scratch));
      expect(first).toMatch(/^::error file=index\.js,line=6,title=D021::/);
      process.chdir(join(scratch, '..'));
      const [again] = githubReport(resultIn(scratch));
      expect(again).toMatch(
        new RegExp(
          `^::error file=${relative(join(scratch, '..'), scratch)}/index\\.js,line=6,`,
        ),
      );
    } finally {
      process.chdir(cwd);
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  it('names package.json for a config read from its key', () => {
    const result = resultIn(appDir);
    result.config = {
      ...result.config,
      source: `${join(appDir, 'package.json')}#zapierPublishingChecks`,
    };
    expect(githubReport(result)).toContainEqual(
      expect.stringMatching(
        /^::warning file=apps\/things\/package\.json,line=1,title=config::/,
      ),
    );
  });

  it('annotates an unused ignore entry at its line of the config', () => {
    const result = resultIn(appDir);
    result.config = {
      ...result.config,
      unused: [{ check: 'D018', at: 'triggers.old_thing', reason: 'renamed', line: 7 }],
    };
    expect(githubReport(result)).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^::warning file=apps/things/${CONFIG_FILE.replace(/\./g, '\\.')},line=7,title=config::`,
        ),
      ),
    );
  });

  it('annotates a finding whose place is not found in the code without a file', () => {
    const result = resultIn(appDir);
    const [, d021] = result.results;
    d021!.findings = [
      finding('warning', 'a warning', { step: 'triggers.gone' }, undefined),
    ];
    expect(githubReport(result)[0]).toBe(
      `::warning title=D021::triggers.gone: a warning (warning; ${D021.url})`,
    );
  });

  it("gives a check's findings not decided offline one notice, where its first was, naming every place", () => {
    const result = resultIn(appDir);
    const m002 = result.results.find((each) => each.meta === M002);
    m002!.findings = [
      finding(
        'deferred',
        'its run needs the network',
        { step: 'triggers.a' },
        { file: 'a.js', line: 2 },
      ),
      finding(
        'deferred',
        'its run needs a connection',
        { step: 'creates.b' },
        { file: 'b.js', line: 3 },
      ),
      finding(
        'deferred',
        'ignored',
        { step: 'creates.c' },
        { file: 'c.js', line: 4 },
        'known',
      ),
    ];
    const notices = githubReport(result).filter((line) => line.startsWith('::notice'));
    expect(notices).toEqual([
      `::notice title=M002::not decided offline at 2 places (triggers.a, creates.b); the first: its run needs the network (deferred; ${M002.url})`,
    ]);
  });

  it('--quiet: only what blocks, then the counts', () => {
    expect(githubReport(resultIn(appDir), true)).toEqual([
      `::error file=apps/things/index.js,line=6,title=D021::triggers.new_thing: write the description as "Triggers when … ." (publishing task; ${D021.url})`,
      `::error file=apps/things/index.js,line=1,title=push::1.0.1 would land behind 1.0.2 on its line (error; ${PUSH.url})`,
      SUMMARY,
      'a closing line',
      ...VERDICT,
    ]);
  });

  it("annotates each of the schema's errors, and nothing else", () => {
    const result = schemaRefusedIn(appDir);
    expect(githubReport(result)).toEqual([
      '::error title=schema::App.triggers.new_thing.display.label: does not meet minimum length of 2',
    ]);
  });
});

interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: string;
  kind?: string;
  message: { text: string };
  locations?: {
    physicalLocation: {
      artifactLocation: { uri: string };
      region: { startLine: number };
    };
    logicalLocations?: { fullyQualifiedName: string; kind: string }[];
  }[];
  suppressions?: { kind: string; justification: string }[];
  properties: { category: string; categoryConfirmed?: boolean };
}
interface SarifRule {
  id: string;
  name: string;
  shortDescription: { text: string };
  helpUri?: string;
  help: { text: string; markdown?: string };
  defaultConfiguration: { level: string };
}
interface Sarif {
  $schema: string;
  version: string;
  runs: {
    tool: {
      driver: {
        name: string;
        version: string;
        informationUri: string;
        rules: SarifRule[];
      };
    };
    invocations: {
      executionSuccessful: boolean;
      toolExecutionNotifications?: { level: string; message: { text: string } }[];
    }[];
    results: SarifResult[];
  }[];
}

/** The report as a reader of the file sees it. */
const sarifOf = (result: LintResult, quiet = false) =>
  JSON.parse(JSON.stringify(sarifReport(TOOL, result, quiet))) as Sarif;

describe('--format sarif', () => {
  const appDir = join(process.cwd(), 'apps', 'things');
  /** A rule's page as a reader reads it: its lines but the HTML comments (Prettier's markers) a viewer would show. */
  const page = (id: string) =>
    readFileSync(join(PACKAGE, 'docs', 'rules', `${id}.md`), 'utf8')
      .split('\n')
      .filter((line) => !line.startsWith('<!--'))
      .join('\n');

  it('is SARIF 2.1.0, one run, this tool', () => {
    const sarif = sarifOf(resultIn(appDir));
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.$schema).toBe('https://json.schemastore.org/sarif-2.1.0.json');
    expect(sarif.runs).toHaveLength(1);
    const [run] = sarif.runs;
    expect(run!.tool.driver).toEqual(
      expect.objectContaining({
        name: 'zapier-publishing-checks',
        version: '9.9.9',
        informationUri:
          'https://docs.zapier.com/platform/publish/integration-checks-reference',
      }),
    );
    expect(run!.invocations).toEqual([{ executionSuccessful: true }]);
  });

  it('has one rule per check, with its page as help and its level from its category', () => {
    const { rules } = sarifOf(resultIn(appDir)).runs[0]!.tool.driver;
    expect(rules.map((rule) => rule.id)).toEqual([
      'D018',
      'D021',
      'D004',
      'M002',
      'local:json-field-schema',
      'push',
    ]);
    expect(rules[1]).toEqual({
      id: 'D021',
      name: D021.name,
      shortDescription: { text: D021.requirement },
      helpUri:
        'https://docs.zapier.com/platform/publish/integration-checks-reference#D021',
      help: { text: D021.requirement, markdown: page('D021') },
      defaultConfiguration: { level: 'error' },
      properties: {
        category: 'publishing-task',
        categoryEvidence: D021.categoryEvidence,
        tags: ['zapier', 'publishing-task'],
      },
    });
    expect(rules.map((rule) => rule.defaultConfiguration.level)).toEqual([
      'error', // D018, a publishing task
      'error', // D021, a publishing task
      'warning', // D004
      'error', // M002, a publishing task
      'warning',
      'error', // push, an error
    ]);
    expect(rules[0]?.help.markdown).toBe(page('D018'));
    expect(rules[0]?.help.markdown).not.toContain('<!--');
    // This package's own rule: no page on the web, so no help link (a file
    // of the machine that ran it is no link for a reader); its page whole.
    expect(rules[4]).not.toHaveProperty('helpUri');
    expect(rules[4]?.help.markdown).toBe(page('local-json-field-schema'));
    // A versioning rule has no page of its own: its requirement.
    expect(rules[5]?.help).toEqual({ text: PUSH.requirement });
    expect(rules[5]?.helpUri).toBe(PUSH.url);
  });

  it('has a result per finding, its rule by index, its level, at a line of code', () => {
    const sarif = sarifOf(resultIn(appDir));
    const [run] = sarif.runs;
    const { results } = run!;
    for (const result of results) {
      expect(run!.tool.driver.rules[result.ruleIndex]?.id).toBe(result.ruleId);
    }
    // What is not decided offline is SARIF's "open": no verdict, level none.
    expect(
      results.map((result) => [
        result.ruleId,
        result.kind ?? 'fail',
        result.level,
        result.locations?.[0]?.physicalLocation.artifactLocation.uri,
        result.locations?.[0]?.physicalLocation.region.startLine,
      ]),
    ).toEqual([
      ['D021', 'fail', 'error', 'apps/things/index.js', 6],
      ['D004', 'fail', 'warning', 'apps/things/triggers/thing.js', 12],
      ['D004', 'fail', 'warning', 'apps/things/creates/thing.js', 4],
      ['M002', 'open', 'none', 'apps/things/index.js', 1],
      ['local:json-field-schema', 'fail', 'warning', `apps/things/${ODD_FILE}`, 3],
      ['push', 'fail', 'error', 'apps/things/index.js', 1],
    ]);
    expect(results[0]).toEqual({
      ruleId: 'D021',
      ruleIndex: 1,
      level: 'error',
      message: {
        text: 'triggers.new_thing: write the description as "Triggers when … ."',
      },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: 'apps/things/index.js' },
            region: { startLine: 6 },
          },
          logicalLocations: [
            {
              fullyQualifiedName: 'triggers.new_thing.display.description',
              kind: 'member',
            },
          ],
        },
      ],
      properties: { category: 'publishing-task', categoryConfirmed: true },
    });
    // Not decided offline: no category to confirm.
    expect(results[3]?.properties).toEqual({ category: 'deferred' });
    // A finding in a file, or about the whole app, has no logical place.
    expect(results[3]?.locations?.[0]?.logicalLocations).toBeUndefined();
    expect(results[4]?.locations?.[0]?.logicalLocations).toBeUndefined();
  });

  it('suppresses an ignored finding with its reason, and only that one', () => {
    const { results } = sarifOf(resultIn(appDir)).runs[0]!;
    expect(results.filter((result) => result.suppressions !== undefined)).toEqual([
      expect.objectContaining({
        ruleId: 'D004',
        message: { text: 'creates.add_thing owner_id: offer a dropdown' },
        suppressions: [{ kind: 'external', justification: IGNORED }],
      }),
    ]);
  });

  it('--quiet: only what blocks, every rule still described', () => {
    const [run] = sarifOf(resultIn(appDir), true).runs;
    expect(
      run!.results.map((result) => [
        result.ruleId,
        run!.tool.driver.rules[result.ruleIndex]?.id,
      ]),
    ).toEqual([
      ['D021', 'D021'],
      ['push', 'push'],
    ]);
    expect(run!.tool.driver.rules).toHaveLength(6);
  });

  it("gives the schema's errors as notifications, with no result", () => {
    const result = schemaRefusedIn(appDir);
    const [run] = sarifOf(result).runs;
    expect(run!.results).toEqual([]);
    expect(run!.invocations).toEqual([
      {
        executionSuccessful: true,
        toolExecutionNotifications: [
          {
            level: 'error',
            message: {
              text: 'App.triggers.new_thing.display.label: does not meet minimum length of 2',
            },
          },
        ],
      },
    ]);
  });
});

describe('on an app lint() read', () => {
  let appDir: string;

  beforeEach(() => {
    appDir = scratchApp('formats-');
    writeThingApp(appDir, {
      description: 'Fires when a thing is added.',
      operation: "inputFields: [{ key: 'thing_id', label: 'Thing ID' }]",
    });
    writeFileSync(
      join(appDir, CONFIG_FILE),
      JSON.stringify({
        ignore: [
          { check: 'D028', at: 'triggers.new_thing', reason: 'the service trims' },
        ],
      }),
    );
  });
  afterEach(() => rmSync(appDir, { recursive: true, force: true }));

  it('every SARIF result is at a line of a file of the app', async () => {
    const result = await lint(appDir, { schema: false });
    const { results } = sarifOf(result).runs[0]!;
    const index = relative(process.cwd(), join(appDir, 'index.js'));
    // D004 at its field's key, D021 and the ignored D028 where the trigger's
    // key is declared; M002's finding names a listing.json the app does not have: at the entry.
    expect(
      results.map((each) => [
        each.ruleId,
        each.level,
        each.locations?.[0]?.physicalLocation.artifactLocation.uri,
        each.locations?.[0]?.physicalLocation.region.startLine,
        each.suppressions?.[0]?.justification,
      ]),
    ).toEqual([
      ['D004', 'warning', index, 10, undefined],
      ['D021', 'error', index, 7, undefined],
      ['D028', 'warning', index, 7, 'the service trims'],
      ['M002', 'none', index, 1, undefined],
    ]);
  });

  it('every github annotation that counts is at a line of a file of the app', async () => {
    const lines = githubReport(await lint(appDir, { schema: false }));
    const index = relative(process.cwd(), join(appDir, 'index.js'));
    expect(lines.filter((line) => line.startsWith('::'))).toEqual([
      expect.stringMatching(
        new RegExp(
          `^::warning file=${index},line=10,title=D004::triggers\\.new_thing thing_id: `,
        ),
      ),
      expect.stringMatching(
        new RegExp(`^::error file=${index},line=7,title=D021::triggers\\.new_thing: `),
      ),
      expect.stringMatching(
        new RegExp(`^::notice file=${index},line=1,title=M002::listing\\.json: `),
      ),
    ]);
  });
});
