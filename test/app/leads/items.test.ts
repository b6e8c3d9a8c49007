import { fieldKey } from '../../../src/leads/field-keys';
import type { Lead } from '../../../src/leads/fields';
import { flatten as flattenToBag } from '../../../src/leads/flatten';
import { leadsFrom } from '../../../src/leads/items';
import { readDelivery } from '../../../src/leads/read-delivery';
import type { JsonObject } from '../../../src/json';
import { envelopeOf, failureOf } from '../helpers';

const flatten = (object: JsonObject) => flattenToBag(object).toObject();

function onlyLead(body: unknown): Lead {
  const { leads } = leadsFrom(body);
  expect(leads).toHaveLength(1);
  return leads[0]!;
}

describe('field keys', () => {
  it.each([
    ['firstName', 'first_name'],
    ['First Name', 'first_name'],
    ['page[name]', 'page__name'],
    ['fields[Company Name]', 'fields__company_name'],
    ['Téléphone', 'telephone'],
    ['UTM-Source', 'utm_source'],
    ['???', 'field'],
  ])('%s → %s', (raw, expected) => {
    expect(fieldKey(raw)).toBe(expected);
  });
});

describe('flattening', () => {
  it('joins nested keys with a double underscore', () => {
    expect(flatten({ page: { name: 'Spring', owner: { email: 'o@x.org' } } })).toEqual({
      page__name: 'Spring',
      page__owner__email: 'o@x.org',
    });
  });

  it('keeps lists of plain values as lists', () => {
    expect(flatten({ tags: ['vip', 'webinar'], scores: [1, 2] })).toEqual({
      tags: ['vip', 'webinar'],
      scores: [1, 2],
    });
  });

  it('turns a list of name/value pairs into one field each', () => {
    expect(
      flatten({
        fields: [
          { name: 'Company', value: 'Acme' },
          { label: 'Team size', value: 12 },
          { key: 'address', value: { city: 'Paris' } },
        ],
      }),
    ).toEqual({
      fields__company: 'Acme',
      fields__team_size: 12,
      fields__address__city: 'Paris',
    });
  });

  it('numbers the items of any other list, from 1', () => {
    expect(flatten({ answers: [{ q: 'Why?', a: 'Because' }, 'plain'] })).toEqual({
      answers__1__q: 'Why?',
      answers__1__a: 'Because',
      answers__2: 'plain',
    });
  });

  it('keeps empty objects and missing values as empty fields', () => {
    expect(flatten({ extra: {}, note: undefined, nothing: null })).toEqual({
      extra: null,
      note: null,
      nothing: null,
    });
  });

  it('never loses a value when two keys clean up to the same name', () => {
    expect(flatten({ 'First Name': 'Ada', first_name: 'Grace' })).toEqual({
      first_name: 'Ada',
      first_name_2: 'Grace',
    });
  });
});

describe('dates', () => {
  it.each([
    ['2026-03-14T10:26:53+01:00', '2026-03-14T09:26:53.000Z'],
    ['2026-03-14 09:26:53', '2026-03-14T09:26:53.000Z'],
    ['Sat, 14 Mar 2026 09:26:53 GMT', '2026-03-14T09:26:53.000Z'],
    [1773480413, '2026-03-14T09:26:53.000Z'],
    [1773480413000, '2026-03-14T09:26:53.000Z'],
    ['1773480413', '2026-03-14T09:26:53.000Z'],
    ['2026-03-14', '2026-03-14'],
    ['yesterday', 'yesterday'],
    ['not 2026 at all', 'not 2026 at all'],
    [true, true],
  ])('created_at %j becomes %j', (value, expected) => {
    expect(flatten({ created_at: value }).created_at).toBe(expected);
  });

  it('recognises date keys by their name only', () => {
    expect(
      flatten({
        submittedAt: 1773480413,
        event: { date: '2026-03-14 09:26' },
        phone: '1773480413',
      }),
    ).toEqual({
      submitted_at: '2026-03-14T09:26:53.000Z',
      event__date: '2026-03-14T09:26:00.000Z',
      phone: '1773480413',
    });
  });
});

