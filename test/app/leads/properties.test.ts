/**
 * Properties of reading deliveries, over random JSON and random leads.
 * Each property runs 1,000 times (`FC_RUNS=<n>` for more); a failure prints
 * fast-check's seed and path, and `FC_SEED=<seed>` replays it.
 */
import fc from 'fast-check';
import type { Bundle, ZObject } from 'zapier-platform-core';

import { isDateName } from '../../../src/leads/dates';
import { fieldKey } from '../../../src/leads/field-keys';
import type { Lead, Scalar } from '../../../src/leads/fields';
import { leadsFrom } from '../../../src/leads/items';
import { newLeadOperation } from '../../../src/triggers/new-lead';
import { envelopeOf } from '../helpers';

/** 1,000 a run keeps `npm test` within its minute; a deeper search is one variable away. */
const RUNS = runsFrom(process.env.FC_RUNS);
function runsFrom(setting: string | undefined): number {
  if (setting === undefined || setting === '') {
    return 1_000;
  }
  const runs = Number(setting);
  if (!Number.isSafeInteger(runs) || runs < 1) {
    throw new Error(`FC_RUNS=${setting}: give a whole number of runs, 1 or more`);
  }
  return runs;
}

if (process.env.FC_SEED !== undefined) {
  fc.configureGlobal({ seed: Number(process.env.FC_SEED) });
}

/** What perform needs of `z` outside a live Zap: somewhere to log. */
const editorZ = { console: { log: () => undefined } } as unknown as ZObject;

async function perform(body: unknown): Promise<Lead[]> {
  return newLeadOperation.perform(editorZ, {
    cleanedRequest: body,
    inputData: {},
    meta: {},
  } as unknown as Bundle);
}

/** Items, or the trigger's own readable error: nothing else. */
async function itemsOrReadableError(body: unknown): Promise<void> {
  let items: Lead[];
  try {
    items = await perform(body);
  } catch (error) {
    expect(error).toBeInstanceOf(Error);
    expect(envelopeOf(error as Error).code).toBe('unreadable_delivery');
    return;
  }
  expect(Array.isArray(items)).toBe(true);
  for (const item of items) {
    expect(typeof item.id).toBe('string');
    expect(item.is_sample).toBe(false);
  }
}

const trickyNames = fc.constantFrom(
  'First Name',
  'first_name',
  'Field!',
  'Field!?',
  'Field !',
  '__proto__',
  'constructor',
  'toString',
  'is_sample',
  'page[name]',
  'a__b',
  'Téléphone',
  '',
  '???',
  'date',
  'submittedAt',
  'name',
  'value',
  'label',
);
/** Keys that make an object announce an event or carry its own id: not random lead fields. */
const NOT_RANDOM = new Set([
  'event',
  'event_type',
  'eventType',
  'trigger',
  'topic',
  'id',
  'lead_id',
  'leadId',
  'uuid',
]);
const leadKey = fc
  .oneof(fc.string(), trickyNames)
  .filter((key) => !NOT_RANDOM.has(key) && !isDateName(fieldKey(key).split('__').pop()!));
const scalar: fc.Arbitrary<Scalar> = fc.oneof(
  fc.string(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
);
const { fieldValue } = fc.letrec((tie) => ({
  fieldValue: fc.oneof(
    { depthSize: 'small' },
    scalar,
    fc.array(tie('fieldValue'), { maxLength: 4 }),
    fc.dictionary(leadKey, tie('fieldValue'), { maxKeys: 4 }),
    fc.array(tie('namedValue'), { minLength: 1, maxLength: 3 }),
  ),
  /** `{name: "Company", value: …}`, sometimes with one more field that must not be lost. */
  namedValue: fc
    .tuple(
      fc.constantFrom('name', 'key', 'label', 'field'),
      leadKey,
      tie('fieldValue'),
      fc.option(fc.tuple(fc.constantFrom('type', 'id', 'extra'), scalar)),
    )
    .map(([nameKey, name, value, extra]) => ({
      [nameKey]: name,
      value,
      ...(extra === null ? {} : { [extra[0]]: extra[1] }),
    })),
}));
/** A lead: an email and random fields, no event name, no id of its own. */
const leadShaped = fc
  .tuple(fc.emailAddress(), fc.dictionary(leadKey, fieldValue, { maxKeys: 8 }))
  .map(([email, fields]): Record<string, unknown> => ({ ...fields, email }));

/** `{name: "Company", value: "Acme"}`: its name becomes the field's key, its value the field. */
function isNamedPair(item: unknown): boolean {
  if (typeof item !== 'object' || item === null || !('value' in item)) {
    return false;
  }
  const keys = Object.keys(item);
  const nameKey = ['name', 'key', 'label', 'field'].find((key) => keys.includes(key));
  const name: unknown =
    nameKey === undefined ? undefined : (item as Record<string, unknown>)[nameKey];
  return keys.length === 2 && typeof name === 'string' && name.trim() !== '';
}

/** The scalars a lead holds, but for the names of `{name, value}` lists, which become keys. */
function scalarsOf(root: unknown): Scalar[] {
  const found: Scalar[] = [];
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value) && value.length > 0 && value.every(isNamedPair)) {
      stack.push(...value.map((item: { value: unknown }) => item.value));
    } else if (Array.isArray(value)) {
      stack.push(...(value as unknown[]));
    } else if (typeof value === 'object' && value !== null) {
      stack.push(...(Object.values(value) as unknown[]));
    } else {
      found.push(value as Scalar);
    }
  }
  return found;
}

