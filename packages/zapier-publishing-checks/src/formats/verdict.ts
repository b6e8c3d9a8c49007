/**
 * The answer to the developer's question, from every entry of a run: may
 * this version be pushed (errors), may it be promoted (errors and
 * publishing tasks; undecided while anything that could block is not
 * decided), and what goes to Zapier's human review (warnings).
 */
import type { LintResult } from '../lint';
import type { ReportEntry } from '../rule';
import { ZAPIER_CHECKS_REFERENCE, blocks, categoryUnconfirmed } from '../rule';
import { allEntries } from './summary';

export interface Verdict {
  /** Blocked by a decided error (the schema validation's included: `schema`), with the IDs that block it. */
  push: { verdict: 'allowed' | 'blocked'; errors: string[] };
  /**
   * Blocked by a decided error or publishing task; else undecided while a
   * check that could block is not decided offline (`deferred`) or a finding's
   * category is unconfirmed (`unconfirmed`); else allowed.
   */
  promotion: {
    verdict: 'allowed' | 'blocked' | 'undecided';
    publishingTasks: string[];
    deferred: string[];
    unconfirmed: string[];
    /** On a `--live` run whose connection failed its test: why (the live-data checks then wait for Zapier's run). */
    connection: string | null;
  };
  /**
   * The checks of Zapier's reference whose warnings its reviewers read;
   * apart, warnings of no check of Zapier's (this package's own, the
   * versioning matrix and advice), which no one at Zapier reads.
   */
  review: { warnings: string[]; other: string[] };
}

const idsOf = (entries: readonly ReportEntry[]) => [
  ...new Set(entries.map((entry) => entry.meta.id)),
];

/** A deferred check could block when its category blocks, or is unconfirmed. */
const couldBlock = (entry: ReportEntry) =>
  blocks(entry.meta.category) || entry.meta.categoryEvidence === null;

export function verdictOf(result: LintResult): Verdict {
  const schemaFailed = (result.schema?.errors.length ?? 0) > 0;
  const counted = allEntries(result).filter((entry) => entry.ignored === undefined);
  const decided = counted.filter((entry) => !categoryUnconfirmed(entry));
  const errors = [
    ...(schemaFailed ? ['schema'] : []),
    ...idsOf(decided.filter((entry) => entry.status === 'error')),
  ];
  const publishingTasks = idsOf(
    decided.filter((entry) => entry.status === 'publishing-task'),
  );
  const deferred = idsOf(
    counted.filter((entry) => entry.status === 'deferred' && couldBlock(entry)),
  );
  const unconfirmed = idsOf(counted.filter(categoryUnconfirmed));
  const warned = counted.filter((entry) => entry.status === 'warning');
  const zapiers = (entry: ReportEntry) =>
    entry.meta.url?.startsWith(ZAPIER_CHECKS_REFERENCE) === true;
  const tested = result.live?.connectionTest;
  const connection =
    tested === undefined || tested === 'passed'
      ? null
      : `the connection in ${result.live?.env ?? '.env'} failed its test (${tested})`;
  const promotion =
    errors.length > 0 || publishingTasks.length > 0
      ? 'blocked'
      : deferred.length > 0 || unconfirmed.length > 0 || connection !== null
        ? 'undecided'
        : 'allowed';
  return {
    push: { verdict: errors.length > 0 ? 'blocked' : 'allowed', errors },
    promotion: { verdict: promotion, publishingTasks, deferred, unconfirmed, connection },
    review: {
      warnings: idsOf(warned.filter(zapiers)),
      other: idsOf(warned.filter((entry) => !zapiers(entry))),
    },
  };
}

/** Whether Zapier would block: a push or a promotion blocked (exit code 1). */
export const blocked = (verdict: Verdict) =>
  verdict.push.verdict === 'blocked' || verdict.promotion.verdict === 'blocked';

const list = (ids: readonly string[]) => ids.join(', ');

/** The verdict as the text report's last lines. */
export function verdictLines(
  verdict: Verdict,
  notDecided = 'not decided offline',
): string[] {
  const { push, promotion, review } = verdict;
  const why = [
    ...(promotion.connection === null ? [] : [promotion.connection]),
    ...(promotion.deferred.length > 0
      ? [`${notDecided}: ${list(promotion.deferred)}`]
      : []),
    ...(promotion.unconfirmed.length > 0
      ? [
          `category unconfirmed: ${list(promotion.unconfirmed)} (set it in the config's "checks")`,
        ]
      : []),
  ];
  const blocking = [
    ...(push.errors.length > 0 ? [`errors: ${list(push.errors)}`] : []),
    ...(promotion.publishingTasks.length > 0
      ? [`publishing tasks: ${list(promotion.publishingTasks)}`]
      : []),
  ];
  const promotionLine = {
    blocked: `blocked, ${blocking.join('; ')}`,
    undecided: `undecided, nothing blocks it yet; ${why.join('; ')}`,
    allowed:
      "allowed by every check here (those that need Zapier's data, such as S001, are Zapier's)",
  }[promotion.verdict];
  const other =
    review.other.length > 0
      ? `; not Zapier's checks, blocking nothing: ${list(review.other)}`
      : '';
  return [
    '==> verdict',
    `push: ${push.verdict === 'blocked' ? `blocked, errors: ${list(push.errors)}` : 'allowed, no error'}`,
    `promotion: ${promotionLine}`,
    `review: ${review.warnings.length > 0 ? `warnings of ${list(review.warnings)} go to Zapier's reviewers, blocking nothing` : "nothing for Zapier's reviewers"}${other}`,
  ];
}
