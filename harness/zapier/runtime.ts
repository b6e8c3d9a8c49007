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
import type { Socket } from 'node:net';

import { listenOnLoopback, readBody, sendJson } from '../loopback';
import type { Listening } from '../loopback';
import type { LambdaHandler } from './lambda-handler';
import { RpcError, ScopedCache } from './scoped-cache';
import type { Connection } from './scoped-cache';
import { sleep } from '../eventually';

export type { Connection };

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
  /**
   * How long each RPC call takes, as over a network to Zapier's cache (default
   * 0): the call is carried out, and answered, after this long.
   */
  answerDelayMs?: number;
  /**
   * Keep core's own console output (its echo of the app's log, its memory
   * line) out of this process's console while a run lasts; the app's log is
   * still taken at the log endpoint. Default false.
   */
  quiet?: boolean;
}

export const DEFAULT_CONNECTION: Connection = { id: 'auth_1', user: 'user_1' };

export interface RpcCall {
  method: string;
  params: unknown[];
  /** The connection of the run that made the call. */
  connection: string;
}

/** A call as it arrives, before it is carried out: its place among all calls (from 1). */
export interface ArrivingCall {
  method: string;
  params: unknown[];
  ordinal: number;
}

/** A cache's latency: milliseconds, or `never` (a call hangs). */
export type Latency = number | 'never';

/**
 * How long a call waits before it is carried out and answered: a latency,
 * or until a promise settles (an event of the test's).
 */
export type AnswerDelay = Latency | Promise<unknown>;

/** How a write's answer is lost after the write: a 5xx, or the connection cut. */
export type LostAnswer = 'server-error' | 'connection-reset';

export interface RuntimeFigures {
  /** RPC calls answered. */
  rpcCalls: number;
  /** The most RPC calls the stand-in was answering at one time. */
  mostCallsInFlight: number;
  /**
   * TCP connections opened to the stand-in (the RPC and the log clients').
   * Core's RPC client keeps its connections alive and reuses them.
   */
  connectionsOpened: number;
  /** The most of those open at one time: the sockets a run holds. */
  mostConnectionsOpen: number;
  /** Set-if-absent writes that stored their value: the claims made. */
  claimsStored: number;
}

export interface ZapierRuntime {
  /** `http://127.0.0.1:<port>`: `/rpc` and `/logs` are under it. */
  origin: string;
  rpcBase: string;
  loggingEndpoint: string;
  /** Every RPC call received, in order (unless `recordCalls` is false). */
  calls: RpcCall[];
  /** Every `z.console.log` line of the runs, as core logged them. */
  consoleLines: string[];
  /** Answer every RPC call with this HTTP status (a cache outage); `null` to answer normally. */
  failWith(status: number | null): void;
  /**
   * From now on each call waits `delayOf(call)` before it is carried out
   * (stored, read) and answered; a call given `never` is never carried out.
   * `close()` answers a call still held 410, and carries none out.
   */
  delayAnswers(delayOf: (call: ArrivingCall) => AnswerDelay): void;
  /**
   * The next `count` calls of `method` (on `key` only, when given) are
   * carried out, but their answer is lost, so core's RPC client tries again.
   */
  loseAnswers(method: string, count: number, how?: LostAnswer, key?: string): void;
  /**
   * The next `count` set-if-absent writes are answered as if the key existed,
   * and store nothing: a claim that another run's write seemed to hold, gone
   * (expired, evicted) by the time it is read back.
   */
  vanishClaims(count: number): void;
  /** Calls that arrived and wait, as `delayAnswers` asked, before they are answered (or for ever). */
  heldCalls(): number;
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
  /** The text stored under `key` now (`null` when none), as a run of `connection` reads it. */
  storedText(key: string, scope: ['auth'] | null, connection?: Connection): unknown;
  /** A token for a run of `connection`, for a handler this stand-in does not start. */
  admit(connection: Connection): string;
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

// Core exports its handler factory without a type.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const core = require('zapier-platform-core') as {
  createAppHandler: (app: object) => LambdaHandler;
};

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

const NO_FIGURES: RuntimeFigures = {
  rpcCalls: 0,
  mostCallsInFlight: 0,
  connectionsOpened: 0,
  mostConnectionsOpen: 0,
  claimsStored: 0,
};

interface PlannedLoss {
  count: number;
  how: LostAnswer;
  key: string | undefined;
}

/** The runtime's state and its two endpoints: `/rpc` (the cache) and `/logs`. */
class RuntimeServer {
  readonly calls: RpcCall[] = [];
  readonly consoleLines: string[] = [];
  readonly figures: RuntimeFigures = { ...NO_FIGURES };
  /** Each run's token, and the connection it runs for. */
  readonly runs = new Map<string, Connection>();
  readonly lostAnswers = new Map<string, PlannedLoss>();
  failure: number | null = null;
  vanishingClaims = 0;
  delayOf: (call: ArrivingCall) => AnswerDelay;
  private callsArrived = 0;
  private callsInFlight = 0;
  /** The answers of calls waiting out their delay (`delayOf`), or held for ever. */
  readonly held = new Set<ServerResponse>();
  /** Set by `close()`: no call is carried out any more. */
  private stopped = false;
  private connectionsOpen = 0;

