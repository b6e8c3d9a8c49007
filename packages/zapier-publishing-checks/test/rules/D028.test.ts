import rule from '../../src/rules/D028-clean-input-data-is-off';
import type { TestInput } from '../rule-tester';
import { operation, testRule } from '../rule-tester';

const on = (how: 'true' | 'not set (true)') =>
  `cleanInputData is ${how}: set it to false (flags.cleanInputData for the app, or this operation's operation.cleanInputData) and handle empty values in code`;

/** The steps Zapier counts in the valid app: each visible step with input fields, and the hook trigger. */
const COUNTED = [
  'triggers.new_contact',
  'triggers.contact_hook',
  'searches.find_contact',
  'creates.create_contact',
];

const withoutAppFlag = (input: TestInput): void => {
  delete input.definition.flags;
};

testRule(rule, {
  valid: [
    {
      name: 'a step that sets it to false beside the app that does',
      change: (input) => {
        operation(input, 'creates.create_contact').cleanInputData = false;
      },
    },
    {
      name: 'no app flag, but every counted step sets it to false itself',
      change: (input) => {
        withoutAppFlag(input);
        for (const path of COUNTED) {
          operation(input, path).cleanInputData = false;
        }
      },
    },
    {
      name: "a step's false wins over the app's true",
      change: (input) => {
        input.definition.flags = { cleanInputData: true };
        for (const path of COUNTED) {
          operation(input, path).cleanInputData = false;
        }
      },
    },
    {
      name: 'a hidden step with input fields, the app flag unset: not counted',
      change: (input) => {
        withoutAppFlag(input);
        for (const path of COUNTED) {
          operation(input, path).cleanInputData = false;
        }
        operation(input, 'triggers.list').inputFields = [
          { key: 'account', label: 'Account', helpText: 'Set by the app.' },
        ];
      },
    },
  ],
  invalid: [
    {
      name: "a core before the flag (its schema refuses it): upgrade core first, the app's version named",
      change: (input) => {
        withoutAppFlag(input);
        input.definition.platformVersion = '17.7.0';
      },
      findings: COUNTED.map((at) => ({
        at,
        message:
          "cleanInputData is not set (true), and the app's core 17.7.0 has no such flag (its schema refuses it): upgrade zapier-platform-core to 18.0.0 or later, then set flags.cleanInputData to false and handle empty values in code",
      })),
    },
    {
      name: 'no flags at all: unset is true (core 18+), once per counted step, as Zapier reported six on an app with six steps with input fields',
      change: withoutAppFlag,
      findings: COUNTED.map((at) => ({ at, message: on('not set (true)') })),
    },
    {
      name: 'a polling trigger without input fields is not counted',
      change: (input) => {
        withoutAppFlag(input);
        operation(input, 'triggers.new_contact').inputFields = [];
      },
      findings: COUNTED.filter((at) => at !== 'triggers.new_contact').map((at) => ({
        at,
        message: on('not set (true)'),
      })),
    },
    {
      name: 'a hook trigger is counted, with input fields or without',
      change: (input) => {
        for (const path of COUNTED) {
          operation(input, path).cleanInputData = false;
        }
        operation(input, 'triggers.contact_hook').cleanInputData = true;
      },
      findings: [{ at: 'triggers.contact_hook', message: on('true') }],
    },
    {
      name: 'the app-wide flag set to true: each counted step',
      change: { definition: { flags: { cleanInputData: true } } },
      findings: COUNTED.map((at) => ({ at, message: on('true') })),
    },
    {
      name: 'core 18.0.0, the first with the flag: set it to false',
      change: (input) => {
        withoutAppFlag(input);
        input.definition.platformVersion = '18.0.0';
      },
      findings: COUNTED.map((at) => ({ at, message: on('not set (true)') })),
    },
    {
      name: "a step's own flag set to true",
      change: (input) => {
        operation(input, 'creates.create_contact').cleanInputData = true;
      },
      findings: [{ at: 'creates.create_contact', message: on('true') }],
    },
    {
      name: "a step's own false, the app's unset: the others are reported",
      change: (input) => {
        withoutAppFlag(input);
        operation(input, 'creates.create_contact').cleanInputData = false;
      },
      findings: COUNTED.filter((at) => at !== 'creates.create_contact').map((at) => ({
        at,
        message: on('not set (true)'),
      })),
    },
  ],
});
