/**
 * What every route shares, decorated on the Fastify instance as `sandbox`:
 * the state, the delivery engine, the settings and the clock; and the
 * bearer token `requireToken` adds to a request. (What one route group adds
 * to a request is declared in that group.)
 */
import fp from 'fastify-plugin';

import type { Deliverer } from './delivery';
import type { SandboxSettings } from './settings';
import type { Bearer } from './http/bearer';
import type { Store } from './store';

export interface SandboxContext {
  store: Store;
  deliverer: Deliverer;
  settings: SandboxSettings;
  /** Milliseconds since 1970; tests move it to expire codes and tokens. */
  now: () => number;
}

declare module 'fastify' {
  interface FastifyInstance {
    sandbox: SandboxContext;
  }
  interface FastifyRequest {
    /** The bearer token of a route behind `requireToken`, checked, and whom it speaks for. */
    bearer: Bearer | null;
  }
}

/** Decorates the root instance with the context, for every route plugin. */
export const sandboxContext = fp<{ context: SandboxContext }>(
  async (app, { context }) => {
    app.decorate('sandbox', context);
  },
  { name: 'sandbox-context', fastify: '5.x' },
);
