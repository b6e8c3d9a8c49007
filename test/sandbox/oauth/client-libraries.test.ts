/**
 * The sandbox driven by two independent, widely used OAuth client libraries,
 * as their users would call them: oauth4webapi (low-level, strict about the
 * RFCs) and @badgateway/oauth2-client (HTTP Basic by default). Neither is
 * told about the spec beyond its documented settings: the server metadata is
 * written by hand (the sandbox has no discovery document), loopback http is
 * allowed the way each documents, and the consent page is answered over
 * HTTP as a browser would. (openid-client 6 is built on oauth4webapi, so it
 * would not be a second, independent client.)
 */
import { OAuth2Client, OAuth2Fetch, OAuth2HttpError } from '@badgateway/oauth2-client';
import type { OAuth2Token } from '@badgateway/oauth2-client';
import * as oauth from 'oauth4webapi';

import { answerConsent } from '../../../harness/consent';
import { ADAS_USERINFO, REAL_IO_TEST_MS, useSandbox } from '../helpers';
import { REDIRECT_URI } from '../../../harness/sandbox-client';
import type { TestSandbox } from '../helpers';

// Real sockets and SQLite: on a busy machine a test may outlast jest's 5 s.
jest.setTimeout(REAL_IO_TEST_MS);

const fixture = useSandbox({}, { connected: false });
let sandbox: TestSandbox;
beforeEach(() => {
  ({ sandbox } = fixture);
});

/** service-interface.md#authorization: scopes are comma-separated. */
const SCOPE = 'user.read,leads.read';

const USERINFO = ADAS_USERINFO;

/** Opens the consent page and clicks Approve, as a browser would: the URL it lands on. */
async function approveInBrowser(authorizeUrl: string): Promise<URL> {
  const { status, location } = await answerConsent(new URL(authorizeUrl));
  expect(status).toBe(302);
  return location ?? new URL('about:blank');
}

