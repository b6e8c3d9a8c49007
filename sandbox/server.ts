/**
 * A faithful local stand-in for the landing-page service: a real HTTP server
 * on loopback, routing, body parsing and validation by Fastify, state in SQLite.
 *
 *   APP_URL  = http://127.0.0.1:<port>       /oauth/authorize, /api/oauth/*
 *   BASE_URL = http://127.0.0.1:<port>/api   /webhook, /webhook/<id>
 *   sandbox  = http://127.0.0.1:<port>/_sandbox  submit leads, see deliveries
 */
import type { Writable } from 'node:stream';

import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';

import { sandboxContext } from './context';
import type { SandboxContext } from './context';
import { DEFAULT_DELIVERY, Deliverer } from './delivery';
import type { DeliveryOptions } from './delivery';
import { serverOptions, sharedHttp } from './http';
import { API_PREFIX, routes } from './routes';
import { seed } from './seed';
import { checkRedirectUris, DEFAULT_SETTINGS } from './settings';
import type { SandboxSettings } from './settings';
import { Store } from './store';
import type { RegisteredClient } from './store';

export interface SandboxOptions {
  /** SQLite file, or `:memory:` (the default). */
  database?: string;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  settings?: Partial<SandboxSettings>;
  delivery?: Partial<DeliveryOptions>;
  /** Redirect URIs of the OAuth client created on first start. */
  redirectUris?: string[];
  now?: () => number;
  /** How long a request may take to arrive whole (408 after). */
  requestTimeoutMs?: number;
  /** How long a kept-alive connection may sit idle between requests. */
  keepAliveTimeoutMs?: number;
  /** How long close() lets requests under way finish before it cuts their connections. */
  closeGraceMs?: number;
  /** How long a database statement waits for a lock held by another connection. */
  busyTimeoutMs?: number;
  /**
   * Where the sandbox's log goes (pino's JSON lines: failures of requests and
   * of deliveries, and recoveries); standard error by default.
   */
  log?: Writable;
  /** false: no socket; requests reach it through `server.inject` (tests). */
  listen?: boolean;
}

export interface Sandbox {
  /** The OAuth host: `APP_URL`. */
  appUrl: string;
  /** The API base: `BASE_URL`. */
  apiBaseUrl: string;
  client: RegisteredClient;
  context: SandboxContext;
  server: FastifyInstance;
  /**
   * Stops serving and delivering: requests under way get `closeGraceMs` to
   * finish, attempts under way finish and are recorded, deliveries waiting
   * to be retried stay in the database.
   */
  close(): Promise<void>;
}

const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/** Node's own default; Fastify's is 72 s, meant for servers behind a load balancer. */
const DEFAULT_KEEP_ALIVE_TIMEOUT_MS = 5_000;
const DEFAULT_CLOSE_GRACE_MS = 2_000;

/** Closes the server; a client still sending after `graceMs` has its connection cut. */
async function closeWithin(server: FastifyInstance, graceMs: number): Promise<void> {
  const cut = setTimeout(() => server.server.closeAllConnections(), graceMs);
  try {
    await server.close();
  } finally {
    clearTimeout(cut);
  }
}

/** Where an unlistening sandbox says it is: requests reach it by `inject`, with this Host. */
const INJECTED_ORIGIN = 'http://127.0.0.1';

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  if (options.redirectUris !== undefined) {
    checkRedirectUris(options.redirectUris);
  }
  const now = options.now ?? Date.now;
  const host = options.host ?? '127.0.0.1';
  const store = new Store(options.database ?? ':memory:', options.busyTimeoutMs);
  const server = Fastify(
    serverOptions({
      requestTimeoutMs: options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: options.keepAliveTimeoutMs ?? DEFAULT_KEEP_ALIVE_TIMEOUT_MS,
      log: options.log ?? process.stderr,
    }),
  );
  try {
    const client = seed(
      store,
      options.redirectUris ? { redirectUris: options.redirectUris } : {},
    );
    const deliverer = new Deliverer(
      store,
      { ...DEFAULT_DELIVERY, ...options.delivery },
      now,
      server.log.child({ component: 'delivery' }),
    );
    const context: SandboxContext = {
      store,
      deliverer,
      settings: { ...DEFAULT_SETTINGS, ...options.settings },
      now,
    };
    server.addHook('onClose', async () => {
      await context.deliverer.close();
      context.store.close();
    });
    await server.register(sandboxContext, { context });
    await server.register(sharedHttp, { host });
    await server.register(routes);
    let appUrl = INJECTED_ORIGIN;
    if (options.listen === false) {
      await server.ready();
    } else {
      const address = await server.listen({ host, port: options.port ?? 0 });
      appUrl = address.replace('localhost', '127.0.0.1');
    }
    deliverer.resume();
    return {
      appUrl,
      apiBaseUrl: `${appUrl}${API_PREFIX}`,
      client,
      context,
      server,
      close: () => closeWithin(server, options.closeGraceMs ?? DEFAULT_CLOSE_GRACE_MS),
    };
  } catch (error) {
    await server.close();
    store.close();
    throw error;
  }
}
