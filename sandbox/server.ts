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

import { registerBodyParsers } from './http/body-parsers';
import { checkRequestOrigin } from './http/request-origin';
import type { SandboxContext } from './context';
import { DEFAULT_DELIVERY, Deliverer } from './delivery';
import type { Complain, DeliveryOptions } from './delivery';
import {
  answerClientError,
  answerConnect,
  answerError,
  answerNotFound,
  answerUnmetExpectation,
} from './http/errors';
import { leadRoutes } from './leads/routes';
import { overviewRoutes } from './overview/routes';
import { oauthRoutes } from './oauth';
import { seed } from './seed';
import { checkRedirectUris, DEFAULT_SETTINGS } from './settings';
import type { SandboxSettings } from './settings';
import { Store } from './store';
import type { OAuthClient } from './store';
import { API_PREFIX, webhookRoutes } from './webhooks/routes';

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
  complain?: Complain;
}

export interface Sandbox {
  /** The OAuth host: `APP_URL`. */
  appUrl: string;
  /** The API base: `BASE_URL`. */
  apiBaseUrl: string;
  client: OAuthClient;
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
const BODY_LIMIT_BYTES = 1024 * 1024;

const toStandardError: Complain = (message) => {
  process.stderr.write(`sandbox: ${message}\n`);
};

interface ServerOptions {
  /** The interface it listens on: requests must be addressed to it (or to loopback). */
  host: string;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
}

function buildServer(
  context: SandboxContext,
  { host, requestTimeoutMs, keepAliveTimeoutMs }: ServerOptions,
): FastifyInstance {
  const server = Fastify({
    logger: false,
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: requestTimeoutMs,
    // A connection on which nothing arrives for this long is dropped without
    // an answer: a backstop, three times the request timeout, so that Node's
    // 408 (checked every connectionsCheckingInterval) always comes first.
    connectionTimeout: requestTimeoutMs * 3,
    keepAliveTimeout: keepAliveTimeoutMs,
    // Node looks for requests over their time this often (30 s by default).
    // Given to Node's server as it is made: set afterwards (as Fastify's own
    // requestTimeout is), Node does not bound a body that trickles in.
    http: {
      connectionsCheckingInterval: Math.min(1000, requestTimeoutMs),
      requestTimeout: requestTimeoutMs,
      headersTimeout: requestTimeoutMs,
      // A request without Host reaches the origin check, which answers it {error}.
      requireHostHeader: false,
    },
    // A value of the wrong type is refused, never converted (["prj_x"] is not "prj_x").
    ajv: { customOptions: { coerceTypes: false } },
    // The longest id a route's schema takes; longer is a 414 {error}.
    routerOptions: { maxParamLength: 200 },
    // A URL the router cannot read goes through the one error handler too.
    frameworkErrors: (error, request, reply) => {
      answerError(error, request, reply);
    },
    // What Node refuses before Fastify sees a request (bad HTTP, huge headers, time out).
    clientErrorHandler: answerClientError,
  });
  // What Node answers itself unless told: the same {error} as everything else.
  server.server.on('connect', answerConnect);
  server.server.on('checkExpectation', answerUnmetExpectation);
  server.decorate('sandbox', context);
  server.decorateRequest('bearer', null);
  server.addHook('onRequest', checkRequestOrigin(host));
  registerBodyParsers(server);
  server.setErrorHandler(answerError);
  server.setNotFoundHandler(answerNotFound);
  server.addHook('onClose', async () => {
    await context.deliverer.close();
    context.store.close();
  });
  oauthRoutes(server);
  webhookRoutes(server);
  leadRoutes(server);
  overviewRoutes(server);
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
