import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';

import { linkOf, pageOf } from '../../src/rule';
import rule from '../../src/rules/local-json-field-schema';
import type { TestInput } from '../rule-tester';
import { fields, testRule } from '../rule-tester';

/** A change that adds a field to Create Contact. */
const withField =
  (field: Record<string, unknown>) =>
  (input: TestInput): void => {
    fields(input, 'creates.create_contact').push({
      key: 'payload',
      label: 'Payload',
      helpText: 'The custom data stored with the contact.',
      ...field,
    });
  };

const AT = 'creates.create_contact payload';

/** A json field whose schema wants a name, and only a name. */
const withDefault = (value: string) =>
  withField({
    type: 'json',
    schema: {
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string' } },
      additionalProperties: false,
    },
    default: value,
  });

testRule(rule, {
  valid: [
    {
      name: 'a default that satisfies the schema',
      change: withDefault('{"name": "Ada"}'),
    },
    {
      name: 'a schema of draft 7, without a default',
      change: withField({
        type: 'json',
        schema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'array' },
      }),
    },
  ],
  invalid: [
    {
      name: 'a default whose list is text',
      change: withField({
        type: 'json',
        schema: { type: 'object', properties: { tags: { type: 'array' } } },
        default: '{"tags": "vip"}',
      }),
      findings: [
        {
          at: AT,
          message:
            'default.tags is string, not array: make the default satisfy the schema',
        },
      ],
    },
    ...[
      {
        schema: { type: 'string' },
        problem: 'schema.type is "string": a json field holds an object or an array',
      },
      {
        schema: { type: 'object', properties: { n: { type: 'text' } } },
        problem: 'schema.properties.n.type "text" names no JSON type',
      },
      {
        schema: { type: 'object', required: 'name' },
        problem: 'schema.required is not a list of property names',
      },
      {
        schema: { $schema: 'https://json-schema.org/draft/2020-12/schema' },
        problem:
          'schema.$schema "https://json-schema.org/draft/2020-12/schema" is not draft 4, 6 or 7',
      },
    ].map(({ schema, problem }) => ({
      name: `a schema no value can be checked against: ${JSON.stringify(schema)}`,
      change: withField({ type: 'json', schema }),
      findings: [{ at: AT, message: problem }],
    })),
    ...[
      [
        '{"name": 7}',
        'default.name is number, not string: make the default satisfy the schema',
      ],
      ['{}', 'default lacks the required "name": make the default satisfy the schema'],
      [
        '{"name": "Ada", "extra": 1}',
        'default.extra is not allowed: make the default satisfy the schema',
      ],
      ['[1]', 'default is array, not object: make the default satisfy the schema'],
      [
        '{name: "Ada"}',
        'its default is not JSON: write the default as the JSON the schema describes',
      ],
    ].map(([value = '', message = '']) => ({
      name: `the default ${value}, checked against the schema`,
      change: withDefault(value),
      findings: [{ at: AT, message }],
    })),
    {
      name: 'a json field inside line items, read as its own field',
      change: withField({
        key: 'lines',
        label: 'Lines',
        children: [
          { key: 'payload', label: 'Payload', type: 'json', schema: { type: 'number' } },
        ],
      }),
      findings: [
        {
          at: 'creates.create_contact lines.payload',
          message: 'schema.type is "number": a json field holds an object or an array',
        },
      ],
    },
    {
      name: 'a schema on a field that is not of type json',
      change: withField({ type: 'string', schema: {} }),
      findings: [
        {
          at: AT,
          message:
            'it has a schema but is not of type json: set "type": "json" or drop the schema',
        },
      ],
    },
  ],
});

describe('local:json-field-schema, a rule of this package', () => {
  it("has no page of Zapier's: its link is this package's page, a file that exists", () => {
    expect(rule.meta.url).toBeNull();
    const link = linkOf(rule.meta);
    expect(link).toBe(
      relative(process.cwd(), join(__dirname, '..', '..', pageOf(rule.meta.id))),
    );
    expect(existsSync(link)).toBe(true);
  });
});
