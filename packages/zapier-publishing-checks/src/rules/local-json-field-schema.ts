import { isDeepStrictEqual } from 'node:util';

import { defineRule } from '../rule';
import type { AppDefinition, FieldDefinition } from '../shared/definition';
import { inputFieldsOf, isRecord, staticFields, stepsOf } from '../shared/definition';
import type { Place } from '../place';

const JSON_TYPES = new Set([
  'object',
  'array',
  'string',
  'number',
  'integer',
  'boolean',
  'null',
]);
/** The drafts Zapier's schema validates a field's schema against (`$schema`, http or https, `#` or not). */
const SUPPORTED_DRAFT = /^https?:\/\/json-schema\.org\/draft-0[467]\/schema#?$/;
const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf'] as const;

/** A schema's `type`, one name or several, as a list. */
const typesOf = (schema: Record<string, unknown>): unknown[] =>
  Array.isArray(schema.type) ? schema.type : [schema.type];

/** What makes a schema one a value cannot be checked against, in the keywords read here. */
function schemaProblems(schema: unknown, at: string): string[] {
  if (typeof schema === 'boolean') {
    return [];
  }
  if (!isRecord(schema)) {
    return [`${at} is no JSON Schema object`];
  }
  const problems: string[] = [];
  const types = typesOf(schema);
  if (
    schema.type !== undefined &&
    !types.every((type) => typeof type === 'string' && JSON_TYPES.has(type))
  ) {
    problems.push(`${at}.type ${JSON.stringify(schema.type)} names no JSON type`);
  }
  if (
    schema.required !== undefined &&
    !(
      Array.isArray(schema.required) &&
      schema.required.every((name) => typeof name === 'string')
    )
  ) {
    problems.push(`${at}.required is not a list of property names`);
  }
  if (schema.enum !== undefined && !Array.isArray(schema.enum)) {
    problems.push(`${at}.enum is not a list`);
  }
  if (schema.properties !== undefined) {
    if (isRecord(schema.properties)) {
      for (const [name, property] of Object.entries(schema.properties)) {
        problems.push(...schemaProblems(property, `${at}.properties.${name}`));
      }
    } else {
      problems.push(`${at}.properties is not an object of schemas`);
    }
  }
  const items = schema.items;
  if (Array.isArray(items)) {
    items.forEach((item, index) =>
      problems.push(...schemaProblems(item, `${at}.items[${index}]`)),
    );
  } else if (items !== undefined) {
    problems.push(...schemaProblems(items, `${at}.items`));
  }
  for (const keyword of ['additionalProperties', 'not'] as const) {
    if (schema[keyword] !== undefined) {
      problems.push(...schemaProblems(schema[keyword], `${at}.${keyword}`));
    }
  }
  for (const keyword of SUBSCHEMA_LISTS) {
    const list = schema[keyword];
    if (list === undefined) {
      continue;
    }
    if (Array.isArray(list)) {
      list.forEach((each, index) =>
        problems.push(...schemaProblems(each, `${at}.${keyword}[${index}]`)),
      );
    } else {
      problems.push(`${at}.${keyword} is not a list of schemas`);
    }
  }
  return problems;
}

/** Zapier's own limits on a field's root schema, then the keywords read here. */
function rootSchemaProblems(schema: unknown): string[] {
  if (!isRecord(schema)) {
    return ['schema is no JSON Schema object'];
  }
  const problems: string[] = [];
  const types = typesOf(schema);
  if (
    schema.type !== undefined &&
    !types.every((type) => type === 'object' || type === 'array')
  ) {
    problems.push(
      `schema.type is ${JSON.stringify(schema.type)}: a json field holds an object or an array`,
    );
  }
  if (
    schema.$schema !== undefined &&
    !(typeof schema.$schema === 'string' && SUPPORTED_DRAFT.test(schema.$schema))
  ) {
    problems.push(
      `schema.$schema ${JSON.stringify(schema.$schema)} is not draft 4, 6 or 7`,
    );
  }
  return [...problems, ...schemaProblems(schema, 'schema')];
}

function typeOf(value: unknown): string {
  if (value === null) {
    return 'null';
  }
  return Array.isArray(value) ? 'array' : typeof value;
}

