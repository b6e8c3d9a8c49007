/**
 * Where each finding is, as data: every format prints the place a rule
 * gave it, never one read back out of the message.
 */
import { join, sep } from 'node:path';

import { jsonEntry } from '../src/formats/json';
import { entryLine, textReport } from '../src/formats/text';
import { summaryLine, summaryOf } from '../src/formats/summary';
import type { LintResult } from '../src/lint';
import type {
  FindingStatus,
  Place,
  ReportEntry,
  RuleMeta,
  RuleResult,
} from '../src/rule';
import { entriesOf, linkOf, placeText } from '../src/rule';

const META: RuleMeta = {
  id: 'D000',
  name: 'a-rule',
  category: 'publishing-task',
  categoryEvidence: 'a recorded verdict',
  requirement: 'a rule',
  url: 'https://docs.zapier.com/platform/publish/integration-checks-reference#D000',
  needs: ['definition'],
  messages: {},
};

const entry = (
  place: Place,
  message = 'change it',
  status: FindingStatus = 'publishing-task',
): ReportEntry => ({
  meta: META,
  status,
  messageId: 'x',
  message,
  place,
});

it.each([
  [
    {
      step: 'creates.create_order',
      field: 'lims_id',
      path: 'creates.create_order.operation.inputFields[2]',
    },
    'creates.create_order lims_id',
  ],
  [
    { step: 'triggers.new_lead', path: 'triggers.new_lead.display.label' },
    'triggers.new_lead',
  ],
  [{ step: 'triggers.new_lead' }, 'triggers.new_lead'],
  [{ path: 'authentication.connectionLabel' }, 'authentication.connectionLabel'],
  [{ file: 'src/creates/order.ts', line: 34 }, 'src/creates/order.ts:34'],
  [{ file: 'listing.json' }, 'listing.json'],
  [{}, ''],
] as [Place, string][])('%j prints as "%s"', (place, text) => {
  expect(placeText(place)).toBe(text);
});

it('a line says the place, then the message; a finding about the whole app, the message alone', () => {
  expect(entryLine(entry({ step: 'triggers.new_lead', field: 'page' }))).toBe(
    `✖ D000 publishing task triggers.new_lead page: change it. ${META.url}`,
  );
  expect(entryLine(entry({}, 'add a step'))).toBe(
    `✖ D000 publishing task add a step. ${META.url}`,
  );
});

it.each([
  ['error', '✖ D000 error           triggers.new_lead: change it'],
  ['publishing-task', '✖ D000 publishing task triggers.new_lead: change it'],
  ['warning', '! D000 warning         triggers.new_lead: change it'],
  [
    'deferred',
    '? D000 deferred        triggers.new_lead: not decided offline: change it',
  ],
] as [FindingStatus, string][])(
  "a line says the status %s in Zapier's words, padded to one width",
  (status, line) => {
    expect(entryLine(entry({ step: 'triggers.new_lead' }, 'change it', status))).toBe(
      `${line}. ${META.url}`,
    );
  },
);

it('JSON gives every part of the place as a field, null where there is none', () => {
  expect(jsonEntry(entry({ file: 'src/x.ts', line: 3 }))).toEqual({
    id: 'D000',
    status: 'publishing-task',
    step: null,
    field: null,
    path: null,
    file: 'src/x.ts',
    line: 3,
    near: null,
    message: 'change it',
    categoryConfirmed: true,
    categorySetBy: null,
    link: META.url,
    ignored: null,
    nothingToJudge: null,
  });
});

it('a finding whose category no evidence gave says so, in its line and in JSON', () => {
  const guessed: ReportEntry = {
    ...entry({ step: 'triggers.new_lead' }),
    meta: { ...META, categoryEvidence: null },
  };
  const marked: ReportEntry = {
    ...entry({ step: 'triggers.new_lead' }),
    unconfirmed: true,
  };
  for (const each of [guessed, marked]) {
    expect(entryLine(each)).toBe(
      `✖ D000 publishing task triggers.new_lead: change it (category unconfirmed). ${META.url}`,
    );
    expect(jsonEntry(each).categoryConfirmed).toBe(false);
  }
  // Neither a pass nor a deferred finding has a category to confirm.
  expect(jsonEntry(entry({}, 'x', 'deferred')).categoryConfirmed).toBeNull();
  expect(entryLine({ ...guessed, status: 'deferred' })).not.toContain('unconfirmed');
});

it('JSON says where the place is written in the code, and why the config ignores a finding', () => {
  const located: ReportEntry = {
    ...entry({ step: 'triggers.new_lead', field: 'page' }),
    near: { file: 'triggers/lead.js', line: 12 },
    ignored: 'pages are numbered by the service',
  };
  expect(jsonEntry(located)).toEqual({
    id: 'D000',
    status: 'publishing-task',
    step: 'triggers.new_lead',
    field: 'page',
    path: null,
    file: null,
    line: null,
    near: { file: 'triggers/lead.js', line: 12 },
    message: 'change it',
    categoryConfirmed: true,
    categorySetBy: null,
    link: META.url,
    ignored: 'pages are numbered by the service',
    nothingToJudge: null,
  });
});

it('an ignored finding is marked "-", says ignored and gives the reason after its message', () => {
  expect(
    entryLine({
      ...entry({ step: 'triggers.new_lead' }),
      ignored: 'the service names it so',
    }),
  ).toBe(
    `- D000 ignored         triggers.new_lead: change it (ignored: the service names it so). ${META.url}`,
  );
});

