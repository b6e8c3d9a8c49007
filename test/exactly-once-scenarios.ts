/**
 * Exactly once per Zap, against real set-if-absent: the app's `perform` run
 * through core's Lambda handler, as Zapier runs it, with a local stand-in of
 * Zapier's cache RPC and log endpoint. Shared by the app suite (the source)
 * and the end-to-end suite (the built app).
 */
import { createHash } from 'node:crypto';

import { eventually } from '../harness/eventually';
import { TestClock } from '../harness/test-clock';
import { startZapierRuntime } from '../harness/zapier/runtime';
import type { ZapierRuntime } from '../harness/zapier/runtime';
import type { Lead } from '../src/leads/fields';
import { RECENT_LEADS_KEY } from '../src/leads/recent-leads';
import { FAILURES_IN_A_ROW_BEFORE_GIVING_UP } from '../src/cache-calls';
import type { CacheTiming } from '../src/cache-calls';
import { CLAIMS_AT_ONCE, claimKey } from '../src/leads/redeliveries';

const PERFORM = 'triggers.new_lead.operation.perform';
const PERFORM_LIST = 'triggers.new_lead.operation.performList';
const WEEK_SECONDS = 7 * 24 * 60 * 60;

export const leadNamed = (id: string, page = 'Spring Launch') => ({
  id,
  email: `${id}@example.org`,
  page: { id: `page_${page.toLowerCase().replace(/\W+/g, '_')}`, name: page },
});
export const deliveryOf = (...leads: ({ id: string } & Record<string, unknown>)[]) => ({
  event: 'lead.created',
  id: `dlv_${leads.length}_${leads[0]?.id ?? 'none'}`,
  data: leads.length === 1 ? leads[0] : leads,
});

/** A live Zap as Zapier runs it today: its webhook and its (deprecated) id. */
export const liveZap = (webhookId: string, zapId = `zap_of_${webhookId}`) => ({
  subscribeData: { id: webhookId },
  meta: { zap: { id: zapId } },
});
/** A live Zap subscribed by this version: its webhook and the hook URL it was created for. */
export const subscribedAt = (webhookId: string, hookUrl: string) => ({
  subscribeData: { id: webhookId, target_url: hookUrl },
});
/** A live Zap as Zapier may run it once Zap ids are gone: its webhook only. */
export const webhookOnly = (webhookId: string) => ({ subscribeData: { id: webhookId } });
/** A live Zap without a subscription (as before Zapier handed one over): its id only. */
export const zapOnly = (zapId: string) => ({ meta: { zap: { id: zapId } } });

/** The claims among the calls: writes of anything but the remembered leads. */
export const claimWrites = (runtime: ZapierRuntime) =>
  runtime.calls.filter(
    (call) => call.method === 'zcache_set' && call.params[0] !== RECENT_LEADS_KEY,
  );

/**
 * A scenario's time, sized from its work rather than Jest's default 5 s: 10 s
 * to start the runtime and load the app, and 250 ms for each call to the
 * cache stand-in over loopback. A call takes about 10 ms through nock's
 * interceptor on two cores at load average 9 (`npx jest
 * test/app/leads/redeliveries.test.ts --verbose`: 500 leads, about 1,500
 * calls, in 11 s), and took over 57 ms in `npm test` beside four CPU
 * burners (load average 14: the batch of 500 ran past 85 s); 250 ms leaves
 * four times that. Only a run that hangs reaches it.
 */
export const timeForCalls = (calls: number) => 10_000 + 250 * calls;
/** A scenario of a few leads: core's three tries of each call included. */
const FEW_CALLS = 100;
/**
 * The cache's time where a scenario is about what the cache answers, not
 * when: longer than any scenario's own time limit, so no machine's speed
 * runs it out (the slow-cache scenarios move a clock of their own, and the
 * built app's own test keeps Zapier's timing).
 */
const UNHURRIED: CacheTiming = { budgetMs: 3_600_000, callTimeoutMs: 3_600_000 };

export interface ScenarioOptions {
  /**
   * Whether core's RPC client can keep its sockets alive: not where nock is
   * loaded (its interceptor opens a socket per request).
   */
  socketsReused: boolean;
  /** Leads in the large batch: thousands on the built app; fewer where nock slows every call. */
  batchSize: number;
}

