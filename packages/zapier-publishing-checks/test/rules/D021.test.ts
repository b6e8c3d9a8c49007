import rule from '../../src/rules/D021-trigger-descriptions-say-triggers-when';
import type { TestInput } from '../rule-tester';
import { step, testRule } from '../rule-tester';
import {
  VISIBLE_DROPDOWN_SOURCE_ALSO_CHANGES,
  withDropdownSource,
} from './hidden-dropdown';

/** A change that sets New Contact's description. */
const withDescription =
  (description: string) =>
  (input: TestInput): void => {
    step(input, 'triggers.new_contact').display!.description = description;
  };

const AT = 'triggers.new_contact';
const fix = (description: string) =>
  `write the description as "Triggers when … ." (it is "${description}")`;

testRule(rule, {
  valid: [
    {
      name: 'the hidden step it leaves alone: a dropdown source that "Lists the lists"',
      change: withDropdownSource(true),
    },
    {
      name: 'a hidden step without label or description',
      change: (input) => {
        step(input, 'triggers.list').display = { hidden: true };
      },
    },
    {
      name: 'a description of two sentences, the first "Triggers when …"',
      change: withDescription(
        'Triggers when a contact is added. Contacts imported in bulk count too.',
      ),
    },
    {
      name: 'a search\'s description, which need not say "Triggers when"',
      change: (input) => {
        step(input, 'searches.find_contact').display!.description =
          'Looks a contact up by email.';
      },
    },
  ],
  invalid: [
    {
      name: 'a description that says "Fires when"',
      change: withDescription('Fires when a contact is added.'),
      findings: [{ at: AT, message: fix('Fires when a contact is added.') }],
    },
    ...[
      ['without its full stop', 'Triggers when a contact is added'],
      ['with a space after its full stop', 'Triggers when a contact is added. '],
      ['with nothing between "Triggers when" and the full stop', 'Triggers when .'],
      ['with nothing after "Triggers when"', 'Triggers when'],
    ].map(([what = '', description = '']) => ({
      name: `a description ${what}: "${description}"`,
      change: withDescription(description),
      findings: [{ at: AT, message: fix(description) }],
    })),
    {
      name: 'the same dropdown source, made visible',
      change: withDropdownSource(false),
      findings: [
        {
          at: 'triggers.list',
          message: fix('Lists the lists, for dropdowns.'),
        },
      ],
      alsoChanges: VISIBLE_DROPDOWN_SOURCE_ALSO_CHANGES.filter((id) => id !== 'D021'),
    },
  ],
  output: [
    {
      name: 'the full stop it lacks is added',
      change: withDescription('Triggers when a contact is added'),
      code: [
        "module.exports = { key: 'new_contact', display: { label: 'New Contact', description: 'Triggers when a contact is added' } };",
        '',
      ].join('\n'),
      output: [
        "module.exports = { key: 'new_contact', display: { label: 'New Contact', description: 'Triggers when a contact is added.' } };",
        '',
      ].join('\n'),
    },
    {
      name: '"Fires when" says it otherwise: its opening is rewritten',
      change: withDescription('Fires when a contact is added.'),
      code: [
        "module.exports = { key: 'new_contact', display: { label: 'New Contact', description: 'Fires when a contact is added.' } };",
        '',
      ].join('\n'),
      output: [
        "module.exports = { key: 'new_contact', display: { label: 'New Contact', description: 'Triggers when a contact is added.' } };",
        '',
      ].join('\n'),
    },
  ],
});