  constructor(
    readonly cache: ScopedCache,
    private readonly options: RuntimeOptions,
  ) {
    const delayMs = options.answerDelayMs ?? 0;
    this.delayOf = () => delayMs;
  }

  handle(request: IncomingMessage, response: ServerResponse): void {
    const route = request.method === 'POST' ? request.url : undefined;
    if (route === '/rpc') {
      this.countCallInFlight(response);
      this.answerRpc(request, response).catch(() =>
        sendJson(response, 500, { error: 'failed' }),
      );
    } else if (route === '/logs') {
      this.takeLogs(request, response);
    } else {
      sendJson(response, 404, { error: 'no such route' });
    }
  }

  countConnection(socket: Socket): void {
    this.figures.connectionsOpened += 1;
    this.connectionsOpen += 1;
    this.figures.mostConnectionsOpen = Math.max(
      this.figures.mostConnectionsOpen,
      this.connectionsOpen,
    );
    socket.on('close', () => {
      this.connectionsOpen -= 1;
    });
  }

  private countCallInFlight(response: ServerResponse): void {
    this.callsInFlight += 1;
    this.figures.mostCallsInFlight = Math.max(
      this.figures.mostCallsInFlight,
      this.callsInFlight,
    );
    response.on('close', () => {
      this.callsInFlight -= 1;
    });
  }

  private async answerRpc(request: IncomingMessage, response: ServerResponse) {
    const text = await readBody(request);
    let body: { id?: unknown; method?: unknown; params?: unknown };
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      sendJson(response, 400, { error: 'the RPC body is not JSON' });
      return;
    }
    const method = String(body.method);
    const params = Array.isArray(body.params) ? (body.params as unknown[]) : [];
    this.callsArrived += 1;
    const delay = this.delayOf({ method, params, ordinal: this.callsArrived });
    if (delay === 'never' || typeof delay !== 'number' || delay > 0) {
      this.held.add(response);
      response.on('close', () => this.held.delete(response));
      if (delay === 'never') {
        return;
      }
      try {
        await (typeof delay === 'number' ? sleep(delay) : delay);
      } finally {
        this.held.delete(response);
      }
      if (this.stopped) {
        return;
      }
    }
    if (this.failure !== null) {
      sendJson(response, this.failure, { error: 'the cache is unavailable' });
      return;
    }
    const token = request.headers['x-token'];
    const connection = typeof token === 'string' ? this.runs.get(token) : undefined;
    if (connection === undefined) {
      sendJson(response, 403, { id: body.id, error: 'unknown token' });
      return;
    }
    let result: unknown;
    const vanished = this.vanishes(method, params);
    try {
      result = vanished ? null : this.cache.call(method, params, connection);
    } catch (error) {
      const status = error instanceof RpcError ? error.status : 500;
      sendJson(response, status, { id: body.id, error: String(error) });
      return;
    }
    this.figures.rpcCalls += 1;
    const existingKeyAnswer = this.options.existingKeyAnswer ?? null;
    if (
      method === 'zcache_set' &&
      params[4] === true &&
      !vanished &&
      result !== existingKeyAnswer
    ) {
      this.figures.claimsStored += 1;
    }
    if (this.options.recordCalls ?? true) {
      this.calls.push({ method, params, connection: connection.id });
    }
    this.answerOrLose(request, response, this.plannedLoss(method, params), {
      id: body.id,
      result,
    });
  }

  /**
   * Stops: every call still held is answered 410, which core's RPC client
   * does not try again (after a cut connection it would: new connections to
   * a closed port, after the test, keeping its process from exiting).
   * Resolves once those answers are sent.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(
      [...this.held].map((response) => {
        this.held.delete(response);
        const sent = new Promise<void>((resolve) => {
          response.once('finish', resolve).once('close', resolve);
        });
        sendJson(response, 410, { error: 'the runtime stopped' });
        return sent;
      }),
    );
  }

  /** Whether this write is one of the claims to answer "exists" without storing (and counts it). */
  private vanishes(method: string, params: unknown[]): boolean {
    if (method !== 'zcache_set' || params[4] !== true || this.vanishingClaims === 0) {
      return false;
    }
    this.vanishingClaims -= 1;
    return true;
  }

  /** How this call's answer is to be lost, if it is (and counts it). */
  private plannedLoss(method: string, params: unknown[]): LostAnswer | undefined {
    const lost = this.lostAnswers.get(method);
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

  private answerOrLose(
    request: IncomingMessage,
    response: ServerResponse,
    lost: LostAnswer | undefined,
    answer: unknown,
  ): void {
    if (lost === 'connection-reset') {
      request.socket.destroy();
    } else if (lost === 'server-error') {
      sendJson(response, 502, { error: 'the answer was lost on the way back' });
    } else {
      sendJson(response, 200, answer);
    }
  }

  /**
   * Core streams a run's log lines here in one request and, at the run's end,
   * waits 200 ms for the answer before aborting it: on a busy machine lines
   * are lost on the way, so the lines a test reads are taken as core logs
   * them (`invokeThroughHandler`'s `onConsoleLine`), and this only answers.
   */
  private takeLogs(request: IncomingMessage, response: ServerResponse): void {
    request.on('end', () => sendJson(response, 200, { ok: true }));
    request.on('error', () => undefined);
    request.resume();
  }
}