function counts(values: Scalar[]): Map<Scalar, number> {
  const counted = new Map<Scalar, number>();
  for (const value of values) {
    counted.set(value, (counted.get(value) ?? 0) + 1);
  }
  return counted;
}

/** Reverses the key order of every object, at every depth. */
function reversedKeys(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map(reversedKeys);
  }
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value)
        .reverse()
        .map(([key, child]) => [key, reversedKeys(child)]),
    );
  }
  return value;
}

describe('any JSON gives leads or a readable message', () => {
  it('perform over random JSON values', async () => {
    await fc.assert(fc.asyncProperty(fc.jsonValue(), itemsOrReadableError), {
      numRuns: RUNS,
    });
  });

  it('perform over random JSON text, envelopes and form text', async () => {
    const body = fc.oneof(
      fc.jsonValue().map((value) => JSON.stringify(value)),
      fc.string(),
      fc.jsonValue().map((data) => ({ event: 'lead.created', data })),
      fc.jsonValue().map((payload) => ({ payload: JSON.stringify(payload) })),
      fc
        .dictionary(fc.string(), fc.string())
        .map((fields) => new URLSearchParams(fields).toString()),
    );
    await fc.assert(fc.asyncProperty(body, itemsOrReadableError), { numRuns: RUNS });
  });
});

describe('leads lose nothing', () => {
  it('every scalar of a lead appears in its item', () => {
    fc.assert(
      fc.property(leadShaped, (lead) => {
        const [item] = leadsFrom(lead).leads;
        expect(item).toBeDefined();
        const inItem = counts(scalarsOf(Object.values(item!)));
        const missing = [...counts(scalarsOf(lead))].filter(
          ([value, times]) => (inItem.get(value) ?? 0) < times,
        );
        expect(missing).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it('a value under a date-like name is an ISO date or kept as sent', () => {
    const dateName = fc.constantFrom(
      'date',
      'created_at',
      'submittedAt',
      'timestamp',
      'sent_on',
    );
    fc.assert(
      fc.property(
        dateName,
        fc.oneof(scalar, fc.constant(1e21), fc.constant(99999999999999)),
        (name, value) => {
          const [item] = leadsFrom({ email: 'a@x.org', [name]: value }).leads;
          const shown = item![fieldKey(name)];
          const isIsoDate =
            typeof shown === 'string' &&
            /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(shown) &&
            !Number.isNaN(Date.parse(shown));
          // Kept as sent: as it came, or as text among the contact fields.
          const keptAsSent = shown === value || shown === String(value).trim();
          expect(isIsoDate || keptAsSent).toBe(true);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('the id does not depend on key order', () => {
    fc.assert(
      fc.property(leadShaped, (lead) => {
        const [item] = leadsFrom(lead).leads;
        const [reordered] = leadsFrom(reversedKeys(lead)).leads;
        expect(item!.id).toMatch(/^hash-[0-9a-f]{32}$/);
        expect(reordered!.id).toBe(item!.id);
      }),
      { numRuns: RUNS },
    );
  });
});

/**
 * The cleaning rules of `src/leads/field-keys.ts`, written as regular
 * expressions, one rule a line: slower than the single pass it checks, and
 * easier to read.
 */
function fieldKeyByRules(raw: string): string {
  const key = raw
    .replace(/\[([^\]]*)\]/g, '__$1')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split('__')
    .map((level) =>
      level
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/[^a-z0-9]+/g, '_')
        .replace(/^_|_$/g, ''),
    )
    .filter((level) => level !== '')
    .join('__');
  return key === '' ? 'field' : key;
}

/** Names made of the characters the rules treat differently. */
const ruleNames = fc.string({
  unit: fc.constantFrom(...'aZ09_-[] .é\u0301ﬁÉİ½ℌK＿ßΣ😀\ud800'),
  maxLength: 24,
});

describe('field keys', () => {
  it('follows the rules, whatever the name', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string({ unit: 'binary' }),
          fc.string({ unit: 'grapheme' }),
          ruleNames,
          trickyNames,
        ),
        (raw) => {
          expect(fieldKey(raw)).toBe(fieldKeyByRules(raw));
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('cleaning a key twice changes nothing', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), ruleNames, trickyNames),
        (raw) => {
          const once = fieldKey(raw);
          expect(fieldKey(once)).toBe(once);
          expect(once).toMatch(/^[a-z0-9]+(_{1,2}[a-z0-9]+)*$/);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
