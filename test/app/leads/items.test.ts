/** src/leads/items.ts: one item per lead, whatever shape an attacker sends. */
import { fieldKey } from '../../../src/leads/field-keys';
import { flatten as flattenToBag } from '../../../src/leads/flatten';
import type { JsonObject } from '../../../src/json';
import { onlyLead } from '../helpers';

const flatten = (object: JsonObject) => flattenToBag(object).toObject();

describe('hostile shapes', () => {
  it.each([
    ['date', 1e21],
    ['submittedAt', 1e16],
    ['sent_on', -1e20],
    ['date', '275760-09-14'],
    ['date', 253402300800000],
  ])('keeps %s: %j, no valid date, as sent', (key, value) => {
    const lead = onlyLead({ email: 'a@x.org', [key]: value });
    expect(lead[fieldKey(key)]).toBe(value);
  });

  it('renames colliding field names without losing one, and in order', () => {
    const names = Array.from(
      { length: 20_000 },
      (_, index) => `Field${'!?# '[index % 4]!.repeat(1 + Math.floor(index / 4))}`,
    );
    const fields = Object.fromEntries(names.map((name, index) => [name, index]));
    const lead = onlyLead({ email: 'a@x.org', fields });
    const keys = Object.keys(lead).filter((key) => key.startsWith('fields__field'));
    expect(keys).toHaveLength(20_000);
    expect(keys.slice(0, 3)).toEqual([
      'fields__field',
      'fields__field_2',
      'fields__field_3',
    ]);
    expect(lead.fields__field_20000).toBe(19_999);
  });

  it('gives a renamed key its own next number when the name was taken first', () => {
    expect(flatten({ field_2: 'a', 'Field!': 'b', 'Field?': 'c', field: 'd' })).toEqual({
      field_2: 'a',
      field: 'b',
      field_3: 'c',
      field_4: 'd',
    });
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])(
    'keeps a field named %s as an ordinary field',
    (name) => {
      const body = JSON.parse(`{"email": "a@x.org", "${name}": "kept"}`) as unknown;
      const lead = onlyLead(body);
      expect(lead[fieldKey(name)]).toBe('kept');
      expect(Object.getPrototypeOf(lead)).toBeNull();
      expect(JSON.parse(JSON.stringify(lead))).toEqual({ ...lead });
    },
  );

  it('reads a lead nested 100,000 levels deep, and a batch of envelopes as deep', () => {
    let nested: unknown = 'bottom';
    for (let level = 0; level < 100_000; level += 1) {
      nested = { n: nested };
    }
    const lead = onlyLead({ email: 'a@x.org', nested });
    expect(Object.values(lead)).toContain('bottom');

    let wrapped: unknown = { id: 'lead_deep', email: 'a@x.org' };
    for (let level = 0; level < 100_000; level += 1) {
      wrapped = { event: 'lead.created', data: [wrapped] };
    }
    expect(onlyLead(wrapped).id).toBe('lead_deep');
  });

  it('hashes a deep lead without its own id', () => {
    let nested: unknown = 1;
    for (let level = 0; level < 100_000; level += 1) {
      nested = [nested];
    }
    expect(onlyLead({ email: 'a@x.org', nested }).id).toMatch(/^hash-[0-9a-f]{32}$/);
  });

  it('keeps every extra field of a {name, value} item', () => {
    expect(
      flatten({ answers: [{ name: 'Budget', value: 10, currency: 'EUR' }] }),
    ).toEqual({
      answers__1__name: 'Budget',
      answers__1__value: 10,
      answers__1__currency: 'EUR',
    });
  });
});
