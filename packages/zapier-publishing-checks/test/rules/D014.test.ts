import rule from '../../src/rules/D014-search-links-have-dropdowns';
import { fields, testRule } from '../rule-tester';

const NO_DROPDOWN =
  'give it a dynamic dropdown ("dynamic": "trigger_key.id.label") beside its "search"';

testRule(rule, {
  valid: [
    {
      name: 'a search link with its dropdown, whatever else the field is (a list)',
      change: (input) => {
        fields(input, 'creates.create_contact')[1]!.list = true;
      },
    },
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
  ],
});
