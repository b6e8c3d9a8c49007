/**
 * What every route shares, decorated on the Fastify instance as `sandbox`:
 * the state, the delivery engine, the settings and the clock.
 */
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
  interface FastifyContextConfig {
    /** Errors of this route are answered as an HTML page (a browser opened it). */
    answersHtml?: boolean;
    /** Errors of this route are answered as RFC 6749 §5.2 says: `{error: code, error_description}`. */
    answersOAuthErrors?: boolean;
  }
}
