/**
 * What every route shares, decorated on the Fastify instance as `sandbox`:
 * the state, the delivery engine, the settings and the clock.
 */
import type { Deliverer } from './delivery';
import type { Store, Token } from './store';

export interface SandboxSettings {
  /** Lifetime of access tokens (§5.3 e): short in the demo, so refresh gets exercised. */
  accessTokenTtlSeconds: number;
  /** Lifetime of authorization codes. */
  authorizationCodeTtlSeconds: number;
  /** How long a consent page can be answered. */
  consentTtlSeconds: number;
  /** Consent pages awaiting an answer at most; past that, the oldest are dropped. */
  maxPendingConsents: number;
}

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
    /** The bearer token of a route behind `requireToken`, checked. */
    token: Token | null;
  }
  interface FastifyContextConfig {
    /** Errors of this route are answered as an HTML page (a browser opened it). */
    answersHtml?: boolean;
  }
}
