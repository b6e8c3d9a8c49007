/** src/leads/read-delivery.ts: which leads a delivery carries, and their envelopes. */
import { leadsFrom } from '../../../src/leads/items';
import { readDelivery } from '../../../src/leads/read-delivery';
import { envelopeOf, failureOf, onlyLead } from '../helpers';

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
