import rule from '../../src/rules/D011-help-text-says-more-than-the-label';
import type { TestInput } from '../rule-tester';
import { authFields, fields, testRule } from '../rule-tester';

const REPEATS = 'make the help text explain the field, not repeat its label';

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
  ],
  invalid: [
    {
      name: 'help text that is its label: "Email."',
      change: withEmailHelp('Email.'),
      findings: [{ at: 'searches.find_contact email', message: REPEATS }],
    },
    ...['Enter the email', 'Your email.', 'The Email field'].map((helpText) => ({
      name: `help text that says no more than its label Email: "${helpText}"`,
      change: withEmailHelp(helpText),
      findings: [{ at: 'searches.find_contact email', message: REPEATS }],
    })),
    {
      name: "a connection field's help text",
      change: (input) => {
        authFields(input)[0]!.helpText = 'Your API key';
      },
      findings: [{ at: 'authentication api_key', message: REPEATS }],
      // Help text that only repeats the label has no link to where the key is found either.
      alsoChanges: ['D002'],
    },
    ...[
      { label: 'Workspace Name', helpText: 'Choose your workspace name.' },
      { label: 'Team Name', helpText: 'The name of the team.' },
      // With its dropdown: IDs are picked from a list (D004).
      {
        label: 'Tag IDs',
        helpText: 'Please select the tag IDs to use.',
        dynamic: 'list.id.name',
      },
      { label: 'Email Address', helpText: 'Enter your email addresses here.' },
    ].map((field) => ({
      name: `help text that adds no word to "${field.label}": "${field.helpText}"`,
      change: withField({ key: 'extra', ...field }),
      findings: [{ at: 'creates.create_contact extra', message: REPEATS }],
    })),
    ...[
      ['Metadata', 'Optional metadata.'],
      ['Input Variables', 'Input variables for the contact.'],
      ['Owner', 'Select the owner to create the contact with.'],
    ].map(([label = '', helpText = '']) => ({
      name: `what the editor shows beside the label (the step, required or optional) counts as said: "${label}", "${helpText}"`,
      change: withField({ key: 'extra', label, helpText }),
      findings: [{ at: 'creates.create_contact extra', message: REPEATS }],
    })),
    {
      name: "the app's name counts as said: it is on every screen",
      change: withField({
        key: 'locale',
        label: 'Locale',
        helpText: 'Contacts Hub locale.',
      }),
      findings: [{ at: 'creates.create_contact locale', message: REPEATS }],
    },
    {
      name: "the app's name from its package.json when it has no listing",
      change: (input) => {
        input.listing = {
          found: false,
          path: 'listing.json',
          problem: 'none',
          missing: true,
        };
        input.sources = [{ path: 'package.json', text: '{"name": "crowdin"}' }];
        fields(input, 'searches.find_contact').push({
          key: 'locale',
          label: 'Locale',
          helpText: 'Crowdin Contact Locale.',
        });
      },
      findings: [{ at: 'searches.find_contact locale', message: REPEATS }],
      // Without a listing file, M002 has no description to judge.
      alsoChanges: ['M002'],
    },
  ],
});
