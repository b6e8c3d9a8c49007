/** A sandbox on loopback for the sandbox's tests, with a clock they can move. */
import { connect as connectSocket } from 'node:net';
import type { Socket } from 'node:net';
import { Writable } from 'node:stream';

import { startHookReceiver } from '../../harness/hook-receiver';
import type { Answer, HookReceiver } from '../../harness/hook-receiver';
import {
  REDIRECT_URI,
  bearer,
  connect,
  createWebhook,
  deleteWebhook,
  postJson,
} from '../../harness/sandbox-client';
import type { Tokens } from '../../harness/sandbox-client';
import { startSandbox } from '../../sandbox/server';
import { injectedFetch } from './injected-fetch';
import type { Sandbox, SandboxOptions } from '../../sandbox/server';

export interface TestSandbox extends Sandbox {
  /** Moves the sandbox's clock forward. */
  advance(seconds: number): void;
  /**
   * Stops the sandbox's clock where it is: from then on only advance() moves
   * it, so that a test just inside a time limit stays inside it however long
   * its requests take.
   */
  stopClock(): void;
  url(path: string): string;
  /** Requests to it: over a socket, or injected when it does not listen (`listen: false`). */
  fetch: typeof fetch;
}

/** Longer than any test: the sandbox keeps a test client's idle connections open. */
const TEST_KEEP_ALIVE_MS = 600_000;

/**
 * A sandbox for a test: on a socket by default; with `listen: false`, its
 * routes are reached through `inject`, for tests where a socket is not the point.
 */
export async function testSandbox(options: SandboxOptions = {}): Promise<TestSandbox> {
  // Real time, moved forward by advance(): retry delays still pass as they should.
  let offset = 0;
  let stoppedAt: number | undefined;
  const sandbox = await startSandbox({
    now: () => (stoppedAt ?? Date.now()) + offset,
    // The test's client keeps its connections to the sandbox: the sandbox
    // never closes an idle one under a request the client is sending (Node's
    // keep-alive race, which a test not about it must not meet); close() ends them.
    keepAliveTimeoutMs: TEST_KEEP_ALIVE_MS,
    ...options,
  });
  return Object.assign(sandbox, {
    fetch: options.listen === false ? injectedFetch(sandbox.server) : fetch,
    advance(seconds: number) {
      offset += seconds * 1000;
    },
    stopClock() {
      stoppedAt ??= Date.now();
    },
    url(path: string) {
      return `${sandbox.appUrl}${path}`;
    },
  });
}

/** The redirect's query, from a 302 answer to the test client's redirect URI. */
export function redirectQuery(response: Response): Record<string, string> {
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location') ?? 'about:blank');
  expect(`${location.origin}${location.pathname}`).toBe(new URL(REDIRECT_URI).href);
  return Object.fromEntries(location.searchParams);
}

/** A sandbox with a connected user, started before each test and stopped after it. */
export interface SandboxFixture {
  readonly sandbox: TestSandbox;
  /** The seeded paid user's tokens. */
  readonly tokens: Tokens;
  /** A hook receiver, closed after the test. */
  receiver: (answer?: Answer) => Promise<HookReceiver>;
  /** POST /api/webhook, with the user's bearer token unless told otherwise. */
  createWebhook: (body: unknown, headers?: Record<string, string>) => Promise<Response>;
  /** DELETE /api/webhook/<id>, likewise. */
  deleteWebhook: (id: string, headers?: Record<string, string>) => Promise<Response>;
  /** POST /_sandbox/leads: the raw answer. */
  submitLead: (lead: Record<string, unknown>) => Promise<Response>;
}

function notConnected(): never {
  throw new Error('this sandbox fixture connects no user ({ connected: false })');
}

/**
 * For a test over real sockets, files or processes: how long it may take and
 * how long one of its waits may poll, sized for a machine whose cores are
 * busy with other work (an idle one takes a few hundred milliseconds), so
 * that only something that never happens fails it.
 */
export const REAL_IO_TEST_MS = 60_000;
export const REAL_IO_WAIT = { timeoutMs: 45_000 };

/**
 * Quick retries, so that a test sees a delivery given up within a second or
 * two; no attempt to a receiver that answers is taken for a timeout, however
 * busy the machine.
 */
export const QUICK_DELIVERY: SandboxOptions['delivery'] = {
  baseDelayMs: 20,
  maxDelayMs: 50,
  maxAttempts: 4,
  timeoutMs: REAL_IO_TEST_MS,
};

export interface FixtureOptions {
  /** Whether a user connects before each test (default true). */
  connected?: boolean;
}

export function useSandbox(
  options: SandboxOptions = {},
  { connected = true }: FixtureOptions = {},
): SandboxFixture {
  let sandbox: TestSandbox | undefined;
  let tokens: Tokens | undefined;
  const receivers: HookReceiver[] = [];
  beforeEach(async () => {
    sandbox = await testSandbox(options);
    tokens = connected ? await connect(sandbox) : undefined;
  });
  afterEach(async () => {
    await sandbox?.close();
    await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
  });
  const started = () => {
    if (sandbox === undefined) {
      throw new Error('the sandbox fixture is used outside a test');
    }
    return { sandbox, tokens: tokens ?? notConnected() };
  };
  return {
    get sandbox() {
      if (sandbox === undefined) {
        throw new Error('the sandbox fixture is used outside a test');
      }
      return sandbox;
    },
    get tokens() {
      return started().tokens;
    },
    receiver: async (answer) => {
      const receiver = await startHookReceiver(answer);
      receivers.push(receiver);
      return receiver;
    },
    createWebhook: (body, headers = bearer(started().tokens)) =>
      createWebhook(started().sandbox, body, headers),
    deleteWebhook: (id, headers = bearer(started().tokens)) =>
      deleteWebhook(started().sandbox, id, headers),
    submitLead: (lead) => postJson(started().sandbox, '/_sandbox/leads', lead),
  };
}

/**
 * A raw TCP connection to the sandbox, for what no HTTP client sends: what
 * it has answered so far, and when it closed (ms after opening).
 */
export function rawConnection(sandbox: TestSandbox): {
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

/** What userinfo answers for the seeded paid user, Ada, of the Spring Launch project. */
export const ADAS_USERINFO = {
  user: {
    id: 'usr_ada',
    email: 'ada@example.org',
    firstName: 'Ada',
    lastName: 'Lovelace',
    image: expect.stringMatching(/^https:\/\//) as unknown,
  },
  project: { id: 'prj_spring', name: 'Spring Launch' },
};

/** One line of the sandbox's log (pino's JSON): its level, its message, its fields. */
export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/**
 * Where a test points the sandbox's log (`log` option), and what was written
 * there; `onMessage` is told each message as the sandbox writes it, so that a
 * test can act on what the sandbox reports the moment it reports it.
 */
export function capturedLog(onMessage?: (message: string) => void): {
  stream: Writable;
  lines: LogLine[];
  messages: () => string[];
} {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim() !== '') {
          const parsed = JSON.parse(line) as LogLine;
          lines.push(parsed);
          onMessage?.(parsed.msg);
        }
      }
      done();
    },
  });
  return { stream, lines, messages: () => lines.map((line) => line.msg) };
}
