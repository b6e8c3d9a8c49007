/** Exactly once per Zap, for the built app (dist/), through core's Lambda handler. */
import { join } from 'node:path';

import { APP_BUILD_TIMEOUT_MS, ensureAppBuilt } from '../../harness/app-build';
import { BuiltApp } from '../../harness/zapier/built-app';
import { startZapierRuntime } from '../../harness/zapier/runtime';
import type { CacheTiming } from '../../src/cache-calls';
import type { Lead } from '../../src/leads/fields';
import {
  deliveryOf,
  describeExactlyOnce,
  describeFalseAnswer,
  describeOddAnswer,
  leadNamed,
  webhookOnly,
} from '../exactly-once-scenarios';

const APP_DIR = join(__dirname, '..', '..');

const builtApp = (cacheTiming?: CacheTiming) =>
  new BuiltApp(APP_DIR, false, cacheTiming).definition;

beforeAll(async () => {
  await ensureAppBuilt(APP_DIR);
}, APP_BUILD_TIMEOUT_MS);

describe('New Lead, exactly once per Zap (built app)', () => {
  describeExactlyOnce(builtApp, { socketsReused: true, batchSize: 1000 });
  describeFalseAnswer(builtApp);
  describeOddAnswer(builtApp);
});

describe("New Lead on a cache that never answers (built app, Zapier's timing)", () => {
  it('returns every lead after one call timeout, each said to be unchecked', async () => {
    const runtime = await startZapierRuntime();
    try {
      runtime.delayAnswers(() => 'never');
      const leads = Array.from({ length: 500 }, (_, index) => leadNamed(`lead_${index}`));
      const items = await runtime.invoke<Lead[]>(
        builtApp(),
        'triggers.new_lead.operation.perform',
        { cleanedRequest: deliveryOf(...leads), ...webhookOnly('wh_1') },
      );
      expect(items.map((item) => item.id)).toEqual(leads.map((lead) => lead.id));
      // The calls under way when the cache fell silent, then the rest, never asked.
      expect(runtime.consoleLines).toEqual(
        expect.arrayContaining([
          "New Lead passed 128 leads on without checking for a redelivery (lead_0, lead_1, lead_2 and 125 more): Zapier's cache did not answer (no answer within 5 s). If the service sent them before, the Zap may run for them twice.",
          "New Lead passed 372 leads on without checking for a redelivery (lead_128, lead_129, lead_130 and 369 more): Zapier's cache did not answer (it had answered no call for 5 s, so this run stopped asking it). If the service sent them before, the Zap may run for them twice.",
        ]),
      );
    } finally {
      await runtime.close();
    }
  }, 25_000);
});
