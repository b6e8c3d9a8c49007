import rule from '../../src/rules/T006-hook-list-keys-come-in-deliveries';
import { runItem, testRule } from '../rule-tester';
import { FAILED_DELIVERY, NO_ITEMS, withOutcome } from './local-runs';

testRule(rule, {
  valid: [
    {
      name: 'a delivery with more keys than performList returns',
      change: (input) => {
        runItem(input, 'triggers.contact_hook', 'perform').delivered_at =
          '2026-03-14T09:30:00Z';
      },
    },
    {
      name: 'a polling trigger, which has no delivery to compare',
      change: (input) => {
        runItem(input, 'triggers.new_contact', 'perform').listed_at = '2026-03-14';
      },
    },
  ],
  invalid: [
    {
      name: 'a key performList returns that no delivery brings',
      change: (input) => {
        runItem(input, 'triggers.contact_hook', 'performList').listed_at = '2026-03-14';
      },
      findings: [
        {
          at: 'triggers.contact_hook',
          message:
            'performList returns "listed_at" that no delivery brings; give both the same shape',
        },
      ],
    },
    {
      name: 'a delivery that failed: it cannot compare, and says where the reason is',
      change: FAILED_DELIVERY,
      findings: [{ at: 'triggers.contact_hook', ...NO_ITEMS }],
      alsoChanges: ['T003', 'T004', 'T005'],
    },
    {
      name: 'a delivery that brought no items: nothing to compare',
      change: withOutcome('triggers.contact_hook', 'perform', {
        kind: 'items',
        items: [],
      }),
      findings: [
        {
          at: 'triggers.contact_hook',
          message:
            'perform returned no items on the delivery, so its keys cannot be compared',
          status: 'deferred',
        },
      ],
      alsoChanges: ['T004'],
    },
  ],
});
