/** §5.1: `Authorization: Bearer <ACCESS_TOKEN>`, live, not revoked, with the route's scope. */
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';

import { HttpError } from './errors';
import type { Token } from './store';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * An `onRequest` hook that lets a request through only with a live token
 * holding `scope`: it runs before the body is read or validated, so a caller
 * without a valid token learns nothing about its body (401 before 400).
 */
export function requireToken(scope: string): onRequestAsyncHookHandler {
  // eslint-disable-next-line @typescript-eslint/require-await -- Fastify turns a rejection into the error answer
  return async function checkBearerToken(request) {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match?.[1]) {
      throw new HttpError(
        401,
        'Missing bearer token: send Authorization: Bearer <access token>',
      );
    }
    const { store, now } = request.server.sandbox;
    const token = store.oauth.token(match[1], 'access');
    if (token === undefined || token.revokedAt !== null) {
      throw new HttpError(401, 'Invalid access token');
    }
    if (token.expiresAt !== null && token.expiresAt <= now()) {
      throw new HttpError(401, 'The access token has expired');
    }
    if (!token.scopes.includes(scope)) {
      throw new HttpError(403, `The access token lacks the ${scope} scope`);
    }
    request.token = token;
  };
}

/** The token `requireToken` checked for this request. */
export function checkedToken(request: FastifyRequest): Token {
  if (request.token === null) {
    throw new Error(`${request.url} has no requireToken hook`);
  }
  return request.token;
}
