/**
 * Whether a `json` input field's new `schema` refuses a value its old one
 * accepted: a backward-incompatible change, in the guardrails' words. Each
 * new restriction is one finding, at its path in the schema.
 */
import { isRecord } from '../shared/definition';

type Schema = Record<string, unknown>;

const typesOf = (schema: Schema): string[] | undefined => {
  const { type } = schema;
  if (typeof type === 'string') {
    return [type];
  }
  return Array.isArray(type) ? type.map(String) : undefined;
};

const stringsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.map((item) => JSON.stringify(item)) : [];

/** A type the old schema allowed is still allowed (`integer` is within `number`). */
function allowsType(types: string[], type: string): boolean {
  return types.includes(type) || (type === 'integer' && types.includes('number'));
}

const LOWER_LIMITS = [
  'minimum',
  'exclusiveMinimum',
  'minLength',
  'minItems',
  'minProperties',
];
const UPPER_LIMITS = [
  'maximum',
  'exclusiveMaximum',
  'maxLength',
  'maxItems',
  'maxProperties',
];

function limitNarrowings(before: Schema, after: Schema, at: string): string[] {
  const found: string[] = [];
  for (const [limits, stricter] of [
    [LOWER_LIMITS, (old: number, now: number) => now > old],
    [UPPER_LIMITS, (old: number, now: number) => now < old],
  ] as const) {
    for (const limit of limits) {
      const now = after[limit];
      const old = before[limit];
      if (typeof now === 'number' && (typeof old !== 'number' || stricter(old, now))) {
        found.push(
          `${at}${limit} ${typeof old === 'number' ? `${old} → ` : 'set to '}${now}`,
        );
      }
    }
  }
  if (typeof after.pattern === 'string' && after.pattern !== before.pattern) {
    found.push(`${at}pattern ${JSON.stringify(after.pattern)}`);
  }
  return found;
}

function propertyNarrowings(before: Schema, after: Schema, at: string): string[] {
  const found: string[] = [];
  const oldRequired = new Set(stringsOf(before.required));
  for (const key of stringsOf(after.required)) {
    if (!oldRequired.has(key)) {
      found.push(`${at}property ${key} now required`);
    }
  }
  const oldProperties = isRecord(before.properties) ? before.properties : {};
  const newProperties = isRecord(after.properties) ? after.properties : {};
  if (after.additionalProperties === false && before.additionalProperties !== false) {
    found.push(`${at}additionalProperties now false`);
  } else if (after.additionalProperties === false) {
    for (const key of Object.keys(oldProperties)) {
      if (!(key in newProperties)) {
        found.push(`${at}property ${key} no longer allowed`);
      }
    }
  }
  for (const [key, old] of Object.entries(oldProperties)) {
    const now = newProperties[key];
    if (isRecord(old) && isRecord(now)) {
      found.push(...schemaNarrowings(old, now, `${at}${key}.`));
    }
  }
  return found;
}

/** Each restriction `after` adds to `before`; `at` prefixes the path of nested schemas. */
export function schemaNarrowings(before: Schema, after: Schema, at = ''): string[] {
  const found: string[] = [];
  const oldTypes = typesOf(before);
  const newTypes = typesOf(after);
  if (newTypes !== undefined) {
    const lost =
      oldTypes === undefined
        ? ['any']
        : oldTypes.filter((type) => !allowsType(newTypes, type));
    if (lost.length > 0) {
      found.push(`${at}type ${oldTypes?.join('|') ?? 'any'} → ${newTypes.join('|')}`);
    }
  }
  if (Array.isArray(after.enum)) {
    const allowed = new Set(stringsOf(after.enum));
    const lost = Array.isArray(before.enum)
      ? stringsOf(before.enum).filter((value) => !allowed.has(value))
      : ['any value'];
    if (lost.length > 0) {
      found.push(`${at}enum no longer takes ${lost.join(', ')}`);
    }
  }
  found.push(...limitNarrowings(before, after, at));
  found.push(...propertyNarrowings(before, after, at));
  if (isRecord(before.items) && isRecord(after.items)) {
    found.push(...schemaNarrowings(before.items, after.items, `${at}items.`));
  }
  return found;
}
