/**
 * Exactly once per Zap, against real set-if-absent: the app's `perform` run
 * through core's Lambda handler, as Zapier runs it, with a local stand-in of
 * Zapier's cache RPC and log endpoint. Shared by the app suite (the source)
 * and the end-to-end suite (the built app).
 */
import { startZapierRuntime } from '../lifecycle/zapier/runtime';
import type { ZapierRuntime } from '../lifecycle/zapier/runtime';
import type { Lead } from '../src/leads/fields';

const PERFORM = 'triggers.new_lead.operation.perform';
const WEEK_SECONDS = 7 * 24 * 60 * 60;

const leadNamed = (id: string, page = 'Spring Launch') => ({
  id,
  email: `${id}@example.org`,
  page: { id: `page_${page.toLowerCase().replace(/\W+/g, '_')}`, name: page },
});
const deliveryOf = (...leads: ReturnType<typeof leadNamed>[]) => ({
  event: 'lead.created',
  id: `dlv_${leads.map((lead) => lead.id).join('_')}`,
  data: leads.length === 1 ? leads[0] : leads,
});

export function describeExactlyOnce(loadApp: () => object): void {
  let runtime: ZapierRuntime;
  let clock: number;
  let app: object;

  beforeAll(() => {
    app = loadApp();
  });
  beforeEach(async () => {
    clock = Date.UTC(2026, 10, 22);
    runtime = await startZapierRuntime({ now: () => clock });
  });
  afterEach(() => runtime.close());

  const perform = (delivery: unknown, meta: Record<string, unknown>, inputData = {}) =>
    runtime.invoke<Lead[]>(app, PERFORM, {
      cleanedRequest: delivery,
      meta,
      inputData,
      authData: {},
    });
  const inZap = (id: string) => ({ zap: { id } });
  const ids = (items: Lead[]) => items.map((item) => item.id);

  it('runs the Zap once when the service sends a lead again', async () => {
    const delivery = deliveryOf(leadNamed('lead_1'));
    expect(ids(await perform(delivery, inZap('zap_1')))).toEqual(['lead_1']);
    expect(ids(await perform(delivery, inZap('zap_1')))).toEqual([]);
    expect(runtime.consoleLines).toContain(
      'New Lead skipped lead lead_1: this Zap already received it (the service sent it again).',
    );
  });

  it('claims with set-if-absent, a week long, under a short hashed key', async () => {
    await perform(deliveryOf(leadNamed('lead_1')), inZap('zap_1'));
    expect(runtime.calls).toHaveLength(1);
    const [key, value, ttl, scope, nx] = runtime.calls[0]!.params;
    expect(runtime.calls[0]!.method).toBe('zcache_set');
    expect(key).toMatch(/^new_lead:[A-Za-z0-9_-]{32}$/);
    expect(String(key)).not.toContain('lead_1');
    expect([value, ttl, scope, nx]).toEqual(['1', WEEK_SECONDS, null, true]);
  });

  it('recognises a redelivery for a week, and no longer after', async () => {
    const delivery = deliveryOf(leadNamed('lead_1'));
    await perform(delivery, inZap('zap_1'));
    clock += (WEEK_SECONDS - 1) * 1000;
    expect(ids(await perform(delivery, inZap('zap_1')))).toEqual([]);
    clock += 2000;
    expect(ids(await perform(delivery, inZap('zap_1')))).toEqual(['lead_1']);
  });

  it('gives the same lead to every Zap on the project', async () => {
    const delivery = deliveryOf(leadNamed('lead_1'));
    expect(ids(await perform(delivery, inZap('zap_1')))).toEqual(['lead_1']);
    expect(ids(await perform(delivery, inZap('zap_2')))).toEqual(['lead_1']);
  });

  it('gives one item in all for three concurrent deliveries of one lead', async () => {
    const delivery = deliveryOf(leadNamed('lead_1'));
    const results = await Promise.all(
      [1, 2, 3].map(() => perform(delivery, inZap('zap_1'))),
    );
    expect(results.flat().map((item) => item.id)).toEqual(['lead_1']);
    expect(runtime.calls.filter((call) => call.method === 'zcache_set')).toHaveLength(3);
  });

  it('keeps the new leads of a batch, in order, and drops only those seen', async () => {
    await perform(deliveryOf(leadNamed('lead_2')), inZap('zap_1'));
    const batch = deliveryOf(
      leadNamed('lead_1'),
      leadNamed('lead_2'),
      leadNamed('lead_3'),
      leadNamed('lead_1'),
    );
    expect(ids(await perform(batch, inZap('zap_1')))).toEqual(['lead_1', 'lead_3']);
  });

  it('delivers the lead, and says why, when the cache answers 5xx', async () => {
    runtime.failWith(503);
    const delivery = deliveryOf(leadNamed('lead_1'));
    expect(ids(await perform(delivery, inZap('zap_1')))).toEqual(['lead_1']);
    expect(runtime.consoleLines.join('\n')).toMatch(
      /New Lead passed lead lead_1 on without checking for a redelivery: Zapier's cache did not answer/,
    );
  });

  it('delivers every time, and says why, without a live Zap (the editor test)', async () => {
    const delivery = deliveryOf(leadNamed('lead_1'));
    expect(ids(await perform(delivery, {}))).toEqual(['lead_1']);
    expect(ids(await perform(delivery, { isLoadingSample: true }))).toEqual(['lead_1']);
    expect(runtime.calls).toEqual([]);
    expect(runtime.consoleLines).toContain(
      'New Lead passed 1 lead(s) on without checking for redeliveries: this run belongs to no live Zap (a test in the Zap editor).',
    );
  });

  it('claims nothing for a delivery it cannot read', async () => {
    await expect(perform('{"email": ', inZap('zap_1'))).rejects.toThrow(
      /cannot read: it looks like JSON but is not valid JSON/,
    );
    expect(runtime.calls).toEqual([]);
  });

  it('claims only the leads of the chosen page', async () => {
    const batch = deliveryOf(leadNamed('lead_1', 'Webinar Signup'), leadNamed('lead_2'));
    const page = { page: 'webinar signup' };
    expect(ids(await perform(batch, inZap('zap_1'), page))).toEqual(['lead_1']);
    expect(runtime.calls).toHaveLength(1);
    // The other page's lead is still new for a Zap without the filter.
    expect(ids(await perform(batch, inZap('zap_2')))).toEqual(['lead_1', 'lead_2']);
  });
}

/** Same scenarios against a cache that answers `false` (not `null`) for an existing key. */
export function describeFalseAnswer(loadApp: () => object): void {
  it('skips a redelivery when the cache answers false for an existing key', async () => {
    const runtime = await startZapierRuntime({ existingKeyAnswer: false });
    try {
      const app = loadApp();
      const bundle = {
        cleanedRequest: deliveryOf(leadNamed('lead_1')),
        meta: { zap: { id: 'zap_1' } },
      };
      expect(await runtime.invoke<Lead[]>(app, PERFORM, bundle)).toHaveLength(1);
      expect(await runtime.invoke<Lead[]>(app, PERFORM, bundle)).toEqual([]);
    } finally {
      await runtime.close();
    }
  });
}
