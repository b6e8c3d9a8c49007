/**
 * What a standard OAuth client expects of the sandbox where the spec is
 * silent (issue 13's table), over HTTP, one describe per row: HTTP Basic
 * client authentication, RFC 6749 §5.2 error codes, `WWW-Authenticate` on
 * 401, `access_denied` for a free-plan project, `invalid_request` for what is
 * missing or malformed, an empty path and `/` as one redirect URI, and an
 * empty `client_secret` as no secret. The spec's own rules hold alongside.
 */
import { clickApprove } from '../../../harness/consent';
import { FREE_USER } from '../../../sandbox/seed';
import { REAL_IO_TEST_MS, redirectQuery, useSandbox } from '../helpers';
import {
  REDIRECT_URI,
  getAuthorizationCode,
  authorizeParams,
  bearer,
  connect,
  exchange,
  get,
  postForm,
} from '../../../harness/sandbox-client';
import { consentIdOf } from '../../../harness/consent';
import type { TestSandbox } from '../helpers';
import type { Tokens } from '../../../harness/sandbox-client';

// Real sockets and SQLite: on a busy machine a test may outlast jest's 5 s.
jest.setTimeout(REAL_IO_TEST_MS);

const fixture = useSandbox({}, { connected: false });
let sandbox: TestSandbox;
beforeEach(() => {
  ({ sandbox } = fixture);
});

const BASIC_CHALLENGE = 'Basic realm="landing-page-sandbox", charset="UTF-8"';

/** RFC 6749 §2.3.1: each half form-urlencoded, joined by a colon, then base64. */
function basic(clientId: string, secret: string): Record<string, string> {
  const encode = (value: string) => new URLSearchParams({ v: value }).toString().slice(2);
  return {
    Authorization: `Basic ${Buffer.from(`${encode(clientId)}:${encode(secret)}`).toString('base64')}`,
  };
}

function postToken(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(sandbox.url('/api/oauth/token'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields),
  });
}

function codeFields(code: string, extra: Record<string, string> = {}) {
  return {
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT_URI,
    ...extra,
  };
}

