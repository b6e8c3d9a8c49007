/**
 * sandbox/delivery/attempt.ts: one attempt, and what its record says when no
 * answer came; a request on a kept-alive connection the receiver closed as
 * it went out is sent again on a new one, not counted as a failure.
 */
import { createServer } from 'node:http';

import { REAL_IO_TEST_MS } from '../helpers';
import { sendAttempt } from '../../../sandbox/delivery/attempt';
import { startHookReceiver } from '../../../harness/hook-receiver';
import type { HookReceiver } from '../../../harness/hook-receiver';
import { listenOnLoopback } from '../../../harness/loopback';

jest.setTimeout(REAL_IO_TEST_MS);

const started: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((thing) => thing.close()));
});

async function receiver(
  ...args: Parameters<typeof startHookReceiver>
): Promise<HookReceiver> {
  const hooks = await startHookReceiver(...args);
  started.push(hooks);
  return hooks;
}

/** An attempt to `url` whose answer, however late on a busy machine, is never taken for a timeout. */
const attempt = (url: string, delivery = 'dlv_1', timeoutMs = REAL_IO_TEST_MS) =>
  sendAttempt(url, '{}', { 'X-Sandbox-Delivery': delivery }, timeoutMs);

it('records the status of an answer, and no error', async () => {
  const hooks = await receiver((_n, response) =>
    response.writeHead(503, { 'Retry-After': '7' }).end(),
  );
  expect(await attempt(hooks.url)).toEqual({
    statusCode: 503,
    error: null,
    retryAfter: '7',
  });
});

it('says a connection was refused when nothing listens there', async () => {
  const closed = await listenOnLoopback(createServer());
  await closed.close();
  const result = await attempt(`${closed.origin}/hook`);
  expect(result.statusCode).toBeNull();
  expect(result.error).toMatch(
    /^the connection was refused: nothing listens at that address \(connect ECONNREFUSED 127\.0\.0\.1:\d+\)$/,
  );
});

it('says no answer came within the time limit', async () => {
  const hooks = await receiver(() => undefined); // never answers
  expect(await attempt(hooks.url, 'dlv_1', 100)).toEqual({
    statusCode: null,
    error: 'no answer within the 100 ms timeout',
    retryAfter: null,
  });
});

it('says a new connection was reset before an answer, and does not send again', async () => {
  const hooks = await receiver((_n, response) => {
    response.socket?.resetAndDestroy();
  });
  const result = await attempt(hooks.url);
  expect(result.error).toBe(
    'the receiver closed or reset the connection before answering (read ECONNRESET)',
  );
  expect(hooks.received).toHaveLength(1);
});

describe('a kept-alive connection the receiver closes as the next request arrives on it', () => {
  it('sends the request again at once on a new connection, and records its answer', async () => {
    const hooks = await receiver(() => 200, { closesKeptAlive: true });
    expect(await attempt(hooks.url, 'dlv_1')).toMatchObject({ statusCode: 200 });
    // The connection the first attempt left open is the one the second goes out on.
    expect(await attempt(hooks.url, 'dlv_2')).toEqual({
      statusCode: 200,
      error: null,
      retryAfter: null,
    });
    expect(hooks.resets).toBe(1);
    expect(hooks.deliveries).toEqual(['dlv_1', 'dlv_2']);
  });

  it('says both failures when the new connection fails too', async () => {
    const hooks = await receiver(
      (n, response) => (n === 1 ? 200 : response.socket?.resetAndDestroy()),
      { closesKeptAlive: true },
    );
    await attempt(hooks.url, 'dlv_1');
    const result = await attempt(hooks.url, 'dlv_2');
    expect(hooks.resets).toBe(1);
    expect(result).toEqual({
      statusCode: null,
      error:
        'sent again on a new connection, the kept-alive one having been closed as the request went out (read ECONNRESET): ' +
        'the receiver closed or reset the connection before answering (read ECONNRESET)',
      retryAfter: null,
    });
  });
});
