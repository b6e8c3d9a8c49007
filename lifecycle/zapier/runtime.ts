/**
 * A local stand-in for what Zapier's runtime gives an app's Lambda handler:
 * the JSON-RPC endpoint behind `z.cache` (`event.rpc_base`, `event.token`;
 * see zapier-platform-core/src/tools/create-rpc-client.js) with real
 * set-if-absent, expiry and scopes, and the log endpoint the handler streams
 * `z.console.log` lines to. Loopback only.
 *
 * Each run gets a token of its own (`X-Token`), tied to the connected
 * account it runs for: a key written with `scope: ['auth']` is seen only by
 * runs of the same connection, as on Zapier.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';

import { listenOnLoopback } from '../loopback';

export interface RuntimeOptions {
  /** The clock expiry is measured with, in milliseconds. */
  now?: () => number;
  /**
   * What `zcache_set` with nx answers when the key exists. Zapier's cache is
   * Redis, whose SET NX answers nil; `false` is the other answer the typing allows.
   */
  existingKeyAnswer?: null | false;
  /** What `zcache_set` answers when it stored the value: `true` (default), or something odd. */
  storedAnswer?: unknown;
  /** Keep every call in `calls` (default); a long benchmark turns it off to stay lean. */
  recordCalls?: boolean;
  /** How long each RPC answer takes, as over a network to Zapier's cache (default 0). */
  answerDelayMs?: number;
  /**
   * Keep core's own console output (its echo of the app's log, its memory
   * line) out of this process's console while a run lasts; the app's log is
   * still taken at the log endpoint. Default false.
   */
  quiet?: boolean;
}

/** The connected account a run acts for: what `scope: ['auth']` and `['user']` partition by. */
export interface Connection {
  id: string;
  user: string;
}

export const DEFAULT_CONNECTION: Connection = { id: 'auth_1', user: 'user_1' };

export interface RpcCall {
  method: string;
  params: unknown[];
  /** The connection of the run that made the call. */
  connection: string;
}

/** How a write's answer is lost after the write: a 5xx, or the connection cut. */
export type LostAnswer = 'server-error' | 'connection-reset';

export interface RuntimeFigures {
  /** RPC calls answered. */
  rpcCalls: number;
  /** The most RPC calls the stand-in was answering at one time. */
  mostCallsInFlight: number;
  /**
   * TCP connections opened to the stand-in (the RPC and the log clients').
   * Core's RPC client sends `Connection: close`: one per call.
   */
  connectionsOpened: number;
  /** The most of those open at one time: the sockets a run holds. */
  mostConnectionsOpen: number;
}

export interface ZapierRuntime {
  rpcBase: string;
  loggingEndpoint: string;
  /** Every RPC call received, in order (unless `recordCalls` is false). */
  calls: RpcCall[];
  /** Every `z.console.log` line the handler streamed. */
  consoleLines: string[];
  /** Answer every RPC call with this HTTP status (a cache outage); `null` to answer normally. */
  failWith(status: number | null): void;
  /**
   * The next `count` calls of `method` (on `key` only, when given) are
   * carried out, but their answer is lost, so core's RPC client tries again.
   */
  loseAnswers(method: string, count: number, how?: LostAnswer, key?: string): void;
  /** What the runtime has seen since it started, or since `resetFigures()`. */
  figures(): RuntimeFigures;
  resetFigures(): void;
  /**
   * Stores `text` as the value of `key` (`z.cache.set` stores JSON text), for
   * a run of `connection` to find.
   */
  storeText(
    key: string,
    text: string,
    scope: ['auth'] | null,
    connection?: Connection,
  ): void;
  /**
   * Runs `method` (e.g. `triggers.new_lead.operation.perform`) of the app
   * through core's Lambda handler, with the event Zapier sends: this cache
   * and log endpoint, a token of the run's own, and `bundle`.
   */
  invoke<T>(
    app: object,
    method: string,
    bundle: Record<string, unknown>,
    connection?: Connection,
  ): Promise<T>;
  close(): Promise<void>;
}

type LambdaHandler = (event: Record<string, unknown>) => Promise<{ results: unknown }>;
// Core exports its handler factory without a type.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const core = require('zapier-platform-core') as {
  createAppHandler: (app: object) => LambdaHandler;
};

interface Entry {
  value: unknown;
  expiresAt: number | null;
}