describe('HTTP Basic client authentication at the token endpoint (RFC 6749 §2.3.1)', () => {
  it('exchanges a code with the secret in Authorization: Basic and neither client_id nor client_secret in the body', async () => {
    const { code } = await getAuthorizationCode(sandbox);
    const response = await postToken(
      codeFields(code),
      basic(sandbox.client.id, sandbox.client.secret),
    );
    expect(response.status).toBe(200);
    const tokens = (await response.json()) as Tokens;
    expect(tokens.scope).toBe('user.read leads.read');
    expect((await get(sandbox, '/api/oauth/userinfo', bearer(tokens))).status).toBe(200);
  });

  it('takes client_id in the body too when it names the same client', async () => {
    const { code } = await getAuthorizationCode(sandbox);
    const response = await postToken(
      codeFields(code, { client_id: sandbox.client.id }),
      basic(sandbox.client.id, sandbox.client.secret),
    );
    expect(response.status).toBe(200);
  });

  it('form-decodes both halves, as RFC 6749 §2.3.1 has clients encode them', async () => {
    const client = {
      id: 'app with:colon',
      secret: 'sécret+with %2F and :',
      name: 'Encoded App',
      redirectUris: [REDIRECT_URI],
    };
    sandbox.context.store.clientsAndTokens.addClient(client);
    const approval = await getAuthorizationCode(sandbox, { client });
    const response = await postToken(
      codeFields(approval.code),
      basic(client.id, client.secret),
    );
    expect(response.status).toBe(200);
  });

  it('refreshes with Basic, rotating the refresh token', async () => {
    const tokens = await connect(sandbox);
    const response = await postToken(
      { grant_type: 'refresh_token', refresh_token: tokens.refresh_token },
      basic(sandbox.client.id, sandbox.client.secret),
    );
    expect(response.status).toBe(200);
    const renewed = (await response.json()) as Tokens;
    expect(renewed.refresh_token).not.toBe(tokens.refresh_token);
  });

  it('refuses a wrong secret in Basic with 401 invalid_client and the Basic challenge', async () => {
    const approval = await getAuthorizationCode(sandbox);
    const response = await postToken(
      codeFields(approval.code),
      basic(sandbox.client.id, 'wrong'),
    );
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(BASIC_CHALLENGE);
    expect(await response.json()).toEqual({
      error: 'invalid_client',
      error_description: 'Client authentication failed: wrong client_secret',
    });
    // Refused before the code was touched: it still works.
    expect((await exchange(sandbox, approval)).status).toBe(200);
  });

  it.each([
    [
      'Basic and a client_secret in the body',
      (secret: string) => ({ client_secret: secret }),
      'Send exactly one client authentication method: the client secret in the Authorization header or as client_secret, not both',
    ],
    [
      'Basic and a code_verifier',
      () => ({ code_verifier: 'v'.repeat(43) }),
      'Send exactly one client authentication method: client_secret or code_verifier',
    ],
  ])('refuses %s as two methods', async (_what, extra, description) => {
    const approval = await getAuthorizationCode(sandbox);
    const response = await postToken(
      codeFields(approval.code, extra(sandbox.client.secret)),
      basic(sandbox.client.id, sandbox.client.secret),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'invalid_request',
      error_description: description,
    });
    expect((await exchange(sandbox, approval)).status).toBe(200);
  });

  it('refuses a body client_id that differs from the one in Basic', async () => {
    const { code } = await getAuthorizationCode(sandbox);
    const response = await postToken(
      codeFields(code, { client_id: 'other-app' }),
      basic(sandbox.client.id, sandbox.client.secret),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_request' });
  });

  it.each([
    ['not base64', 'Basic !!!'],
    ['no colon', `Basic ${Buffer.from('just-an-id').toString('base64')}`],
    ['an empty client_id', `Basic ${Buffer.from(':secret').toString('base64')}`],
    ['bad percent-encoding', `Basic ${Buffer.from('%zz:secret').toString('base64')}`],
  ])(
    'answers a malformed Basic header (%s) 400 invalid_request',
    async (_what, header) => {
      const { code } = await getAuthorizationCode(sandbox);
      const response = await postToken(codeFields(code), { Authorization: header });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'invalid_request' });
    },
  );

  it('refuses another scheme at the token endpoint with 401 and the Basic challenge', async () => {
    const { code } = await getAuthorizationCode(sandbox);
    const response = await postToken(codeFields(code, { client_id: sandbox.client.id }), {
      Authorization: 'Bearer at_something',
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(BASIC_CHALLENGE);
    expect(await response.json()).toMatchObject({ error: 'invalid_client' });
  });
});

describe('RFC 6749 §5.2 error codes, with the sentence in error_description', () => {
  it.each([
    [
      'no grant_type',
      {},
      { error: 'invalid_request', error_description: 'grant_type is required' },
    ],
    [
      'an unknown grant_type',
      { grant_type: 'password' },
      {
        error: 'unsupported_grant_type',
        error_description: 'grant_type must be authorization_code or refresh_token',
      },
    ],
    [
      'an unknown client',
      {
        grant_type: 'refresh_token',
        refresh_token: 'rt_x',
        client_id: 'nobody',
        client_secret: 'x',
      },
      { error: 'invalid_client', error_description: 'Unknown client_id' },
    ],
    [
      'an unknown refresh token',
      { grant_type: 'refresh_token', refresh_token: 'rt_nope' },
      { error: 'invalid_grant', error_description: 'unknown refresh token' },
    ],
  ])('answers %s with its code', async (_what, fields, body) => {
    const withClient: Record<string, string> =
      'client_id' in fields
        ? fields
        : {
            ...fields,
            client_id: sandbox.client.id,
            client_secret: sandbox.client.secret,
          };
    const response = await postForm(sandbox, '/api/oauth/token', withClient);
    expect(await response.json()).toEqual(body);
  });

  it('answers what Fastify refuses there (a parameter given twice, a JSON body) as invalid_request', async () => {
    const twice = await fetch(sandbox.url('/api/oauth/token'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=refresh_token&grant_type=authorization_code',
    });
    expect(twice.status).toBe(400);
    expect(await twice.json()).toEqual({
      error: 'invalid_request',
      error_description:
        'grant_type was sent more than once: parameters must not be included more than once (RFC 6749 §3.2)',
    });
    const json = await fetch(sandbox.url('/api/oauth/token'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ grant_type: 'refresh_token' }),
    });
    expect(json.status).toBe(400);
    expect(await json.json()).toEqual({
      error: 'invalid_request',
      error_description:
        'The token endpoint takes application/x-www-form-urlencoded bodies',
    });
  });

  it('answers a refresh for a project on the free plan invalid_grant, saying why', async () => {
    const tokens = await connect(sandbox);
    // The sandbox has no way to downgrade a project: the grant is copied to Grace's free one.
    const { clientsAndTokens: oauth } = sandbox.context.store;
    const granted = oauth.token(tokens.refresh_token, 'refresh')!;
    oauth.addTokens([
      { ...granted, token: 'rt_of_a_free_project', userId: FREE_USER.id },
    ]);
    const response = await postForm(sandbox, '/api/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: 'rt_of_a_free_project',
      client_id: sandbox.client.id,
      client_secret: sandbox.client.secret,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'OAuth is available only to projects on a paid plan',
    });
  });
});

