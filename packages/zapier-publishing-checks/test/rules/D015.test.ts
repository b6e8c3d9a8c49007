import rule from '../../src/rules/D015-search-or-creates-name-their-steps';
import type { TestInput } from '../rule-tester';
import { testRule } from '../rule-tester';

const AT = 'searchOrCreates.find_contact';
const NO_SUCH_SEARCH = '"search" must name an existing search';
const NO_SUCH_CREATE = '"create" must name an existing create';

/** The app's one search-or-create, to change. */
const findOrCreate = (input: TestInput) =>
  input.definition.searchOrCreates!.find_contact!;

testRule(rule, {
  valid: [
    {
      name: 'an app with no search-or-create',
      change: (input) => {
        input.definition.searchOrCreates = {};
      },
    },
    {
      name: 'a second search-or-create over the same search and create',
      change: (input) => {
        input.definition.searchOrCreates!.find_or_add_contact = {
          key: 'find_or_add_contact',
          display: {
            label: 'Find or Add Contact',
            description: 'Finds a contact, or adds one.',
          },
          search: 'find_contact',
          create: 'create_contact',
        };
      },
    },
  ],
  invalid: [
    {
      name: 'a create that does not exist',
      change: (input) => {
        findOrCreate(input).create = 'add_contact';
      },
      findings: [{ at: AT, message: NO_SUCH_CREATE }],
    },
    {
      name: "a search's key given as the create: each must be of its kind",
      change: (input) => {
        findOrCreate(input).create = 'find_contact';
      },
      findings: [{ at: AT, message: NO_SUCH_CREATE }],
    },
    {
      name: 'neither a search nor a create',
      change: (input) => {
        delete findOrCreate(input).search;
        findOrCreate(input).create = 'add_contact';
      },
      findings: [
        { at: AT, message: NO_SUCH_SEARCH },
        { at: AT, message: NO_SUCH_CREATE },
      ],
    },
  ],
});
