import rule from '../../src/rules/T004-sample-keys-come-in-results';
import { operation, runItem, sample, step, testRule } from '../rule-tester';
import {
  FAILED_DELIVERY,
  NEEDS_THE_NETWORK,
  NO_ITEMS,
  withOutcome,
  WITHOUT_ITS_PRIMARY_KEY,
} from './local-runs';

const neverReturns = (keys: string) =>
  `perform never returns ${keys}; drop them from the sample or return them`;

testRule(rule, {
  valid: [
    {
      name: 'items with more keys than the sample',
      change: (input) => {
        runItem(input, 'triggers.new_contact', 'perform').nickname = 'Ada';
      },
    },
    {
      name: 'the hidden step it leaves alone: a sample no run is compared with',
      change: (input) => {
        step(input, 'triggers.new_contact').display!.hidden = true;
        sample(input, 'triggers.new_contact').nickname = 'Ada';
      },
    },
  ],
  invalid: [
    {
      name: 'a key of the sample that perform never returns',
      change: (input) => {
        sample(input, 'triggers.new_contact').nickname = 'Ada';
      },
      findings: [{ at: 'triggers.new_contact', message: neverReturns('"nickname"') }],
    },
    {
      name: 'items without a key the sample holds, here their primary key',
      change: WITHOUT_ITS_PRIMARY_KEY,
      findings: [{ at: 'triggers.new_contact', message: neverReturns('"vip"') }],
      // The item lacks its primary key (T002), the key this case is about.
      alsoChanges: ['T002'],
    },
    {
      name: "a key of the output fields' own samples (core 18.3+), merged as Zapier merges them",
      change: (input) => {
        const create = operation(input, 'creates.create_contact');
        delete create.sample;
        create.outputFields = [
          { key: 'id', type: 'string', sample: 'c_1' },
          { key: 'email', type: 'string', required: true, sample: 'ada@example.org' },
          { key: 'company__name', type: 'string', sample: 'Engines Ltd' },
          { key: 'nickname', type: 'string', sample: 'Ada' },
        ];
      },
      findings: [{ at: 'creates.create_contact', message: neverReturns('"nickname"') }],
    },
    {
      name: 'a run that returned no items: nothing to compare the sample with',
      change: withOutcome('searches.find_contact', 'perform', {
        kind: 'items',
        items: [],
      }),
      findings: [
        {
          at: 'searches.find_contact',
          message:
            'perform: its local run returned no items; give it a delivery or input that yields one',
          status: 'deferred',
        },
      ],
    },
    {
      name: "a search that could not run offline: the reason is said here (Zapier's T005 reads triggers only)",
      change: withOutcome('searches.find_contact', 'perform', {
        kind: 'not run',
        reason: "a search needs the user's input",
      }),
      findings: [
        {
          at: 'searches.find_contact',
          message:
            "perform: it could not run here (a search needs the user's input); Zapier decides this on a live run",
          status: 'deferred',
        },
      ],
      // T003 cannot decide either, and points here.
      alsoChanges: ['T003'],
    },
    {
      name: 'a run that could not happen offline: it cannot decide, and says where the reason is',
      change: NEEDS_THE_NETWORK,
      findings: [{ at: 'triggers.new_contact', ...NO_ITEMS }],
      alsoChanges: ['T002', 'T003', 'T005'],
    },
    {
      name: 'a delivery that failed: it cannot decide, and says where the reason is',
      change: FAILED_DELIVERY,
      findings: [{ at: 'triggers.contact_hook', ...NO_ITEMS }],
      alsoChanges: ['T003', 'T005', 'T006'],
    },
  ],
});
