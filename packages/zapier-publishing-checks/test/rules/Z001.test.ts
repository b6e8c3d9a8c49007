import rule from '../../src/rules/Z001-perform-list-results-match-output-fields';
import { runItem, testRule } from '../rule-tester';
import { withOutcome } from './local-runs';

testRule(rule, {
  valid: [
    {
      name: 'null for an output field that is not required',
      change: (input) => {
        runItem(input, 'triggers.contact_hook', 'performList').score = null;
      },
    },
    {
      name: "a polling trigger's items are perform's (T005), not performList's",
      change: (input) => {
        runItem(input, 'triggers.new_contact', 'perform').email = null;
      },
      // The missing field is T005's to report: the case is that Z001 does not.
      alsoChanges: ['T005'],
    },
  ],
  invalid: [
    {
      name: 'a required output field missing from performList',
      change: (input) => {
        runItem(input, 'triggers.contact_hook', 'performList').email = null;
      },
      findings: [
        {
          at: 'triggers.contact_hook email',
          message:
            'performList item 0: required output field "email" is missing; make the code and the output fields agree',
        },
      ],
    },
    {
      name: 'a performList that failed: a failure, said here once',
      change: withOutcome('triggers.contact_hook', 'performList', {
        kind: 'failed',
        error: 'Unauthorized',
      }),
      findings: [
        {
          at: 'triggers.contact_hook',
          message:
            'performList failed on a local run: Unauthorized; fix it so it returns items',
        },
      ],
      // T003 and T006 read performList's items too, and could not decide.
      alsoChanges: ['T003', 'T006'],
    },
  ],
});
