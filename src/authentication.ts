/**
 * OAuth 2.0 connection (service-interface.md#oauth): authorization code with rotating
 * refresh tokens, optionally PKCE instead of the client secret.
 */
import { errors } from 'zapier-platform-core';
import type { Authentication, Bundle, HttpResponse, ZObject } from 'zapier-platform-core';

import type {
  AuthorizationCodeGrant,
  RefreshTokenGrant,
  TokenResponse,
  UserInfo,
} from './api';
import { oauthClient } from './config';
import type { OAuthClient } from './config';
import {
  errorExplanation,
  expiredConnection,
  failureFor,
  capitalize,
  isPaidPlanRefusal,
  orUnreachable,
  redact,
  saysPaidPlanIsNeeded,
  serviceMessage,
  tokenRequestRefused,
} from './errors';
import { isJsonObject } from './json';
import type { JsonObject } from './json';
import { AUTHORIZE_PATH, TOKEN_PATH, USERINFO_PATH } from './oauth-paths';
import { readJsonObject } from './responses';

/**
 * The least the app needs: `user.read` for the connection test and its label,
 * `leads.read` for the leads the New Lead trigger delivers.
 */
export const SCOPES = ['user.read', 'leads.read'] as const;

/** What Zapier keeps as `bundle.authData`. */
export interface AuthData {
  access_token: string;
  refresh_token: string;
}

const CONNECTING = 'connecting your landing-page account';
const RENEWING = 'renewing access to your landing-page account';
const CHECKING = 'checking your landing-page connection';

function requiredInput(bundle: Bundle, key: string, what: string): string {
  const value = bundle.inputData[key];
  if (typeof value !== 'string' || value === '') {
    throw new errors.Error(
      `Zapier did not receive ${what} while ${CONNECTING}. Start connecting again.`,
      'missing_oauth_input',
    );
  }
  return value;
}

function authorizeUrl(client: OAuthClient, bundle: Bundle): string {
  const url = new URL(client.appUrl + AUTHORIZE_PATH);
  url.search = new URLSearchParams({
    client_id: client.clientId,
    redirect_uri: requiredInput(bundle, 'redirect_uri', 'the redirect address'),
    response_type: 'code',
    scope: SCOPES.join(','),
    state: requiredInput(bundle, 'state', 'the state value'),
  }).toString();
  return url.toString();
}

/** The delay core's ThrottledError carries (Retry-After, in seconds), if any. */
function throttleDelayOf(error: Error): number | undefined {
  try {
    const { delay } = JSON.parse(error.message) as { delay?: unknown };
    return typeof delay === 'number' ? delay : undefined;
  } catch {
    return undefined;
  }
}

async function postToTokenEndpoint(
  z: ZObject,
  client: OAuthClient,
  body: AuthorizationCodeGrant | RefreshTokenGrant,
  action: string,
): Promise<HttpResponse> {
  try {
    return await orUnreachable(
      () =>
        z.request({
          method: 'POST',
          url: client.appUrl + TOKEN_PATH,
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body,
          skipThrowForStatus: true,
          middlewareData: { action },
        }),
      action,
    );
  } catch (error) {
    // Core answers a 429 before any code of ours: the same wait, in words.
    if (error instanceof errors.ThrottledError) {
      throw new errors.ThrottledError(
        `${capitalize(action)}: the landing-page service asked Zapier to slow down (HTTP ` +
          '429). Zapier tries again shortly; nothing needs doing.',
        throttleDelayOf(error),
      );
    }
    // With autoRefresh, core turns every 401 into RefreshAuthError before any
    // middleware of ours runs; at the token endpoint that means the client or
    // the grant was refused, which no refresh can fix.
    if (error instanceof errors.RefreshAuthError) {
      throw body.grant_type === 'refresh_token'
        ? expiredConnection('the service no longer accepts its refresh token (HTTP 401)')
        : new errors.Error(
            `The landing-page service refused the connection request (HTTP 401) while ${action}. ` +
              'Start connecting again; if it keeps failing, the integration’s OAuth client ' +
              'settings need checking by its maintainers.',
            'client_refused',
            401,
          );
    }
    throw error;
  }
}

function readTokenResponse(
  response: HttpResponse,
  action: string,
  previousRefreshToken?: string,
): AuthData {
  const body: JsonObject = readJsonObject(response, action);
  const token = body as Partial<Record<keyof TokenResponse, unknown>>;
  if (typeof token.access_token !== 'string' || token.access_token === '') {
    throw new errors.Error(
      `The landing-page service answered while ${action} without an access token. Try connecting again.`,
      'missing_access_token',
      response.status,
    );
  }
  const refreshToken =
    typeof token.refresh_token === 'string' && token.refresh_token !== ''
      ? token.refresh_token
      : previousRefreshToken;
  if (refreshToken === undefined) {
    throw new errors.Error(
      `The landing-page service answered while ${action} without a refresh token, so the ` +
        'connection would stop working as soon as the access token expires. Try connecting again.',
      'missing_refresh_token',
      response.status,
    );
  }
  return { access_token: token.access_token, refresh_token: refreshToken };
}

/**
 * The redirect came back with `error` (and perhaps `error_description`)
 * instead of a code (service-interface.md#authorization, RFC 6749 §4.1.2.1): the description when there is
 * one, the code in words when not.
 */