it('a passing rule is one entry at no place, saying what it requires', () => {
  const [passed] = entriesOf([{ meta: META, status: 'pass', findings: [] }]);
  expect(passed).toEqual({
    meta: META,
    status: 'pass',
    messageId: 'pass',
    message: 'a rule',
    place: {},
  });
  expect(entryLine(passed!)).toBe(
    `✔ D000 pass            a rule: nothing to change. ${META.url}`,
  );
});

const finding = (status: FindingStatus, ignored?: string) => ({
  status,
  messageId: 'x',
  message: 'change it',
  place: {},
  ...(ignored === undefined ? {} : { ignored }),
});

const resultOf = (
  results: RuleResult[],
  config: LintResult['config'] = { source: null, off: [], unused: [] },
): LintResult => ({
  appDir: '/app',
  schema: null,
  results,
  versioning: null,
  config,
});

it("counts each rule by its worst finding, in Zapier's categories", () => {
  const result = resultOf([
    { meta: META, status: 'pass', findings: [] },
    { meta: META, status: 'error', findings: [finding('error')] },
    {
      meta: META,
      status: 'publishing-task',
      findings: [finding('publishing-task'), finding('warning')],
    },
    { meta: META, status: 'warning', findings: [finding('warning')] },
    { meta: META, status: 'warning', findings: [finding('warning')] },
    { meta: META, status: 'deferred', findings: [finding('deferred')] },
  ]);
  expect(summaryOf(result)).toEqual({
    checks: 6,
    passed: 1,
    errors: 1,
    publishingTasks: 1,
    warnings: 2,
    deferred: 1,
    ignored: 0,
    off: 0,
    // A warning of the check with a publishing task counts too.
    warningFindings: 3,
  });
  expect(summaryLine(result)).toBe(
    '6 checks: 1 passed, 1 with errors, 1 with publishing tasks, 2 with warnings (3 warnings in all), 1 not decided offline.',
  );
});

it('counts, after the rest, the checks whose every finding the config ignores and the checks it turned off', () => {
  const result = resultOf(
    [
      // Its one finding ignored: neither passed nor failed, but ignored.
      { meta: META, status: 'pass', findings: [finding('publishing-task', 'a reason')] },
      // One finding ignored, one not: counted by the one that counts.
      {
        meta: META,
        status: 'warning',
        findings: [finding('error', 'another reason'), finding('warning')],
      },
    ],
    // A versioning rule turned off is no check of the count.
    {
      source: '/app/.zapier-publishing-checks.json',
      off: ['D018', 'removed-input-field'],
      unused: [],
    },
  );
  expect(summaryOf(result)).toEqual({
    checks: 2,
    passed: 0,
    errors: 0,
    publishingTasks: 0,
    warnings: 1,
    deferred: 0,
    ignored: 1,
    off: 1,
    warningFindings: 1,
  });
  expect(summaryLine(result)).toBe(
    '2 checks: 0 passed, 0 with errors, 0 with publishing tasks, 1 with warnings, 0 not decided offline, 1 ignored, 1 off.',
  );
});

it('counts warnings one by one for --max-warnings, and says so when they outnumber the checks', () => {
  const result = resultOf(
    [
      {
        meta: META,
        status: 'warning',
        findings: [finding('warning'), finding('warning')],
      },
    ],
    {
      source: '/app/.zapier-publishing-checks.json',
      off: [],
      unused: [{ check: 'D004', at: 'creates.gone', reason: 'a reason' }],
    },
  );
  expect(summaryOf(result)).toEqual(
    expect.objectContaining({ warnings: 1, warningFindings: 3 }),
  );
  expect(summaryLine(result)).toBe(
    '1 checks: 0 passed, 0 with errors, 0 with publishing tasks, 1 with warnings (3 warnings in all), 0 not decided offline.',
  );
});

it('prints the versioning rules under their heading only when a line of them is shown', () => {
  const warning = { meta: META, ...finding('warning') };
  const withVersioning = (closing: string[]): LintResult => ({
    ...resultOf([{ meta: META, status: 'pass', findings: [] }]),
    versioning: { entries: [warning], closing, refused: false },
  });
  const headings = (lines: string[]) =>
    lines.filter((line) => line.startsWith("==> Zapier's versioning rules"));
  expect(headings(textReport(withVersioning([]), { quiet: true }))).toEqual([]);
  expect(headings(textReport(withVersioning([]), { quiet: false }))).toHaveLength(1);
  expect(
    headings(textReport(withVersioning(['1.0.1 follows 1.0.0.']), { quiet: true })),
  ).toHaveLength(1);
});

describe('linkOf', () => {
  const PACKAGE = join(__dirname, '..');
  const LOCAL = { id: 'local:json-field-schema', url: null };
  const PAGE = join(PACKAGE, 'docs', 'rules', 'local-json-field-schema.md');

  it("is Zapier's page for a rule that has one, wherever the command runs", () => {
    expect(linkOf(META, sep)).toBe(META.url);
    expect(linkOf(META, PACKAGE)).toBe(META.url);
  });

  it("is this package's page, from the current folder when the package is below it", () => {
    expect(linkOf(LOCAL, PACKAGE)).toBe(
      join('docs', 'rules', 'local-json-field-schema.md'),
    );
    expect(linkOf(LOCAL, join(PACKAGE, '..', '..'))).toBe(
      join(
        'packages',
        'zapier-publishing-checks',
        'docs',
        'rules',
        'local-json-field-schema.md',
      ),
    );
  });

  it("is this package's page as an absolute path from a folder beside it or below it", () => {
    expect(linkOf(LOCAL, join(PACKAGE, 'src'))).toBe(PAGE);
    expect(linkOf(LOCAL, join(PACKAGE, '..', 'another-package'))).toBe(PAGE);
  });
});
