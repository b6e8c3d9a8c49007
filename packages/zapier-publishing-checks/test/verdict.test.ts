/**
 * The verdict: push allowed or blocked (errors), promotion allowed, blocked
 * or undecided (what could block and is not decided: a check not decided
 * offline whose category could block, a category no evidence gave), and
 * what goes to Zapier's reviewers (warnings). Text ends with it; SARIF says
 * which categories are confirmed.
 */
import { sarifReport } from '../src/formats/sarif';
import { textReport } from '../src/formats/text';
import { verdictLines, verdictOf } from '../src/formats/verdict';
import type { LintResult } from '../src/lint';
import { RULES } from '../src/registry';
import type { Finding, RuleMeta, RuleResult } from '../src/rule';
import { worstOf } from '../src/rule';
import { verdictIn } from './report-lines';

const metaOf = (id: string): RuleMeta => {
  const rule = RULES.find((each) => each.meta.id === id);
  if (rule === undefined) {
    throw new Error(`no rule ${id}`);
  }
  return rule.meta;
};

/** A rule's result with findings of the given statuses, each unconfirmed when its rule's category has no evidence. */
function resultOf(id: string, ...statuses: Finding['status'][]): RuleResult {
  const meta = metaOf(id);
  const findings: Finding[] = statuses.map((status, at) => ({
    status,
    ...(status !== 'deferred' && meta.categoryEvidence === null
      ? { unconfirmed: true as const }
      : {}),
    messageId: 'x',
    message: 'change it',
    place: { step: `triggers.step_${at}` },
  }));
  return { meta, status: worstOf(findings), findings };
}

const lintResult = (...results: RuleResult[]): LintResult => ({
  appDir: '/app',
  schema: null,
  results,
  versioning: null,
  config: { source: null, off: [], unused: [] },
});

const ALLOWED =
  "allowed by every check here (those that need Zapier's data, such as S001, are Zapier's)";

it('allows both when every check passed, with nothing for review', () => {
  const result = lintResult(resultOf('D021'), resultOf('T003'));
  expect(verdictOf(result)).toEqual({
    push: { verdict: 'allowed', errors: [] },
    promotion: {
      verdict: 'allowed',
      publishingTasks: [],
      deferred: [],
      unconfirmed: [],
      connection: null,
    },
    review: { warnings: [], other: [] },
  });
  expect(verdictLines(verdictOf(result))).toEqual([
    '==> verdict',
    'push: allowed, no error',
    `promotion: ${ALLOWED}`,
    "review: nothing for Zapier's reviewers",
  ]);
});

it('blocks the promotion on a publishing task, not the push', () => {
  const verdict = verdictOf(lintResult(resultOf('D021', 'publishing-task')));
  expect(verdict.push.verdict).toBe('allowed');
  expect(verdict.promotion).toEqual({
    verdict: 'blocked',
    publishingTasks: ['D021'],
    deferred: [],
    unconfirmed: [],
    connection: null,
  });
});

it('blocks the push, and so the promotion, when the schema validation fails', () => {
  const result: LintResult = {
    ...lintResult(),
    schema: {
      schemaVersion: '19.1.0',
      errors: [{ property: 'App.triggers', message: 'is wrong', links: [] }],
    },
  };
  expect(verdictLines(verdictOf(result)).slice(1, 3)).toEqual([
    'push: blocked, errors: schema',
    'promotion: blocked, errors: schema',
  ]);
  // The text report, which stops after the schema's errors, still ends with the verdict.
  expect(verdictIn(textReport(result))[0]).toBe('push: blocked, errors: schema');
});

it('leaves the promotion undecided on a check not decided offline that could block, not on one that cannot', () => {
  // T003 is a Warning by a recorded verdict: not deciding it blocks nothing.
  expect(verdictOf(lintResult(resultOf('T003', 'deferred'))).promotion.verdict).toBe(
    'allowed',
  );
  // M002 is a publishing task: not decided, the promotion is not either.
  const verdict = verdictOf(lintResult(resultOf('M002', 'deferred')));
  expect(verdict.promotion).toEqual({
    verdict: 'undecided',
    publishingTasks: [],
    deferred: ['M002'],
    unconfirmed: [],
    connection: null,
  });
  // D023's category is unconfirmed: a Warning at best reading, which may block.
  expect(verdictOf(lintResult(resultOf('D023', 'deferred'))).promotion.deferred).toEqual([
    'D023',
  ]);
});

