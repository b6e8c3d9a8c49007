import rule from '../../src/rules/D028-clean-input-data-is-off';
import { operation, testRule } from '../rule-tester';

const ON = 'cleanInputData is true: set it to false and handle empty values in code';

testRule(rule, {
  valid: [
    {
      name: 'no flags at all: unset counts as passing',
      change: (input) => {
        delete input.definition.flags;
      },
    },
    {
      name: 'a step that sets it to false',
      change: (input) => {
        operation(input, 'creates.create_contact').cleanInputData = false;
      },
    },
  ],
  invalid: [
    {
      name: 'the app-wide flag set to true',
      change: { definition: { flags: { cleanInputData: true } } },
      findings: [{ at: 'flags.cleanInputData', message: ON }],
    },
    {
      name: "a step's own flag set to true",
      change: (input) => {
        operation(input, 'creates.create_contact').cleanInputData = true;
      },
      findings: [{ at: 'creates.create_contact', message: ON }],
    },
  ],
});
