/**
 * OAuth 2.0 as §4.3 to §4.6 and §5 describe: consent page, authorization
 * codes (single use, short-lived, optionally bound to a PKCE S256
 * challenge), the token endpoint with exactly one client authentication
 * method, rotating refresh tokens, and userinfo.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import type { SandboxContext } from './http';
import { HttpError, bearerToken, field, requireScope, sendHtml } from './http';
import { consentPage, errorPage, paidPlanPage, SCOPE_DESCRIPTIONS } from './pages';
import { randomId } from './store';
import type { OAuthClient, Token, User } from './store';

const KNOWN_SCOPES = Object.keys(SCOPE_DESCRIPTIONS);
const BASE64URL_SHA256 = /^[A-Za-z0-9_-]{43}$/;
const CODE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;
const FORM = 'application/x-www-form-urlencoded';

export function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function redirectWith(
  reply: FastifyReply,
  redirectUri: string,
  params: Record<string, string>,
) {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(params)) {
    url.searchParams.set(key, value);
  }
  return reply.redirect(url.toString(), 302);
}

/** Query parameters of §4.3, checked in the order RFC 6749 §4.1.2.1 asks. */
function authorizeRequest(
  context: SandboxContext,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const query = request.query;
  const clientId = field(query, 'client_id');
  const client = clientId === undefined ? undefined : context.store.client(clientId);
  if (client === undefined) {
    return {
      fail: sendHtml(
        reply,
        400,
        errorPage(
          'Unknown application',
          'The client_id is missing or not registered with the service.',
        ),
      ),
    };
  }
  const redirectUri = field(query, 'redirect_uri');
  if (redirectUri === undefined || !client.redirectUris.includes(redirectUri)) {
    return {
      fail: sendHtml(
        reply,
        400,
        errorPage(
          'Redirect address not allowed',
          `The redirect_uri is missing or is not one of ${client.name}'s authorized redirect URIs.`,
        ),
      ),
    };
  }
  // From here on, problems go back to the application, as the RFC says.
  const state = field(query, 'state');
  const refuse = (error: string, description: string) => ({
    fail: redirectWith(reply, redirectUri, {
      error,
      error_description: description,
      ...(state === undefined ? {} : { state }),
    }),
  });
  if (field(query, 'response_type') !== 'code') {
    return refuse('unsupported_response_type', 'response_type must be code');
  }
  if (state === undefined || state === '') {
    return refuse('invalid_request', 'state is required');
  }
  const scope = field(query, 'scope');
  if (scope === undefined || scope.trim() === '') {
    return refuse('invalid_request', 'scope is required (a comma-separated list)');
  }
  const scopes = scope.split(',').map((part) => part.trim());
  const unknown = scopes.filter((part) => !KNOWN_SCOPES.includes(part));
  if (unknown.length > 0) {
    return refuse('invalid_scope', `unknown scope: ${unknown.join(', ')}`);
  }
  const codeChallenge = field(query, 'code_challenge');
  const method = field(query, 'code_challenge_method');
  if (codeChallenge !== undefined || method !== undefined) {
    if (method !== 'S256') {
      return refuse('invalid_request', 'code_challenge_method must be S256');
    }
    if (codeChallenge === undefined || !BASE64URL_SHA256.test(codeChallenge)) {
      return refuse('invalid_request', 'code_challenge must be a base64url SHA-256 hash');
    }
  }
  return {
    client,
    redirectUri,
    state,
    scopes: [...new Set(scopes)],
    codeChallenge: codeChallenge ?? null,
  };
}

/** The sandbox has no login: `as=<user id>` picks who is signed in; the paid user by default. */
function signedInUser(
  context: SandboxContext,
  request: FastifyRequest,
): User | undefined {
  const as = field(request.query, 'as');
  const users = context.store.users();
  return as === undefined ? users[0] : users.find((user) => user.id === as);
}

function switchUrl(request: FastifyRequest, userId: string): string {
  const url = new URL(request.url, 'http://sandbox.invalid');
  url.searchParams.set('as', userId);
  return `${url.pathname}${url.search}`;
}

function issueTokens(
  context: SandboxContext,
  grant: {
    clientId: string;
    userId: string;
    scopes: string[];
    pkce: boolean;
    fromCode: string;
  },
) {
  const now = context.now();
  const access: Token = {
    ...grant,
    token: randomId('at', 24),
    kind: 'access',
    expiresAt: now + context.settings.accessTokenTtlSeconds * 1000,
    revokedAt: null,
  };
  const refresh: Token = {
    ...grant,
    token: randomId('rt', 24),
    kind: 'refresh',
    expiresAt: null,
    revokedAt: null,
  };
  context.store.addToken(access);
  context.store.addToken(refresh);
  return {
    access_token: access.token,
    token_type: 'Bearer',
    expires_in: context.settings.accessTokenTtlSeconds,
    refresh_token: refresh.token,
  };
}