function hasType(value: unknown, type: unknown): boolean {
  return type === 'integer'
    ? Number.isInteger(value)
    : typeOf(value) === type || (type === 'number' && typeof value === 'number');
}

/**
 * Where a value breaks its schema, in `type`, `enum`, `const`, `required`,
 * `properties`, `additionalProperties` and `items`; other keywords are not
 * read.
 */
function valueProblems(value: unknown, schema: unknown, at: string): string[] {
  if (schema === false) {
    return [`${at} is not allowed`];
  }
  if (!isRecord(schema)) {
    return [];
  }
  const types = typesOf(schema);
  if (schema.type !== undefined && !types.some((type) => hasType(value, type))) {
    return [`${at} is ${typeOf(value)}, not ${types.join(' or ')}`];
  }
  if (
    Array.isArray(schema.enum) &&
    !schema.enum.some((each) => isDeepStrictEqual(each, value))
  ) {
    return [`${at} is none of ${JSON.stringify(schema.enum)}`];
  }
  if ('const' in schema && !isDeepStrictEqual(schema.const, value)) {
    return [`${at} is not ${JSON.stringify(schema.const)}`];
  }
  if (Array.isArray(value)) {
    return value.flatMap((element, index) =>
      valueProblems(
        element,
        Array.isArray(schema.items) ? schema.items[index] : schema.items,
        `${at}[${index}]`,
      ),
    );
  }
  if (!isRecord(value)) {
    return [];
  }
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const missing = (Array.isArray(schema.required) ? schema.required : [])
    .filter((name) => typeof name === 'string' && !(name in value))
    .map((name) => `${at} lacks the required "${String(name)}"`);
  const inside = Object.entries(value).flatMap(([name, child]) => {
    if (name in properties) {
      return valueProblems(child, properties[name], `${at}.${name}`);
    }
    // patternProperties may allow what properties does not name: not read here.
    return schema.patternProperties === undefined
      ? valueProblems(child, schema.additionalProperties, `${at}.${name}`)
      : [];
  });
  return [...missing, ...inside];
}

/** Every input field of every step, with the fields inside line items (`children`), each with its place. */
function allInputFields(
  definition: AppDefinition,
): { field: FieldDefinition; place: Place }[] {
  const withChildren = (
    field: FieldDefinition,
    place: Place,
  ): { field: FieldDefinition; place: Place }[] => [
    { field, place },
    ...staticFields(Array.isArray(field.children) ? field.children : []).flatMap(
      (child) =>
        withChildren(child, {
          ...place,
          field: `${place.field ?? '?'}.${child.key ?? '?'}`,
        }),
    ),
  ];
  return stepsOf(definition).flatMap((step) =>
    inputFieldsOf(step).flatMap(({ field, place }) => withChildren(field, place)),
  );
}

function jsonFieldProblems(field: FieldDefinition): string[] {
  if (field.type !== 'json') {
    return [
      'it has a schema but is not of type json: set "type": "json" or drop the schema',
    ];
  }
  const schemaFaults = rootSchemaProblems(field.schema);
  if (schemaFaults.length > 0 || field.default === undefined) {
    return schemaFaults;
  }
  let value: unknown;
  try {
    value = JSON.parse(field.default) as unknown;
  } catch {
    return [
      `its default is not JSON: write the default as the JSON the schema describes`,
    ];
  }
  return valueProblems(value, field.schema, 'default').map(
    (problem) => `${problem}: make the default satisfy the schema`,
  );
}

const ID = 'local:json-field-schema';

export default defineRule({
  meta: {
    id: ID,
    name: 'json-field-schemas-are-valid',
    category: 'warning',
    categoryEvidence:
      "this package's own: Zapier does not report it, so it blocks nothing",
    requirement:
      "every json input field's schema is a JSON Schema a value can be checked against, and its default satisfies it",
    // No page of Zapier's: docs/rules/<ID>.md, the page this package ships.
    url: null,
    needs: ['definition'],
    messages: { problem: '%{problem}' },
  },
  check({ definition }, report) {
    for (const { field, place } of allInputFields(definition)) {
      if ('schema' in field) {
        for (const problem of jsonFieldProblems(field)) {
          report(place, 'problem', { problem });
        }
      }
    }
  },
});
