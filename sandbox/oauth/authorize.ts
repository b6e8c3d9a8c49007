/**
 * service-interface.md#authorization: the authorization endpoint. `GET /oauth/authorize` checks the request
 * in the order RFC 6749 §4.1.2.1 asks and shows the consent page; `POST`
 * answers it (once, before it expires) with a code or `access_denied`. Once
 * the client and its redirect URI are checked, every error goes back to it
 * there (`answerAuthorizationError`); before, the person sees an error page.
 */
import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';

import type { SandboxContext } from '../context';
import { HttpError } from '../http';
import { sendHtml } from '../http/html';
import { HTML_ERROR_RESPONSES, HTML_PAGE, REDIRECT } from '../http/response-schemas';
import { stringFields } from '../http/schema';
import { consentPage } from '../pages/consent';
import { randomId } from '../random-id';
import type { RegisteredClient, PendingConsent, User } from '../store';
import {
  accessDenied,
  answerAuthorizationError,
  invalidRequest,
  invalidScope,
  redirectWith,
  unsupportedResponseType,
} from './errors';
import type { RedirectTarget } from './errors';
import { isS256Challenge, PKCE_METHOD } from './pkce';
import { isRegisteredRedirectUri } from './redirect-uri';
import { DEFAULT_SCOPE, KNOWN_SCOPES, SCOPE_DESCRIPTIONS } from './scopes';

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

/** The request's other parameters, in RFC 6749 §4.1.2.1's order. */
function checkParameters(query: AuthorizeQuery): void {
  if (query.response_type === undefined) {
    throw invalidRequest('response_type is required (code)');
  }
  if (query.response_type !== 'code') {
    throw unsupportedResponseType('response_type must be code');
  }
  if (query.state === undefined) {
    throw invalidRequest('state is required');
  }
  const unknown = scopesOf(query.scope).filter((part) => !KNOWN_SCOPES.includes(part));
  if (unknown.length > 0) {
    throw invalidScope(`unknown scope: ${unknown.join(', ')}`);
  }
  const { code_challenge: codeChallenge, code_challenge_method: method } = query;
  if (codeChallenge === undefined && method === undefined) {
    return;
  }
  if (method !== PKCE_METHOD) {
    throw invalidRequest(`code_challenge_method must be ${PKCE_METHOD}`);
  }
  if (codeChallenge === undefined || !isS256Challenge(codeChallenge)) {
    throw invalidRequest('code_challenge must be a base64url SHA-256 hash');
  }
}

/**
 * The scopes asked for: a comma-separated list (service-interface.md#authorization); none, or only commas
 * and spaces, is the default scope (`user.read`, service-interface.md#scopes), as RFC 6749 §3.3 allows.
 */
function scopesOf(scope: string | undefined): string[] {
  const asked = (scope ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return asked.length === 0 ? [DEFAULT_SCOPE] : [...new Set(asked)];
}

/**
 * Where the request's errors may go back to, read before the query's types
 * are checked: the redirect URI, once client_id and redirect_uri are each
 * sent once and registered (so a parameter sent twice goes back, §4.1.2.1).
 */
function redirectTargetOf(
  context: SandboxContext,
  query: Record<string, unknown>,
): RedirectTarget | null {
  const { client_id: clientId, redirect_uri: redirectUri, state } = query;
  if (typeof clientId !== 'string' || typeof redirectUri !== 'string') {
    return null;
  }
  const client = context.store.clientsAndTokens.client(clientId);
  if (
    client === undefined ||
    !isRegisteredRedirectUri(client.redirectUris, redirectUri)
  ) {
    return null;
  }
  return { redirectUri, ...(typeof state === 'string' && state !== '' ? { state } : {}) };
}

/** The checked request; its redirect URI checked, its errors go back to the client. */
function checkRequest(context: SandboxContext, query: AuthorizeQuery): CheckedRequest {
  const { client, redirectUri } = clientAndRedirectUri(context, query);
  checkParameters(query);
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

/** The consent a decision's form names once, taken: it is answered once, before it expires. */
function takeConsentOf(
  context: SandboxContext,
  form: unknown,
): PendingConsent | undefined {
  const consentId =
    typeof form === 'object' && form !== null
      ? (form as Record<string, unknown>).consent_id
      : undefined;
  return typeof consentId === 'string'
    ? context.store.clientsAndTokens.takeConsent(consentId, context.now())
    : undefined;
}

/** The consent each decision answers, taken before its form is validated. */
const answered = new WeakMap<FastifyRequest, PendingConsent>();

/** GET /oauth/authorize: the consent page. */
function showConsentPage(
  context: SandboxContext,
  query: AuthorizeQuery,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const checked = checkRequest(context, query);
  const user = signedInUser(context, query.as);
  if (user === undefined) {
    // No one is signed in: the client hears it, as for any failure but its own (§4.1.2.1).
    throw accessDenied(
      `the sandbox has no such user to sign in as: as= takes ${context.store.accounts
        .users()
        .map((known) => known.id)
        .join(', ')}`,
    );
  }
  const project = context.store.accounts.project(user.projectId)!;
  if (project.plan !== 'paid') {
    // RFC 6749 §4.1.2.1: the client hears why, and the person lands back where they started.
    throw accessDenied(
      `OAuth is available only to projects on a paid plan: ${project.name} is on the free plan`,
    );
  }
  const consentId = storeConsent(context, checked, user);
  sendHtml(
    reply,
    200,
    consentPage({
      consentId,
      client: checked.client,
      user,
      project,
      scopes: checked.scopes.map((scope) => ({
        scope,
        description: SCOPE_DESCRIPTIONS[scope] ?? scope,
      })),
      otherUsers: context.store.accounts
        .users()
        .filter((other) => other.id !== user.id)
        .map((other) => ({ user: other, switchUrl: switchUrl(request, other.id) })),
    }),
  );
}

export const authorizeRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  const context = app.sandbox;
  app.decorateRequest('redirectTarget', null);
  app.setErrorHandler(answerAuthorizationError);

  app.get(
    '/authorize',
    {
      schema: {
        querystring: AUTHORIZE_QUERY,
        response: { 200: HTML_PAGE, 302: REDIRECT, ...HTML_ERROR_RESPONSES },
      },
      // Before validation, the query is as sent: a repeated name is a list.
      preValidation: async (request) => {
        request.redirectTarget = redirectTargetOf(context, request.query);
      },
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
      // Before validation, the form is as sent: a consent named once is
      // answered now, so that what the schema refuses (a decision repeated
      // or too long) goes back to its client.
      preValidation: async (request) => {
        const consent = takeConsentOf(context, request.body);
        if (consent !== undefined) {
          answered.set(request, consent);
          request.redirectTarget = {
            redirectUri: consent.redirectUri,
            state: consent.state,
          };
        }
      },
    },
    (request, reply) => {
      const consent = answered.get(request);
      if (consent === undefined) {
        throw new HttpError(400, 'Start connecting again from the application.', {
          title: 'This request has expired',
        });
      }
      if (request.body.decision !== 'approve') {
        throw accessDenied('The user denied access');
      }
      const code = issueCode(context, consent);
      void redirectWith(reply, consent.redirectUri, { code, state: consent.state });
    },
  );
};