export function describeExactlyOnce(
  loadApp: (timing: CacheTiming) => object,
  { socketsReused, batchSize }: ScenarioOptions,
): void {
  let runtime: ZapierRuntime;
  let clock: number;
  let app: object;
  // The file's default: the batches below give their own.
  jest.setTimeout(timeForCalls(FEW_CALLS));

  beforeAll(() => {
    app = loadApp(UNHURRIED);
  });
  beforeEach(async () => {
    clock = Date.UTC(2026, 10, 22);
    runtime = await startZapierRuntime({ now: () => clock });
  });
  afterEach(() => runtime.close());

  const perform = (delivery: unknown, live: Record<string, unknown>, inputData = {}) =>
    runtime.invoke<Lead[]>(app, PERFORM, {
      cleanedRequest: delivery,
      inputData,
      authData: {},
      ...live,
    });
  const ids = (items: Lead[]) => items.map((item) => item.id);

  it('runs the Zap once when the service sends a lead again', async () => {
    const delivery = deliveryOf(leadNamed('lead_1'));
    expect(ids(await perform(delivery, liveZap('wh_1')))).toEqual(['lead_1']);
    expect(ids(await perform(delivery, liveZap('wh_1')))).toEqual([]);
    expect(runtime.consoleLines).toContain(
      'New Lead skipped lead lead_1: this Zap already received it (the service sent it again).',
    );
  });

  it('claims with set-if-absent, a week long, app-wide, under a short hashed key, with a mark of its own', async () => {
    await perform(deliveryOf(leadNamed('lead_1')), liveZap('wh_1'));
    await perform(deliveryOf(leadNamed('lead_2')), liveZap('wh_1'));
    const claims = claimWrites(runtime);
    expect(claims).toHaveLength(2);
    const [key, value, ttl, scope, nx] = claims[0]!.params;
    expect(key).toMatch(/^new_lead:[A-Za-z0-9_-]{32}$/);
    expect(String(key)).not.toContain('lead_1');
    expect(String(key)).not.toContain('wh_1');
    expect([ttl, scope, nx]).toEqual([WEEK_SECONDS, null, true]);
    // Stored as JSON text by core: the run's random mark and the lead's place, another for each claim.
    expect(JSON.parse(String(value))).toMatch(/^[A-Za-z0-9_-]{16}\.0$/);
    expect(claims[1]!.params[1]).not.toEqual(value);
  });

  it('recognises a redelivery from the subscription alone, without a Zap id', async () => {
    const delivery = deliveryOf(leadNamed('lead_1'));
    expect(ids(await perform(delivery, webhookOnly('wh_1')))).toEqual(['lead_1']);
    expect(ids(await perform(delivery, webhookOnly('wh_1')))).toEqual([]);
  });

  it('gives a lead once to each of two subscriptions', async () => {
    const delivery = deliveryOf(leadNamed('lead_1'));
    for (const webhook of ['wh_1', 'wh_2', 'wh_1', 'wh_2']) {
      await perform(delivery, webhookOnly(webhook));
    }
    const gave = await Promise.all(
      ['wh_1', 'wh_2', 'wh_3'].map((webhook) => perform(delivery, webhookOnly(webhook))),
    );
    expect(gave.map(ids)).toEqual([[], [], ['lead_1']]);
  });

  it('tells apart two subscriptions the service gave the same id, by their hook URLs', async () => {
    // The spec calls a webhook id unique, not unique across accounts: two
    // accounts' Zaps must never share claims.
    const delivery = deliveryOf(leadNamed('lead_1'));
    const ada = subscribedAt('1', 'https://hooks.zapier.com/hooks/standard/1/ada/');
    const grace = subscribedAt('1', 'https://hooks.zapier.com/hooks/standard/2/grace/');
    expect(ids(await perform(delivery, ada))).toEqual(['lead_1']);
    expect(ids(await perform(delivery, grace))).toEqual(['lead_1']);
    expect(ids(await perform(delivery, ada))).toEqual([]);
    expect(ids(await perform(delivery, grace))).toEqual([]);
  });

  it('keys a subscription made before hook URLs were kept on its id, as before', async () => {
    const delivery = deliveryOf(leadNamed('lead_1'));
    await perform(delivery, webhookOnly('wh_1'));
    const [before] = claimWrites(runtime).map((call) => call.params[0]);
    expect(before).toBe(
      `new_lead:${createHash('sha256').update('webhook:wh_1\nlead_1').digest('base64url').slice(0, 32)}`,
    );
  });

  it('passes a lead on, and says why, when the claim it found is gone when read back', async () => {
    const delivery = deliveryOf(leadNamed('lead_1'));
    runtime.vanishClaims(1);
    expect(ids(await perform(delivery, liveZap('wh_1')))).toEqual(['lead_1']);
    expect(runtime.consoleLines.join('\n')).toContain(
      "New Lead passed lead lead_1 on without checking for a redelivery: Zapier's cache said it held a claim, then held none.",
    );
  });

  it('keys on the subscription when both ids are there', async () => {
    const delivery = deliveryOf(leadNamed('lead_1'));
    expect(ids(await perform(delivery, liveZap('wh_1', 'zap_1')))).toEqual(['lead_1']);
    // Same webhook, another Zap id: still the same subscription.
    expect(ids(await perform(delivery, liveZap('wh_1', 'zap_2')))).toEqual([]);
    // The Zap turned off and on: a new webhook, a new subscription.
    expect(ids(await perform(delivery, liveZap('wh_2', 'zap_1')))).toEqual(['lead_1']);
  });

  it('falls back to the Zap id when there is no subscription', async () => {
    const delivery = deliveryOf(leadNamed('lead_1'));
    expect(ids(await perform(delivery, zapOnly('zap_1')))).toEqual(['lead_1']);
    expect(ids(await perform(delivery, zapOnly('zap_1')))).toEqual([]);
    expect(ids(await perform(delivery, zapOnly('zap_2')))).toEqual(['lead_1']);
    // A webhook and a Zap of the same name are different claimants.
    expect(ids(await perform(delivery, webhookOnly('zap_1')))).toEqual(['lead_1']);
  });

  it.each(['server-error', 'connection-reset'] as const)(
    'passes a lead on once when the answer to its claim is lost after the write (%s)',
    async (how) => {
      const delivery = deliveryOf(leadNamed('lead_1'));
      runtime.loseAnswers('zcache_set', 1, how);
      expect(ids(await perform(delivery, liveZap('wh_1')))).toEqual(['lead_1']);
      // Core tried again, found the key, and the app read its own mark back.
      expect(claimWrites(runtime)).toHaveLength(2);
      expect(runtime.calls.map((call) => call.method)).toContain('zcache_get');
      expect(ids(await perform(delivery, liveZap('wh_1')))).toEqual([]);
    },
  );

  it('passes a lead on, and says why, when the cache cannot say whose claim it is', async () => {
    const delivery = deliveryOf(leadNamed('lead_1'));
    await perform(delivery, liveZap('wh_1'));
    const [key] = claimWrites(runtime)[0]!.params;
    runtime.loseAnswers('zcache_get', 3, 'server-error', String(key));
    expect(ids(await perform(delivery, liveZap('wh_1')))).toEqual(['lead_1']);
    expect(runtime.consoleLines.join('\n')).toMatch(
      /New Lead passed lead lead_1 on without checking for a redelivery: Zapier's cache did not say who claimed it \(RPC request failed after 3 attempts/,
    );
  });

  it.each([
    ['a claim of an earlier version', '1'],
    ['text that is not JSON', 'lead_1 grace@example.org'],
  ])('counts %s under the key as claimed, and never logs it', async (_kind, text) => {
    const delivery = deliveryOf(leadNamed('lead_1'));
    await perform(delivery, liveZap('wh_1'));
    const [key] = claimWrites(runtime)[0]!.params;
    runtime.storeText(String(key), text, null);
    expect(ids(await perform(delivery, liveZap('wh_1')))).toEqual([]);
    expect(runtime.consoleLines.join('\n')).not.toContain('grace@example.org');
  });

  it('recognises a redelivery for a week, and no longer after', async () => {
    const delivery = deliveryOf(leadNamed('lead_1'));
    await perform(delivery, liveZap('wh_1'));
    clock += (WEEK_SECONDS - 1) * 1000;
    expect(ids(await perform(delivery, liveZap('wh_1')))).toEqual([]);
    clock += 2000;
    expect(ids(await perform(delivery, liveZap('wh_1')))).toEqual(['lead_1']);
  });

  it('gives one item in all for three concurrent deliveries of one lead', async () => {
    const delivery = deliveryOf(leadNamed('lead_1'));
    const results = await Promise.all(
      [1, 2, 3].map(() => perform(delivery, liveZap('wh_1'))),
    );
    expect(results.flat().map((item) => item.id)).toEqual(['lead_1']);
    expect(claimWrites(runtime)).toHaveLength(3);
  });

  it('keeps the new leads of a batch, in order, and drops only those seen', async () => {
    await perform(deliveryOf(leadNamed('lead_2')), liveZap('wh_1'));
    const batch = deliveryOf(
      leadNamed('lead_1'),
      leadNamed('lead_2'),
      leadNamed('lead_3'),
      leadNamed('lead_1'),
    );
    expect(ids(await perform(batch, liveZap('wh_1')))).toEqual(['lead_1', 'lead_3']);
  });

  it(
    `claims each lead of a batch of ${batchSize.toLocaleString('en-US')} once, at most ${CLAIMS_AT_ONCE} at a time`,
    async () => {
      // Answers that take a while, as over the network to Zapier's cache: calls
      // pile up unless the app bounds them.
      await runtime.close();
      runtime = await startZapierRuntime({ now: () => clock, answerDelayMs: 5 });
      const leads = Array.from({ length: batchSize }, (_, index) =>
        leadNamed(`lead_${index}`),
      );
      const batch = deliveryOf(...leads);
      const gave = await perform(batch, liveZap('wh_1'));
      expect(ids(gave)).toEqual(leads.map((lead) => lead.id));
      const keys = claimWrites(runtime).map((call) => call.params[0]);
      expect(new Set(keys).size).toBe(batchSize);
      expect(keys).toHaveLength(batchSize);
      const { mostCallsInFlight, mostConnectionsOpen, connectionsOpened } =
        runtime.figures();
      // The claims, and the remembering for the test step beside them.
      expect(mostCallsInFlight).toBeLessThanOrEqual(CLAIMS_AT_ONCE + 1);
      expect(mostCallsInFlight).toBeGreaterThan(1);
      // Sockets held at once: the claims' and the log stream's, not one per lead.
      expect(mostConnectionsOpen).toBeLessThanOrEqual(CLAIMS_AT_ONCE + 4);
      if (socketsReused) {
        expect(connectionsOpened).toBeLessThanOrEqual(CLAIMS_AT_ONCE + 4);
      }
      expect(await perform(batch, liveZap('wh_1'))).toEqual([]);
      // A claim a lead, then at most a claim and a read-back a lead.
    },
    timeForCalls(3 * batchSize),
  );

  it(
    'spends about one call a lead on a batch sent again, and still finds the new leads among it',
    async () => {
      const leads = Array.from({ length: 400 }, (_, index) => leadNamed(`lead_${index}`));
      await perform(deliveryOf(...leads.slice(0, 300)), liveZap('wh_1'));
      const callsBefore = runtime.calls.length;
      const again = await perform(deliveryOf(...leads), liveZap('wh_1'));
      expect(ids(again)).toEqual(leads.slice(300).map((lead) => lead.id));
      // Writing first, a lead seen before costs two calls (the write, then the
      // read-back of whose claim it is); reading first, once most were seen, one.
      // At most: the first round written first (two calls each), the other seen
      // leads read first (one), each new lead read then written (two), and the
      // remembering for the test step (two); writing first throughout: 702.
      const calls = runtime.calls.length - callsBefore;
      expect(calls).toBeLessThanOrEqual(
        2 * CLAIMS_AT_ONCE + (300 - CLAIMS_AT_ONCE) + 2 * 100 + 2,
      );
    },
    timeForCalls(300 + 702),
  );

  it('delivers the lead, and says why, when the cache answers 5xx', async () => {
    runtime.failWith(503);
    const delivery = deliveryOf(leadNamed('lead_1'));
    expect(ids(await perform(delivery, liveZap('wh_1')))).toEqual(['lead_1']);
    expect(runtime.consoleLines.join('\n')).toMatch(
      /New Lead passed lead lead_1 on without checking for a redelivery: Zapier's cache did not answer/,
    );
  });

  it('delivers every time, and says why, without a live Zap (the editor test)', async () => {
    const delivery = deliveryOf(leadNamed('lead_1'));
    expect(ids(await perform(delivery, {}))).toEqual(['lead_1']);
    expect(ids(await perform(delivery, { meta: { isLoadingSample: true } }))).toEqual([
      'lead_1',
    ]);
    expect(runtime.calls).toEqual([]);
    expect(runtime.consoleLines).toContain(
      'New Lead passed 1 lead(s) on without checking for redeliveries: this run belongs to no live Zap (a test in the Zap editor).',
    );
  });

  it('claims nothing for a delivery it cannot read', async () => {
    await expect(perform('{"email": ', liveZap('wh_1'))).rejects.toThrow(
      /cannot read: it looks like JSON but is not valid JSON/,
    );
    expect(runtime.calls).toEqual([]);
  });

  it('claims only the leads of the chosen page', async () => {
    const batch = deliveryOf(leadNamed('lead_1', 'Webinar Signup'), leadNamed('lead_2'));
    const page = { page: 'webinar signup' };
    expect(ids(await perform(batch, liveZap('wh_1'), page))).toEqual(['lead_1']);
    expect(claimWrites(runtime)).toHaveLength(1);
    // The other page's lead is still new for a Zap without the filter.
    expect(ids(await perform(batch, liveZap('wh_2')))).toEqual(['lead_1', 'lead_2']);
  });
}

