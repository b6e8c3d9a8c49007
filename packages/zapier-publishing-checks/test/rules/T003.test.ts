import rule from '../../src/rules/T003-result-dates-are-iso-8601';
import { runItem, testRule } from '../rule-tester';
import { FAILED_DELIVERY, NEEDS_THE_NETWORK, NO_ITEMS, withOutcome } from './local-runs';

const notIso = (method: string, key: string, value: string) =>
  `${method} ${key}: ${JSON.stringify(value)}: return dates as ISO 8601 with a zone, e.g. 2026-03-14T09:26:53Z`;

testRule(rule, {
  valid: [
    {
      name: 'a date and time with an offset for its zone',
      change: (input) => {
        runItem(input, 'triggers.new_contact', 'perform').created_at =
          '2026-03-14T09:26:53+01:00';
      },
    },
    {
      name: 'digits under a key that names no moment: no date',
      change: (input) => {
        runItem(input, 'triggers.new_contact', 'perform').order_number = 1472069465;
      },
    },
  ],
  invalid: [
    {
      name: 'a date written out in words',
      change: (input) => {
        runItem(input, 'triggers.new_contact', 'perform').created_at = 'March 14, 2026';
      },
      findings: [
        {
          at: 'triggers.new_contact created_at',
          message: notIso('perform', 'created_at', 'March 14, 2026'),
        },
      ],
    },
    {
      name: 'a date inside a list',
      change: (input) => {
        runItem(input, 'triggers.new_contact', 'perform').tags = ['March 14, 2026'];
      },
      findings: [
        {
          at: 'triggers.new_contact tags',
          message: notIso('perform', 'tags', 'March 14, 2026'),
        },
      ],
    },
    {
      name: "a date in a hook's performList",
      change: (input) => {
        runItem(input, 'triggers.contact_hook', 'performList').created_at = '14.03.2026';
      },
      findings: [
        {
          at: 'triggers.contact_hook created_at',
          message: notIso('performList', 'created_at', '14.03.2026'),
        },
      ],
    },
    {
      name: "a result's date and time with its zone's name after a space, read as D023 reads samples",
      change: (input) => {
        // A key no output field types as a datetime: read for its text alone.
        runItem(input, 'triggers.new_contact', 'perform').synced =
          '2017-10-07 20:05:00 GMT';
      },
      findings: [
        {
          at: 'triggers.new_contact synced',
          message: notIso('perform', 'synced', '2017-10-07 20:05:00 GMT'),
        },
      ],
    },
    {
      name: 'a run that could not happen offline: it cannot decide, and says where the reason is',
      change: NEEDS_THE_NETWORK,
      findings: [{ at: 'triggers.new_contact', ...NO_ITEMS }],
      alsoChanges: ['T002', 'T004', 'T005'],
    },
    {
      name: 'a search that could not run offline: it points at T004, which says why',
      change: withOutcome('searches.find_contact', 'perform', {
        kind: 'not run',
        reason: 'it needs the network',
      }),
      findings: [
        {
          at: 'searches.find_contact',
          message: 'perform: no items from a local run to judge (see T004)',
          status: 'deferred',
        },
      ],
      alsoChanges: ['T004'],
    },
    {
      name: 'a delivery that failed: it cannot decide, and says where the reason is',
      change: FAILED_DELIVERY,
      findings: [{ at: 'triggers.contact_hook', ...NO_ITEMS }],
      alsoChanges: ['T004', 'T005', 'T006'],
    },
  ],
});
