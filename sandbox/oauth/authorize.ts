/**
 * §4.3: the authorization endpoint. `GET /oauth/authorize` checks the request
 * in the order RFC 6749 §4.1.2.1 asks and shows the consent page; `POST`
 * answers it (once, before it expires) with a code or `access_denied`.
 */
import type { FastifyPluginCallbackJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';

import type { SandboxContext } from '../context';
import { sendHtml } from '../http/html';
import { HttpError, logStorageFailure, storageFailure } from '../http/errors';
import { HTML_ERROR_RESPONSES, HTML_PAGE, REDIRECT } from '../http/response-schemas';
import { stringFields } from '../http/schema';
import { consentPage } from '../pages/consent';
import { randomId } from '../random-id';
import type { RegisteredClient, PendingConsent, User } from '../store';
import { isS256Challenge, PKCE_METHOD } from './pkce';
import { isRegisteredRedirectUri } from './redirect-uri';
import { DEFAULT_SCOPE, KNOWN_SCOPES } from './scopes';

const AUTHORIZE_PARAMETERS = [
  'client_id',
  'redirect_uri',
  'response_type',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
  'as',
] as const;
const AUTHORIZE_QUERY = stringFields(AUTHORIZE_PARAMETERS);
type AuthorizeQuery = FromSchema<typeof AUTHORIZE_QUERY>;

const DECISION_BODY = stringFields(['consent_id', 'decision']);

interface CheckedRequest {
  client: RegisteredClient;
  redirectUri: string;
  state: string;
  scopes: string[];
  codeChallenge: string | null;
}

/** RFC 6749 §3.1: a parameter sent without a value is treated as if it were omitted. */
function withoutEmptyValues(query: AuthorizeQuery): AuthorizeQuery {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''));
}

function redirectWith(
  reply: FastifyReply,
  redirectUri: string,
  params: Record<string, string>,
): void {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(params)) {
    url.searchParams.set(key, value);
  }
  void reply.redirect(url.toString(), 302);
}

/**
 * The registered client and redirect URI of a request: without both, nothing
 * can be sent back to the client, so the person is shown an error page.
 */
function clientAndRedirectUri(
  context: SandboxContext,
  query: AuthorizeQuery,
): { client: RegisteredClient; redirectUri: string } {
  const client =
    query.client_id === undefined
      ? undefined
      : context.store.clientsAndTokens.client(query.client_id);
  if (client === undefined) {
    throw new HttpError(
      400,
      'The client_id is missing or not registered with the service.',
      {
        title: 'Unknown application',
      },
    );
  }
  const redirectUri = query.redirect_uri;
  if (
    redirectUri === undefined ||
    !isRegisteredRedirectUri(client.redirectUris, redirectUri)
  ) {
    throw new HttpError(
      400,
      `The redirect_uri is missing or is not one of ${client.name}'s authorized redirect URIs.`,
      { title: 'Redirect address not allowed' },
    );
  }
  return { client, redirectUri };
}

/** The first problem of the request's other parameters (RFC 6749 §4.1.2.1 code, description), if any. */
function parameterProblem(query: AuthorizeQuery): [string, string] | undefined {
  if (query.response_type === undefined) {
    return ['invalid_request', 'response_type is required (code)'];
  }
  if (query.response_type !== 'code') {
    return ['unsupported_response_type', 'response_type must be code'];
  }
  if (query.state === undefined) {
    return ['invalid_request', 'state is required'];
  }
  const unknown = scopesOf(query.scope).filter((part) => !KNOWN_SCOPES.includes(part));
  if (unknown.length > 0) {
    return ['invalid_scope', `unknown scope: ${unknown.join(', ')}`];
  }
  const { code_challenge: codeChallenge, code_challenge_method: method } = query;
  if (codeChallenge === undefined && method === undefined) {
    return undefined;
  }
  if (method !== PKCE_METHOD) {
    return ['invalid_request', `code_challenge_method must be ${PKCE_METHOD}`];
  }
  if (codeChallenge === undefined || !isS256Challenge(codeChallenge)) {
    return ['invalid_request', 'code_challenge must be a base64url SHA-256 hash'];
  }
  return undefined;
}

/**
 * The scopes asked for: a comma-separated list (§5.7); none, or only commas
 * and spaces, is the default scope (§2's `user.read`), as RFC 6749 §3.3 allows.
 */