describe('401 carries WWW-Authenticate (RFC 9110 §15.5.2)', () => {
  it.each([
    ['an unknown client_id', { client_id: 'nobody', client_secret: 'x' }],
    ['a wrong client_secret', { client_secret: 'wrong' }],
  ])('answers %s in the body with the Basic challenge', async (_what, extra) => {
    const response = await exchange(sandbox, await getAuthorizationCode(sandbox), extra);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(BASIC_CHALLENGE);
    expect(await response.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('answers a refresh without the secret a client-secret grant needs with the Basic challenge', async () => {
    const tokens = await connect(sandbox);
    const response = await postForm(sandbox, '/api/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: sandbox.client.id,
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(BASIC_CHALLENGE);
    expect(await response.json()).toEqual({
      error: 'invalid_client',
      error_description: 'Client authentication failed: client_secret is required',
    });
  });
});

describe('access_denied at consent, with a description and the state (RFC 6749 §4.1.2.1)', () => {
  it('sends a free-plan project back to the client instead of stopping on a page', async () => {
    const params = authorizeParams(sandbox, { as: FREE_USER.id });
    const response = await get(sandbox, `/oauth/authorize?${params.toString()}`);
    expect(redirectQuery(response)).toEqual({
      error: 'access_denied',
      error_description:
        'OAuth is available only to projects on a paid plan: Hobby Page is on the free plan',
      state: 'state-123',
    });
  });

  it('sends a user who clicks Deny back with a description too', async () => {
    const page = await get(
      sandbox,
      `/oauth/authorize?${authorizeParams(sandbox).toString()}`,
    );
    const response = await postForm(sandbox, '/oauth/authorize', {
      consent_id: consentIdOf(await page.text()),
      decision: 'deny',
    });
    expect(redirectQuery(response)).toEqual({
      error: 'access_denied',
      error_description: 'The user denied access',
      state: 'state-123',
    });
  });
});

describe('invalid_request for what is missing or malformed', () => {
  it('answers a missing response_type invalid_request (RFC 6749 §4.1.2.1), another one unsupported_response_type', async () => {
    const missing = await get(
      sandbox,
      `/oauth/authorize?${authorizeParams(sandbox, { response_type: undefined }).toString()}`,
    );
    expect(redirectQuery(missing)).toEqual({
      error: 'invalid_request',
      error_description: 'response_type is required (code)',
      state: 'state-123',
    });
    const empty = await get(
      sandbox,
      `/oauth/authorize?${authorizeParams(sandbox, { response_type: '' }).toString()}`,
    );
    expect(redirectQuery(empty).error).toBe('invalid_request');
    const token = await get(
      sandbox,
      `/oauth/authorize?${authorizeParams(sandbox, { response_type: 'token' }).toString()}`,
    );
    expect(redirectQuery(token).error).toBe('unsupported_response_type');
  });

  it.each(['Bearer a b', 'Bearer', 'Bearer at_x,at_y', 'Bearer "at_x"'])(
    'answers the malformed Authorization %j 400 invalid_request (RFC 6750 §3.1)',
    async (authorization) => {
      for (const path of ['/api/oauth/userinfo', '/api/webhook/wh_1']) {
        const response = await fetch(sandbox.url(path), {
          method: path.includes('webhook') ? 'DELETE' : 'GET',
          headers: { Authorization: authorization },
        });
        expect(response.status).toBe(400);
        expect(response.headers.get('www-authenticate')).toBe(
          'Bearer realm="landing-page-sandbox", error="invalid_request"',
        );
        expect(await response.json()).toEqual({
          error:
            'Malformed Authorization header: send Authorization: Bearer <access token>, one token without spaces',
        });
      }
    },
  );

  it('still answers a missing token, or another scheme, 401 without an error code', async () => {
    for (const headers of [{}, { Authorization: 'Basic abc' }] as Record<
      string,
      string
    >[]) {
      const response = await get(sandbox, '/api/oauth/userinfo', headers);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe(
        'Bearer realm="landing-page-sandbox"',
      );
    }
  });
});

describe('an empty path and / are the same redirect URI (RFC 3986 §6.2.3)', () => {
  async function approveWith(redirectUri: string): Promise<string> {
    const params = authorizeParams(sandbox, { redirect_uri: redirectUri });
    const { code } = await clickApprove(
      new URL(sandbox.url(`/oauth/authorize?${params.toString()}`)),
      'http://localhost:9000/',
    );
    return code;
  }

  it.each([
    ['http://localhost:9000', 'http://localhost:9000/'],
    ['http://localhost:9000/', 'http://localhost:9000'],
    ['http://localhost:9000', 'http://localhost:9000'],
    ['http://localhost:9000/', 'http://localhost:9000/'],
  ])('authorizes with %j and exchanges with %j', async (atAuthorize, atExchange) => {
    const code = await approveWith(atAuthorize);
    const response = await exchange(sandbox, { code }, { redirect_uri: atExchange });
    expect(response.status).toBe(200);
  });

  it.each([
    'http://localhost:9000/callback',
    'http://LOCALHOST:9000/',
    'http://localhost:9000/?',
    'http://localhost:9000//',
    'https://localhost:9000/',
    'http://localhost:9000/.',
  ])('loosens nothing else: %j at the exchange is invalid_grant', async (atExchange) => {
    const code = await approveWith('http://localhost:9000');
    const response = await exchange(sandbox, { code }, { redirect_uri: atExchange });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'redirect_uri differs from the authorization request',
    });
  });
});

describe('an empty client_secret is no secret (RFC 6749 §3.2)', () => {
  it('exchanges a PKCE code sent with client_secret= and the verifier', async () => {
    const approval = await getAuthorizationCode(sandbox, { pkce: true });
    const response = await exchange(sandbox, approval, { client_secret: '' });
    expect(response.status).toBe(200);
  });

  it('refreshes a PKCE grant sent with client_secret=', async () => {
    const tokens = await connect(sandbox, { pkce: true });
    const response = await postForm(sandbox, '/api/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: sandbox.client.id,
      client_secret: '',
    });
    expect(response.status).toBe(200);
  });

  it('exchanges a PKCE code sent with Basic and an empty password, and the verifier', async () => {
    const approval = await getAuthorizationCode(sandbox, { pkce: true });
    const response = await fetch(sandbox.url('/api/oauth/token'), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Authorization: `Basic ${Buffer.from(`${sandbox.client.id}:`).toString('base64')}`,
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: approval.code,
        redirect_uri: REDIRECT_URI,
        code_verifier: approval.verifier!,
      }),
    });
    expect(response.status).toBe(200);
  });

  it('still refuses a real secret with a verifier, and an empty secret alone', async () => {
    const pkce = await getAuthorizationCode(sandbox, { pkce: true });
    const both = await exchange(sandbox, pkce, { client_secret: sandbox.client.secret });
    expect(both.status).toBe(400);
    expect(await both.json()).toMatchObject({ error: 'invalid_request' });
    const plain = await getAuthorizationCode(sandbox);
    const emptyOnly = await exchange(sandbox, plain, { client_secret: '' });
    expect(emptyOnly.status).toBe(400);
    expect(await emptyOnly.json()).toMatchObject({ error: 'invalid_request' });
  });
});