describe('oauth4webapi', () => {
  /** Its documented option for an http:// server, here on loopback. */
  const loopback = { [oauth.allowInsecureRequests]: true } as const;

  function server(): oauth.AuthorizationServer {
    return {
      issuer: sandbox.appUrl,
      authorization_endpoint: sandbox.url('/oauth/authorize'),
      token_endpoint: sandbox.url('/api/oauth/token'),
    };
  }

  function client(): oauth.Client {
    return { client_id: sandbox.client.id };
  }

  /** Authorizes (with PKCE when a verifier is given) and exchanges the code with `auth`. */
  async function connect(
    auth: oauth.ClientAuth,
    verifier: string | typeof oauth.nopkce = oauth.nopkce,
  ): Promise<oauth.TokenEndpointResponse> {
    const state = oauth.generateRandomState();
    const url = new URL(server().authorization_endpoint!);
    url.search = new URLSearchParams({
      client_id: sandbox.client.id,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: SCOPE,
      state,
      ...(verifier === oauth.nopkce
        ? {}
        : {
            code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
            code_challenge_method: 'S256',
          }),
    }).toString();
    const callback = await approveInBrowser(url.href);
    const parameters = oauth.validateAuthResponse(server(), client(), callback, state);
    const response = await oauth.authorizationCodeGrantRequest(
      server(),
      client(),
      auth,
      parameters,
      REDIRECT_URI,
      verifier,
      loopback,
    );
    return oauth.processAuthorizationCodeResponse(server(), client(), response);
  }

  async function userinfo(accessToken: string): Promise<Response> {
    return oauth.protectedResourceRequest(
      accessToken,
      'GET',
      new URL(sandbox.url('/api/oauth/userinfo')),
      undefined,
      undefined,
      loopback,
    );
  }

  it.each([
    ['the secret in the body (client_secret_post)', oauth.ClientSecretPost],
    ['the secret with HTTP Basic (client_secret_basic)', oauth.ClientSecretBasic],
  ])('connects with %s, and calls userinfo with Bearer', async (_how, method) => {
    const tokens = await connect(method(sandbox.client.secret));
    expect(tokens).toMatchObject({
      token_type: 'bearer',
      expires_in: 3600,
      scope: 'user.read leads.read',
    });
    const response = await userinfo(tokens.access_token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(USERINFO);
  });

  it('connects with PKCE and no secret (none)', async () => {
    const tokens = await connect(oauth.None(), oauth.generateRandomCodeVerifier());
    expect(typeof tokens.refresh_token).toBe('string');
    expect((await userinfo(tokens.access_token)).status).toBe(200);
  });

  it('refreshes with rotation, and a reused refresh token revokes the family', async () => {
    const auth = oauth.ClientSecretBasic(sandbox.client.secret);
    const first = await connect(auth);
    const refresh = async (token: string) =>
      oauth.processRefreshTokenResponse(
        server(),
        client(),
        await oauth.refreshTokenGrantRequest(server(), client(), auth, token, loopback),
      );
    const second = await refresh(first.refresh_token!);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await userinfo(second.access_token)).status).toBe(200);
    // A retry within the grace: the same rotation, a working access token.
    const retried = await refresh(first.refresh_token!);
    expect(retried.refresh_token).toBe(second.refresh_token);
    expect((await userinfo(retried.access_token)).status).toBe(200);

    sandbox.advance(31);
    const reuse = refresh(first.refresh_token!);
    await expect(reuse).rejects.toBeInstanceOf(oauth.ResponseBodyError);
    await expect(reuse).rejects.toMatchObject({
      error: 'invalid_grant',
      error_description:
        'the refresh token was already used; every token of this connection is revoked',
      status: 400,
    });
    // The whole family went: the newest access and refresh tokens too.
    const revoked = userinfo(second.access_token);
    await expect(revoked).rejects.toBeInstanceOf(oauth.WWWAuthenticateChallengeError);
    await expect(revoked).rejects.toMatchObject({
      status: 401,
      cause: [
        {
          scheme: 'bearer',
          parameters: { realm: 'landing-page-sandbox', error: 'invalid_token' },
        },
      ],
    });
    await expect(refresh(second.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('creates and deletes a webhook with Bearer', async () => {
    const tokens = await connect(oauth.ClientSecretPost(sandbox.client.secret));
    const created = await oauth.protectedResourceRequest(
      tokens.access_token,
      'POST',
      new URL(`${sandbox.apiBaseUrl}/webhook`),
      new Headers({ 'Content-Type': 'application/json' }),
      JSON.stringify({
        url: 'https://hooks.example/new-lead',
        triggers: ['lead.created'],
      }),
      loopback,
    );
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const deleted = await oauth.protectedResourceRequest(
      tokens.access_token,
      'DELETE',
      new URL(`${sandbox.apiBaseUrl}/webhook/${id}`),
      undefined,
      undefined,
      loopback,
    );
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ success: true });
  });

  it('reads a refused client as invalid_client with the Basic challenge', async () => {
    const refused = connect(oauth.ClientSecretBasic('not-the-secret'));
    await expect(refused).rejects.toBeInstanceOf(oauth.WWWAuthenticateChallengeError);
    await expect(refused).rejects.toMatchObject({
      status: 401,
      cause: [
        {
          scheme: 'basic',
          parameters: { realm: 'landing-page-sandbox', charset: 'UTF-8' },
        },
      ],
    });
  });

  it('reads a code used twice as invalid_grant', async () => {
    const auth = oauth.ClientSecretPost(sandbox.client.secret);
    const state = oauth.generateRandomState();
    const url = new URL(server().authorization_endpoint!);
    url.search = new URLSearchParams({
      client_id: sandbox.client.id,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: SCOPE,
      state,
    }).toString();
    const parameters = oauth.validateAuthResponse(
      server(),
      client(),
      await approveInBrowser(url.href),
      state,
    );
    const exchange = async () =>
      oauth.processAuthorizationCodeResponse(
        server(),
        client(),
        await oauth.authorizationCodeGrantRequest(
          server(),
          client(),
          auth,
          parameters,
          REDIRECT_URI,
          oauth.nopkce,
          loopback,
        ),
      );
    await exchange();
    await expect(exchange()).rejects.toMatchObject({
      error: 'invalid_grant',
      error_description: 'the authorization code was already used',
      status: 400,
    });
  });

  it('reads a free-plan refusal at consent as access_denied with its description', async () => {
    const state = oauth.generateRandomState();
    const url = new URL(server().authorization_endpoint!);
    url.search = new URLSearchParams({
      client_id: sandbox.client.id,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: SCOPE,
      state,
      as: 'usr_grace',
    }).toString();
    const landed = await fetch(url, { redirect: 'manual' });
    expect(landed.status).toBe(302);
    const callback = new URL(landed.headers.get('location') ?? 'about:blank');
    expect(() => oauth.validateAuthResponse(server(), client(), callback, state)).toThrow(
      expect.objectContaining({
        error: 'access_denied',
        error_description:
          'OAuth is available only to projects on a paid plan: Hobby Page is on the free plan',
      }) as Error,
    );
  });
});

describe('@badgateway/oauth2-client', () => {
  function oauthClient(
    authenticationMethod: 'client_secret_basic' | 'client_secret_post' | 'none',
  ): OAuth2Client {
    return new OAuth2Client({
      server: sandbox.appUrl,
      clientId: sandbox.client.id,
      // A public client has no secret: the library then names the client in the body.
      ...(authenticationMethod === 'none'
        ? {}
        : { clientSecret: sandbox.client.secret, authenticationMethod }),
      // Written by hand: the sandbox has no discovery document.
      authorizationEndpoint: '/oauth/authorize',
      tokenEndpoint: '/api/oauth/token',
    });
  }

  async function connect(
    client: OAuth2Client,
    codeVerifier?: string,
  ): Promise<OAuth2Token> {
    const state = `state-${Date.now()}`;
    const authorizeUrl = await client.authorizationCode.getAuthorizeUri({
      redirectUri: REDIRECT_URI,
      state,
      scope: [SCOPE],
      ...(codeVerifier === undefined ? {} : { codeVerifier }),
    });
    const callback = await approveInBrowser(authorizeUrl);
    return client.authorizationCode.getTokenFromCodeRedirect(callback, {
      redirectUri: REDIRECT_URI,
      state,
      ...(codeVerifier === undefined ? {} : { codeVerifier }),
    });
  }

  /** The library's fetch wrapper: it adds `Authorization: Bearer` itself. */
  function bearerFetch(client: OAuth2Client, token: OAuth2Token): OAuth2Fetch {
    return new OAuth2Fetch({
      client,
      getStoredToken: () => token,
      getNewToken: () => null,
    });
  }

  it.each(['client_secret_basic', 'client_secret_post'] as const)(
    'connects with %s, and calls userinfo with Bearer',
    async (method) => {
      const client = oauthClient(method);
      const token = await connect(client);
      expect(token.accessToken).toMatch(/^at_/);
      const response = await bearerFetch(client, token).fetch(
        sandbox.url('/api/oauth/userinfo'),
      );
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(USERINFO);
    },
  );

  it('connects with PKCE (S256) and no secret', async () => {
    const client = oauthClient('none');
    const authorizeUrl = new URL(
      await client.authorizationCode.getAuthorizeUri({
        redirectUri: REDIRECT_URI,
        codeVerifier: 'v'.repeat(64),
        scope: [SCOPE],
        state: 'pkce-state',
      }),
    );
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    const token = await connect(client, 'v'.repeat(64));
    expect(token.refreshToken).toMatch(/^rt_/);
  });

  it('refreshes with rotation, and a reused refresh token revokes the family', async () => {
    const client = oauthClient('client_secret_basic');
    const first = await connect(client);
    const second = await client.refreshToken(first);
    expect(second.refreshToken).not.toBe(first.refreshToken);

    sandbox.advance(31);
    const reuse = client.refreshToken(first);
    await expect(reuse).rejects.toBeInstanceOf(OAuth2HttpError);
    await expect(reuse).rejects.toMatchObject({
      oauth2Code: 'invalid_grant',
      httpCode: 400,
      parsedBody: {
        error: 'invalid_grant',
        error_description:
          'the refresh token was already used; every token of this connection is revoked',
      },
    });
    await expect(client.refreshToken(second)).rejects.toMatchObject({
      oauth2Code: 'invalid_grant',
    });
  });

  it('refreshes a PKCE connection without a secret', async () => {
    const client = oauthClient('none');
    const first = await connect(client, 'w'.repeat(50));
    const second = await client.refreshToken(first);
    expect(second.refreshToken).not.toBe(first.refreshToken);
  });

  it('creates and deletes a webhook with Bearer', async () => {
    const client = oauthClient('client_secret_post');
    const api = bearerFetch(client, await connect(client));
    const created = await api.fetch(`${sandbox.apiBaseUrl}/webhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        url: 'https://hooks.example/new-lead',
        triggers: ['lead.created'],
      }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const deleted = await api.fetch(`${sandbox.apiBaseUrl}/webhook/${id}`, {
      method: 'DELETE',
    });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ success: true });
  });

  it('reads a wrong secret as invalid_client, 401, with the Basic challenge', async () => {
    const client = new OAuth2Client({
      server: sandbox.appUrl,
      clientId: sandbox.client.id,
      clientSecret: 'not-the-secret',
      authorizationEndpoint: '/oauth/authorize',
      tokenEndpoint: '/api/oauth/token',
    });
    const refused = connect(client);
    await expect(refused).rejects.toMatchObject({
      oauth2Code: 'invalid_client',
      httpCode: 401,
    });
    const error = (await refused.catch((caught: unknown) => caught)) as OAuth2HttpError;
    expect(error.response.headers.get('www-authenticate')).toBe(
      'Basic realm="landing-page-sandbox", charset="UTF-8"',
    );
  });
});
