import rule from '../../src/rules/D009-searches-have-input-fields';
import { operation, step, testRule } from '../rule-tester';

const FUNC = '$func$2$f$';
const NO_INPUT_FIELD = 'add an input field to search by';

testRule(rule, {
  valid: [
    {
      name: 'a search whose input fields a function gives',
      change: (input) => {
        operation(input, 'searches.find_contact').inputFields = [FUNC];
      },
    },
    {
      name: 'a trigger with no input field: only searches need one',
      change: (input) => {
        operation(input, 'triggers.new_contact').inputFields = [];
      },
    },
  ],
  invalid: [
    {
      name: 'a search with an empty list of input fields',
      change: (input) => {
        operation(input, 'searches.find_contact').inputFields = [];
      },
      findings: [{ at: 'searches.find_contact', message: NO_INPUT_FIELD }],
    },
    {
      name: 'a hidden search with no inputFields at all',
      change: (input) => {
        step(input, 'searches.find_contact').display!.hidden = true;
        delete operation(input, 'searches.find_contact').inputFields;
      },
      findings: [{ at: 'searches.find_contact', message: NO_INPUT_FIELD }],
    },
  ],
});