class RpcError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Runs `work` with console.log silenced (core echoes to it). */
async function silenced<T>(work: () => Promise<T>): Promise<T> {
  /* eslint-disable no-console */
  const log = console.log;
  console.log = () => undefined;
  try {
    return await work();
  } finally {
    console.log = log;
  }
  /* eslint-enable no-console */
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** Where a scoped key lives: the app's space, or the connection's or user's own. */
function storageKey(key: unknown, scope: unknown, connection: Connection): string {
  if (typeof key !== 'string') {
    throw new RpcError(400, 'key must be a string');
  }
  if (scope === null || scope === undefined) {
    return `app\u0000${key}`;
  }
  if (
    !Array.isArray(scope) ||
    !scope.every((part) => part === 'auth' || part === 'user')
  ) {
    throw new RpcError(400, 'scope must be null or a list of "auth" and "user"');
  }
  const parts = [...new Set(scope as string[])]
    .sort()
    .map((part) =>
      part === 'auth' ? `auth=${connection.id}` : `user=${connection.user}`,
    );
  return `${parts.join('&')}\u0000${key}`;
}

class ScopedCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly now: () => number,
    private readonly existingKeyAnswer: null | false,
    private readonly storedAnswer: unknown,
  ) {}

  call(method: string, params: unknown[], connection: Connection): unknown {
    switch (method) {
      case 'zcache_get': {
        const [key, scope] = params;
        return this.live(storageKey(key, scope, connection))?.value ?? null;
      }
      case 'zcache_set': {
        const [key, value, ttl, scope, nx] = params;
        const where = storageKey(key, scope, connection);
        if (nx === true && this.live(where) !== undefined) {
          return this.existingKeyAnswer;
        }
        this.entries.set(where, {
          value,
          expiresAt: typeof ttl === 'number' ? this.now() + ttl * 1000 : null,
        });
        return this.storedAnswer;
      }
      case 'zcache_delete': {
        const [key, scope] = params;
        const where = storageKey(key, scope, connection);
        return this.live(where) !== undefined && this.entries.delete(where);
      }
      default:
        throw new RpcError(400, `unknown method ${method}`);
    }
  }

  private live(where: string): Entry | undefined {
    const entry = this.entries.get(where);
    const expiresAt = entry?.expiresAt ?? null;
    if (expiresAt !== null && expiresAt <= this.now()) {
      this.entries.delete(where);
      return undefined;
    }
    return entry;
  }
}

