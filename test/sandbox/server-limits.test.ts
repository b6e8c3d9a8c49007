/** Requests that never finish, bodies too large, settings that cannot work. */
import { connect as connectSocket } from 'node:net';
import type { Socket } from 'node:net';

import { startSandbox } from '../../sandbox/server';
import { settingsFromEnvironment } from '../../sandbox/settings';
import { testSandbox } from './helpers';
import { get, listed, postJson } from '../../harness/sandbox-client';
import type { TestSandbox } from './helpers';
import { sleep } from '../../harness/eventually';

/**
 * A raw TCP connection to the sandbox, for what no HTTP client sends: what
 * it has answered so far, and when it closed (ms after opening).
 */
function rawConnection(sandbox: TestSandbox): {
  socket: Socket;
  answer: () => string;
  closed: Promise<number>;
} {
  const { hostname, port } = new URL(sandbox.appUrl);
  const socket = connectSocket(Number(port), hostname);
  const startedAt = Date.now();
  let answer = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    answer += chunk;
  });
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) =>
    socket.on('close', () => resolve(Date.now() - startedAt)),
  );
  return { socket, answer: () => answer, closed };
}

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
   * closed the connection, rejects when it is still open after `giveUpMs`.
   */
  async function sendAndWait(
    text: string,
    giveUpMs: number,
  ): Promise<{ answer: string; closedAfterMs: number }> {
    const connection = rawConnection(sandbox);
    connection.socket.write(text);
    let giveUp: NodeJS.Timeout | undefined;
    const kept = new Promise<never>((_resolve, reject) => {
      giveUp = setTimeout(() => {
        connection.socket.destroy();
        reject(new Error(`the sandbox kept the connection open for ${giveUpMs} ms`));
      }, giveUpMs);
    });
    try {
      const closedAfterMs = await Promise.race([connection.closed, kept]);
      return { answer: connection.answer(), closedAfterMs };
    } finally {
      clearTimeout(giveUp);
    }
  }

  it('answers 408 to a request whose body never arrives whole, and closes it', async () => {
    const { answer, closedAfterMs } = await sendAndWait(
      'POST /_sandbox/leads HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
      5000,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeGreaterThanOrEqual(250);
  });

  it('answers 408 to a request whose body trickles in for longer than the request timeout', async () => {
    const { socket, answer, closed } = rawConnection(sandbox);
    socket.write(
      'POST /_sandbox/leads HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n',
    );
    // One byte every 100 ms, so the connection is never idle: at most 40 bytes, 4 s.
    for (let sent = 0; sent < 40 && !socket.destroyed; sent += 1) {
      await sleep(100);
      socket.write(' ');
    }
    socket.destroy();
    const closedAfterMs = await closed;
    expect(answer()).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeLessThan(2000);
  });

  it('drops a request whose headers never end', async () => {
    const { answer, closedAfterMs } = await sendAndWait(
      'GET /_sandbox/leads HTTP/1.1\r\nHost: 127.0.0.1\r\n',
      5000,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeGreaterThanOrEqual(250);
  });

  it('answers a connection that never sends a request 408, then closes it', async () => {
    const { answer, closedAfterMs } = await sendAndWait('', 5000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeGreaterThanOrEqual(250);
  });

  it('closes a kept-alive connection left idle after its answer', async () => {
    const { answer, closedAfterMs } = await sendAndWait(
      'GET /_sandbox/leads HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n',
      5000,
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
    const { answer } = await sendAndWait(text, 5000);
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
    const { answer } = await sendAndWait(text, 5000);
    const [head = '', body] = answer.split('\r\n\r\n');
    expect(head).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(JSON.parse(body ?? '')).toEqual({ error });
  });

  it('answers a request that never arrives whole with 408 {error}', async () => {
    const { answer } = await sendAndWait('GET /_sandbox/leads HTTP/1.1\r\n', 5000);
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
        5000,
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
        5000,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    },
  );

  it('refuses a body over 1 MiB with 413 and {error}', async () => {
    const response = await postJson(sandbox, '/_sandbox/leads', {
      email: 'a@example.org',
      note: 'x'.repeat(1024 * 1024),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: expect.stringMatching(/^Bad request: Request body is too large/) as unknown,
    });
  });
});

describe('stopping', () => {
  it('cuts a client still sending after the grace period, instead of waiting for it', async () => {
    const sandbox = await testSandbox({ requestTimeoutMs: 60_000, closeGraceMs: 200 });
    const { socket, closed: cut } = rawConnection(sandbox);
    socket.write(
      'POST /_sandbox/leads HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
    );
    // One byte every 100 ms keeps the request alive: at most 50 bytes, 5 s.
    const trickle = setInterval(() => socket.write(' '), 100);
    try {
      await sleep(150);
      const startedAt = Date.now();
      await sandbox.close();
      expect(Date.now() - startedAt).toBeLessThan(2000);
      await cut;
    } finally {
      clearInterval(trickle);
      socket.destroy();
    }
  });
});

describe('settings, checked at start', () => {
  it.each([
    [
      'https://zapier.com/return/,,http://localhost:9000',
      'SANDBOX_REDIRECT_URIS entry 2 is empty: list absolute URLs separated by commas',
    ],
    [
      '',
      'SANDBOX_REDIRECT_URIS entry 1 is empty: list absolute URLs separated by commas',
    ],
    [
      'https://zapier.com/return/,',
      'SANDBOX_REDIRECT_URIS entry 2 is empty: list absolute URLs separated by commas',
    ],
    [
      '/relative/path',
      'SANDBOX_REDIRECT_URIS entry 1 (/relative/path) is not an absolute URL',
    ],
    [
      'javascript:alert(1)',
      'SANDBOX_REDIRECT_URIS entry 1 (javascript:alert(1)) must be an http:// or https:// URL',
    ],
    [
      'http:evil',
      'SANDBOX_REDIRECT_URIS entry 1 (http:evil) must be an http:// or https:// URL',
    ],
    [
      'https://zapier.com/return/#x',
      'SANDBOX_REDIRECT_URIS entry 1 (https://zapier.com/return/#x) must not have a fragment',
    ],
  ])('refuses SANDBOX_REDIRECT_URIS=%j', (value, message) => {
    expect(() => settingsFromEnvironment({ SANDBOX_REDIRECT_URIS: value })).toThrow(
      message,
    );
  });

  it.each([
    [
      'SANDBOX_PORT',
      '70000',
      'SANDBOX_PORT must be a whole number from 0 to 65535, got "70000"',
    ],
    [
      'SANDBOX_PORT',
      '80a',
      'SANDBOX_PORT must be a whole number from 0 to 65535, got "80a"',
    ],
    [
      'SANDBOX_TOKEN_TTL',
      '0',
      'SANDBOX_TOKEN_TTL must be a whole number from 1 to 31536000, got "0"',
    ],
    [
      'SANDBOX_TOKEN_TTL',
      '1.5',
      'SANDBOX_TOKEN_TTL must be a whole number from 1 to 31536000, got "1.5"',
    ],
  ])('refuses %s=%j', (name, value, message) => {
    expect(() => settingsFromEnvironment({ [name]: value })).toThrow(message);
  });

  it('reads good settings', () => {
    expect(
      settingsFromEnvironment({
        SANDBOX_PORT: '4011',
        SANDBOX_DB: 'other.db',
        SANDBOX_TOKEN_TTL: '3',
        SANDBOX_REDIRECT_URIS: ' https://zapier.com/return/ , http://localhost:9000',
      }),
    ).toEqual({
      database: 'other.db',
      port: 4011,
      accessTokenTtlSeconds: 3,
      redirectUris: ['https://zapier.com/return/', 'http://localhost:9000'],
    });
    expect(settingsFromEnvironment({})).toEqual({
      database: 'sandbox.db',
      port: 4010,
      accessTokenTtlSeconds: 3600,
    });
  });

  it('does not start with an empty redirect URI', async () => {
    const starting = startSandbox({ redirectUris: ['http://localhost:9000', ''] });
    // Should it start after all, it is stopped, so the failure is told and jest ends.
    await starting.then(
      (started) => started.close(),
      () => undefined,
    );
    await expect(starting).rejects.toThrow('redirectUris entry 2 is empty');
  });
});
