import rule from '../../src/rules/D011-help-text-is-not-the-label';
import type { TestInput } from '../rule-tester';
import { authFields, fields, step, testRule } from '../rule-tester';

const repeats = (helpText: string) =>
  `the help text "${helpText}" is its label: explain the field, or drop the help text`;

/** A change that adds a field to Create Contact. */
const withField =
  (field: Record<string, unknown>) =>
  (input: TestInput): void => {
    fields(input, 'creates.create_contact').push(field);
  };

/** A change that sets the help text of Find Contact's Email field. */
const withEmailHelp =
  (helpText: string) =>
  (input: TestInput): void => {
    fields(input, 'searches.find_contact')[0]!.helpText = helpText;
  };

/** The hidden dropdown source New List, with one input field. */
const withListField =
  (hidden: boolean, field: Record<string, unknown>) =>
  (input: TestInput): void => {
    const list = step(input, 'triggers.list');
    list.display = { ...list.display, hidden };
    list.operation = { ...list.operation, inputFields: [field] };
  };

testRule(rule, {
  valid: [
    ...[
      ['Team Name', "The team's display name."],
      ['Workspace', 'Choose the workspace the contact joins.'],
    ].map(([label = '', helpText = '']) => ({
      name: `help text with a word of its own for "${label}": "${helpText}"`,
      change: withField({ key: 'extra', label, helpText }),
    })),
    {
      name: 'a field with a label and no help text: there is nothing to repeat',
      change: withField({ key: 'extra', label: 'Nickname' }),
    },
    // Zapier left each of these alone (its verdicts on the same apps).
    ...[
      ['Last Name', 'Lead last name.'],
      ['Address', "Lead's address"],
      ['Phone', 'Phone Number'],
      ['Campaign', 'Source campaign'],
      ['Title', 'Page title (required)'],
      ['Reference', 'Max 24 chars'],
    ].map(([label = '', helpText = '']) => ({
      name: `help text that says a little more than "${label}": "${helpText}"`,
      change: withField({ key: 'extra', label, helpText }),
    })),
    {
      name: '"Business uid" for "Business Id": another word is no repeat',
      change: withField({
        key: 'business_id',
        label: 'Business Id',
        helpText: 'Business uid',
        dynamic: 'list.id.name',
      }),
    },
    ...[
      ['Email', 'Enter the email'],
      ['Email', 'Your email.'],
      ['Email', 'The Email field'],
      ['Workspace Name', 'Choose your workspace name.'],
      ['Team Name', 'The name of the team.'],
      ['Metadata', 'Optional metadata.'],
      ['Owner', 'Select the owner to create the contact with.'],
    ].map(([label = '', helpText = '']) => ({
      name: `help text with words of its own, however few: "${label}", "${helpText}"`,
      change: withField({ key: 'extra', label, helpText }),
    })),
    {
      name: "the app's name, the step's label or its noun are no longer read as said",
      change: withField({
        key: 'locale',
        label: 'Locale',
        helpText: 'Contacts Hub locale.',
      }),
    },
    {
      name: "a connection field's help text with a word of its own",
      change: (input) => {
        authFields(input)[0]!.helpText = 'Your API key';
      },
      // Help text without a link to where the key is found.
      alsoChanges: ['D002'],
    },
    {
      name: 'help text of punctuation only repeats nothing',
      change: withField({ key: 'extra', label: 'Notes', helpText: '—' }),
    },
    {
      name: "a hidden step's field: it is never shown",
      change: withListField(true, {
        key: 'account',
        label: 'Account',
        helpText: 'Account',
      }),
    },
  ],
  invalid: [
    {
      name: 'help text that is its label: "Email."',
      change: withEmailHelp('Email.'),
      findings: [{ at: 'searches.find_contact email', message: repeats('Email.') }],
    },
    {
      name: 'help text that is its label but for a space: "Custom Field 1" for "Custom Field1"',
      change: withField({
        key: 'custom_field_1',
        label: 'Custom Field1',
        helpText: 'Custom Field 1',
      }),
      findings: [
        {
          at: 'creates.create_contact custom_field_1',
          message: repeats('Custom Field 1'),
        },
      ],
    },
    ...[
      ['Source Url', 'Source URL'],
      ['Amount', 'amount'],
      ['Source Campaign', 'Source campaign'],
    ].map(([label = '', helpText = '']) => ({
      name: `help text that is its label but for case: "${helpText}" for "${label}"`,
      change: withField({ key: 'extra', label, helpText }),
      findings: [{ at: 'creates.create_contact extra', message: repeats(helpText) }],
    })),
    ...[
      ['Client Id', 'client ID'],
      ['Event Type Id', 'Event type ID'],
      ['Matter Uid', 'Matter UID'],
    ].map(([label = '', helpText = '']) => ({
      name: `an ID field whose help text is its label: "${helpText}" for "${label}"`,
      // With its dropdown: IDs are picked from a list (D004).
      change: withField({ key: 'extra', label, helpText, dynamic: 'list.id.name' }),
      findings: [{ at: 'creates.create_contact extra', message: repeats(helpText) }],
    })),
    {
      name: "a connection field's help text that is its label",
      change: (input) => {
        authFields(input)[0]!.helpText = 'API key';
      },
      findings: [{ at: 'authentication api_key', message: repeats('API key') }],
      // It has no link to where the key is found either.
      alsoChanges: ['D002'],
    },
    {
      name: 'the same field in the step, made visible',
      change: withListField(false, {
        key: 'account',
        label: 'Account',
        helpText: 'Account',
      }),
      findings: [{ at: 'triggers.list account', message: repeats('Account') }],
      // Made visible, the dropdown's source has no sample and no local run.
      alsoChanges: ['D012', 'T002', 'T003', 'T004', 'T005'],
    },
  ],
  output: [
    {
      name: 'the help text on its own line: the line goes, the others stay as written',
      change: withEmailHelp('E-mail'),
      code: [
        'module.exports = {',
        "  key: 'find_contact',",
        '  operation: {',
        '    inputFields: [',
        '      {',
        "        key: 'email',",
        "        label: 'Email', // as the API names it",
        "        helpText: 'E-mail',",
        '      },',
        '    ],',
        '  },',
        '};',
        '',
      ].join('\n'),
      output: [
        'module.exports = {',
        "  key: 'find_contact',",
        '  operation: {',
        '    inputFields: [',
        '      {',
        "        key: 'email',",
        "        label: 'Email', // as the API names it",
        '      },',
        '    ],',
        '  },',
        '};',
        '',
      ].join('\n'),
    },
    {
      name: 'the help text last in a one-line field: its comma goes with it',
      change: withField({
        key: 'owner_name',
        label: 'Owner Name',
        helpText: 'owner name',
      }),
      code: [
        "const fields = [{ key: 'owner_name', label: 'Owner Name', helpText: 'owner name' }];",
        "module.exports = { key: 'create_contact', operation: { inputFields: fields } };",
        '',
      ].join('\n'),
      output: [
        "const fields = [{ key: 'owner_name', label: 'Owner Name' }];",
        "module.exports = { key: 'create_contact', operation: { inputFields: fields } };",
        '',
      ].join('\n'),
    },
  ],
});
