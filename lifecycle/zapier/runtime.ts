/**
 * A local stand-in for what Zapier's runtime gives an app's Lambda handler:
 * the JSON-RPC endpoint behind `z.cache` (`event.rpc_base`, `event.token`;
 * see zapier-platform-core/src/tools/create-rpc-client.js) with real
 * set-if-absent and expiry, and the log endpoint the handler streams
 * `z.console.log` lines to. Loopback only.
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
}

export interface RpcCall {
  method: string;
  params: unknown[];
}

export interface ZapierRuntime {
  rpcBase: string;
  loggingEndpoint: string;
  /** Every RPC call received, in order. */
  calls: RpcCall[];
  /** Every `z.console.log` line the handler streamed. */
  consoleLines: string[];
  /** Answer every RPC call with this HTTP status (a cache outage); `null` to answer normally. */
  failWith(status: number | null): void;
  /**
   * Runs `method` (e.g. `triggers.new_lead.operation.perform`) of the app
   * through core's Lambda handler, with the event Zapier sends: this cache
   * and log endpoint, and `bundle`.
   */
  invoke<T>(app: object, method: string, bundle: Record<string, unknown>): Promise<T>;
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

export async function startZapierRuntime(
  options: RuntimeOptions = {},
): Promise<ZapierRuntime> {
  const now = options.now ?? Date.now;
  const existingKeyAnswer = options.existingKeyAnswer ?? null;
  const token = randomBytes(16).toString('hex');
  const cache = new Map<string, Entry>();
  const calls: RpcCall[] = [];
  const consoleLines: string[] = [];
  let failure: number | null = null;
  const handlers = new WeakMap<object, LambdaHandler>();
  const savedLoggingEndpoint = process.env.LOGGING_ENDPOINT;

  const live = (key: string): Entry | undefined => {
    const entry = cache.get(key);
    if (
      entry?.expiresAt !== undefined &&
      entry.expiresAt !== null &&
      entry.expiresAt <= now()
    ) {
      cache.delete(key);
      return undefined;
    }
    return entry;
  };

  const methods: Record<string, (params: unknown[]) => unknown> = {
    zcache_get: ([key]) => live(String(key))?.value ?? null,
    zcache_set: ([key, value, ttl, , nx]) => {
      if (nx === true && live(String(key)) !== undefined) {
        return existingKeyAnswer;
      }
      cache.set(String(key), {
        value,
        expiresAt: typeof ttl === 'number' ? now() + ttl * 1000 : null,
      });
      return true;
    },
    zcache_delete: ([key]) =>
      live(String(key)) !== undefined && cache.delete(String(key)),
  };

  async function answerRpc(request: IncomingMessage, response: ServerResponse) {
    const text = await readBody(request);
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
    const method = typeof body.method === 'string' ? methods[body.method] : undefined;
    const params = Array.isArray(body.params) ? (body.params as unknown[]) : [];
    if (request.headers['x-token'] !== token) {
      sendJson(response, 403, { id: body.id, error: 'unknown token' });
    } else if (method === undefined) {
      sendJson(response, 400, {
        id: body.id,
        error: `unknown method ${String(body.method)}`,
      });
    } else {
      calls.push({ method: String(body.method), params });
      sendJson(response, 200, { id: body.id, result: method(params) });
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
    route(request, response).catch(() => sendJson(response, 500, { error: 'failed' }));
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
    async invoke<T>(app: object, method: string, bundle: Record<string, unknown>) {
      const handler = handlers.get(app) ?? core.createAppHandler(app);
      handlers.set(app, handler);
      // The handler streams the run's logs to LOGGING_ENDPOINT with the token.
      process.env.LOGGING_ENDPOINT = `${base}/logs`;
      const output = await handler({
        command: 'execute',
        method,
        bundle,
        rpc_base: `${base}/rpc`,
        token,
      });
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
