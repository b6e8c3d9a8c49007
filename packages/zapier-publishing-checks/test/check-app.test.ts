import { checkApp } from '../src/check-app';
import type { Rule } from '../src/rule';
import D001 from '../src/rules/D001-no-credentials-in-steps';
import { validInput } from './fixtures';

/** A rule that throws on every app, as one might on a definition of a shape it cannot read. */
const throwing: Rule = {
  meta: {
    id: 'local:throws',
    name: 'throws',
    category: 'warning',
    requirement: 'nothing: it throws',
    url: 'https://example.org/rules/throws',
    needs: ['definition'],
    messages: {},
  },
  check: () => {
    throw new TypeError('label.split is not a function');
  },
};

describe('checkApp', () => {
  it('reports a rule that throws as an error, naming what went wrong, instead of passing it', () => {
    expect(checkApp(validInput(), [throwing])).toEqual([
      {
        meta: throwing.meta,
        status: 'error',
        findings: [
          {
            status: 'error',
            messageId: 'crashed',
            message:
              "this tool could not run the check, so this is not Zapier's verdict: label.split is not a function. A definition Zapier's schema refuses can do this (was --skip-schema given?); if the schema passes, it is a bug in zapier-publishing-checks: please report it",
            place: {},
          },
        ],
      },
    ]);
  });

  it('runs the rules after one that throws', () => {
    expect(
      checkApp(validInput(), [throwing, D001]).map((result) => [
        result.meta.id,
        result.status,
      ]),
    ).toEqual([
      ['local:throws', 'error'],
      ['D001', 'pass'],
    ]);
  });
});
