import rule from '../../src/rules/D024-samples-match-output-fields';
import type { Item } from '../../src/input';
import type { FieldDefinition } from '../../src/shared/definition';
import type { TestInput } from '../rule-tester';
import { operation, runItem, sample, testRule } from '../rule-tester';

/** New Contact's local run returns `values` too: only the sample is new (T004). */
const alsoReturned = (input: TestInput, values: Item): void => {
  Object.assign(runItem(input, 'triggers.new_contact', 'perform'), values);
};

/** New Contact's sample (and its local run) hold `values`, and its output fields `fields`. */
const withOutputs =
  (values: Item, ...fields: FieldDefinition[]) =>
  (input: TestInput): void => {
    const trigger = operation(input, 'triggers.new_contact');
    Object.assign(trigger.sample as Item, values);
    alsoReturned(input, structuredClone(values));
    trigger.outputFields!.push(...fields);
  };

const mismatch = (problem: string) =>
  `the sample: ${problem}; make the sample and the output fields agree`;

const untyped = (key: string, holds: string) =>
  mismatch(`"${key}" has no type, which Zapier takes as string, but holds ${holds}`);

testRule(rule, {
  valid: [
    {
      name: 'an output field without a type holding text: Zapier takes it as a string',
      change: withOutputs({ note: 'Met at the fair.' }, { key: 'note' }),
    },
    {
      name: 'line items (a field with children) are not compared, typed or not',
      change: withOutputs(
        { lines: [{ sku: 'A' }] },
        { key: 'lines', children: [{ key: 'sku' }] },
      ),
    },
    {
      name: 'an integer field holding an integer (Zapier left "type: integer" with 82 alone)',
      change: withOutputs({ count: 82 }, { key: 'count', type: 'integer' }),
    },
    {
      name: 'an output field the sample leaves out, when it is not required',
      change: (input) => {
        operation(input, 'triggers.new_contact').outputFields!.push({
          key: 'phone',
          type: 'string',
        });
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
      name: 'a list field whose sample is a list of text: Zapier reads it as one string (its "tags" verdict)',
      change: (input) => {
        sample(input, 'triggers.new_contact').tags = ['customer', 'vip'];
      },
      findings: [
        {
          at: 'triggers.new_contact tags',
          message: mismatch(
            '"tags" is a list field, but its list of values reads as one string to Zapier ("string" in sample while "list" in the definition)',
          ),
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
      name: 'an output field without a type holding an object (its "source_data" verdict)',
      change: withOutputs({ source_data: { channel: 'web' } }, { key: 'source_data' }),
      findings: [
        {
          at: 'triggers.new_contact source_data',
          message: untyped('source_data', 'an object'),
        },
      ],
    },
    {
      name: 'an output field without a type holding a list of objects (its "items" verdict)',
      change: withOutputs({ items: [{ sku: 'A' }] }, { key: 'items' }),
      findings: [
        { at: 'triggers.new_contact items', message: untyped('items', 'a list') },
      ],
    },
    {
      name: 'an output field without a type holding a number (its "amount" verdict)',
      change: withOutputs({ amount: 500 }, { key: 'amount' }),
      findings: [
        { at: 'triggers.new_contact amount', message: untyped('amount', 'number 500') },
      ],
    },
    {
      name: 'an output field without a type holding a yes or no',
      change: withOutputs({ active: true }, { key: 'active' }),
      findings: [
        { at: 'triggers.new_contact active', message: untyped('active', 'boolean true') },
      ],
    },
    {
      name: 'a typed field beside an untyped one: each holds its type, an untyped one a string',
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
        { at: 'triggers.new_contact count', message: untyped('count', 'number 3') },
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
