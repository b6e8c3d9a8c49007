/**
 * A faithful local stand-in for the landing-page service: a real HTTP server
 * on loopback, routing, body parsing and validation by Fastify, state in SQLite.
 *
 *   APP_URL  = http://127.0.0.1:<port>       /oauth/authorize, /api/oauth/*
 *   BASE_URL = http://127.0.0.1:<port>/api   /webhook, /webhook/<id>
 *   sandbox  = http://127.0.0.1:<port>/_sandbox  submit leads, see deliveries
 */
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';

import type { SandboxContext } from './context';
import { DEFAULT_DELIVERY, Deliverer } from './delivery';
import type { ReportProblem, DeliveryOptions } from './delivery';
import { handleRequests, serverOptions } from './http';
import type { Timeouts } from './http';
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
  /** Where failures of background work are told (standard error by default). */
  complain?: ReportProblem;
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

const toStandardError: ReportProblem = (message) => {
  process.stderr.write(`sandbox: ${message}\n`);
};

interface ServerOptions extends Timeouts {
  /** The interface it listens on: requests must be addressed to it (or to loopback). */
  host: string;
}

function buildServer(context: SandboxContext, options: ServerOptions): FastifyInstance {
  const server = Fastify(serverOptions(options));
  server.decorate('sandbox', context);
  handleRequests(server, options.host);
  server.addHook('onClose', async () => {
    await context.deliverer.close();
    context.store.close();
  });
  void server.register(routes);
  return server;
}

/** Closes the server; a client still sending after `graceMs` has its connection cut. */
async function closeWithin(server: FastifyInstance, graceMs: number): Promise<void> {
  const cut = setTimeout(() => server.server.closeAllConnections(), graceMs);
  try {
    await server.close();
  } finally {
    clearTimeout(cut);
  }
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  if (options.redirectUris !== undefined) {
    checkRedirectUris(options.redirectUris);
  }
  const now = options.now ?? Date.now;
  const store = new Store(options.database ?? ':memory:', options.busyTimeoutMs);
  let server: FastifyInstance | undefined;
  try {
    const client = seed(
      store,
      options.redirectUris ? { redirectUris: options.redirectUris } : {},
    );
    const deliverer = new Deliverer(
      store,
      { ...DEFAULT_DELIVERY, ...options.delivery },
      now,
      options.complain ?? toStandardError,
    );
    const context: SandboxContext = {
      store,
      deliverer,
      settings: { ...DEFAULT_SETTINGS, ...options.settings },
      now,
    };
    const host = options.host ?? '127.0.0.1';
    server = buildServer(context, {
      host,
      requestTimeoutMs: options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: options.keepAliveTimeoutMs ?? DEFAULT_KEEP_ALIVE_TIMEOUT_MS,
    });
    const address = await server.listen({
      host,
      port: options.port ?? 0,
    });
    deliverer.resume();
    const appUrl = address.replace('localhost', '127.0.0.1');
    const started = server;
    return {
      appUrl,
      apiBaseUrl: `${appUrl}${API_PREFIX}`,
      client,
      context,
      server,
      close: () => closeWithin(started, options.closeGraceMs ?? DEFAULT_CLOSE_GRACE_MS),
    };
  } catch (error) {
    await server?.close();
    store.close();
    throw error;
  }
}