/** Same scenarios against a cache that answers `false` (not `null`) for an existing key. */
export function describeFalseAnswer(loadApp: (timing: CacheTiming) => object): void {
  it(
    'skips a redelivery when the cache answers false for an existing key',
    async () => {
      const runtime = await startZapierRuntime({ existingKeyAnswer: false });
      try {
        const app = loadApp(UNHURRIED);
        const bundle = {
          cleanedRequest: deliveryOf(leadNamed('lead_1')),
          ...webhookOnly('wh_1'),
        };
        expect(await runtime.invoke<Lead[]>(app, PERFORM, bundle)).toHaveLength(1);
        expect(await runtime.invoke<Lead[]>(app, PERFORM, bundle)).toEqual([]);
      } finally {
        await runtime.close();
      }
    },
    timeForCalls(FEW_CALLS),
  );
}

/** A cache whose set answers something neither stored nor refused. */
export function describeOddAnswer(loadApp: (timing: CacheTiming) => object): void {
  it(
    'passes a lead on, and says why, when the cache answers what no cache should',
    async () => {
      const runtime = await startZapierRuntime({ storedAnswer: 'OK' });
      try {
        const bundle = {
          cleanedRequest: deliveryOf(leadNamed('lead_1')),
          ...webhookOnly('wh_1'),
        };
        const items = await runtime.invoke<Lead[]>(loadApp(UNHURRIED), PERFORM, bundle);
        expect(items.map((item) => item.id)).toEqual(['lead_1']);
        expect(runtime.consoleLines).toEqual(
          expect.arrayContaining([
            "New Lead passed lead lead_1 on without checking for a redelivery: Zapier's cache gave an answer it does not understand (string). If the service sent it before, the Zap may run for it twice.",
            "New Lead could not keep this delivery's leads for the Zap editor's test step: Zapier's cache did not confirm it stored them (it answered string). The leads themselves went out as usual.",
          ]),
        );
      } finally {
        await runtime.close();
      }
    },
    timeForCalls(FEW_CALLS),
  );
}

