/** sandbox/http/server-options.ts: requests that never finish, bodies and headers too large. */
import { REAL_IO_TEST_MS, REAL_IO_WAIT, testSandbox } from '../helpers';
import { get, listed, postJson } from '../../../harness/sandbox-client';
import { rawConnection } from '../helpers';
import type { TestSandbox } from '../helpers';
import { settledWithin, sleep } from '../../../harness/eventually';

// Each test waits on the sandbox's own timers over a real socket.
jest.setTimeout(REAL_IO_TEST_MS);

describe('limits', () => {
  let sandbox: TestSandbox;

  beforeEach(async () => {
    sandbox = await testSandbox({ requestTimeoutMs: 300, keepAliveTimeoutMs: 400 });
  });

  afterEach(async () => {
    await sandbox.close();
  });

  /**
   * Sends `text` and never more; resolves with what the server said before it
   * closed the connection, rejects when it is still open after REAL_IO_WAIT.
   */
  async function sendAndWait(
    text: string,
  ): Promise<{ answer: string; closedAfterMs: number }> {
    const giveUpMs = REAL_IO_WAIT.timeoutMs;
    const connection = rawConnection(sandbox);
    connection.socket.write(text);
    const closedAfterMs = await settledWithin(
      connection.closed,
      giveUpMs,
      'still open' as const,
    );
    if (closedAfterMs === 'still open') {
      connection.socket.destroy();
      throw new Error(`the sandbox kept the connection open for ${giveUpMs} ms`);
    }
    return { answer: connection.answer(), closedAfterMs };
  }

  it('answers 408 to a request whose body never arrives whole, and closes it', async () => {
    const { answer, closedAfterMs } = await sendAndWait(
      'POST /_sandbox/leads HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeGreaterThanOrEqual(250);
  });

  it('answers 408 to a request whose body trickles in for longer than the request timeout', async () => {
    const { socket, answer, closed } = rawConnection(sandbox);
    socket.write(
      'POST /_sandbox/leads HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n',
    );
    // One byte every 100 ms, so the connection is never idle, and never the
    // 100 announced: only the sandbox can end the request with an answer.
    for (let sent = 0; sent < 99 && !socket.destroyed; sent += 1) {
      await sleep(100);
      socket.write(' ');
    }
    socket.destroy();
    await closed;
    expect(answer()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('drops a request whose headers never end', async () => {
    const { answer, closedAfterMs } = await sendAndWait(
      'GET /_sandbox/leads HTTP/1.1\r\nHost: 127.0.0.1\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeGreaterThanOrEqual(250);
  });

  it('answers a connection that never sends a request 408, then closes it', async () => {
    const { answer, closedAfterMs } = await sendAndWait('');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeGreaterThanOrEqual(250);
  });

  it('closes a kept-alive connection left idle after its answer', async () => {
    const { answer, closedAfterMs } = await sendAndWait(
      'GET /_sandbox/leads HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(closedAfterMs).toBeGreaterThanOrEqual(350);
    expect(closedAfterMs).toBeLessThan(3000);
  });

  it.each([
    ['not HTTP', 'HELLO THERE\r\n\r\n', 400, 'The request is not valid HTTP/1.1'],
    [
      'headers over 16 KiB',
      `GET /_sandbox/leads HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'x'.repeat(17_000)}\r\n\r\n`,
      431,
      'The request headers are too large',
    ],
  ])('answers a request that is %s with {error}', async (_what, text, status, error) => {
    const { answer } = await sendAndWait(text);
    const [head = '', body] = answer.split('\r\n\r\n');
    expect(head).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(JSON.parse(body ?? '')).toEqual({ error });
  });

  it.each([
    [
      'without Host',
      'GET /_sandbox/webhooks HTTP/1.1\r\nConnection: close\r\n\r\n',
      421,
      'The sandbox answers only requests addressed to 127.0.0.1, localhost, [::1]',
    ],
    [
      'with an Expect it cannot meet',
      'GET /_sandbox/webhooks HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: foo\r\nConnection: close\r\n\r\n',
      417,
      'Expect: foo cannot be met; send no Expect header',
    ],
    [
      'to CONNECT through it',
      'CONNECT 127.0.0.1:9 HTTP/1.1\r\nHost: 127.0.0.1:9\r\n\r\n',
      405,
      'The sandbox is not a proxy: CONNECT is refused',
    ],
  ])('answers a request %s with {error}', async (_what, text, status, error) => {
    const { answer } = await sendAndWait(text);
    const [head = '', body] = answer.split('\r\n\r\n');
    expect(head).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(JSON.parse(body ?? '')).toEqual({ error });
  });

  it('answers a request that never arrives whole with 408 {error}', async () => {
    const { answer } = await sendAndWait('GET /_sandbox/leads HTTP/1.1\r\n');
    expect(JSON.parse(answer.split('\r\n\r\n')[1] ?? '')).toEqual({
      error: 'The request did not arrive whole in time',
    });
  });

  it.each([
    ['a broken percent-escape', '/api/webhook/%', 400],
    ['an id over 200 characters', `/api/webhook/${'w'.repeat(201)}`, 414],
  ])(
    'answers a URL with %s, which the router cannot take, with {error}',
    async (_what, path, status) => {
      const response = await fetch(sandbox.url(path), { method: 'DELETE' });
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual({ error: expect.any(String) as unknown });
    },
  );

  it('asks an id up to 200 characters long for its token first', async () => {
    const response = await fetch(sandbox.url(`/api/webhook/${'w'.repeat(200)}`), {
      method: 'DELETE',
    });
    expect(response.status).toBe(401);
  });

  it.each(['evil.example', 'evil.example:4010', '127.0.0.1.evil.example'])(
    'refuses a request addressed to Host %s (DNS rebinding) with 421 {error}',
    async (host) => {
      const { answer } = await sendAndWait(
        `GET /_sandbox/leads HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
      );
      const [head = '', body] = answer.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 421 /);
      expect(JSON.parse(body ?? '')).toEqual({
        error:
          'The sandbox answers only requests addressed to 127.0.0.1, localhost, [::1]',
      });
    },
  );

  it.each([
    ['a page of another site', { Origin: 'https://evil.example' }],
    ['a sandboxed frame or a file', { Origin: 'null' }],
    ['a page the browser calls cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
  ])('refuses a write from %s with 403 {error}', async (_what, headers) => {
    const response = await fetch(sandbox.url('/_sandbox/leads'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      body: 'email=x%40evil.example',
      redirect: 'manual',
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      error:
        'The sandbox takes no writes from pages of another site: submit from its own pages',
    });
    expect(await listed(sandbox, 'leads')).toEqual([]);
  });

  it('takes a write from its own pages, and reads from anywhere', async () => {
    const own = await fetch(sandbox.url('/_sandbox/leads'), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: sandbox.appUrl,
        'Sec-Fetch-Site': 'same-origin',
      },
      body: 'email=a%40example.org',
      redirect: 'manual',
    });
    expect(own.status).toBe(303);
    const read = await get(sandbox, '/_sandbox/webhooks', {
      Origin: 'https://evil.example',
    });
    expect(read.status).toBe(200);
  });

  it.each(['127.0.0.1', 'localhost:4010', 'LOCALHOST'])(
    'answers a request addressed to Host %s',
    async (host) => {
      const { answer } = await sendAndWait(
        `GET /_sandbox/webhooks HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    },
  );

  it('refuses a body over 1 MiB with 413 and {error} saying the limit', async () => {
    const response = await postJson(sandbox, '/_sandbox/leads', {
      email: 'a@example.org',
      note: 'x'.repeat(1024 * 1024),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error:
        'The body is larger than 1 MiB, the most the sandbox reads: send a smaller one',
    });
  });
});