function authorizationRefused(code: string, description: unknown, bundle: Bundle): Error {
  const said = redact(errorExplanation(code, description) ?? code, bundle);
  if (saysPaidPlanIsNeeded(said)) {
    return new errors.Error(
      'Connecting through OAuth needs a paid plan: the landing-page service refused because ' +
        `the project is on the free plan. The service said: "${said}". Upgrade the project to ` +
        'a paid plan in the landing-page service, then connect again.',
      'paid_plan_required',
    );
  }
  if (code === 'access_denied') {
    const why =
      typeof description === 'string' && description.trim() !== '' ? ` ("${said}")` : '';
    return new errors.Error(
      `The connection was not approved in the landing-page service${why}, so Zapier has no ` +
        'access. Connect again and click Approve.',
      'authorization_denied',
    );
  }
  return new errors.Error(
    `The landing-page service did not grant access ("${said}"). Connect again.`,
    'authorization_denied',
  );
}

async function getAccessToken(
  z: ZObject,
  bundle: Bundle,
  client: OAuthClient,
): Promise<AuthData> {
  const denied = bundle.inputData.error;
  if (typeof denied === 'string' && denied !== '') {
    throw authorizationRefused(denied, bundle.inputData.error_description, bundle);
  }
  const grant = {
    grant_type: 'authorization_code',
    code: requiredInput(
      bundle,
      'code',
      'an authorization code from the landing-page service',
    ),
    redirect_uri: requiredInput(bundle, 'redirect_uri', 'the redirect address'),
    client_id: client.clientId,
  } as const;
  const body: AuthorizationCodeGrant = client.pkce
    ? {
        ...grant,
        code_verifier: requiredInput(bundle, 'code_verifier', 'the PKCE code verifier'),
      }
    : { ...grant, client_secret: client.clientSecret };

  const response = await postToTokenEndpoint(z, client, body, CONNECTING);
  if (response.status >= 400) {
    throw failureFor(response, bundle);
  }
  return readTokenResponse(response, CONNECTING);
}

async function refreshAccessToken(
  z: ZObject,
  bundle: Bundle,
  client: OAuthClient,
): Promise<AuthData> {
  const refreshToken = bundle.authData.refresh_token;
  if (!refreshToken) {
    throw expiredConnection('it has no refresh token');
  }
  const body: RefreshTokenGrant = {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: client.clientId,
    ...(client.pkce ? {} : { client_secret: client.clientSecret }),
  };

  const response = await postToTokenEndpoint(z, client, body, RENEWING);
  const refusedRequest = tokenRequestRefused(response, bundle);
  if (refusedRequest !== undefined) {
    throw refusedRequest;
  }
  if (response.status === 400 && !isPaidPlanRefusal(response)) {
    // A refresh token that is expired, revoked or already rotated away: the
    // one answer that asks the user to reconnect (invalid_grant, or a 400
    // without another code).
    const said = serviceMessage(response);
    throw expiredConnection(
      'the service no longer accepts its refresh token (HTTP 400' +
        (said === undefined ? ')' : `: "${redact(said, bundle)}")`),
    );
  }
  if (response.status >= 400) {
    throw failureFor(response, bundle);
  }
  // service-interface.md#token-refresh: every refresh returns a new refresh token and the old one stops working.
  return readTokenResponse(response, RENEWING, refreshToken);
}

/** What the connection test returns: userinfo (service-interface.md#user-information), and the label built from it. */
export type ConnectionTestResult = JsonObject & { connection_label: string };

async function testConnection(
  z: ZObject,
  client: OAuthClient,
): Promise<ConnectionTestResult> {
  const response = await orUnreachable(
    () =>
      z.request({
        method: 'GET',
        url: client.appUrl + USERINFO_PATH,
        middlewareData: { action: CHECKING },
      }),
    CHECKING,
  );
  const userInfo = readJsonObject(response, CHECKING);
  return { ...userInfo, connection_label: labelFor(userInfo) };
}

function textOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * "Ada Lovelace (ada@example.org) · Spring Launch": who connected and to which
 * project. Built from whatever parts the service sent; never an id alone.
 */
export function labelFor(userInfo: unknown): string {
  const info = (isJsonObject(userInfo) ? userInfo : {}) as Partial<
    Record<keyof UserInfo, unknown>
  >;
  const user = (isJsonObject(info.user) ? info.user : {}) as Partial<
    Record<keyof UserInfo['user'], unknown>
  >;
  const project = isJsonObject(info.project) ? textOf(info.project.name) : undefined;
  const name = [textOf(user.firstName), textOf(user.lastName)].filter(Boolean).join(' ');
  const email = textOf(user.email);

  const person = name && email ? `${name} (${email})` : name || email;
  const parts = [person, project].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(' · ') : 'Landing-page account';
}

/** The connection, in PKCE mode or client-secret mode: the mode is fixed with the definition. */
export function createAuthentication(pkce: boolean) {
  const client = () => oauthClient(pkce);
  return {
    type: 'oauth2',
    oauth2Config: {
      // Core's types want a promise from every function.
      authorizeUrl: (_z: ZObject, bundle: Bundle): Promise<string> =>
        Promise.resolve().then(() => authorizeUrl(client(), bundle)),
      getAccessToken: (z: ZObject, bundle: Bundle) => getAccessToken(z, bundle, client()),
      refreshAccessToken: (z: ZObject, bundle: Bundle) =>
        refreshAccessToken(z, bundle, client()),
      autoRefresh: true,
      enablePkce: pkce,
    },
    fields: [],
    test: (z: ZObject) => testConnection(z, client()),
    // Built by the test (labelFor) so that Zapier and `zapier-platform invoke auth label` agree.
    connectionLabel: '{{connection_label}}',
  } satisfies Authentication;
}
