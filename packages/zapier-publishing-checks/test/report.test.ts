/**
 * Where each finding is, for `--format json`: the step and the definition
 * path its message starts with, or null when it names none.
 */
import { reportEntries } from '../src/report';
import type { CheckResult } from '../src/runner';

const withFinding = (change: string): CheckResult => ({
  id: 'D000',
  status: 'failure',
  requirement: 'a rule',
  findings: [{ severity: 'failure', change }],
});

const whereOf = (change: string) => {
  const [entry] = reportEntries([withFinding(change)]);
  return { step: entry?.step, field: entry?.field };
};

it.each([
  ['triggers.new_lead: add operation.performList', 'triggers.new_lead', null],
  [
    'creates.add_lead.operation.inputFields[2] (email): give it help text',
    'creates.add_lead',
    'operation.inputFields[2]',
  ],
  ['searches.find_lead perform item 0: return "id"', 'searches.find_lead', null],
  ['authentication.connectionLabel: set it', null, 'authentication.connectionLabel'],
  ['flags.cleanInputData is true: set it to false', null, 'flags.cleanInputData'],
  ['/app/listing.json: shorten the title', null, null],
  ['the app offers no trigger, search or create a user can pick', null, null],
])('%s: step %s, field %s', (change, step, field) => {
  expect(whereOf(change)).toEqual({ step, field });
});

it('a passing check names no step or field, and says what it requires', () => {
  expect(
    reportEntries([{ id: 'D001', status: 'pass', requirement: 'a rule', findings: [] }]),
  ).toEqual([
    {
      id: 'D001',
      status: 'pass',
      step: null,
      field: null,
      message: 'a rule: nothing to change',
      link: 'https://docs.zapier.com/platform/publish/integration-checks-reference#D001',
    },
  ]);
});
