/**
 * New Lead in the Zap editor (src/triggers/new-lead.ts with
 * src/leads/recent-leads.ts): the test step and the output fields show the
 * connection's recent leads, fed by live deliveries, through core's Lambda handler
 * against the stand-in of Zapier's cache, which keeps each connected
 * account's keys apart as Zapier does.
 */
import { DEFAULT_CONNECTION } from '../../../harness/zapier/runtime';
import type { Connection, ZapierRuntime } from '../../../harness/zapier/runtime';
import { createApp } from '../../../src/app';
import type { Lead } from '../../../src/leads/fields';
import {
  LARGEST_KEPT_LEAD_BYTES,
  RECENT_LEADS_KEY,
  RECENT_LEADS_VERSION,
  RECENT_LEAD_SECONDS,
  RECORD_SECONDS,
} from '../../../src/leads/recent-leads';
import { SAMPLE_LEAD } from '../../../src/triggers/new-lead';
import type { PageChoice } from '../../../src/triggers/page-list';
import { deliveryOf, leadNamed, liveZap } from '../../exactly-once-scenarios';
import { newLeadPerform, useZapierRuntime } from '../helpers';

const PERFORM_LIST = 'triggers.new_lead.operation.performList';
const PAGE_LIST = 'triggers.page_list.operation.perform';
const ANOTHER_CONNECTION: Connection = { id: 'auth_2', user: 'user_2' };
const DAY_MS = 24 * 60 * 60 * 1000;

const app = createApp({ pkce: false });
const zapier = useZapierRuntime();
let runtime: ZapierRuntime;
beforeEach(() => {
  runtime = zapier.runtime;
});

const perform = newLeadPerform(zapier, app);
const testStep = (page?: string, connection = DEFAULT_CONNECTION) =>
  runtime.invoke<Lead[]>(
    app,
    PERFORM_LIST,
    { inputData: page === undefined ? {} : { page } },
    connection,
  );
const pageDropdown = (connection = DEFAULT_CONNECTION) =>
  runtime.invoke<PageChoice[]>(app, PAGE_LIST, {}, connection);
const ids = (items: Lead[]) => items.map((item) => item.id);