function requirePaidPlan(context: SandboxContext, userId: string): void {
  const user = context.store.user(userId);
  const project = user === undefined ? undefined : context.store.project(user.projectId);
  if (project?.plan !== 'paid') {
    throw new HttpError(403, 'OAuth is available only to projects on a paid plan');
  }
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

function exchangeCode(context: SandboxContext, body: unknown) {
  const code = field(body, 'code');
  const redirectUri = field(body, 'redirect_uri');
  const clientId = field(body, 'client_id');
  const secret = field(body, 'client_secret');
  const verifier = field(body, 'code_verifier');
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
  const client = authenticateClient(context.store.client(clientId!), secret);
  const grant = context.store.code(code!);
  const now = context.now();
  if (grant === undefined || grant.clientId !== client.id) {
    throw new HttpError(400, 'invalid_grant: unknown authorization code');
  }
  if (grant.usedAt !== null) {
    // A replayed code: the tokens it produced are no longer trusted either.
    context.store.revokeTokensFromCode(grant.code, now);
    throw new HttpError(400, 'invalid_grant: the authorization code was already used');
  }
  context.store.markCodeUsed(grant.code, now);
  if (grant.expiresAt <= now) {
    throw new HttpError(400, 'invalid_grant: the authorization code has expired');
  }
  if (grant.redirectUri !== redirectUri) {
    throw new HttpError(
      400,
      'invalid_grant: redirect_uri differs from the authorization request',
    );
  }
  if (grant.codeChallenge !== null) {
    if (verifier === undefined) {
      throw new HttpError(
        400,
        'invalid_grant: this authorization used PKCE, send code_verifier',
      );
    }
    if (!CODE_VERIFIER.test(verifier) || s256(verifier) !== grant.codeChallenge) {
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

function refresh(context: SandboxContext, body: unknown) {
  const value = field(body, 'refresh_token');
  const clientId = field(body, 'client_id');
  const secret = field(body, 'client_secret');
  if (!value || !clientId) {
    throw new HttpError(400, `${value ? 'client_id' : 'refresh_token'} is required`);
  }
  const client = authenticateClient(context.store.client(clientId), secret);
  const token = context.store.token(value, 'refresh');
  if (token === undefined || token.clientId !== client.id) {
    throw new HttpError(400, 'invalid_grant: unknown refresh token');
  }
  if (token.revokedAt !== null) {
    throw new HttpError(
      400,
      'invalid_grant: the refresh token was revoked or already used',
    );
  }
  if (!token.pkce && secret === undefined) {
    throw new HttpError(401, 'Client authentication failed: client_secret is required');
  }
  requirePaidPlan(context, token.userId);
  // Rotation: the old refresh token stops working now.
  context.store.revokeToken(token.token, context.now());
  const { clientId: grantClientId, userId, scopes, pkce, fromCode } = token;
  return issueTokens(context, {
    clientId: grantClientId,
    userId,
    scopes,
    pkce,
    fromCode,
  });
}

export function registerOAuthRoutes(app: FastifyInstance, context: SandboxContext): void {
  app.get('/oauth/authorize', (request, reply) => {
    const checked = authorizeRequest(context, request, reply);
    if ('fail' in checked) {
      return checked.fail;
    }
    const user = signedInUser(context, request);
    if (user === undefined) {
      return sendHtml(
        reply,
        400,
        errorPage('Unknown user', 'The sandbox has no such user.'),
      );
    }
    const project = context.store.project(user.projectId)!;
    if (project.plan !== 'paid') {
      return sendHtml(reply, 403, paidPlanPage(project, user));
    }
    const consentId = randomId('consent', 16);
    context.store.addConsent({
      id: consentId,
      clientId: checked.client.id,
      userId: user.id,
      redirectUri: checked.redirectUri,
      scopes: checked.scopes,
      state: checked.state,
      codeChallenge: checked.codeChallenge,
    });
    return sendHtml(
      reply,
      200,
      consentPage({
        consentId,
        client: checked.client,
        user,
        project,
        scopes: checked.scopes,
        otherUsers: context.store
          .users()
          .filter((other) => other.id !== user.id)
          .map((other) => ({ user: other, switchUrl: switchUrl(request, other.id) })),
      }),
    );
  });

  app.post('/oauth/authorize', (request, reply) => {
    const consent = context.store.takeConsent(field(request.body, 'consent_id') ?? '');
    if (consent === undefined) {
      return sendHtml(
        reply,
        400,
        errorPage(
          'This request has expired',
          'Start connecting again from the application.',
        ),
      );
    }
    if (field(request.body, 'decision') !== 'approve') {
      return redirectWith(reply, consent.redirectUri, {
        error: 'access_denied',
        error_description: 'The user denied access',
        state: consent.state,
      });
    }
    const code = randomId('code', 24);
    context.store.addCode({
      code,
      clientId: consent.clientId,
      userId: consent.userId,
      redirectUri: consent.redirectUri,
      scopes: consent.scopes,
      codeChallenge: consent.codeChallenge,
      expiresAt: context.now() + context.settings.authorizationCodeTtlSeconds * 1000,
      usedAt: null,
    });
    return redirectWith(reply, consent.redirectUri, { code, state: consent.state });
  });

  app.post('/api/oauth/token', (request, reply) => {
    if (!(request.headers['content-type'] ?? '').toLowerCase().startsWith(FORM)) {
      throw new HttpError(400, `The token endpoint takes ${FORM} bodies`);
    }
    const grantType = field(request.body, 'grant_type');
    const answer =
      grantType === 'authorization_code'
        ? exchangeCode(context, request.body)
        : grantType === 'refresh_token'
          ? refresh(context, request.body)
          : (() => {
              throw new HttpError(
                400,
                'grant_type must be authorization_code or refresh_token',
              );
            })();
    return reply.header('Cache-Control', 'no-store').send(answer);
  });

  app.get('/api/oauth/userinfo', (request) => {
    const token = bearerToken(context, request);
    requireScope(token, 'user.read');
    const user = context.store.user(token.userId)!;
    const project = context.store.project(user.projectId)!;
    return {
      user: {
        id: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        image: user.image,
      },
      project: { id: project.id, name: project.name },
    };
  });
}