export async function startZapierRuntime(
  options: RuntimeOptions = {},
): Promise<ZapierRuntime> {
  const cache = new ScopedCache(
    options.now ?? Date.now,
    options.existingKeyAnswer ?? null,
    'storedAnswer' in options ? options.storedAnswer : true,
  );
  const recordCalls = options.recordCalls ?? true;
  const answerDelayMs = options.answerDelayMs ?? 0;
  const quiet = options.quiet ?? false;
  /** Each run's token, and the connection it runs for. */
  const runs = new Map<string, Connection>();
  const calls: RpcCall[] = [];
  const consoleLines: string[] = [];
  let failure: number | null = null;
  const lostAnswers = new Map<
    string,
    { count: number; how: LostAnswer; key: string | undefined }
  >();
  const noFigures: RuntimeFigures = {
    rpcCalls: 0,
    mostCallsInFlight: 0,
    connectionsOpened: 0,
    mostConnectionsOpen: 0,
  };
  const figures = { ...noFigures };
  let callsInFlight = 0;
  let connectionsOpen = 0;
  const handlers = new WeakMap<object, LambdaHandler>();
  const savedLoggingEndpoint = process.env.LOGGING_ENDPOINT;

  /** How this call's answer is to be lost, if it is (and counts it). */
  function losesAnswer(method: string, params: unknown[]): LostAnswer | undefined {
    const lost = lostAnswers.get(method);
    if (
      lost === undefined ||
      lost.count === 0 ||
      (lost.key !== undefined && params[0] !== lost.key)
    ) {
      return undefined;
    }
    lost.count -= 1;
    return lost.how;
  }

  async function answerRpc(request: IncomingMessage, response: ServerResponse) {
    const text = await readBody(request);
    if (answerDelayMs > 0) {
      await new Promise((resolve) => setTimeout(resolve, answerDelayMs));
    }
    if (failure !== null) {
      sendJson(response, failure, { error: 'the cache is unavailable' });
      return;
    }
    let body: { id?: unknown; method?: unknown; params?: unknown };
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      sendJson(response, 400, { error: 'the RPC body is not JSON' });
      return;
    }
    const token = request.headers['x-token'];
    const connection = typeof token === 'string' ? runs.get(token) : undefined;
    if (connection === undefined) {
      sendJson(response, 403, { id: body.id, error: 'unknown token' });
      return;
    }
    const method = String(body.method);
    const params = Array.isArray(body.params) ? (body.params as unknown[]) : [];
    let result: unknown;
    try {
      result = cache.call(method, params, connection);
    } catch (error) {
      const status = error instanceof RpcError ? error.status : 500;
      sendJson(response, status, { id: body.id, error: String(error) });
      return;
    }
    figures.rpcCalls += 1;
    if (recordCalls) {
      calls.push({ method, params, connection: connection.id });
    }
    const lost = losesAnswer(method, params);
    if (lost === 'connection-reset') {
      request.socket.destroy();
    } else if (lost === 'server-error') {
      sendJson(response, 502, { error: 'the answer was lost on the way back' });
    } else {
      sendJson(response, 200, { id: body.id, result });
    }
  }

  async function takeLogs(request: IncomingMessage, response: ServerResponse) {
    const text = await readBody(request);
    for (const line of text.split('\n')) {
      if (line.trim() === '') {
        continue;
      }
      const entry = JSON.parse(line) as {
        message?: unknown;
        data?: { log_type?: unknown };
      };
      if (entry.data?.log_type === 'console' && typeof entry.message === 'string') {
        consoleLines.push(entry.message.replace(/\n$/, ''));
      }
    }
    sendJson(response, 200, { ok: true });
  }

  const server = createServer((request, response) => {
    const route =
      request.method === 'POST' && request.url === '/rpc'
        ? answerRpc
        : request.method === 'POST' && request.url === '/logs'
          ? takeLogs
          : undefined;
    if (route === undefined) {
      sendJson(response, 404, { error: 'no such route' });
      return;
    }
    if (route === answerRpc) {
      callsInFlight += 1;
      figures.mostCallsInFlight = Math.max(figures.mostCallsInFlight, callsInFlight);
      response.on('close', () => {
        callsInFlight -= 1;
      });
    }
    route(request, response).catch(() => sendJson(response, 500, { error: 'failed' }));
  });
  server.on('connection', (socket) => {
    figures.connectionsOpened += 1;
    connectionsOpen += 1;
    figures.mostConnectionsOpen = Math.max(figures.mostConnectionsOpen, connectionsOpen);
    socket.on('close', () => {
      connectionsOpen -= 1;
    });
  });
  const listening = await listenOnLoopback(server);
  const base = listening.origin;

  return {
    rpcBase: `${base}/rpc`,
    loggingEndpoint: `${base}/logs`,
    calls,
    consoleLines,
    failWith(status) {
      failure = status;
    },
    loseAnswers(method, count, how = 'server-error', key = undefined) {
      lostAnswers.set(method, { count, how, key });
    },
    figures: () => ({ ...figures }),
    resetFigures() {
      Object.assign(figures, noFigures);
    },
    storeText(key, text, scope, connection = DEFAULT_CONNECTION) {
      cache.call('zcache_set', [key, text, null, scope, false], connection);
    },
    async invoke<T>(
      app: object,
      method: string,
      bundle: Record<string, unknown>,
      connection = DEFAULT_CONNECTION,
    ) {
      const handler = handlers.get(app) ?? core.createAppHandler(app);
      handlers.set(app, handler);
      const token = randomBytes(16).toString('hex');
      runs.set(token, connection);
      // The handler streams the run's logs to LOGGING_ENDPOINT with the token.
      process.env.LOGGING_ENDPOINT = `${base}/logs`;
      const event = {
        command: 'execute',
        method,
        bundle,
        rpc_base: `${base}/rpc`,
        token,
      };
      const output = quiet ? await silenced(() => handler(event)) : await handler(event);
      return output.results as T;
    },
    close() {
      if (savedLoggingEndpoint === undefined) {
        delete process.env.LOGGING_ENDPOINT;
      } else {
        process.env.LOGGING_ENDPOINT = savedLoggingEndpoint;
      }
      return listening.close();
    },
  };
}
