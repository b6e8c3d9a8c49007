/** 1,000 leads to 10 webhooks: every delivery arrives, exactly once. */
import { REAL_IO_TEST_MS, testSandbox } from '../helpers';
import { bearer, connect, listed, postJson } from '../../../harness/sandbox-client';
import type { TestSandbox } from '../helpers';
import { startHookReceiver } from '../../../harness/hook-receiver';
import type { HookReceiver } from '../../../harness/hook-receiver';

const LEADS = 1000;
const WEBHOOKS = 10;

let sandbox: TestSandbox;
let receivers: HookReceiver[] = [];

afterEach(async () => {
  await sandbox.close();
  await Promise.all(receivers.map((receiver) => receiver.close()));
  receivers = [];
});

/**
 * The test's time, and each attempt's: 10,000 deliveries took 176 s and more
 * in `npm test` beside four CPU burners. Only a run that hangs reaches it.
 */
const LOAD_TEST_MS = 10 * REAL_IO_TEST_MS;

it(
  `delivers ${LEADS} leads to ${WEBHOOKS} webhooks, each exactly once`,
  async () => {
    // Each attempt is answered: however long the event loop takes to get to
    // its answer, it is never taken for a timeout (and sent again).
    sandbox = await testSandbox({ delivery: { timeoutMs: LOAD_TEST_MS } });
    const tokens = await connect(sandbox);
    receivers = await Promise.all(
      Array.from({ length: WEBHOOKS }, () =>
        startHookReceiver((_n, response) => response.writeHead(200).end()),
      ),
    );
    for (const receiver of receivers) {
      const response = await postJson(
        sandbox,
        '/api/webhook',
        { url: receiver.url, triggers: ['lead.created'] },
        bearer(tokens),
      );
      expect(response.status).toBe(201);
    }
    const deliveryIds: string[] = [];
    for (let batch = 0; batch < LEADS; batch += 50) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          postJson(sandbox, '/_sandbox/leads', { email: `lead${batch + i}@example.org` }),
        ),
      );
      for (const answer of answers) {
        expect(answer.status).toBe(201);
        deliveryIds.push(
          ...((await answer.json()) as { deliveries: string[] }).deliveries,
        );
      }
    }
    await sandbox.context.deliverer.idle();

    expect(deliveryIds).toHaveLength(LEADS * WEBHOOKS);
    const received = receivers.flatMap((receiver) => receiver.deliveries);
    expect(received.sort()).toEqual([...deliveryIds].sort());
    for (const receiver of receivers) {
      expect(receiver.deliveries).toHaveLength(LEADS);
    }
    const attempts = await listed(sandbox, 'deliveries');
    expect(attempts).toHaveLength(LEADS * WEBHOOKS);
    expect(attempts.every(({ outcome }) => outcome === 'delivered')).toBe(true);
  },
  LOAD_TEST_MS,
);
