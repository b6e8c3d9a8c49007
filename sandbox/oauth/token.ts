/**
 * §4.4 and §4.5: the token endpoint, as a series of named checks in the
 * order they run (the way node-oidc-provider and node-oauth2-server separate
 * them): the request's presence, client authentication, the grant, PKCE,
 * replay, expiry, the redirect URI, the plan. Exactly one client
 * authentication method at the exchange (the client secret, in the body or
 * with HTTP Basic, or the PKCE verifier); codes single-use and bound to client
 * and redirect URI; refresh tokens rotate, a rotated one works on for a
 * grace (a concurrent or retried refresh), and its reuse after that revokes
 * the whole family (RFC 9700 §4.14.2). Errors are RFC 6749 §5.2's: a code in
 * `error`, the sentence in `error_description`.
 */
import type { FastifyPluginCallbackJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import type { FromSchema } from 'json-schema-to-ts';

import type { SandboxContext } from '../context';
import { ERROR_RESPONSES } from '../http/response-schemas';
import { stringFields } from '../http/schema';
import { randomId } from '../random-id';
import type { AuthorizationCode, RegisteredClient, Token } from '../store';
import { authenticateClient, presentedClient } from './client-authentication';
import type { PresentedClient } from './client-authentication';
import { verifierMatches } from './pkce';
import { sameRedirectUri } from './redirect-uri';
import { invalidClient, tokenError } from './token-errors';

const FORM = 'application/x-www-form-urlencoded';

const TOKEN_FIELDS = [
  'grant_type',
  'code',
  'redirect_uri',
  'client_id',
  'client_secret',
  'code_verifier',
  'refresh_token',
] as const;
type TokenField = (typeof TOKEN_FIELDS)[number];
const TOKEN_BODY = stringFields(TOKEN_FIELDS);
type TokenParameters = FromSchema<typeof TOKEN_BODY>;

/** §2's Token response object: `scope` in the answer to the exchange only. */
const TOKEN_RESPONSE = {
  type: 'object',
  required: ['access_token', 'token_type', 'expires_in', 'refresh_token'],
  properties: {
    access_token: { type: 'string' },
    token_type: { type: 'string' },
    expires_in: { type: 'integer' },
    refresh_token: { type: 'string' },
    scope: { type: 'string' },
  },
  additionalProperties: false,
} as const;

/** RFC 6749 §3.2: a parameter sent without a value is treated as if it were omitted. */
function withoutEmptyValues(body: TokenParameters): TokenParameters {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== ''));
}

// --- presence -------------------------------------------------------------

function requireParameters<Name extends TokenField>(
  parameters: TokenParameters,
  names: readonly Name[],
): Record<Name, string> {
  for (const name of names) {
    if (parameters[name] === undefined) {
      throw tokenError('invalid_request', `${name} is required`);
    }
  }
  return parameters as Record<Name, string>;
}

/** The client_id, from the body or from Basic. */
function requireClientId(presented: PresentedClient): PresentedClient & {
  clientId: string;
} {
  if (presented.clientId === undefined) {
    throw tokenError('invalid_request', 'client_id is required');
  }
  return { ...presented, clientId: presented.clientId };
}

/** §4.4: the client secret or the PKCE verifier, never both, never neither. */
function requireOneAuthenticationMethod(
  secret: string | undefined,
  verifier: string | undefined,
): void {
  if ((secret === undefined) === (verifier === undefined)) {
    throw tokenError(
      'invalid_request',
      'Send exactly one client authentication method: client_secret or code_verifier',
    );
  }
}

// --- the grant ------------------------------------------------------------

/** The code, if it exists and was issued to this client (another client's code is unknown to it). */
function findCode(
  context: SandboxContext,
  value: string,
  client: RegisteredClient,
): AuthorizationCode {
  const grant = context.store.clientsAndTokens.code(value);
  if (grant === undefined || grant.clientId !== client.id) {
    throw tokenError('invalid_grant', 'unknown authorization code');
  }
  return grant;
}

/**
 * The client proves itself the way the authorization asked before the code
 * is touched: whoever only holds a (leaked) code can neither burn it nor
 * revoke the connection it produced.
 */