/**
 * A cache that is slow, fails, or never answers: `perform` still returns in
 * its time with every lead, and a claim is held only by a run that returned
 * its lead. `loadApp(timing)` gives the app with that time for the cache.
 * The time is a `TestClock`'s: a call is given up when the run waits for
 * nothing but calls the cache holds, not when this machine is slow.
 */
export function describeSlowCache(loadApp: (timing: CacheTiming) => object): void {
  const clock = new TestClock();
  const timing: CacheTiming = { budgetMs: 4_000, callTimeoutMs: 2_000, clock };
  /** For runs that check what the cache holds afterwards. */
  const patientTiming = UNHURRIED;
  /** The run's time runs out, never a call's. */
  const budgetOnly: CacheTiming = { ...UNHURRIED, budgetMs: timing.budgetMs, clock };
  // A test of a few calls; those with thousands give their own.
  jest.setTimeout(timeForCalls(FEW_CALLS));
  let runtime: ZapierRuntime;
  let app: object;
  let patientApp: object;
  let budgetBoundApp: object;

  beforeAll(() => {
    app = loadApp(timing);
    patientApp = loadApp(patientTiming);
    budgetBoundApp = loadApp(budgetOnly);
  });
  beforeEach(async () => {
    runtime = await startZapierRuntime();
  });
  afterEach(() => runtime.close());

  /**
   * Runs `method` on the clock: once the run waits only for calls the cache
   * holds (as many timers as held calls), the clock moves to its next timer,
   * once; the run's items.
   */
  const onClock = async (
    which: object,
    method: string,
    bundle: Record<string, unknown>,
  ) => {
    let settled = false;
    const run = runtime.invoke<Lead[]>(which, method, bundle).finally(() => {
      settled = true;
    });
    await eventually(
      () =>
        settled || (clock.waiting > 0 && clock.waiting === runtime.heldCalls())
          ? true
          : undefined,
      {
        what: 'the run to wait only for calls the cache holds',
        timeoutMs: timeForCalls(FEW_CALLS),
      },
    );
    if (!settled) {
      clock.advanceToNext();
    }
    return run;
  };
  const bundleOf = (delivery: unknown) => ({
    cleanedRequest: delivery,
    inputData: {},
    authData: {},
    ...webhookOnly('wh_1'),
  });
  const perform = (delivery: unknown) => onClock(app, PERFORM, bundleOf(delivery));
  /** A redelivery to a cache that answers, judged with all the time it takes. */
  const performPatiently = (delivery: unknown) =>
    runtime.invoke<Lead[]>(patientApp, PERFORM, bundleOf(delivery));
  const ids = (items: Lead[]) => items.map((item) => item.id);
  const batchOf = (size: number) =>
    Array.from({ length: size }, (_, index) => leadNamed(`lead_${index}`));
  /** The mark of the run that made the first claim: each claim holds `<mark>.<place>`. */
  const firstRunMark = () =>
    String(JSON.parse(String(claimWrites(runtime)[0]!.params[1]))).split('.')[0]!;
  /**
   * The leads whose claim in the cache is the run's of `mark`, read once a
   * redelivery has claimed the rest: a claim of that run given up and
   * carried out late finds its key taken by then, so however late it lands,
   * each lead is held by exactly one run.
   */
  const leadsHeldBy = (mark: string, leads: { id: string }[]) =>
    leads
      .filter((lead) => {
        const text = runtime.storedText(
          claimKey({ kind: 'webhook', id: 'wh_1' }, lead.id),
          null,
        );
        return (
          typeof text === 'string' && String(JSON.parse(text)).startsWith(`${mark}.`)
        );
      })
      .map((lead) => lead.id);

  /**
   * Sent again to a cache that answers, exactly the leads the first run's
   * claims do not hold go out; it held some, not all.
   */
  const expectRedeliveryToGiveTheUnclaimed = async (leads: { id: string }[]) => {
    const first = firstRunMark();
    runtime.delayAnswers(() => 0);
    const again = ids(await performPatiently(deliveryOf(...leads)));
    const claimed = leadsHeldBy(first, leads);
    expect(claimed.length).toBeGreaterThan(0);
    expect(claimed.length).toBeLessThan(leads.length);
    expect(again).toEqual(
      leads.map((lead) => lead.id).filter((id) => !claimed.includes(id)),
    );
  };

  it('returns every lead, unchecked and said so, when the cache never answers', async () => {
    runtime.delayAnswers(() => 'never');
    const leads = batchOf(50);
    expect(ids(await perform(deliveryOf(...leads)))).toEqual(
      leads.map((lead) => lead.id),
    );
    expect(runtime.consoleLines).toEqual(
      expect.arrayContaining([
        "New Lead passed 50 leads on without checking for a redelivery (lead_0, lead_1, lead_2 and 47 more): Zapier's cache did not answer (no answer within 2 s). If the service sent them before, the Zap may run for them twice.",
        "New Lead could not keep this delivery's leads for the Zap editor's test step: Zapier's cache did not answer (no answer within 2 s). The leads themselves went out as usual.",
      ]),
    );
  });

  it(
    'stops asking a cache that failed calls in a row, and passes the rest on',
    async () => {
      runtime.failWith(503);
      let arrived = 0;
      runtime.delayAnswers((call) => {
        arrived = call.ordinal;
        return 0;
      });
      const leads = batchOf(500);
      // No call is given up, however long core's three tries of each take.
      expect(await performPatiently(deliveryOf(...leads))).toHaveLength(500);
      // Core tries each call three times; without giving up, 1,500 tries and more.
      expect(arrived).toBeLessThanOrEqual(
        3 * (CLAIMS_AT_ONCE + FAILURES_IN_A_ROW_BEFORE_GIVING_UP + 1),
      );
      expect(runtime.consoleLines.join('\n')).toMatch(
        /New Lead passed \d+ leads on without checking for a redelivery \(lead_\d+, .*\): Zapier's cache did not answer \(it had failed \d+ calls in a row, so this run stopped asking it\)/,
      );
    },
    timeForCalls(3 * (CLAIMS_AT_ONCE + FAILURES_IN_A_ROW_BEFORE_GIVING_UP + 1)),
  );

  it('returns every lead when the cache answers only some calls, and claims none it did not return', async () => {
    // Every other call hangs, never carried out: those leads are not claimed.
    runtime.delayAnswers((call) => (call.ordinal % 2 === 0 ? 'never' : 0));
    const leads = batchOf(40);
    expect(ids(await perform(deliveryOf(...leads)))).toEqual(
      leads.map((lead) => lead.id),
    );
    await expectRedeliveryToGiveTheUnclaimed(leads);
  });

  it('holds a claim that lands after the run stopped waiting only for the run that returned its lead', async () => {
    // The claims are carried out once the run that made them has returned.
    let land = () => undefined as void;
    const landing = new Promise<void>((resolve) => {
      land = resolve;
    });
    runtime.delayAnswers((call) => (call.params[4] === true ? landing : 0));
    const leads = batchOf(20);
    expect(await perform(deliveryOf(...leads))).toHaveLength(20);
    expect(claimWrites(runtime)).toEqual([]);
    land();
    // The late claims land, each for a lead that run returned: none is lost,
    // and a redelivery is recognised.
    await eventually(() => (claimWrites(runtime).length === 20 ? true : undefined), {
      what: 'the late claims landing',
      timeoutMs: timeForCalls(20),
    });
    runtime.delayAnswers(() => 0);
    expect(await performPatiently(deliveryOf(...leads))).toEqual([]);
  });

  it(
    'stops claiming when its time for the cache is spent, and passes the rest on',
    async () => {
      // The cache carries out 200 claims, then holds the rest: the run's 4 s
      // for the cache end while it waits, and no call is given up on its own.
      let claims = 0;
      runtime.delayAnswers((call) => {
        claims += call.params[4] === true ? 1 : 0;
        return call.params[4] === true && claims > 200 ? 'never' : 0;
      });
      const leads = batchOf(2_000);
      expect(
        await onClock(budgetBoundApp, PERFORM, bundleOf(deliveryOf(...leads))),
      ).toHaveLength(2_000);
      expect(claimWrites(runtime)).toHaveLength(200);
      expect(runtime.consoleLines.join('\n')).toContain(
        'this run had used its 4 s for the cache, and Zapier stops a run at 30 s',
      );
      await expectRedeliveryToGiveTheUnclaimed(leads);
    },
    timeForCalls(2 * 2_000),
  );

  it('keeps the leads for the test step only as long as the claims may take', async () => {
    runtime.delayAnswers((call) => (call.params[0] === RECENT_LEADS_KEY ? 'never' : 0));
    expect(ids(await perform(deliveryOf(leadNamed('lead_1'))))).toEqual(['lead_1']);
    expect(claimWrites(runtime)).toHaveLength(1);
    expect(runtime.consoleLines).toContain(
      "New Lead could not keep this delivery's leads for the Zap editor's test step: Zapier's cache did not answer (no answer within 2 s). The leads themselves went out as usual.",
    );
  });

  it('shows the sample in the test step when the cache never answers', async () => {
    runtime.delayAnswers(() => 'never');
    const shown = await onClock(app, PERFORM_LIST, { inputData: {}, authData: {} });
    expect(shown.map((lead) => lead.is_sample)).toEqual([true]);
    expect(runtime.consoleLines).toContain(
      "New Lead could not read the leads it keeps for the Zap editor: Zapier's cache did not answer (no answer within 2 s).",
    );
  });
}