describe('well-known fields', () => {
  it('splits a full name into first and last', () => {
    expect(onlyLead({ email: 'a@x.org', name: 'Ada King Lovelace' })).toMatchObject({
      first_name: 'Ada',
      last_name: 'King Lovelace',
      full_name: 'Ada King Lovelace',
    });
  });

  it('joins first and last into a full name', () => {
    expect(onlyLead({ firstName: 'Ada', lastName: 'Lovelace' })).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      full_name: 'Ada Lovelace',
    });
  });

  it('gives all three even for a one-word name', () => {
    expect(onlyLead({ first_name: 'Cher' })).toMatchObject({
      first_name: 'Cher',
      last_name: '',
      full_name: 'Cher',
    });
    expect(onlyLead({ name: 'Prince' })).toMatchObject({
      first_name: 'Prince',
      last_name: '',
      full_name: 'Prince',
    });
  });

  it('finds contact details inside the form fields', () => {
    const lead = onlyLead({
      fields: { 'E-mail Address': 'x@y.org', Phone: '+1 555 0100' },
    });
    expect(lead).toMatchObject({
      email: 'x@y.org',
      phone: '+1 555 0100',
      fields__e_mail_address: 'x@y.org',
    });
  });

  it('does not take the page name for the person', () => {
    const lead = onlyLead({ email: 'a@x.org', page: { name: 'Spring Launch' } });
    expect(lead).not.toHaveProperty('full_name');
    expect(lead.page__name).toBe('Spring Launch');
  });

  it('puts the well-known fields first, in a fixed order', () => {
    const lead = onlyLead({
      zip: '75001',
      phone: '1',
      name: 'Ada Lovelace',
      email: 'a@x.org',
    });
    expect(Object.keys(lead)).toEqual([
      'id',
      'email',
      'first_name',
      'last_name',
      'full_name',
      'phone',
      'zip',
      'name',
      'is_sample',
    ]);
  });
});

describe('lead ids', () => {
  it("uses the lead's own id", () => {
    expect(onlyLead({ id: 'lead_1', email: 'a@x.org' }).id).toBe('lead_1');
    expect(onlyLead({ leadId: 7, email: 'a@x.org' })).toEqual({
      id: '7',
      email: 'a@x.org',
      is_sample: false,
    });
  });

  it('derives a stable id from the content when the lead has none', () => {
    const first = onlyLead({ email: 'a@x.org', fields: { b: 1, a: 2 } });
    const again = onlyLead({ fields: { a: 2, b: 1 }, email: 'a@x.org' });
    const other = onlyLead({ email: 'b@x.org', fields: { b: 1, a: 2 } });
    expect(first.id).toMatch(/^hash-[0-9a-f]{32}$/);
    expect(again.id).toBe(first.id);
    expect(other.id).not.toBe(first.id);
  });

  it('keeps the id stable when only the envelope changes between retries', () => {
    const lead = { email: 'a@x.org' };
    const first = onlyLead({ event: 'lead.created', sent_at: 1773480413, data: lead });
    const retry = onlyLead({ event: 'lead.created', sent_at: 1773480999, data: lead });
    expect(retry.id).toBe(first.id);
  });

  it('keeps a lead field called is_sample without confusing it with the sample marker', () => {
    expect(onlyLead({ id: 'x', is_sample: 'yes' })).toEqual({
      id: 'x',
      is_sample_2: 'yes',
      is_sample: false,
    });
  });
});