function scopesOf(scope: string | undefined): string[] {
  const asked = (scope ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return asked.length === 0 ? [DEFAULT_SCOPE] : [...new Set(asked)];
}

/**
 * The checked request, or nothing when it was sent back to the client with an
 * error; a request that cannot be sent back (unknown client, redirect URI not
 * allowed) throws.
 */
function checkRequest(
  context: SandboxContext,
  query: AuthorizeQuery,
  reply: FastifyReply,
): CheckedRequest | undefined {
  const { client, redirectUri } = clientAndRedirectUri(context, query);
  // From here on, problems go back to the application, as the RFC says.
  const problem = parameterProblem(query);
  if (problem !== undefined) {
    const [error, description] = problem;
    redirectWith(reply, redirectUri, {
      error,
      error_description: description,
      ...(query.state === undefined ? {} : { state: query.state }),
    });
    return undefined;
  }
  return {
    client,
    redirectUri,
    state: query.state!,
    scopes: scopesOf(query.scope),
    codeChallenge: query.code_challenge ?? null,
  };
}

/** The sandbox has no login: `as=<user id>` picks who is signed in; the paid user by default. */
function signedInUser(context: SandboxContext, as: string | undefined): User | undefined {
  const users = context.store.accounts.users();
  return as === undefined ? users[0] : users.find((user) => user.id === as);
}

function switchUrl(request: FastifyRequest, userId: string): string {
  const url = new URL(request.url, 'http://sandbox.invalid');
  url.searchParams.set('as', userId);
  return `${url.pathname}${url.search}`;
}

/** Keeps the consent page's request until the person answers it; its id. */
function storeConsent(
  context: SandboxContext,
  checked: CheckedRequest,
  user: User,
): string {
  const consentId = randomId('consent', 16);
  context.store.clientsAndTokens.addConsent(
    {
      id: consentId,
      clientId: checked.client.id,
      userId: user.id,
      redirectUri: checked.redirectUri,
      scopes: checked.scopes,
      state: checked.state,
      codeChallenge: checked.codeChallenge,
      expiresAt: context.now() + context.settings.consentTtlSeconds * 1000,
    },
    context.now(),
    context.settings.maxPendingConsents,
  );
  return consentId;
}

/** The authorization code of an approved consent, stored for its one exchange. */
function issueCode(context: SandboxContext, consent: PendingConsent): string {
  const code = randomId('code', 24);
  context.store.clientsAndTokens.addCode({
    code,
    clientId: consent.clientId,
    userId: consent.userId,
    redirectUri: consent.redirectUri,
    scopes: consent.scopes,
    codeChallenge: consent.codeChallenge,
    expiresAt: context.now() + context.settings.authorizationCodeTtlSeconds * 1000,
    usedAt: null,
  });
  return code;
}

/**
 * `work`'s result; when the store cannot save it (full disk, I/O failure),
 * nothing: the client hears it at its redirect URI, as RFC 6749 §4.1.2.1's
 * `temporarily_unavailable` or `server_error`, with the state.
 */
function sentBackIfStorageFails<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  to: { redirectUri: string; state: string },
  work: () => T,
): T | undefined {
  try {
    return work();
  } catch (error) {
    const storage = storageFailure(error);
    if (storage === undefined) {
      throw error;
    }
    logStorageFailure(request, storage, error);
    redirectWith(reply, to.redirectUri, {
      error: storage.oauthCode,
      error_description: storage.message,
      state: to.state,
    });
    return undefined;
  }
}

/** GET /oauth/authorize: the consent page, or the client hears why not. */
function showConsentPage(
  context: SandboxContext,
  query: AuthorizeQuery,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const checked = checkRequest(context, query, reply);
  if (checked === undefined) {
    return; // sent back to the client with an error
  }
  const user = signedInUser(context, query.as);
  if (user === undefined) {
    throw new HttpError(400, 'The sandbox has no such user.', {
      title: 'Unknown user',
    });
  }
  const project = context.store.accounts.project(user.projectId)!;
  if (project.plan !== 'paid') {
    // §4.1.2.1: the client hears why, and the person lands back where they started.
    redirectWith(reply, checked.redirectUri, {
      error: 'access_denied',
      error_description: `OAuth is available only to projects on a paid plan: ${project.name} is on the free plan`,
      state: checked.state,
    });
    return;
  }
  const consentId = sentBackIfStorageFails(request, reply, checked, () =>
    storeConsent(context, checked, user),
  );
  if (consentId === undefined) {
    return;
  }
  sendHtml(
    reply,
    200,
    consentPage({
      consentId,
      client: checked.client,
      user,
      project,
      scopes: checked.scopes,
      otherUsers: context.store.accounts
        .users()
        .filter((other) => other.id !== user.id)
        .map((other) => ({ user: other, switchUrl: switchUrl(request, other.id) })),
    }),
  );
}

export const authorizeRoutes: FastifyPluginCallbackJsonSchemaToTs = (
  app,
  _options,
  done,
) => {
  const context = app.sandbox;

  app.get(
    '/authorize',
    {
      schema: {
        querystring: AUTHORIZE_QUERY,
        response: { 200: HTML_PAGE, 302: REDIRECT, ...HTML_ERROR_RESPONSES },
      },
      config: { answersHtml: true },
    },
    (request, reply) => {
      showConsentPage(context, withoutEmptyValues(request.query), request, reply);
    },
  );

  app.post(
    '/authorize',
    {
      schema: {
        body: DECISION_BODY,
        response: { 302: REDIRECT, ...HTML_ERROR_RESPONSES },
      },
      config: { answersHtml: true },
    },
    (request, reply) => {
      const consent = context.store.clientsAndTokens.takeConsent(
        request.body.consent_id ?? '',
        context.now(),
      );
      if (consent === undefined) {
        throw new HttpError(400, 'Start connecting again from the application.', {
          title: 'This request has expired',
        });
      }
      if (request.body.decision !== 'approve') {
        redirectWith(reply, consent.redirectUri, {
          error: 'access_denied',
          error_description: 'The user denied access',
          state: consent.state,
        });
        return;
      }
      const code = sentBackIfStorageFails(request, reply, consent, () =>
        issueCode(context, consent),
      );
      if (code !== undefined) {
        redirectWith(reply, consent.redirectUri, { code, state: consent.state });
      }
    },
  );
  done();
};
