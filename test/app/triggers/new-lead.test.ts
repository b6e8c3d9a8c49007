/** src/triggers/new-lead.ts: subscribe, unsubscribe, perform and performList with nock. */
import type { Bundle, ZObject } from 'zapier-platform-core';

import type { Lead } from '../../../src/leads/fields';
import sampleDelivery from '../../../src/samples/lead-delivery.json';
import { MOST_LINES_PER_KIND } from '../../../src/capped-log';
import {
  LEAD_OUTPUT_FIELDS,
  SAMPLE_LEAD,
  labelOfKey,
  newLead,
  newLeadOperation,
} from '../../../src/triggers/new-lead';
import type { UnsubscribeResult } from '../../../src/triggers/new-lead';
import {
  api,
  appTester,
  authData,
  envelopeOf,
  failureOf,
  shownMessage,
  withLoggedLines,
} from '../helpers';

const TARGET_URL = 'https://hooks.zapier.com/hooks/standard/123/abc/';
const operation = newLeadOperation;

/** Runs one of the operation's functions through the app's middleware, as Zapier would. */
function call<T>(
  func: (z: ZObject, bundle: Bundle) => T | Promise<T>,
  bundle: Record<string, unknown>,
): Promise<T> {
  return appTester(func, bundle);
}

describe('performSubscribe', () => {
  it('posts {url, triggers: ["lead.created"]} as JSON with the bearer and returns the id with the hook URL', async () => {
    api()
      .matchHeader('content-type', 'application/json')
      .post('/webhook', { url: TARGET_URL, triggers: ['lead.created'] })
      .reply(201, { id: 'wh_42' });

    const subscribeData = await call(operation.performSubscribe, {
      authData,
      targetUrl: TARGET_URL,
    });

    expect(subscribeData).toEqual({ id: 'wh_42', target_url: TARGET_URL });
  });

  it('says the service could not be reached when turning on gets no answer', async () => {
    api()
      .post('/webhook')
      .replyWithError(
        Object.assign(new Error('connect refused'), { code: 'ECONNREFUSED' }),
      );

    const error = await failureOf(
      call(operation.performSubscribe, { authData, targetUrl: TARGET_URL }),
    );
    expect(envelopeOf(error)).toMatchObject({ code: 'service_unreachable' });
    expect(shownMessage(error)).toMatch(
      /^Zapier could not reach the landing-page service while turning on New Lead \(creating its webhook\) \(ECONNREFUSED\)/,
    );
  });

  it('keeps what else the service says about the webhook, and turns a numeric id into text', async () => {
    api()
      .post('/webhook')
      .reply(200, { id: 42, url: TARGET_URL, triggers: ['lead.created'] });

    const subscribeData = await call(operation.performSubscribe, {
      authData,
      targetUrl: TARGET_URL,
    });
    expect(subscribeData).toEqual({
      id: '42',
      url: TARGET_URL,
      triggers: ['lead.created'],
      target_url: TARGET_URL,
    });
  });

  it.each([{}, { id: '' }, { id: null }, { webhook: { id: 'wh_1' } }])(
    'refuses an answer without a usable id: %j',
    async (answer) => {
      api().post('/webhook').reply(200, answer);

      const error = await failureOf(
        call(operation.performSubscribe, { authData, targetUrl: TARGET_URL }),
      );
      expect(envelopeOf(error).code).toBe('missing_webhook_id');
      expect(shownMessage(error)).toMatch(
        /did not return its id.*The Zap was not turned on/,
      );
    },
  );

  it('shows the service error with what was being done', async () => {
    api().post('/webhook').reply(400, { error: 'url must be https' });

    const error = await failureOf(
      call(operation.performSubscribe, { authData, targetUrl: TARGET_URL }),
    );
    expect(envelopeOf(error)).toEqual({
      message:
        'The landing-page service returned an error while turning on New Lead (creating its ' +
        'webhook) (HTTP 400). The service said: "url must be https".',
      code: 'service_error',
      status: 400,
    });
  });

  it('reports a 200 HTML page instead of JSON cleanly', async () => {
    api()
      .post('/webhook')
      .reply(200, '<!doctype html><p>Welcome</p>', { 'Content-Type': 'text/html' });

    const error = await failureOf(
      call(operation.performSubscribe, { authData, targetUrl: TARGET_URL }),
    );
    expect(shownMessage(error)).toMatch(/not the expected JSON \(HTTP 200, text\/html\)/);
    expect(error.message).not.toMatch(/Unexpected token/);
  });

  it('reports a server error as temporary', async () => {
    api().post('/webhook').reply(500, 'oops');

    const error = await failureOf(
      call(operation.performSubscribe, { authData, targetUrl: TARGET_URL }),
    );
    expect(envelopeOf(error).code).toBe('service_unavailable');
  });

  it('needs the hook URL from Zapier', async () => {
    const error = await failureOf(call(operation.performSubscribe, { authData }));
    expect(envelopeOf(error).code).toBe('missing_target_url');
  });
});

