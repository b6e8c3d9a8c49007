import rule from '../../src/rules/D022-creates-have-static-input-fields';
import { operation, testRule } from '../rule-tester';

const FUNC = '$func$2$f$';

testRule(rule, {
  valid: [
    {
      name: 'one optional field written out is enough',
      change: (input) => {
        operation(input, 'creates.create_contact').inputFields = [
          { key: 'note', label: 'Note', helpText: 'Kept on the contact for the team.' },
        ];
      },
    },
    {
      name: 'a search whose fields a function gives: only creates need static ones',
      change: (input) => {
        operation(input, 'searches.find_contact').inputFields = [FUNC];
      },
    },
  ],
  invalid: [
    {
      name: 'a create whose fields a function gives, and only a function',
      change: (input) => {
        operation(input, 'creates.create_contact').inputFields = [FUNC];
      },
      findings: [
        {
          at: 'creates.create_contact',
          message:
            'declare at least one input field in the definition, not only in a function',
        },
      ],
    },
    {
      name: 'a create with no input fields at all',
      change: (input) => {
        operation(input, 'creates.create_contact').inputFields = [];
      },
      findings: [
        {
          at: 'creates.create_contact',
          message: 'give it an input field the user fills in; it declares none',
        },
      ],
    },
  ],
});