/** Where a run reaches Zapier's runtime: its cache and log endpoint, and its own token. */
export interface RunEndpoints {
  origin: string;
  token: string;
}

const handlers = new WeakMap<object, LambdaHandler>();

/** How a run is watched: its console echo silenced, each line it logs taken. */
export interface RunOptions {
  quiet?: boolean;
  /** Gets each `z.console.log` line as core logs it, censored as Zapier receives it. */
  onConsoleLine?: (line: string) => void;
}

/**
 * Runs `method` of `app` through core's Lambda handler, with the event Zapier
 * sends: the runtime at `origin` (`/rpc`, `/logs`), the run's token, `bundle`;
 * and `customLogger`, core's hook for `zapier-platform invoke`, which hands
 * over each line as it is logged, at any machine speed.
 */
export async function invokeThroughHandler<T>(
  app: object,
  method: string,
  bundle: Record<string, unknown>,
  { origin, token }: RunEndpoints,
  { quiet = false, onConsoleLine }: RunOptions = {},
): Promise<T> {
  const handler = handlers.get(app) ?? core.createAppHandler(app);
  handlers.set(app, handler);
  // The handler streams the run's logs to LOGGING_ENDPOINT with the token.
  process.env.LOGGING_ENDPOINT = `${origin}/logs`;
  const customLogger = (message: string, data: { log_type?: string }) => {
    if (data.log_type === 'console') {
      onConsoleLine?.(message.replace(/\n$/, ''));
    }
  };
  const event = {
    command: 'execute',
    method,
    bundle,
    rpc_base: `${origin}/rpc`,
    token,
    customLogger,
  };
  const output = quiet ? await silenced(() => handler(event)) : await handler(event);
  return output.results as T;
}

function runtimeOf(
  server: RuntimeServer,
  listening: Listening,
  quiet: boolean,
): ZapierRuntime {
  const admit = (connection: Connection) => {
    const token = randomBytes(16).toString('hex');
    server.runs.set(token, connection);
    return token;
  };
  const savedLoggingEndpoint = process.env.LOGGING_ENDPOINT;
  return {
    origin: listening.origin,
    rpcBase: `${listening.origin}/rpc`,
    loggingEndpoint: `${listening.origin}/logs`,
    calls: server.calls,
    consoleLines: server.consoleLines,
    failWith(status) {
      server.failure = status;
    },
    delayAnswers(delayOf) {
      server.delayOf = delayOf;
    },
    loseAnswers(method, count, how = 'server-error', key = undefined) {
      server.lostAnswers.set(method, { count, how, key });
    },
    vanishClaims(count) {
      server.vanishingClaims = count;
    },
    heldCalls: () => server.held.size,
    figures: () => ({ ...server.figures }),
    resetFigures() {
      Object.assign(server.figures, NO_FIGURES);
    },
    storeText(key, text, scope, connection = DEFAULT_CONNECTION) {
      server.cache.call('zcache_set', [key, text, null, scope, false], connection);
    },
    storedText: (key, scope, connection = DEFAULT_CONNECTION) =>
      server.cache.call('zcache_get', [key, scope], connection),
    admit,
    invoke: (app, method, bundle, connection = DEFAULT_CONNECTION) =>
      invokeThroughHandler(
        app,
        method,
        bundle,
        { origin: listening.origin, token: admit(connection) },
        { quiet, onConsoleLine: (line) => server.consoleLines.push(line) },
      ),
    async close() {
      if (savedLoggingEndpoint === undefined) {
        delete process.env.LOGGING_ENDPOINT;
      } else {
        process.env.LOGGING_ENDPOINT = savedLoggingEndpoint;
      }
      await server.stop();
      return listening.close();
    },
  };
}

export async function startZapierRuntime(
  options: RuntimeOptions = {},
): Promise<ZapierRuntime> {
  const cache = new ScopedCache(
    options.now ?? Date.now,
    options.existingKeyAnswer ?? null,
    'storedAnswer' in options ? options.storedAnswer : true,
  );
  const server = new RuntimeServer(cache, options);
  const http = createServer((request, response) => server.handle(request, response));
  http.on('connection', (socket) => server.countConnection(socket));
  const listening = await listenOnLoopback(http);
  return runtimeOf(server, listening, options.quiet ?? false);
}
