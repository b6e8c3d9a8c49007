import rule from '../../src/rules/T002-polling-results-carry-primary-keys';
import { runItem, sample, testRule } from '../rule-tester';
import {
  FAILED_DELIVERY,
  NEEDS_THE_NETWORK,
  NO_ITEMS,
  withOutcome,
  WITHOUT_ITS_PRIMARY_KEY,
} from './local-runs';

testRule(rule, {
  valid: [
    {
      name: 'a hook\'s items without "id": hooks are exempt, as in core',
      change: (input) => {
        delete sample(input, 'triggers.contact_hook').id;
        delete runItem(input, 'triggers.contact_hook', 'perform').id;
        delete runItem(input, 'triggers.contact_hook', 'performList').id;
      },
    },
    {
      name: "a hook's failed delivery: a delivery carries no list to page",
      change: FAILED_DELIVERY,
      // T005 says why the run failed; the others could not decide.
      alsoChanges: ['T003', 'T004', 'T005', 'T006'],
    },
  ],
  invalid: [
    {
      name: 'an item without the output field marked primary',
      change: WITHOUT_ITS_PRIMARY_KEY,
      findings: [
        {
          at: 'triggers.new_contact',
          message: 'perform item 0: return "vip" with every item',
        },
      ],
      // An item without its primary key also lacks a key of the sample, which must hold it (D010).
      alsoChanges: ['T004'],
    },
    {
      name: 'a second item without "id"',
      change: (input) => {
        const first = runItem(input, 'triggers.new_contact', 'perform');
        const second = structuredClone(first);
        delete second.id;
        withOutcome('triggers.new_contact', 'perform', {
          kind: 'items',
          items: [first, second],
        })(input);
      },
      findings: [
        {
          at: 'triggers.new_contact',
          message: 'perform item 1: return "id" with every item',
        },
      ],
    },
    {
      name: 'a run that could not happen offline: it cannot decide, and says where the reason is',
      change: NEEDS_THE_NETWORK,
      findings: [{ at: 'triggers.new_contact', ...NO_ITEMS }],
      alsoChanges: ['T003', 'T004', 'T005'],
    },
  ],
});