describe("New Lead's test step", () => {
  it('shows the lead a live Zap received, exactly as perform returned it', async () => {
    const items = await perform(deliveryOf(leadNamed('lead_1')));
    expect(items).toHaveLength(1);
    expect(await testStep()).toEqual(items);
  });

  it('shows the newest 10, newest first; a batch counts its later leads as newer', async () => {
    for (let index = 0; index < 8; index += 1) {
      await perform(deliveryOf(leadNamed(`lead_${index}`)));
    }
    await perform(
      deliveryOf(leadNamed('lead_8'), leadNamed('lead_9'), leadNamed('lead_10')),
    );
    expect(ids(await testStep())).toEqual([
      'lead_10',
      'lead_9',
      'lead_8',
      'lead_7',
      'lead_6',
      'lead_5',
      'lead_4',
      'lead_3',
      'lead_2',
      'lead_1',
    ]);
  });

  it('keeps a redelivered lead in its place, once', async () => {
    await perform(deliveryOf(leadNamed('lead_1')));
    await perform(deliveryOf(leadNamed('lead_2')));
    await perform(deliveryOf(leadNamed('lead_1')));
    expect(ids(await testStep())).toEqual(['lead_2', 'lead_1']);
  });

  it("shows the chosen Page's leads, also those another Zap's Page kept out", async () => {
    await perform(
      deliveryOf(leadNamed('lead_1'), leadNamed('lead_2', 'Webinar Signup')),
      { ...liveZap('wh_1'), inputData: { page: 'Spring Launch' } },
    );
    expect(ids(await testStep('webinar signup'))).toEqual(['lead_2']);
    expect(ids(await testStep('page_spring_launch'))).toEqual(['lead_1']);
  });

  it('shows the marked sample, and says why, when no lead came from the chosen Page', async () => {
    await perform(deliveryOf(leadNamed('lead_1')));
    expect(await testStep('Pricing')).toEqual([SAMPLE_LEAD]);
    expect(runtime.consoleLines).toContain(
      'New Lead shows a sample lead: no lead from the page "Pricing" reached a live Zap of this connection in the last 3 days.',
    );
  });

  it('never shows one connection the leads of another', async () => {
    await perform(deliveryOf(leadNamed('lead_1')));
    expect(await testStep(undefined, ANOTHER_CONNECTION)).toEqual([SAMPLE_LEAD]);
    expect(await pageDropdown(ANOTHER_CONNECTION)).toEqual([]);
    expect(ids(await testStep())).toEqual(['lead_1']);
  });

  it("keeps them in the connection's own part of the cache, a lead 7 days at most", async () => {
    await perform(deliveryOf(leadNamed('lead_1')));
    const writes = runtime.calls.filter(
      (call) => call.method === 'zcache_set' && call.params[0] === RECENT_LEADS_KEY,
    );
    expect(writes).toHaveLength(1);
    const [, , ttl, scope, nx] = writes[0]!.params;
    expect([ttl, scope, nx]).toEqual([RECORD_SECONDS, ['auth'], null]);
    // A lead is rewritten while younger than 3 days, then lives as long as the record.
    expect(RECENT_LEAD_SECONDS + RECORD_SECONDS).toBeLessThanOrEqual(7 * 24 * 60 * 60);
  });

  it('drops a lead older than 3 days from the record at the next delivery', async () => {
    await perform(deliveryOf(leadNamed('lead_1')));
    zapier.advance(RECENT_LEAD_SECONDS * 1000 + 1000);
    await perform(deliveryOf(leadNamed('lead_2')));
    const writes = runtime.calls.filter(
      (call) => call.method === 'zcache_set' && call.params[0] === RECENT_LEADS_KEY,
    );
    const written = JSON.stringify(writes.at(-1)!.params[1]);
    expect(written).toContain('lead_2@example.org');
    expect(written).not.toContain('lead_1@example.org');
  });

  it('forgets a lead after 3 days, and its page after 7', async () => {
    await perform(deliveryOf(leadNamed('lead_1')));
    zapier.advance(RECENT_LEAD_SECONDS * 1000 - 1000);
    expect(ids(await testStep())).toEqual(['lead_1']);
    zapier.advance(2000);
    expect(await testStep()).toEqual([SAMPLE_LEAD]);
    expect(await pageDropdown()).toHaveLength(1);
    // Leads of another page keep the record alive; the first page's time runs out.
    await perform(deliveryOf(leadNamed('lead_2', 'Webinar Signup')));
    zapier.advance(2 * DAY_MS);
    await perform(deliveryOf(leadNamed('lead_3', 'Webinar Signup')));
    zapier.advance(2 * DAY_MS - 2000);
    expect(await pageDropdown()).toHaveLength(2);
    zapier.advance(4000);
    expect((await pageDropdown()).map((page) => page.name)).toEqual(['Webinar Signup']);
  });

  it('forgets everything 4 days after the last delivery', async () => {
    await perform(deliveryOf(leadNamed('lead_1')));
    zapier.advance(RECORD_SECONDS * 1000 - 1000);
    expect(await pageDropdown()).toHaveLength(1);
    zapier.advance(2000);
    expect(await pageDropdown()).toEqual([]);
  });

  it('remembers nothing from a run without a live Zap', async () => {
    await perform(deliveryOf(leadNamed('lead_1')), {});
    expect(await testStep()).toEqual([SAMPLE_LEAD]);
    expect(runtime.calls).toEqual([
      expect.objectContaining({
        method: 'zcache_get',
        params: [RECENT_LEADS_KEY, ['auth']],
      }),
    ]);
  });

  it("counts a lead's size in bytes: 12,000 three-byte characters are too large", async () => {
    const large = { ...leadNamed('lead_cjk'), note: '漢'.repeat(12_000) };
    expect(JSON.stringify(large).length).toBeLessThan(LARGEST_KEPT_LEAD_BYTES);
    expect(ids(await perform(deliveryOf(large)))).toEqual(['lead_cjk']);
    expect(await testStep()).toEqual([SAMPLE_LEAD]);
  });

  it('does not keep a lead larger than 32 KB, but lists its page', async () => {
    const large = {
      ...leadNamed('lead_large', 'Webinar Signup'),
      essay: 'x'.repeat(40_000),
    };
    expect(ids(await perform(deliveryOf(large)))).toEqual(['lead_large']);
    expect(await testStep()).toEqual([SAMPLE_LEAD]);
    expect((await pageDropdown()).map((page) => page.name)).toEqual(['Webinar Signup']);
    expect(runtime.consoleLines).toContain(
      `New Lead did not keep lead lead_large for the Zap editor's test step: it is larger than ${LARGEST_KEPT_LEAD_BYTES / 1024} KB. Its page is still listed.`,
    );
  });
});

