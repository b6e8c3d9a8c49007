import rule from '../../src/rules/D018-labels-are-title-case';
import { titleCase } from '../../src/shared/title-case';
import type { TestInput } from '../rule-tester';
import { step, testRule } from '../rule-tester';
import {
  VISIBLE_DROPDOWN_SOURCE_ALSO_CHANGES,
  withDropdownSource,
} from './hidden-dropdown';

const notTitleCase = (label: string, titled: string) =>
  `write the label "${label}" as "${titled}"`;

/** A change that sets the label of a step. */
const withLabel =
  (path: string, label: string) =>
  (input: TestInput): void => {
    step(input, path).display!.label = label;
  };

testRule(rule, {
  valid: [
    {
      name: 'the hidden step it leaves alone: a dropdown source labelled "list of lists"',
      change: withDropdownSource(true),
    },
    {
      name: 'a hidden step without label or description',
      change: (input) => {
        step(input, 'triggers.list').display = { hidden: true };
      },
    },
    ...['New Per Product Sale', 'Find or Create Contact Per List'].map((label) => ({
      name: `"${label}": "Per" is no small word, as Zapier took "New Per Product Fulfillment Request"`,
      change: withLabel('triggers.new_contact', label),
    })),
    {
      name: 'a bracket attached to a word is part of it: "Start Workflow on Document(s)"',
      change: withLabel('triggers.new_contact', 'Start Workflow on Document(s)'),
    },
    {
      name: 'a bracketed or colon-led phrase opens with a capital: "Create Contact (With Tags): By Email"',
      change: withLabel('creates.create_contact', 'Create Contact (With Tags): By Email'),
    },
    // Labels Zapier passed (its verdicts on the same apps).
    ...[
      ['creates.create_contact', 'Remove Label From Issue'],
      ['searches.find_contact', 'Find Issue by ID'],
      ['creates.create_contact', 'Inquire a Tier Configuration Request'],
      ['creates.create_contact', 'Schedule a Message'],
      ['creates.create_contact', 'Upload File to My Documents'],
    ].map(([path = '', label = '']) => ({
      name: `"${label}", as Zapier passed it`,
      change: withLabel(path, label),
    })),
  ],
  invalid: [
    {
      name: "a lowercase word in a search's label",
      change: withLabel('searches.find_contact', 'Find Contact by email'),
      findings: [
        {
          at: 'searches.find_contact',
          message: notTitleCase('Find Contact by email', 'Find Contact by Email'),
        },
      ],
    },
    {
      name: "a search-or-create's label",
      change: (input) => {
        input.definition.searchOrCreates!.find_contact!.display!.label =
          'Find or create contact';
      },
      findings: [
        {
          at: 'searchOrCreates.find_contact',
          message: notTitleCase('Find or create contact', 'Find or Create Contact'),
        },
      ],
    },
    // Labels Zapier refused, and the passing version it gave or the developer wrote.
    ...[
      ['creates.create_contact', 'Add Label To Issue', 'Add Label to Issue'],
      [
        'creates.create_contact',
        'Delete Folder from My Documents',
        'Delete Folder From My Documents',
      ],
      [
        'creates.create_contact',
        'Change Status Of Listing Request',
        'Change Status of Listing Request',
      ],
      ['triggers.new_contact', 'New Or Updated Contact', 'New or Updated Contact'],
      [
        'creates.create_contact',
        'Create sequence enrollment',
        'Create Sequence Enrollment',
      ],
      [
        'triggers.new_contact',
        'New Appointment (appointment/cancelled)',
        'New Appointment (Appointment/Cancelled)',
      ],
    ].map(([path = '', label = '', titled = '']) => ({
      name: `"${label}", as Zapier refused it`,
      change: withLabel(path, label),
      findings: [{ at: path, message: notTitleCase(label, titled) }],
    })),
    {
      name: 'a small word capitalised inside the label: "Create Contact With Tags To List"',
      change: withLabel('creates.create_contact', 'Create Contact With Tags To List'),
      findings: [
        {
          at: 'creates.create_contact',
          message: notTitleCase(
            'Create Contact With Tags To List',
            'Create Contact With Tags to List',
          ),
        },
      ],
    },
    {
      name: '"New per Product Sale": "per" is capitalised, as any word not small',
      change: withLabel('triggers.new_contact', 'New per Product Sale'),
      findings: [
        {
          at: 'triggers.new_contact',
          message: notTitleCase('New per Product Sale', 'New Per Product Sale'),
        },
      ],
    },
    {
      name: 'the same dropdown source, made visible',
      change: withDropdownSource(false),
      findings: [
        { at: 'triggers.list', message: notTitleCase('list of lists', 'List of Lists') },
      ],
      alsoChanges: VISIBLE_DROPDOWN_SOURCE_ALSO_CHANGES.filter((id) => id !== 'D018'),
    },
  ],
  output: [
    {
      name: 'the label in its own literal: only its characters change, the comment stays',
      change: withLabel('triggers.new_contact', 'new contact'),
      code: [
        'module.exports = {',
        "  key: 'new_contact',",
        "  noun: 'Contact',",
        "  display: { label: 'new contact' /* shown in the editor */, description: 'Triggers when a contact is added.' },",
        '};',
        '',
      ].join('\n'),
      output: [
        'module.exports = {',
        "  key: 'new_contact',",
        "  noun: 'Contact',",
        "  display: { label: 'New Contact' /* shown in the editor */, description: 'Triggers when a contact is added.' },",
        '};',
        '',
      ].join('\n'),
    },
    {
      name: 'a const the step names: the const is fixed, in its quotes',
      change: withLabel('creates.create_contact', 'Add Label To Contact'),
      code: [
        'const LABEL = "Add Label To Contact";',
        "const create = { key: 'create_contact', display: { label: LABEL } };",
        'module.exports = create;',
        '',
      ].join('\n'),
      output: [
        'const LABEL = "Add Label to Contact";',
        "const create = { key: 'create_contact', display: { label: LABEL } };",
        'module.exports = create;',
        '',
      ].join('\n'),
    },
    {
      name: 'a TypeScript step, the label in a template literal',
      change: withLabel('searches.find_contact', 'find contact by email'),
      file: 'src/searches/contact.ts',
      code: [
        "import type { Search } from 'zapier-platform-core';",
        '',
        "export default { key: 'find_contact', display: { label: `find contact by email` } } satisfies Search;",
        '',
      ].join('\n'),
      output: [
        "import type { Search } from 'zapier-platform-core';",
        '',
        "export default { key: 'find_contact', display: { label: `Find Contact by Email` } } satisfies Search;",
        '',
      ].join('\n'),
    },
  ],
});

