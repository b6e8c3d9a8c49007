import rule from '../../src/rules/D022-creates-have-static-input-fields';
import type { TestInput } from '../rule-tester';
import { operation, testRule } from '../rule-tester';

const FUNC = '$func$2$f$';

/** A change that adds a create whose fields only a function gives, hidden or not. */
const withFunctionFieldsCreate =
  (hidden: boolean) =>
  (input: TestInput): void => {
    input.definition.creates!.import_contact = {
      key: 'import_contact',
      noun: 'Contact',
      display: { label: 'Import Contact', description: 'Imports a contact.', hidden },
      operation: { perform: FUNC, inputFields: [FUNC] },
    };
  };

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
    {
      name: 'a hidden create whose fields only a function gives: no user fills it in',
      change: withFunctionFieldsCreate(true),
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
    {
      name: 'the same create, visible',
      change: withFunctionFieldsCreate(false),
      findings: [
        {
          at: 'creates.import_contact',
          message:
            'declare at least one input field in the definition, not only in a function',
        },
      ],
      // Visible, it needs a sample, and a local run to check its results
      // (T005 reads triggers only).
      alsoChanges: ['D012', 'T003', 'T004'],
    },
  ],
});