describe('delivery shapes', () => {
  const ada = { id: 'lead_1', email: 'ada@example.org' };
  const grace = { id: 'lead_2', email: 'grace@example.org' };

  it.each([
    ['a bare lead', ada, ['lead_1']],
    ['an array of leads', [ada, grace], ['lead_1', 'lead_2']],
    ['{data}', { data: ada }, ['lead_1']],
    ['{lead}', { lead: ada }, ['lead_1']],
    ['{payload}', { payload: ada }, ['lead_1']],
    ['{leads: [...]}', { leads: [ada, grace] }, ['lead_1', 'lead_2']],
    ['{event, data}', { event: 'lead.created', data: ada }, ['lead_1']],
    [
      '{type, data: [...]}',
      { type: 'lead.created', data: [ada, grace] },
      ['lead_1', 'lead_2'],
    ],
    ['{data: {lead}}', { data: { lead: ada } }, ['lead_1']],
    ['{payload: "<json>"}', { payload: JSON.stringify(ada) }, ['lead_1']],
    ['a JSON text', JSON.stringify([ada, grace]), ['lead_1', 'lead_2']],
    [
      'an array of envelopes',
      [{ event: 'lead.created', data: ada }, { lead: grace }],
      ['lead_1', 'lead_2'],
    ],
  ])('reads %s', (_name, body, ids) => {
    expect(leadsFrom(body).leads.map((lead) => lead.id)).toEqual(ids);
  });

  it('keeps the envelope details under delivery__', () => {
    const lead = onlyLead({
      id: 'evt_9',
      event: 'lead.created',
      created_at: 1773480413,
      project: { id: 'prj_1', name: 'Spring Launch' },
      data: ada,
    });
    expect(lead).toEqual({
      id: 'lead_1',
      email: 'ada@example.org',
      delivery__id: 'evt_9',
      delivery__created_at: '2026-03-14T09:26:53.000Z',
      delivery__project__id: 'prj_1',
      delivery__project__name: 'Spring Launch',
      is_sample: false,
    });
  });

  it('keeps an event name that is not dotted as a detail instead of dropping the lead', () => {
    const lead = onlyLead({ event: 'created', data: ada });
    expect(lead.delivery__event).toBe('created');
  });

  it('keeps a field that only looks like JSON as text', () => {
    const lead = onlyLead({ payload: '{not json', email: 'a@x.org' });
    expect(lead).toMatchObject({ email: 'a@x.org', payload: '{not json' });
  });

  it('treats a lead with a data field of its own as a lead', () => {
    const lead = onlyLead({ email: 'a@x.org', data: { plan: 'pro' } });
    expect(lead).toMatchObject({ email: 'a@x.org', data__plan: 'pro' });
  });

  it('drops and reports events other than lead.created', () => {
    expect(
      leadsFrom([
        { event: 'lead.updated', data: ada },
        { type: 'page.published', data: { id: 'page_1' } },
        { event: 'lead.created', data: grace },
      ]),
    ).toEqual({
      leads: [{ id: 'lead_2', email: 'grace@example.org', is_sample: false }],
      ignoredEvents: ['lead.updated', 'page.published'],
    });
  });

  it('drops a bare object announcing another event, but not a lead with a dotted type', () => {
    expect(leadsFrom({ event: 'lead.deleted', id: 'lead_1' }).leads).toEqual([]);
    expect(onlyLead({ email: 'a@x.org', type: 'form.contact' }).type).toBe(
      'form.contact',
    );
  });

  it('reads form-encoded fields, nested and repeated', () => {
    const lead = onlyLead(
      'email=ada%40example.org&first_name=Ada&page%5Bname%5D=Spring&tags=vip&tags=webinar',
    );
    expect(lead).toMatchObject({
      email: 'ada@example.org',
      first_name: 'Ada',
      full_name: 'Ada',
      page__name: 'Spring',
      tags: ['vip', 'webinar'],
    });
  });

  it.each([
    ['empty text', '   ', 'it was empty'],
    [
      'broken JSON',
      '{"email": ',
      'it looks like JSON but is not valid JSON (text of 10 characters)',
    ],
    [
      'plain text',
      'hello there',
      'it is neither JSON nor form fields (text of 11 characters)',
    ],
    ['a number among leads', [ada, 42], 'it holds a number where a lead was expected'],
    ['an empty object', {}, 'it holds an empty object where a lead was expected'],
    ['an empty list', [], 'it contained no lead (a list of 0 items)'],
    ['nothing', null, 'it was empty'],
  ])(
    'refuses %s with a clear error naming what arrived',
    async (_name, body, problem) => {
      const error = await failureOf(Promise.resolve().then(() => readDelivery(body)));
      expect(envelopeOf(error)).toEqual({
        message:
          `The landing-page service sent a delivery that the New Lead trigger cannot read: ${problem}. ` +
          'Nothing was passed on to the Zap from this delivery; its details are in the Zap ' +
          'history so it can be checked.',
        code: 'unreadable_delivery',
      });
    },
  );

  it('never quotes what a delivery holds in its error', async () => {
    const secretLooking = 'at_9f8e7d6c5b4a39281706f5e4d3c2b1a0';
    const error = await failureOf(
      Promise.resolve().then(() => readDelivery([{ email: 'a@x.org' }, secretLooking])),
    );
    expect(error.message).not.toContain(secretLooking);
    expect(envelopeOf(error).message).toMatch(/text of 35 characters/);
  });
});

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
