import rule from '../../src/rules/D013-search-references-name-searches';
import { fields, step, testRule } from '../rule-tester';

const noSuchSearch = (reference: string) =>
  `"search": "${reference}" names no search of the app; point it at an existing search`;

testRule(rule, {
  valid: [
    {
      name: "the search's key alone, without the field it gives",
      change: (input) => {
        fields(input, 'creates.create_contact')[1]!.search = 'find_contact';
      },
    },
    {
      name: 'a link to a hidden search: hidden, it is a search all the same',
      change: (input) => {
        step(input, 'searches.find_contact').display!.hidden = true;
      },
    },
  ],
  invalid: [
    {
      name: 'a search key that names no search',
      change: (input) => {
        fields(input, 'creates.create_contact')[1]!.search = 'find_person.id';
      },
      findings: [
        { at: 'creates.create_contact owner', message: noSuchSearch('find_person.id') },
      ],
    },
    {
      name: 'the key of a trigger: a search link names a search only',
      change: (input) => {
        fields(input, 'creates.create_contact')[1]!.search = 'new_contact.id';
      },
      findings: [
        { at: 'creates.create_contact owner', message: noSuchSearch('new_contact.id') },
      ],
    },
  ],
});