function checkPkce(grant: AuthorizationCode, verifier: string | undefined): void {
  if (grant.codeChallenge !== null) {
    if (verifier === undefined) {
      throw tokenError(
        'invalid_grant',
        'this authorization used PKCE, send code_verifier',
      );
    }
    if (!verifierMatches(verifier, grant.codeChallenge)) {
      throw tokenError(
        'invalid_grant',
        'code_verifier does not match the code_challenge',
      );
    }
  } else if (verifier !== undefined) {
    throw tokenError(
      'invalid_grant',
      'this authorization did not use PKCE, send client_secret',
    );
  }
}

/** A replayed code: the tokens it produced are no longer trusted either. Else it is used now. */
function checkReplay(context: SandboxContext, grant: AuthorizationCode): void {
  const now = context.now();
  if (grant.usedAt !== null) {
    context.store.clientsAndTokens.revokeFamily(grant.code, now);
    throw tokenError('invalid_grant', 'the authorization code was already used');
  }
  context.store.clientsAndTokens.markCodeUsed(grant.code, now);
}

function checkExpiry(context: SandboxContext, grant: AuthorizationCode): void {
  if (grant.expiresAt <= context.now()) {
    throw tokenError('invalid_grant', 'the authorization code has expired');
  }
}

function checkRedirectUri(grant: AuthorizationCode, redirectUri: string): void {
  if (!sameRedirectUri(grant.redirectUri, redirectUri)) {
    throw tokenError(
      'invalid_grant',
      'redirect_uri differs from the authorization request',
    );
  }
}

/** §1, §5.5: OAuth is for projects on a paid plan; a project can move to the free plan. */
function requirePaidPlan(context: SandboxContext, userId: string): void {
  const user = context.store.accounts.user(userId);
  const project =
    user === undefined ? undefined : context.store.accounts.project(user.projectId);
  if (project?.plan !== 'paid') {
    throw tokenError(
      'invalid_grant',
      'OAuth is available only to projects on a paid plan',
    );
  }
}

// --- refresh --------------------------------------------------------------

function findRefreshToken(
  context: SandboxContext,
  value: string,
  client: RegisteredClient,
): Token {
  const token = context.store.clientsAndTokens.token(value, 'refresh');
  if (token === undefined || token.clientId !== client.id) {
    throw tokenError('invalid_grant', 'unknown refresh token');
  }
  return token;
}

/** §4.5: without PKCE, the client secret is required (and checked before anything is revoked). */
function requireSecretUnlessPkce(token: Token, secret: string | undefined): void {
  if (!token.pkce && secret === undefined) {
    throw invalidClient('Client authentication failed: client_secret is required');
  }
}

/** A revoked token used again: whoever holds the family is not to be trusted. */
function checkRevoked(context: SandboxContext, token: Token): void {
  if (token.revokedAt !== null) {
    context.store.clientsAndTokens.revokeFamily(token.fromCode, context.now());
    throw tokenError('invalid_grant', 'the refresh token was revoked or already used');
  }
}

/**
 * A refresh token used again after its rotation. Within the grace (counted
 * from the rotation) it is a concurrent or retried refresh of its own holder:
 * answered, with the family's newest refresh token. After it, a reuse: the
 * whole family is revoked (RFC 9700 §4.14.2), since a thief or the victim
 * presented a token the other already used.
 */
function isWithinGrace(context: SandboxContext, token: Token): boolean {
  if (token.rotatedAt === null) {
    return false;
  }
  if (
    context.now() <
    token.rotatedAt + context.settings.refreshTokenGraceSeconds * 1000
  ) {
    return true;
  }
  context.store.clientsAndTokens.revokeFamily(token.fromCode, context.now());
  throw tokenError(
    'invalid_grant',
    'the refresh token was already used; every token of this connection is revoked',
  );
}

// --- answers --------------------------------------------------------------

type Family = Pick<Token, 'clientId' | 'userId' | 'scopes' | 'pkce' | 'fromCode'>;

const NOT_ROTATED = { revokedAt: null, rotatedAt: null, replacedBy: null };

function accessTokenOf(context: SandboxContext, family: Family): Token {
  return {
    ...family,
    ...NOT_ROTATED,
    token: randomId('at', 24),
    kind: 'access',
    expiresAt: context.now() + context.settings.accessTokenTtlSeconds * 1000,
  };
}

