import rule from '../../src/rules/D005-dynamic-references-name-triggers';
import { fields, testRule } from '../rule-tester';

const noSuchTrigger = (reference: string) =>
  `"dynamic": "${reference}" names no trigger of the app; point it at an existing trigger`;

testRule(rule, {
  valid: [
    {
      name: 'a dropdown fed by a visible trigger',
      change: (input) => {
        fields(input, 'creates.create_contact')[1]!.dynamic = 'contact_hook.id.email';
      },
    },
    {
      name: 'a dropdown fed by a hidden trigger: hidden, it is a trigger all the same',
      change: (input) => {
        fields(input, 'creates.create_contact')[1]!.dynamic = 'list.id.name';
      },
    },
  ],
  invalid: [
    {
      name: 'a trigger key with a typo ("lists" for "list")',
      change: (input) => {
        fields(input, 'triggers.new_contact')[0]!.dynamic = 'lists.id.name';
      },
      findings: [
        { at: 'triggers.new_contact list_id', message: noSuchTrigger('lists.id.name') },
      ],
    },
    {
      name: 'the key of a search: a dropdown is fed by a trigger only',
      change: (input) => {
        fields(input, 'creates.create_contact')[1]!.dynamic = 'find_contact.id.email';
      },
      findings: [
        {
          at: 'creates.create_contact owner',
          message: noSuchTrigger('find_contact.id.email'),
        },
      ],
    },
  ],
});
