/**
 * §4.4 and §4.5: the token endpoint. Exactly one client authentication method
 * at the exchange (the client secret, or the PKCE verifier); codes single-use
 * and bound to client and redirect URI; refresh tokens rotate, and a reused
 * one revokes its whole family (OAuth 2.0 Security BCP, refresh token rotation).
 */
import { timingSafeEqual } from 'node:crypto';

import type { FastifyInstance } from 'fastify';

import type { SandboxContext } from '../context';
import { HttpError } from '../errors';
import { stringFields } from '../schema';
import { randomId } from '../store';
import type { OAuthClient, Token } from '../store';
import { verifierMatches } from './pkce';

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
type TokenBody = Partial<Record<(typeof TOKEN_FIELDS)[number], string>>;

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function authenticateClient(
  client: OAuthClient | undefined,
  secret: string | undefined,
): OAuthClient {
  if (client === undefined) {
    throw new HttpError(401, 'Unknown client_id');
  }
  if (secret !== undefined && !sameSecret(secret, client.secret)) {
    throw new HttpError(401, 'Client authentication failed: wrong client_secret');
  }
  return client;
}

function requirePaidPlan(context: SandboxContext, userId: string): void {
  const user = context.store.accounts.user(userId);
  const project =
    user === undefined ? undefined : context.store.accounts.project(user.projectId);
  if (project?.plan !== 'paid') {
    throw new HttpError(403, 'OAuth is available only to projects on a paid plan');
  }
}

function issueTokens(
  context: SandboxContext,
  grant: Pick<Token, 'clientId' | 'userId' | 'scopes' | 'pkce' | 'fromCode'>,
) {
  const { accessTokenTtlSeconds } = context.settings;
  const access: Token = {
    ...grant,
    token: randomId('at', 24),
    kind: 'access',
    expiresAt: context.now() + accessTokenTtlSeconds * 1000,
    revokedAt: null,
  };
  const refresh: Token = {
    ...grant,
    token: randomId('rt', 24),
    kind: 'refresh',
    expiresAt: null,
    revokedAt: null,
  };
  context.store.oauth.addTokens([access, refresh]);
  return {
    access_token: access.token,
    token_type: 'Bearer',
    expires_in: accessTokenTtlSeconds,
    refresh_token: refresh.token,
  };
}

function exchangeCode(context: SandboxContext, body: TokenBody) {
  const {
    code,
    redirect_uri: redirectUri,
    client_id: clientId,
    client_secret: secret,
    code_verifier: verifier,
  } = body;
  for (const [name, value] of Object.entries({
    code,
    redirect_uri: redirectUri,
    client_id: clientId,
  })) {
    if (!value) {
      throw new HttpError(400, `${name} is required`);
    }
  }
  if ((secret === undefined) === (verifier === undefined)) {
    throw new HttpError(
      400,
      'Send exactly one client authentication method: client_secret or code_verifier',
    );
  }
  const client = authenticateClient(context.store.oauth.client(clientId!), secret);
  const grant = context.store.oauth.code(code!);
  const now = context.now();
  if (grant === undefined || grant.clientId !== client.id) {
    throw new HttpError(400, 'invalid_grant: unknown authorization code');
  }
  // The client proves itself the way the authorization asked before the code
  // is touched: whoever only holds a (leaked) code can neither burn it nor
  // revoke the connection it produced.
  if (grant.codeChallenge !== null) {
    if (verifier === undefined) {
      throw new HttpError(
        400,
        'invalid_grant: this authorization used PKCE, send code_verifier',
      );
    }
    if (!verifierMatches(verifier, grant.codeChallenge)) {
      throw new HttpError(
        400,
        'invalid_grant: code_verifier does not match the code_challenge',
      );
    }
  } else if (verifier !== undefined) {
    throw new HttpError(
      400,
      'invalid_grant: this authorization did not use PKCE, send client_secret',
    );
  }
  if (grant.usedAt !== null) {
    // A replayed code: the tokens it produced are no longer trusted either.
    context.store.oauth.revokeFamily(grant.code, now);
    throw new HttpError(400, 'invalid_grant: the authorization code was already used');
  }
  context.store.oauth.markCodeUsed(grant.code, now);
  if (grant.expiresAt <= now) {
    throw new HttpError(400, 'invalid_grant: the authorization code has expired');
  }
  if (grant.redirectUri !== redirectUri) {
    throw new HttpError(
      400,
      'invalid_grant: redirect_uri differs from the authorization request',
    );
  }
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

function refresh(context: SandboxContext, body: TokenBody) {
  const { refresh_token: value, client_id: clientId, client_secret: secret } = body;
  if (!value || !clientId) {
    throw new HttpError(400, `${value ? 'client_id' : 'refresh_token'} is required`);
  }
  const client = authenticateClient(context.store.oauth.client(clientId), secret);
  const token = context.store.oauth.token(value, 'refresh');
  if (token === undefined || token.clientId !== client.id) {
    throw new HttpError(400, 'invalid_grant: unknown refresh token');
  }
  if (!token.pkce && secret === undefined) {
    throw new HttpError(401, 'Client authentication failed: client_secret is required');
  }
  if (token.revokedAt !== null) {
    // A rotated token used again: whoever holds the family is not to be trusted.
    context.store.oauth.revokeFamily(token.fromCode, context.now());
    throw new HttpError(
      400,
      'invalid_grant: the refresh token was revoked or already used',
    );
  }
  requirePaidPlan(context, token.userId);
  // Rotation: the old refresh token stops working now.
  context.store.oauth.revokeToken(token.token, context.now());
  const { userId, scopes, pkce, fromCode } = token;
  return issueTokens(context, { clientId: client.id, userId, scopes, pkce, fromCode });
}

export function tokenRoutes(app: FastifyInstance): void {
  const context = app.sandbox;
  app.post<{ Body: TokenBody }>(
    '/api/oauth/token',
    { schema: { body: stringFields(TOKEN_FIELDS) } },
    (request, reply) => {
      if (!(request.headers['content-type'] ?? '').toLowerCase().startsWith(FORM)) {
        throw new HttpError(400, `The token endpoint takes ${FORM} bodies`);
      }
      const grantType = request.body.grant_type;
      let answer: object;
      if (grantType === 'authorization_code') {
        answer = exchangeCode(context, request.body);
      } else if (grantType === 'refresh_token') {
        answer = refresh(context, request.body);
      } else {
        throw new HttpError(
          400,
          'grant_type must be authorization_code or refresh_token',
        );
      }
      return reply
        .header('Cache-Control', 'no-store')
        .header('Pragma', 'no-cache')
        .send(answer);
    },
  );
}
