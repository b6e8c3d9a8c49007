import rule from '../../src/rules/T005-perform-results-match-output-fields';
import { runItem, testRule } from '../rule-tester';
import { DELIVERY_ERROR, FAILED_DELIVERY, NEEDS_THE_NETWORK } from './local-runs';

testRule(rule, {
  valid: [
    {
      name: 'null for an output field that is not required',
      change: (input) => {
        runItem(input, 'triggers.new_contact', 'perform').score = null;
      },
    },
    {
      name: 'a list of text in a list field of strings',
      change: (input) => {
        runItem(input, 'triggers.new_contact', 'perform').tags = [
          'vip',
          'press',
          'board',
        ];
      },
    },
    {
      name: "a search's result against its output fields: Zapier's T005 reads triggers only",
      change: (input) => {
        runItem(input, 'searches.find_contact', 'perform').score = 'seven';
      },
    },
  ],
  invalid: [
    {
      name: 'an integer field holding text',
      change: (input) => {
        runItem(input, 'triggers.new_contact', 'perform').score = '7';
      },
      findings: [
        {
          at: 'triggers.new_contact score',
          message:
            'perform item 0: "score" is of type integer but holds string "7"; make the code and the output fields agree',
        },
      ],
    },
    {
      name: 'a run that could not happen offline: deferred, saying why, once for all the rules',
      change: NEEDS_THE_NETWORK,
      findings: [
        {
          at: 'triggers.new_contact',
          message:
            'perform: it could not run here (it needs the network); Zapier decides this on a live run',
          status: 'deferred',
        },
      ],
      // The other rules on runs point here.
      alsoChanges: ['T002', 'T003', 'T004'],
    },
    {
      name: 'a visible trigger no local run covers: deferred',
      change: (input) => {
        input.runs = input.runs.filter(
          (run) => !(run.path === 'triggers.new_contact' && run.method === 'perform'),
        );
      },
      findings: [
        {
          at: 'triggers.new_contact',
          message:
            'perform: it could not run here (no local run of it was recorded); Zapier decides this on a live run',
          status: 'deferred',
        },
      ],
      alsoChanges: ['T002', 'T003', 'T004'],
    },
    {
      name: 'a run that failed: a failure, said here once',
      change: FAILED_DELIVERY,
      findings: [
        {
          at: 'triggers.contact_hook',
          message: `perform failed on a local run: ${DELIVERY_ERROR}; fix it so it returns items`,
        },
      ],
      // The others could not decide, and say so; T002 reads polling triggers only.
      alsoChanges: ['T003', 'T004', 'T006'],
    },
  ],
});