function answer(context: SandboxContext, access: Token, refreshToken: string) {
  return {
    access_token: access.token,
    token_type: 'Bearer',
    expires_in: context.settings.accessTokenTtlSeconds,
    refresh_token: refreshToken,
  };
}

/** A new access and refresh token of `family`; `rotating`, the refresh token they replace. */
function issueTokens(context: SandboxContext, family: Family, rotating?: Token) {
  const access = accessTokenOf(context, family);
  const refresh: Token = {
    ...family,
    ...NOT_ROTATED,
    token: randomId('rt', 24),
    kind: 'refresh',
    expiresAt: null,
  };
  context.store.clientsAndTokens.addTokens(
    [access, refresh],
    rotating === undefined ? undefined : { token: rotating.token, at: context.now() },
  );
  return answer(context, access, refresh.token);
}

function exchangeCode(
  context: SandboxContext,
  parameters: TokenParameters,
  authorization: string | undefined,
) {
  const { code, redirect_uri: redirectUri } = requireParameters(parameters, [
    'code',
    'redirect_uri',
  ]);
  const presented = requireClientId(presentedClient(authorization, parameters));
  const verifier = parameters.code_verifier;
  requireOneAuthenticationMethod(presented.secret, verifier);
  const client = authenticateClient(context.store, presented);
  const grant = findCode(context, code, client);
  checkPkce(grant, verifier);
  checkReplay(context, grant);
  checkExpiry(context, grant);
  checkRedirectUri(grant, redirectUri);
  requirePaidPlan(context, grant.userId);
  return {
    ...issueTokens(context, {
      clientId: client.id,
      userId: grant.userId,
      scopes: grant.scopes,
      pkce: grant.codeChallenge !== null,
      fromCode: grant.code,
    }),
    scope: grant.scopes.join(' '),
  };
}

function refresh(
  context: SandboxContext,
  parameters: TokenParameters,
  authorization: string | undefined,
) {
  const { refresh_token: value } = requireParameters(parameters, ['refresh_token']);
  const presented = requireClientId(presentedClient(authorization, parameters));
  const client = authenticateClient(context.store, presented);
  const token = findRefreshToken(context, value, client);
  requireSecretUnlessPkce(token, presented.secret);
  checkRevoked(context, token);
  const withinGrace = isWithinGrace(context, token);
  requirePaidPlan(context, token.userId);
  const { userId, scopes, pkce, fromCode } = token;
  const family: Family = { clientId: client.id, userId, scopes, pkce, fromCode };
  if (withinGrace) {
    // The same connection asking again: a new access token, and the refresh
    // token its rotation already issued (the newest of the family).
    const newest = context.store.clientsAndTokens.newestRotationOf(token);
    const access = accessTokenOf(context, family);
    context.store.clientsAndTokens.addTokens([access]);
    return answer(context, access, newest.token);
  }
  // Rotation: a new refresh token; this one works on only for the grace.
  return issueTokens(context, family, token);
}

export const tokenRoutes: FastifyPluginCallbackJsonSchemaToTs = (app, _options, done) => {
  const context = app.sandbox;
  app.post(
    '/token',
    {
      schema: { body: TOKEN_BODY, response: { 200: TOKEN_RESPONSE, ...ERROR_RESPONSES } },
      config: { answersOAuthErrors: true },
    },
    (request, reply) => {
      if (!(request.headers['content-type'] ?? '').toLowerCase().startsWith(FORM)) {
        throw tokenError('invalid_request', `The token endpoint takes ${FORM} bodies`);
      }
      const parameters = withoutEmptyValues(request.body);
      const { authorization } = request.headers;
      const grantType = parameters.grant_type;
      if (grantType === undefined) {
        throw tokenError('invalid_request', 'grant_type is required');
      }
      if (grantType !== 'authorization_code' && grantType !== 'refresh_token') {
        throw tokenError(
          'unsupported_grant_type',
          'grant_type must be authorization_code or refresh_token',
        );
      }
      const answer =
        grantType === 'authorization_code'
          ? exchangeCode(context, parameters, authorization)
          : refresh(context, parameters, authorization);
      reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
      return answer;
    },
  );
  done();
};