describe('performUnsubscribe', () => {
  it('deletes the webhook by its URL-encoded id with the bearer', async () => {
    const scope = api().delete('/webhook/wh%2F42%20a').reply(200, { success: true });

    const result = await call<UnsubscribeResult>(operation.performUnsubscribe, {
      authData,
      subscribeData: { id: 'wh/42 a' },
    });

    expect(result).toEqual({ id: 'wh/42 a', success: true, alreadyGone: false });
    expect(scope.isDone()).toBe(true);
  });

  it('sends no body', async () => {
    const scope = api()
      .delete('/webhook/wh_1', (body) => body === '' || body === undefined)
      .reply(200, { success: true });
    await call(operation.performUnsubscribe, { authData, subscribeData: { id: 'wh_1' } });
    expect(scope.isDone()).toBe(true);
  });

  it.each([404, 410])(
    'counts an already deleted webhook (%i) as unsubscribed',
    async (status) => {
      api().delete('/webhook/wh_1').reply(status, { error: 'Webhook not found' });

      const result = await call<UnsubscribeResult>(operation.performUnsubscribe, {
        authData,
        subscribeData: { id: 'wh_1' },
      });
      expect(result).toEqual({ id: 'wh_1', success: true, alreadyGone: true });
    },
  );

  it('accepts 204 No Content', async () => {
    api().delete('/webhook/wh_1').reply(204);
    const result = await call<UnsubscribeResult>(operation.performUnsubscribe, {
      authData,
      subscribeData: { id: 'wh_1' },
    });
    expect(result.alreadyGone).toBe(false);
  });

  it('reports other failures with the service message', async () => {
    api().delete('/webhook/wh_1').reply(400, { error: 'Invalid webhook id' });

    const error = await failureOf(
      call(operation.performUnsubscribe, { authData, subscribeData: { id: 'wh_1' } }),
    );
    expect(shownMessage(error)).toMatch(
      /turning off New Lead \(deleting its webhook\) \(HTTP 400\)\. The service said: "Invalid webhook id"/,
    );
  });

  it('reports success: false', async () => {
    api().delete('/webhook/wh_1').reply(200, { success: false });

    const error = await failureOf(
      call(operation.performUnsubscribe, { authData, subscribeData: { id: 'wh_1' } }),
    );
    expect(envelopeOf(error).code).toBe('webhook_not_deleted');
  });

  it('lets core refresh on 401', async () => {
    api().delete('/webhook/wh_1').reply(401, { error: 'Unauthorized' });

    const error = await failureOf(
      call(operation.performUnsubscribe, { authData, subscribeData: { id: 'wh_1' } }),
    );
    expect(error.name).toBe('RefreshAuthError');
  });

  it('explains a missing webhook id without calling the service', async () => {
    const error = await failureOf(call(operation.performUnsubscribe, { authData }));
    expect(envelopeOf(error).code).toBe('missing_webhook_id');
  });
});

