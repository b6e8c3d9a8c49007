import rule from '../../src/rules/D012-visible-steps-have-samples';
import { operation, step, testRule } from '../rule-tester';

const NO_SAMPLE =
  'add operation.sample, a realistic item with every output field (or a sample on each output field)';

testRule(rule, {
  valid: [
    {
      name: 'a sample given on the output fields themselves (core 18.3+)',
      change: (input) => {
        const create = operation(input, 'creates.create_contact');
        delete create.sample;
        create.outputFields = [
          { key: 'id', type: 'string', sample: 'c_1' },
          { key: 'email', type: 'string', required: true, sample: 'ada@example.org' },
          { key: 'company__name', type: 'string', sample: 'Engines Ltd' },
        ];
      },
    },
    {
      name: 'a hidden step, which no user tests, without a sample',
      change: (input) => {
        step(input, 'creates.create_contact').display!.hidden = true;
        delete operation(input, 'creates.create_contact').sample;
      },
    },
  ],
  invalid: [
    {
      name: 'a create without a sample',
      change: (input) => {
        delete operation(input, 'creates.create_contact').sample;
      },
      findings: [{ at: 'creates.create_contact', message: NO_SAMPLE }],
    },
    {
      name: 'a hook trigger with an empty sample and output fields without samples',
      change: (input) => {
        operation(input, 'triggers.contact_hook').sample = {};
      },
      findings: [{ at: 'triggers.contact_hook', message: NO_SAMPLE }],
    },
  ],
});
