/**
 * A faithful local stand-in for the landing-page service: a real HTTP server
 * on loopback, routing and body parsing by Fastify, state in SQLite.
 *
 *   APP_URL  = http://127.0.0.1:<port>       /oauth/authorize, /api/oauth/*
 *   BASE_URL = http://127.0.0.1:<port>/api   /webhook, /webhook/<id>
 *   sandbox  = http://127.0.0.1:<port>/_sandbox  submit leads, see deliveries
 */
import formbody from '@fastify/formbody';
import Fastify from 'fastify';
import type { FastifyError, FastifyInstance } from 'fastify';

import { DEFAULT_DELIVERY, Deliverer } from './delivery';
import type { DeliveryOptions } from './delivery';
import { HttpError } from './http';
import type { SandboxContext, SandboxSettings } from './http';
import { registerOAuthRoutes } from './oauth';
import { API_PREFIX, registerSandboxRoutes, registerWebhookRoutes } from './routes';
import { seed } from './seed';
import { Store } from './store';
import type { OAuthClient } from './store';

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
}

export interface Sandbox {
  /** The OAuth host: `APP_URL`. */
  appUrl: string;
  /** The API base: `BASE_URL`. */
  apiBaseUrl: string;
  client: OAuthClient;
  context: SandboxContext;
  server: FastifyInstance;
  close(): Promise<void>;
}

export const DEFAULT_SETTINGS: SandboxSettings = {
  accessTokenTtlSeconds: 3600,
  authorizationCodeTtlSeconds: 60,
};

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const store = new Store(options.database ?? ':memory:');
  const client = seed(
    store,
    options.redirectUris ? { redirectUris: options.redirectUris } : {},
  );
  const deliverer = new Deliverer(store, { ...DEFAULT_DELIVERY, ...options.delivery });
  const context: SandboxContext = {
    store,
    deliverer,
    settings: { ...DEFAULT_SETTINGS, ...options.settings },
    now: options.now ?? Date.now,
  };

  const server = Fastify({ logger: false });
  await server.register(formbody);
  server.setErrorHandler((error: FastifyError | HttpError, _request, reply) => {
    const status = error.statusCode ?? 500;
    if (error instanceof HttpError) {
      return reply.status(status).send({ error: error.message });
    }
    if (status === 415) {
      // Bad bodies are 400s (§4.2): say which content types are read.
      return reply.status(400).send({
        error: 'Send the body as application/json or application/x-www-form-urlencoded',
      });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: `Bad request: ${error.message}` });
    }
    return reply.status(500).send({ error: 'The sandbox failed to answer' });
  });
  server.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send({ error: `No route for ${request.method} ${request.url.split('?')[0]}` }),
  );

  registerOAuthRoutes(server, context);
  registerWebhookRoutes(server, context);
  registerSandboxRoutes(server, context);

  const address = await server.listen({
    host: options.host ?? '127.0.0.1',
    port: options.port ?? 0,
  });
  const appUrl = address.replace('localhost', '127.0.0.1');
  return {
    appUrl,
    apiBaseUrl: `${appUrl}${API_PREFIX}`,
    client,
    context,
    server,
    async close() {
      deliverer.close();
      await deliverer.idle();
      await server.close();
      store.close();
    },
  };
}