describe("New Lead's output fields", () => {
  const outputFields = (page?: string, connection = DEFAULT_CONNECTION) =>
    runtime.invoke<{ key: string; label?: string }[]>(
      app,
      'triggers.new_lead.operation.outputFields',
      { inputData: page === undefined ? {} : { page } },
      connection,
    );

  it("label the chosen Page's own form fields, after the sample's", async () => {
    await perform(
      deliveryOf(
        { ...leadNamed('lead_1'), fields: { budget: '5k', team_size: 12 } },
        { ...leadNamed('lead_2', 'Webinar Signup'), fields: { session: 'am' } },
      ),
    );
    const fields = await outputFields('Spring Launch');
    expect(fields.slice(-2)).toEqual([
      { key: 'fields__budget', label: 'Fields Budget' },
      { key: 'fields__team_size', label: 'Fields Team Size' },
    ]);
    expect(fields.map((field) => field.key)).not.toContain('fields__session');
    expect(fields.find((field) => field.key === 'email')).toEqual(
      expect.objectContaining({ label: 'Email' }),
    );
  });

  it("are the sample's alone for another connection", async () => {
    await perform(deliveryOf({ ...leadNamed('lead_1'), fields: { budget: '5k' } }));
    const keys = (await outputFields(undefined, ANOTHER_CONNECTION)).map((f) => f.key);
    expect(keys).not.toContain('fields__budget');
    expect(keys).toContain('fields__company');
  });
});

describe('remembering never costs a lead', () => {
  it('passes the leads on, and says why, when the cache loses the write', async () => {
    runtime.loseAnswers('zcache_set', 3, 'server-error', RECENT_LEADS_KEY);
    expect(ids(await perform(deliveryOf(leadNamed('lead_1'))))).toEqual(['lead_1']);
    expect(runtime.consoleLines.join('\n')).toMatch(
      /New Lead could not keep this delivery's leads for the Zap editor's test step: Zapier's cache did not answer \(RPC request failed after 3 attempts.*The leads themselves went out as usual\./,
    );
  });

  it('passes the leads on, and keeps what it had, when the cache cannot be read', async () => {
    await perform(deliveryOf(leadNamed('lead_1')));
    runtime.loseAnswers('zcache_get', 3, 'connection-reset', RECENT_LEADS_KEY);
    expect(ids(await perform(deliveryOf(leadNamed('lead_2'))))).toEqual(['lead_2']);
    expect(ids(await testStep())).toEqual(['lead_1']);
  });

  it('shows the sample, and says why, when the cache cannot be read in the editor', async () => {
    runtime.failWith(503);
    expect(await testStep()).toEqual([SAMPLE_LEAD]);
    expect(await pageDropdown()).toEqual([]);
    expect(runtime.consoleLines.join('\n')).toMatch(
      /New Lead could not read the leads it keeps for the Zap editor: Zapier's cache did not answer/,
    );
  });

  it.each([
    ['not JSON', '{"version": 1, "leads": ['],
    ['an older layout', JSON.stringify({ version: 0, leads: [leadNamed('old')] })],
    ['a newer layout', JSON.stringify({ version: RECENT_LEADS_VERSION + 1, leads: [] })],
    ['a list', JSON.stringify([1, 2, 3])],
    [
      'malformed entries',
      JSON.stringify({
        version: RECENT_LEADS_VERSION,
        leads: [
          { at: 'yesterday', value: { id: 'lead_x', is_sample: false } },
          { at: Date.UTC(2026, 10, 22), value: { id: 'lead_y', is_sample: true } },
          {
            at: Date.UTC(2026, 10, 22),
            value: { id: 'lead_z', is_sample: false, n: {} },
          },
        ],
        pages: [{ at: Date.UTC(2026, 10, 22), value: { id: 7 } }],
      }),
    ],
  ])(
    'treats a record it cannot read (%s) as nothing remembered, and replaces it',
    async (_kind, text) => {
      runtime.storeText(RECENT_LEADS_KEY, text, ['auth']);
      expect(await testStep()).toEqual([SAMPLE_LEAD]);
      expect(runtime.consoleLines.join('\n')).not.toContain('"leads"');
      expect(await pageDropdown()).toEqual([]);
      expect(ids(await perform(deliveryOf(leadNamed('lead_1'))))).toEqual(['lead_1']);
      expect(ids(await testStep())).toEqual(['lead_1']);
    },
  );

  it('gives every lead of concurrent deliveries, each remembering as it can', async () => {
    const deliveries = [1, 2, 3, 4].map((index) =>
      deliveryOf(leadNamed(`lead_${index}`)),
    );
    const results = await Promise.all(deliveries.map((delivery) => perform(delivery)));
    expect(results.map(ids)).toEqual([['lead_1'], ['lead_2'], ['lead_3'], ['lead_4']]);
    // One of two concurrent updates may be lost; at least one is kept.
    expect((await testStep()).length).toBeGreaterThanOrEqual(1);
  });
});
