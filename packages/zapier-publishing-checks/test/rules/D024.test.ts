import rule from '../../src/rules/D024-samples-match-output-fields';
import type { Item } from '../../src/input';
import type { TestInput } from '../rule-tester';
import { operation, runItem, sample, testRule } from '../rule-tester';

/** New Contact's local run returns `values` too: only the sample is new (T004). */
const alsoReturned = (input: TestInput, values: Item): void => {
  Object.assign(runItem(input, 'triggers.new_contact', 'perform'), values);
};

const mismatch = (problem: string) =>
  `the sample: ${problem}; make the sample and the output fields agree`;

testRule(rule, {
  valid: [
    {
      name: 'output fields without a type take objects, lists and numbers; line items too',
      change: (input) => {
        const trigger = operation(input, 'triggers.new_contact');
        const values = { meta: { a: 1 }, labels: ['x'], count: 3, lines: [{ sku: 'A' }] };
        Object.assign(trigger.sample as Item, values);
        alsoReturned(input, structuredClone(values));
        trigger.outputFields!.push(
          { key: 'meta' },
          { key: 'labels', list: true },
          { key: 'count' },
          { key: 'lines', children: [{ key: 'sku' }] },
        );
      },
    },
    {
      name: "a field's own sample wins over the operation's",
      change: (input) => {
        const trigger = operation(input, 'triggers.new_contact');
        (trigger.sample as Item).vip = 'yes';
        (trigger.outputFields![3] as Record<string, unknown>).sample = false;
      },
    },
  ],
  invalid: [
    {
      name: 'a boolean field holding text',
      change: (input) => {
        sample(input, 'triggers.new_contact').vip = 'yes';
      },
      findings: [
        {
          at: 'triggers.new_contact vip',
          message: mismatch('"vip" is of type boolean but holds string "yes"'),
        },
      ],
    },
    {
      name: 'a list field holding text',
      change: (input) => {
        sample(input, 'triggers.new_contact').tags = 'a, b';
      },
      findings: [
        {
          at: 'triggers.new_contact tags',
          message: mismatch('"tags" is a list field but holds string "a, b"'),
        },
      ],
    },
    {
      name: 'a required field missing',
      change: (input) => {
        delete sample(input, 'triggers.new_contact').email;
      },
      findings: [
        {
          at: 'triggers.new_contact email',
          message: mismatch('required output field "email" is missing'),
        },
      ],
    },
    {
      name: 'a typed field beside untyped ones still holds its type',
      change: (input) => {
        const trigger = operation(input, 'triggers.new_contact');
        Object.assign(trigger.sample as Item, { count: 3, count_typed: 3 });
        trigger.outputFields!.push(
          { key: 'count' },
          { key: 'count_typed', type: 'string' },
        );
        alsoReturned(input, { count: 3, count_typed: '3' });
      },
      findings: [
        {
          at: 'triggers.new_contact count_typed',
          message: mismatch('"count_typed" is of type string but holds number 3'),
        },
      ],
    },
    {
      name: "the output fields' own samples, merged as Zapier merges them (core 18.3+)",
      change: (input) => {
        const create = operation(input, 'creates.create_contact');
        delete create.sample;
        create.outputFields = [
          { key: 'id', type: 'string', sample: 7 },
          { key: 'email', type: 'string', required: true, sample: 'ada@example.org' },
          { key: 'company__name', type: 'string', sample: 'Engines Ltd' },
        ];
      },
      findings: [
        {
          at: 'creates.create_contact id',
          message: mismatch('"id" is of type string but holds number 7'),
        },
      ],
    },
  ],
});