describe('perform', () => {
  it('turns one delivery into one clean item', async () => {
    const leads = await call<Lead[]>(operation.perform, {
      cleanedRequest: sampleDelivery,
    });
    expect(leads).toEqual([{ ...SAMPLE_LEAD, is_sample: false }]);
  });

  it('reads a bare lead as well', async () => {
    const leads = await call<Lead[]>(operation.perform, {
      cleanedRequest: sampleDelivery.data,
    });
    expect(leads).toHaveLength(1);
    expect(leads[0]?.id).toBe('sample-lead-0001');
    expect(leads[0]?.email).toBe('ada.lovelace@example.org');
  });

  it('logs and drops events other than lead.created', async () => {
    const { result: leads, logged } = await withLoggedLines(() =>
      call<Lead[]>(operation.perform, {
        cleanedRequest: { ...sampleDelivery, event: 'lead.updated' },
      }),
    );
    expect(leads).toEqual([]);
    expect(logged).toContain(
      'New Lead ignored a "lead.updated" event: it only handles lead.created.',
    );
  });

  it('reads a delivery nested as deep as core hands one over (4,000 levels)', async () => {
    let nested: unknown = 'bottom';
    for (let level = 0; level < 4_000; level += 1) {
      nested = { n: nested };
    }
    const leads = await call<Lead[]>(operation.perform, {
      cleanedRequest: { id: 'lead_deep', email: 'a@x.org', nested },
    });
    expect(leads.map((lead) => lead.id)).toEqual(['lead_deep']);
    expect(Object.values(leads[0]!)).toContain('bottom');
  });

  it('keeps only the leads of the chosen page, and logs the others', async () => {
    const { result: leads, logged } = await withLoggedLines(() =>
      call<Lead[]>(operation.perform, {
        inputData: { page: 'pricing' },
        cleanedRequest: [
          { id: 'lead_1', email: 'a@x.org', page: { id: 'page_1', name: 'Pricing' } },
          { id: 'lead_2', email: 'b@x.org', page: { id: 'page_2', name: 'Webinar' } },
        ],
      }),
    );
    expect(leads.map((lead) => lead.id)).toEqual(['lead_1']);
    expect(logged).toContain(
      'New Lead skipped lead lead_2: it did not come from the page "pricing" chosen in this Zap.',
    );
  });

  it(`logs the first ${MOST_LINES_PER_KIND} leads it keeps out one by one, then how many more`, async () => {
    const leads = Array.from({ length: 25 }, (_, index) => ({
      id: `lead_${index}`,
      page: { name: 'Webinar' },
    }));
    const { result, logged } = await withLoggedLines(() =>
      call<Lead[]>(operation.perform, {
        inputData: { page: 'Pricing' },
        cleanedRequest: leads,
      }),
    );
    expect(result).toEqual([]);
    const skipped = logged.filter((line) => line.startsWith('New Lead skipped'));
    expect(skipped).toHaveLength(MOST_LINES_PER_KIND + 1);
    expect(skipped[0]).toBe(
      'New Lead skipped lead lead_0: it did not come from the page "Pricing" chosen in this Zap.',
    );
    expect(skipped.at(-1)).toBe(
      'New Lead skipped 15 more lead(s) of this delivery from other pages than "Pricing".',
    );
  });

  it('reads a body Zapier could not parse from the raw request', async () => {
    const leads = await call<Lead[]>(operation.perform, {
      cleanedRequest: {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
        querystring: {},
        content: JSON.stringify([
          sampleDelivery.data,
          { ...sampleDelivery.data, id: 'second' },
        ]),
      },
    });
    expect(leads.map((lead) => lead.id)).toEqual(['sample-lead-0001', 'second']);
  });

  it('falls back to the raw content when the cleaned request is empty', async () => {
    const leads = await call<Lead[]>(operation.perform, {
      cleanedRequest: {},
      rawRequest: { content: 'email=ada%40example.org&name=Ada+Lovelace' },
    });
    expect(leads[0]).toMatchObject({
      email: 'ada@example.org',
      first_name: 'Ada',
      last_name: 'Lovelace',
      full_name: 'Ada Lovelace',
    });
  });

  it('fails loudly on a delivery without any lead', async () => {
    const error = await failureOf(call(operation.perform, { cleanedRequest: [] }));
    expect(error.message).toMatch(/cannot read: it contained no lead/);
  });

  it('fails loudly on an empty delivery', async () => {
    const error = await failureOf(call(operation.perform, {}));
    expect(error.message).toMatch(/cannot read: it was empty/);
  });

  it('answers the sample when asked for one without any delivery, as `invoke` does', async () => {
    const leads = await call<Lead[]>(operation.perform, {
      meta: { isLoadingSample: true },
    });
    expect(leads).toEqual([SAMPLE_LEAD]);
  });

  it('still reads a real delivery while loading a sample', async () => {
    const leads = await call<Lead[]>(operation.perform, {
      meta: { isLoadingSample: true },
      cleanedRequest: { id: 'lead_live', email: 'live@example.org' },
    });
    expect(leads).toEqual([
      { id: 'lead_live', email: 'live@example.org', is_sample: false },
    ]);
  });
});