describe('titleCase, the passing version of a label', () => {
  it.each([
    'New Lead',
    'Find or Create Contact',
    'Add Subscriber to List',
    'New iPhone Order',
    'Create McDonald Order',
    'Send SMS',
    'Update Row (Advanced)',
    'Set Up Webhook',
    'Log Off',
    'Sign In',
    'Create Billing Request (With Line Items Support)',
    'Find Contact: By Email',
    'Remove Label From String',
    'Remove Calendar From Availability',
    'Create Asset Request From External System Order',
    'Find Contact To',
    'Send via SMS',
    'Open example.com Page',
    'Add to Cart',
  ])('keeps "%s"', (label) => {
    expect(titleCase(label)).toBe(label);
  });

  it.each([
    // Every word capitalised but the small ones.
    ['new lead', 'New Lead'],
    ['Find contact', 'Find Contact'],
    ['Create project', 'Create Project'],
    // Small words lower case inside: a an and as at but by en for if in of on or the to v via vs.
    ['Add Label To Issue', 'Add Label to Issue'],
    ['Add Calendar To Availability', 'Add Calendar to Availability'],
    ['Find Or Create Row In Sheet', 'Find or Create Row in Sheet'],
    ['Create Request (With Items Of Order)', 'Create Request (With Items of Order)'],
    ['Compare Plan Vs Plan', 'Compare Plan vs Plan'],
    ['Send Via SMS', 'Send via SMS'],
    // From, Per, With, Up, Off are no small words.
    ['Remove Label from String', 'Remove Label From String'],
    ['Remove Participant from Group', 'Remove Participant From Group'],
    ['Sign up with Google', 'Sign Up With Google'],
    ['New per Product Sale', 'New Per Product Sale'],
    // A small word first or last is capitalised.
    ['or Create Contact', 'Or Create Contact'],
    ['a New Lead', 'A New Lead'],
    ['Find Contact to', 'Find Contact To'],
    ['Sign in', 'Sign In'],
    // After a colon or a dash and a space, a small word opens a phrase.
    ['Find Contact: by email', 'Find Contact: By Email'],
    ['Create Note - a Quick One', 'Create Note - A Quick One'],
    ['Find Contact — by Email', 'Find Contact — By Email'],
    // Hyphenated and slashed parts are each title-cased; a bracket opens none.
    ['Generate Stream from Real-Time Stream', 'Generate Stream From Real-Time Stream'],
    ['Create Follow-up Task', 'Create Follow-Up Task'],
    [
      'New Appointment (appointment/cancelled)',
      'New Appointment (Appointment/Cancelled)',
    ],
    ['Add Tag/label', 'Add Tag/Label'],
    // Words with inner capitals are kept; a line all in capitals is not.
    ['Get IDs Of Contacts', 'Get IDs of Contacts'],
    ['NEW LEAD', 'New Lead'],
  ])('writes "%s" as "%s"', (label, titled) => {
    expect(titleCase(label)).toBe(titled);
  });
});
