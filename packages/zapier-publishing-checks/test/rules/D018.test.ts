import rule from '../../src/rules/D018-labels-are-title-case';
import { titleCaseProblems } from '../../src/shared/title-case';
import type { TestInput } from '../rule-tester';
import { step, testRule } from '../rule-tester';
import {
  VISIBLE_DROPDOWN_SOURCE_ALSO_CHANGES,
  withDropdownSource,
} from './hidden-dropdown';

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
    ...[
      'New Per Product Sale',
      'New per Product Sale',
      'Find or Create Contact Per List',
    ].map((label) => ({
      name: `"${label}": "per" is a small word only in some styles`,
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
  ],
  invalid: [
    {
      name: "a lowercase word in a search's label",
      change: withLabel('searches.find_contact', 'Find Contact by email'),
      findings: [
        {
          at: 'searches.find_contact',
          message: 'capitalise "email" in the label "Find Contact by email"',
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
          message: 'capitalise "create", "contact" in the label "Find or create contact"',
        },
      ],
    },
    {
      name: '"Add Label To Issue", as Zapier refused it',
      change: withLabel('creates.create_contact', 'Add Label To Issue'),
      findings: [
        {
          at: 'creates.create_contact',
          message: 'write "To" in lowercase in the label "Add Label To Issue"',
        },
      ],
    },
    {
      name: 'a small word capitalised inside the label: "Create Contact With Tags To List"',
      change: withLabel('creates.create_contact', 'Create Contact With Tags To List'),
      findings: [
        {
          at: 'creates.create_contact',
          message:
            'write "To" in lowercase in the label "Create Contact With Tags To List"',
        },
      ],
    },
    {
      name: 'the same dropdown source, made visible',
      change: withDropdownSource(false),
      findings: [
        {
          at: 'triggers.list',
          message: 'capitalise "list", "lists" in the label "list of lists"',
        },
      ],
      alsoChanges: VISIBLE_DROPDOWN_SOURCE_ALSO_CHANGES.filter((id) => id !== 'D018'),
    },
  ],
});

describe('titleCaseProblems, the judgment call', () => {
  it.each([
    'New Lead',
    'Find or Create Contact',
    'Add Subscriber to List',
    'New iPhone Order',
    'Send SMS',
    'Update Row (Advanced)',
    'Set Up Webhook',
    'Sign In',
    'Create Billing Request (With Line Items Support)',
    'Find Contact: By Email',
    'Remove Label From String',
    'Remove Label from String',
  ])('accepts "%s"', (label) => {
    expect(titleCaseProblems(label)).toEqual({ capitalise: [], lowercase: [] });
  });

  it.each([
    ['new lead', ['new', 'lead'], []],
    ['Find contact', ['contact'], []],
    ['or Create Contact', ['or'], []],
    ['Find Contact To', [], []],
    ['Find Contact to', ['to'], []],
    ['Add Label To Issue', [], ['To']],
    ['Find Or Create Row In Sheet', [], ['Or', 'In']],
    ['Create Request (With Items Of Order)', [], ['Of']],
    ['Find Contact: by email', ['by', 'email'], []],
  ])('flags "%s"', (label, capitalise, lowercase) => {
    expect(titleCaseProblems(label)).toEqual({ capitalise, lowercase });
  });
});
