/**
 * service-interface.md#access: `Authorization: Bearer <ACCESS_TOKEN>`, live, not revoked, with the
 * route's scope; refusals carry RFC 6750's `WWW-Authenticate` challenge.
 */
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';

import { HttpError } from './http-error';
import type { Project, Token, User } from '../store';

/** A checked access token, and whom it speaks for. */
export interface Bearer {
  token: Token;
  user: User;
  project: Project;
}

/** RFC 6750 §2.1: `Bearer` and one b64token. */
const BEARER_SCHEME = /^Bearer(?:\s|$)/i;
const BEARER = /^Bearer\s+([A-Za-z0-9\-._~+/]+=*)\s*$/i;
const REALM = 'realm="landing-page-sandbox"';

/** A 400, 401 or 403 with the `WWW-Authenticate` challenge RFC 6750 §3 asks for. */
function refused(
  status: 400 | 401 | 403,
  message: string,
  error?: 'invalid_request' | 'invalid_token' | 'insufficient_scope',
  scope?: string,
): HttpError {
  const challenge = [
    REALM,
    ...(error ? [`error="${error}"`] : []),
    ...(scope ? [`scope="${scope}"`] : []),
  ].join(', ');
  return new HttpError(status, message, {
    headers: { 'WWW-Authenticate': `Bearer ${challenge}` },
  });
}

/**
 * An `onRequest` hook that lets a request through only with a live token
 * holding `scope`: it runs before the body is read or validated, so a caller
 * without a valid token learns nothing about its body (401 before 400).
 */
export function requireToken(scope: string): onRequestAsyncHookHandler {
  return async function checkBearerToken(request) {
    const authorization = request.headers.authorization ?? '';
    const match = BEARER.exec(authorization);
    if (!match?.[1] && BEARER_SCHEME.test(authorization)) {
      // RFC 6750 §3.1: a malformed request is invalid_request, not a missing token.
      throw refused(
        400,
        'Malformed Authorization header: send Authorization: Bearer <access token>, one token without spaces',
        'invalid_request',
      );
    }
    if (!match?.[1]) {
      throw refused(
        401,
        'Missing bearer token: send Authorization: Bearer <access token>',
      );
    }
    const { store, now } = request.server.sandbox;
    const token = store.clientsAndTokens.token(match[1], 'access');
    if (token === undefined || token.revokedAt !== null) {
      throw refused(401, 'Invalid access token', 'invalid_token');
    }
    if (token.expiresAt !== null && token.expiresAt <= now()) {
      throw refused(401, 'The access token has expired', 'invalid_token');
    }
    if (!token.scopes.includes(scope)) {
      throw refused(
        403,
        `The access token lacks the ${scope} scope`,
        'insufficient_scope',
        scope,
      );
    }
    const user = store.accounts.user(token.userId);
    const project = user && store.accounts.project(user.projectId);
    if (user === undefined || project === undefined) {
      throw refused(
        401,
        'The access token speaks for an account that is gone',
        'invalid_token',
      );
    }
    request.bearer = { token, user, project };
  };
}

/** The token `requireToken` checked for this request, and whom it speaks for. */
export function checkedBearer(request: FastifyRequest): Bearer {
  if (request.bearer === null) {
    throw new Error(`${request.url} has no requireToken hook`);
  }
  return request.bearer;
}