it('leaves the promotion undecided on a finding whose category is unconfirmed, and says how to decide it', () => {
  const result = lintResult(
    resultOf('D007', 'warning', 'warning'),
    resultOf('M002', 'deferred'),
  );
  const verdict = verdictOf(result);
  expect(verdict.promotion).toEqual({
    verdict: 'undecided',
    publishingTasks: [],
    deferred: ['M002'],
    unconfirmed: ['D007'],
    connection: null,
  });
  // A warning, unconfirmed, still goes to review.
  expect(verdict.review.warnings).toEqual(['D007']);
  expect(verdictLines(verdict)[2]).toBe(
    `promotion: undecided, nothing blocks it yet; not decided offline: M002; category unconfirmed: D007 (set it in the config's "checks")`,
  );
});

it('blocks on what is decided, whatever else is undecided; an unconfirmed publishing task blocks nothing yet', () => {
  const unconfirmedOnly = verdictOf(lintResult(resultOf('D001', 'publishing-task')));
  expect(unconfirmedOnly.promotion.verdict).toBe('undecided');
  expect(unconfirmedOnly.promotion.unconfirmed).toEqual(['D001']);
  const both = verdictOf(
    lintResult(resultOf('D001', 'publishing-task'), resultOf('D021', 'publishing-task')),
  );
  expect(both.promotion.verdict).toBe('blocked');
  expect(both.promotion.publishingTasks).toEqual(['D021']);
});

it('counts no finding the config ignores', () => {
  const ignored = resultOf('D021', 'publishing-task');
  const findings = ignored.findings.map((each) => ({ ...each, ignored: 'a reason' }));
  const verdict = verdictOf(lintResult({ ...ignored, findings, status: 'pass' }));
  expect(verdict.promotion.verdict).toBe('allowed');
});

it("lists warnings for Zapier's reviewers apart from this package's own", () => {
  const verdict = verdictOf(
    lintResult(
      resultOf('D004', 'warning'),
      resultOf('local:json-field-schema', 'warning'),
    ),
  );
  expect(verdict.review).toEqual({
    warnings: ['D004'],
    other: ['local:json-field-schema'],
  });
  expect(verdict.promotion.verdict).toBe('allowed');
  expect(verdictLines(verdict)[3]).toBe(
    "review: warnings of D004 go to Zapier's reviewers, blocking nothing; not Zapier's checks, blocking nothing: local:json-field-schema",
  );
});

it('ends the text report, after the counts', () => {
  const lines = textReport(lintResult(resultOf('D021', 'publishing-task')));
  expect(lines.slice(-5)).toEqual([
    expect.stringMatching(/^\d+ checks: /) as unknown,
    '==> verdict',
    'push: allowed, no error',
    'promotion: blocked, publishing tasks: D021',
    "review: nothing for Zapier's reviewers",
  ]);
});

it("marks in SARIF whether each finding's category is confirmed, and each rule's evidence", () => {
  const sarif = sarifReport(
    { name: 'zapier-publishing-checks', version: '9.9.9' },
    lintResult(resultOf('D007', 'warning'), resultOf('D021', 'publishing-task')),
  ) as {
    runs: {
      tool: {
        driver: { rules: { id: string; properties: { categoryEvidence: unknown } }[] };
      };
      results: { ruleId: string; properties: { categoryConfirmed?: boolean } }[];
    }[];
  };
  const [run] = sarif.runs;
  expect(
    run?.results.map((each) => [each.ruleId, each.properties.categoryConfirmed]),
  ).toEqual([
    ['D007', false],
    ['D021', true],
  ]);
  expect(
    run?.tool.driver.rules.map((rule) => [rule.id, rule.properties.categoryEvidence]),
  ).toEqual([
    ['D007', null],
    ['D021', metaOf('D021').categoryEvidence],
  ]);
});