describe('performList, sample and output fields', () => {
  it('shows the sample, clearly marked, while no live Zap of the connection has received a lead', async () => {
    const leads = await call<Lead[]>(operation.performList, { authData });
    expect(leads).toEqual([SAMPLE_LEAD]);
    expect(SAMPLE_LEAD.is_sample).toBe(true);
    expect(SAMPLE_LEAD.fields__message).toMatch(/sample lead/);
  });

  it('gives sample, performList and perform exactly the same keys', async () => {
    const [listed] = await call<Lead[]>(operation.performList, { authData });
    const [delivered] = await call<Lead[]>(operation.perform, {
      cleanedRequest: sampleDelivery,
    });
    const sampleKeys = Object.keys(operation.sample ?? {});
    expect(Object.keys(listed ?? {})).toEqual(sampleKeys);
    expect(Object.keys(delivered ?? {})).toEqual(sampleKeys);
  });

  it("labels every field of the sample, and only those, then the recent leads' own fields", () => {
    const outputKeys = LEAD_OUTPUT_FIELDS.map((field) => field.key);
    expect([...outputKeys].sort()).toEqual(Object.keys(SAMPLE_LEAD).sort());
    for (const field of LEAD_OUTPUT_FIELDS) {
      expect(field.label).toMatch(/^[A-Z]/);
    }
    expect(operation.outputFields).toHaveLength(LEAD_OUTPUT_FIELDS.length + 1);
    expect(typeof operation.outputFields.at(-1)).toBe('function');
  });

  it.each([
    ['fields__budget_range', 'Fields Budget Range'],
    ['utm__term', 'Utm Term'],
    ['answers__1__question', 'Answers 1 Question'],
    ['__odd__', 'Odd'],
  ])('labels %s as %s', (key, label) => {
    expect(labelOfKey(key)).toBe(label);
  });

  it('offers an optional Page field a marketer understands, picked from a list or typed', () => {
    expect(operation.inputFields).toEqual([
      expect.objectContaining({
        key: 'page',
        label: 'Page',
        type: 'string',
        required: false,
        dynamic: 'page_list.id.name',
        helpText: expect.stringMatching(/Pick one .* or type the page name/) as unknown,
      }),
    ]);
  });

  it('describes itself the way Zapier lists triggers', () => {
    expect(newLead.key).toBe('new_lead');
    expect(newLead.noun).toBe('Lead');
    expect(newLead.display.label).toBe('New Lead');
    expect(newLead.display.description).toMatch(/^Triggers when /);
  });
});
