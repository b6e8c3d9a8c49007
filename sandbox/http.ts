/** What the sandbox's routes share: the state, the clock, and how errors are answered. */
import type { FastifyReply, FastifyRequest } from 'fastify';

import type { Deliverer } from './delivery';
import type { Store, Token } from './store';

export interface SandboxSettings {
  /** Lifetime of access tokens (§5.3 e): short in the demo, so refresh gets exercised. */
  accessTokenTtlSeconds: number;
  /** Lifetime of authorization codes. */
  authorizationCodeTtlSeconds: number;
}

export interface SandboxContext {
  store: Store;
  deliverer: Deliverer;
  settings: SandboxSettings;
  /** Milliseconds since 1970; tests move it to expire codes and tokens. */
  now: () => number;
}

/** An answer with the spec's Error object `{error}` (§7). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** §5.1: `Authorization: Bearer <ACCESS_TOKEN>`, live and not revoked. */
export function bearerToken(context: SandboxContext, request: FastifyRequest): Token {
  const header = request.headers.authorization;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match?.[1]) {
    throw new HttpError(
      401,
      'Missing bearer token: send Authorization: Bearer <access token>',
    );
  }
  const token = context.store.token(match[1], 'access');
  if (token === undefined || token.revokedAt !== null) {
    throw new HttpError(401, 'Invalid access token');
  }
  if (token.expiresAt !== null && token.expiresAt <= context.now()) {
    throw new HttpError(401, 'The access token has expired');
  }
  return token;
}

export function requireScope(token: Token, scope: string): void {
  if (!token.scopes.includes(scope)) {
    throw new HttpError(403, `The access token lacks the ${scope} scope`);
  }
}

export function sendHtml(
  reply: FastifyReply,
  status: number,
  html: string,
): FastifyReply {
  return reply.status(status).type('text/html; charset=utf-8').send(html);
}

/** A string field of a parsed body or query, or undefined. */
export function field(source: unknown, key: string): string | undefined {
  if (typeof source !== 'object' || source === null) {
    return undefined;
  }
  const value = (source as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : undefined;
}
