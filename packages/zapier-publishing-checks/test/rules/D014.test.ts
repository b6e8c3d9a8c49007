import rule from '../../src/rules/D014-search-links-have-dropdowns';
import type { TestInput } from '../rule-tester';
import { fields, testRule } from '../rule-tester';

const NO_DROPDOWN =
  'give it a dynamic dropdown ("dynamic": "trigger_key.id.label") beside its "search"';
const NOT_ONE_VALUE =
  'a search finds one value: make it a string, number or integer, without list, dict or children';

/** A change that sets properties of Create Contact's Owner, which links Find Contact. */
const withOwner =
  (properties: Record<string, unknown>) =>
  (input: TestInput): void => {
    Object.assign(fields(input, 'creates.create_contact')[1]!, properties);
  };

testRule(rule, {
  valid: [
    ...(['string', 'number', 'integer'] as const).map((type) => ({
      name: `a search link with its dropdown, of type ${type}: one value`,
      change: withOwner({ type }),
    })),
    {
      name: "a trigger's field linking a search, beside its dropdown",
      change: (input) => {
        fields(input, 'triggers.new_contact').push({
          key: 'owner',
          label: 'Owner',
          helpText: 'Only contacts this person owns start the Zap.',
          dynamic: 'new_contact.id.email',
          search: 'find_contact.id',
        });
      },
    },
  ],
  invalid: [
    {
      name: 'a search link without a dropdown',
      change: (input) => {
        delete fields(input, 'creates.create_contact')[1]!.dynamic;
      },
      findings: [{ at: 'creates.create_contact owner', message: NO_DROPDOWN }],
    },
    {
      name: 'a search link with static choices: they are no dynamic dropdown',
      change: (input) => {
        const owner = fields(input, 'creates.create_contact')[1]!;
        delete owner.dynamic;
        owner.choices = ['ada@example.org', 'grace@example.org'];
      },
      findings: [{ at: 'creates.create_contact owner', message: NO_DROPDOWN }],
    },
    {
      name: 'a search link with its dropdown that is a list: a search finds one value',
      change: withOwner({ list: true }),
      findings: [{ at: 'creates.create_contact owner', message: NOT_ONE_VALUE }],
    },
    ...(
      [
        ['a dict', { dict: true }],
        ['line items', { children: [{ key: 'email' }] }],
        ['of type boolean', { type: 'boolean' }],
        ['of type datetime', { type: 'datetime' }],
      ] as const
    ).map(([what, properties]) => ({
      name: `a search link with its dropdown that is ${what}: not one value`,
      change: withOwner(properties),
      findings: [{ at: 'creates.create_contact owner', message: NOT_ONE_VALUE }],
    })),
    {
      name: 'a list without a dropdown: both said',
      change: (input) => {
        const owner = fields(input, 'creates.create_contact')[1]!;
        delete owner.dynamic;
        owner.list = true;
      },
      findings: [
        { at: 'creates.create_contact owner', message: NO_DROPDOWN },
        { at: 'creates.create_contact owner', message: NOT_ONE_VALUE },
      ],
    },
  ],
});
