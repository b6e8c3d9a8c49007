import zapier from 'zapier-platform-core';

import type { AuthData } from '../../src/authentication';
import { SCOPES, createAuthentication, labelFor } from '../../src/authentication';
import {
  ACCESS_TOKEN,
  REFRESH_TOKEN,
  TEST_ENV,
  authData,
  envelopeOf,
  failureOf,
  oauthHost,
  pkceModeApp,
  secretModeApp,
  shownMessage,
} from './helpers';

const REDIRECT_URI = 'https://zapier.com/dashboard/auth/oauth/return/App123CLIAPI/';
const STATE = 'state-from-zapier-7d1e';
const CODE = 'auth-code-91c0ff';
const CODE_VERIFIER = 'verifier-3b9a7f0e2c5d8a1b4e6f9c2d5a8b1e4f7c0d3a6b9e';

const USER_INFO = {
  user: {
    id: 'usr_1',
    email: 'ada@example.org',
    firstName: 'Ada',
    lastName: 'Lovelace',
    image: 'https://pages.test/ada.png',
  },
  project: { id: 'prj_1', name: 'Spring Launch' },
};

const TOKEN_HEADERS = {
  'content-type': 'application/x-www-form-urlencoded',
  accept: 'application/json',
};

const secretTester = zapier.createAppTester(secretModeApp);
const pkceTester = zapier.createAppTester(pkceModeApp);
// The same functions the apps carry, with their concrete types.
const secretAuth = createAuthentication(false);
const pkceAuth = createAuthentication(true);

/** The token endpoint, which must never see the user's bearer token. */
function tokenEndpoint() {
  return oauthHost({ reqheaders: TOKEN_HEADERS, badheaders: ['authorization'] });
}

const EXCHANGE_FORM = {
  grant_type: 'authorization_code',
  code: CODE,
  redirect_uri: REDIRECT_URI,
  client_id: TEST_ENV.CLIENT_ID,
};
const REFRESH_FORM = {
  grant_type: 'refresh_token',
  refresh_token: REFRESH_TOKEN,
  client_id: TEST_ENV.CLIENT_ID,
};

/** The token endpoint answering `answer` to exactly this form body, and to nothing else. */
function tokenEndpointFor(form: Record<string, string>, answer: Record<string, unknown>) {
  tokenEndpoint().post('/api/oauth/token', form).reply(200, answer);
}

/** The code exchange in client-secret mode, with what Zapier passes after approval. */
function exchangeCode(
  inputData: Record<string, string> = { code: CODE, redirect_uri: REDIRECT_URI },
) {
  return secretTester(secretAuth.oauth2Config.getAccessToken, { inputData });
}

function tokenResponse(overrides: Record<string, unknown> = {}) {
  return {
    access_token: 'new-access-token-1',
    token_type: 'Bearer',
    expires_in: 3600,
    refresh_token: 'new-refresh-token-1',
    ...overrides,
  };
}

describe('authorize URL', () => {
  it('sends client_id, redirect_uri, response_type=code, state and comma-separated scopes', async () => {
    const url = await secretTester(secretAuth.oauth2Config.authorizeUrl, {
      inputData: { redirect_uri: REDIRECT_URI, state: STATE },
    });
    const parsed = new URL(url);
    expect(`${parsed.origin}${parsed.pathname}`).toBe(
      `${TEST_ENV.APP_URL}/oauth/authorize`,
    );
    expect(Object.fromEntries(parsed.searchParams)).toEqual({
      client_id: TEST_ENV.CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: 'user.read,leads.read',
      state: STATE,
    });
    expect(SCOPES).toEqual(['user.read', 'leads.read']);
  });

  it('never carries the client secret, in either mode', async () => {
    for (const [tester, auth] of [
      [secretTester, secretAuth],
      [pkceTester, pkceAuth],
    ] as const) {
      const url = await tester(auth.oauth2Config.authorizeUrl, {
        inputData: { redirect_uri: REDIRECT_URI, state: STATE },
      });
      expect(url).not.toContain(TEST_ENV.CLIENT_SECRET);
    }
  });

  it('leaves PKCE parameters to Zapier, which adds them when enablePkce is on', () => {
    expect(secretModeApp.authentication?.oauth2Config).toMatchObject({
      enablePkce: false,
      autoRefresh: true,
    });
    expect(pkceModeApp.authentication?.oauth2Config).toMatchObject({
      enablePkce: true,
      autoRefresh: true,
    });
  });

  it('names what Zapier failed to provide', async () => {
    const error = await failureOf(
      secretTester(secretAuth.oauth2Config.authorizeUrl, { inputData: { state: STATE } }),
    );
    expect(shownMessage(error)).toMatch(/did not receive the redirect address/);
  });
});

describe('code exchange, client secret mode', () => {
  it('posts the exact form body of a token exchange with client_secret and no bearer', async () => {
    tokenEndpointFor(
      { ...EXCHANGE_FORM, client_secret: TEST_ENV.CLIENT_SECRET },
      tokenResponse({ scope: 'user.read leads.read' }),
    );

    const result = await secretTester(secretAuth.oauth2Config.getAccessToken, {
      inputData: { code: CODE, redirect_uri: REDIRECT_URI, state: STATE },
    });

    expect(result).toEqual<AuthData>({
      access_token: 'new-access-token-1',
      refresh_token: 'new-refresh-token-1',
    });
  });

  it('reports a refused exchange with the service message and no secret', async () => {
    tokenEndpoint()
      .post('/api/oauth/token')
      .reply(400, { error: `Invalid authorization code ${CODE}` });

    const error = await failureOf(exchangeCode());

    const message = shownMessage(error);
    expect(message).toContain('connecting your landing-page account');
    expect(message).toContain('Invalid authorization code [redacted]');
    expect(message).toContain('HTTP 400');
    expect(message).not.toContain(CODE);
    expect(message).not.toContain(TEST_ENV.CLIENT_SECRET);
  });

  it.each([
    [
      'a code with error_description (RFC 6749 §5.2)',
      {
        error: 'invalid_grant',
        error_description: 'the authorization code was already used',
      },
      'the authorization code was already used',
    ],
    [
      'the sentence in error (the spec’s Error object)',
      { error: 'invalid_grant: the authorization code has expired' },
      'the authorization code has expired',
    ],
    [
      'a bare code',
      { error: 'invalid_grant' },
      'the authorization code or refresh token is invalid, expired, revoked or was already used',
    ],
  ])(
    'reads a refused exchange given as %s, never showing a bare code',
    async (_shape, body, said) => {
      tokenEndpoint().post('/api/oauth/token').reply(400, body);

      const error = await failureOf(exchangeCode());

      expect(envelopeOf(error)).toEqual({
        message:
          'The landing-page service returned an error while connecting your landing-page ' +
          `account (HTTP 400). The service said: "${said}".`,
        code: 'service_error',
        status: 400,
      });
      expect(shownMessage(error)).not.toContain('invalid_grant');
    },
  );

  it.each([
    [403, { error: 'OAuth is available only to projects on a paid plan' }],
    [
      400,
      {
        error: 'invalid_grant',
        error_description: 'OAuth is available only to projects on a paid plan',
      },
    ],
  ])('explains the paid-plan refusal in either shape (%i)', async (status, body) => {
    tokenEndpoint().post('/api/oauth/token').reply(status, body);

    const error = await failureOf(exchangeCode());

    expect(envelopeOf(error).code).toBe('paid_plan_required');
    expect(shownMessage(error)).toContain(
      'The service said: "OAuth is available only to projects on a paid plan".',
    );
  });

  it('explains that OAuth needs a paid plan', async () => {
    tokenEndpoint()
      .post('/api/oauth/token')
      .reply(403, { error: 'OAuth is only available on paid plans' });

    const error = await failureOf(exchangeCode());

    expect(envelopeOf(error).code).toBe('paid_plan_required');
    expect(shownMessage(error)).toMatch(/^Connecting through OAuth needs a paid plan/);
    expect(shownMessage(error)).toMatch(/Upgrade the project to a paid plan/);
  });

  it('treats 402 Payment Required as the paid-plan refusal too', async () => {
    tokenEndpoint().post('/api/oauth/token').reply(402, 'Payment Required');

    const error = await failureOf(exchangeCode());
    expect(envelopeOf(error).code).toBe('paid_plan_required');
  });

  it('turns a 401 from the token endpoint into a clear message, not a refresh loop', async () => {
    tokenEndpoint().post('/api/oauth/token').reply(401, { error: 'invalid_client' });

    const error = await failureOf(exchangeCode());
    expect(error.name).toBe('AppError');
    expect(shownMessage(error)).toMatch(/refused the connection request \(HTTP 401\)/);
  });

  it('gives a clean message for an HTML error page', async () => {
    tokenEndpoint()
      .post('/api/oauth/token')
      .reply(502, '<html><body>Bad Gateway</body></html>', {
        'Content-Type': 'text/html',
      });

    const error = await failureOf(exchangeCode());
    expect(shownMessage(error)).toBe(
      'The landing-page service had a problem while connecting your landing-page account ' +
        '(HTTP 502). This is usually temporary: try again in a few minutes.',
    );
  });

  it('rejects a 200 answer that is not JSON', async () => {
    tokenEndpoint()
      .post('/api/oauth/token')
      .reply(200, '<html>login</html>', { 'Content-Type': 'text/html; charset=utf-8' });

    const error = await failureOf(exchangeCode());
    expect(envelopeOf(error).code).toBe('unreadable_answer');
    expect(shownMessage(error)).toMatch(/not the expected JSON \(HTTP 200, text\/html\)/);
  });

  it('refuses a token answer without an access token', async () => {
    tokenEndpoint()
      .post('/api/oauth/token')
      .reply(200, tokenResponse({ access_token: '' }));

    const error = await failureOf(exchangeCode());
    expect(envelopeOf(error).code).toBe('missing_access_token');
  });

  it('refuses a token answer without a refresh token', async () => {
    tokenEndpoint()
      .post('/api/oauth/token')
      .reply(200, tokenResponse({ refresh_token: undefined }));

    const error = await failureOf(exchangeCode());
    expect(envelopeOf(error).code).toBe('missing_refresh_token');
  });

  it('says so when the user clicked Deny', async () => {
    const error = await failureOf(
      secretTester(secretAuth.oauth2Config.getAccessToken, {
        inputData: { error: 'access_denied', state: STATE },
      }),
    );
    expect(shownMessage(error)).toMatch(/not approved.*click Approve/);
  });

  it('shows another authorization error in words, never as a bare code', async () => {
    const error = await failureOf(
      secretTester(secretAuth.oauth2Config.getAccessToken, {
        inputData: { error: 'invalid_scope', state: STATE },
      }),
    );
    expect(shownMessage(error)).toBe(
      'The landing-page service did not grant access ("the service refused the permissions ' +
        'the integration asks for"). Connect again.',
    );
  });

  it('shows the error_description the redirect carries', async () => {
    const error = await failureOf(
      secretTester(secretAuth.oauth2Config.getAccessToken, {
        inputData: {
          error: 'invalid_scope',
          error_description: 'unknown scope: admin',
          state: STATE,
        },
      }),
    );
    expect(shownMessage(error)).toBe(
      'The landing-page service did not grant access ("unknown scope: admin"). Connect again.',
    );
  });

  it('says why when the user denied, if the service said', async () => {
    const error = await failureOf(
      secretTester(secretAuth.oauth2Config.getAccessToken, {
        inputData: {
          error: 'access_denied',
          error_description: 'The user denied access',
          state: STATE,
        },
      }),
    );
    expect(shownMessage(error)).toBe(
      'The connection was not approved in the landing-page service ("The user denied ' +
        'access"), so Zapier has no access. Connect again and click Approve.',
    );
  });

  it('explains an access_denied redirect for a free-plan project as the paid-plan refusal', async () => {
    const error = await failureOf(
      secretTester(secretAuth.oauth2Config.getAccessToken, {
        inputData: {
          error: 'access_denied',
          error_description:
            'OAuth is available only to projects on a paid plan: Hobby Page is on the free plan',
          state: STATE,
        },
      }),
    );
    expect(envelopeOf(error).code).toBe('paid_plan_required');
    expect(shownMessage(error)).toBe(
      'Connecting through OAuth needs a paid plan: the landing-page service refused because ' +
        'the project is on the free plan. The service said: "OAuth is available only to ' +
        'projects on a paid plan: Hobby Page is on the free plan". Upgrade the project to a ' +
        'paid plan in the landing-page service, then connect again.',
    );
  });

  it('requires the authorization code', async () => {
    const error = await failureOf(
      secretTester(secretAuth.oauth2Config.getAccessToken, {
        inputData: { redirect_uri: REDIRECT_URI },
      }),
    );
    expect(shownMessage(error)).toMatch(/did not receive an authorization code/);
  });
});

describe('code exchange, PKCE mode', () => {
  it('posts code_verifier instead of client_secret', async () => {
    tokenEndpointFor({ ...EXCHANGE_FORM, code_verifier: CODE_VERIFIER }, tokenResponse());

    const result = await pkceTester(pkceAuth.oauth2Config.getAccessToken, {
      inputData: { code: CODE, redirect_uri: REDIRECT_URI, code_verifier: CODE_VERIFIER },
    });

    expect(result.refresh_token).toBe('new-refresh-token-1');
  });

  it('works without CLIENT_SECRET, which a public client does not have', async () => {
    delete process.env.CLIENT_SECRET;
    const scope = tokenEndpoint()
      .post(
        '/api/oauth/token',
        (body: Record<string, string>) => !('client_secret' in body),
      )
      .reply(200, tokenResponse());

    await pkceTester(pkceAuth.oauth2Config.getAccessToken, {
      inputData: { code: CODE, redirect_uri: REDIRECT_URI, code_verifier: CODE_VERIFIER },
    });
    expect(scope.isDone()).toBe(true);
  });

  it('requires the code verifier Zapier passes', async () => {
    const error = await failureOf(
      pkceTester(pkceAuth.oauth2Config.getAccessToken, {
        inputData: { code: CODE, redirect_uri: REDIRECT_URI },
      }),
    );
    expect(shownMessage(error)).toMatch(/did not receive the PKCE code verifier/);
  });

  afterEach(() => {
    process.env.CLIENT_SECRET = TEST_ENV.CLIENT_SECRET;
  });
});

describe('refresh', () => {
  it('posts the exact form body of a token refresh with client_secret and returns the rotated refresh token', async () => {
    tokenEndpointFor(
      { ...REFRESH_FORM, client_secret: TEST_ENV.CLIENT_SECRET },
      tokenResponse({ refresh_token: 'rotated-refresh-token-2' }),
    );

    const result = await secretTester(secretAuth.oauth2Config.refreshAccessToken, {
      authData,
    });

    expect(result).toEqual<AuthData>({
      access_token: 'new-access-token-1',
      refresh_token: 'rotated-refresh-token-2',
    });
  });

  it('sends no client secret in PKCE mode', async () => {
    tokenEndpointFor(
      REFRESH_FORM,
      tokenResponse({ refresh_token: 'rotated-refresh-token-3' }),
    );

    const result = await pkceTester(pkceAuth.oauth2Config.refreshAccessToken, {
      authData,
    });

    expect(result.refresh_token).toBe('rotated-refresh-token-3');
  });

  it('keeps the current refresh token if the service sends none', async () => {
    tokenEndpoint().post('/api/oauth/token').reply(200, {
      access_token: 'new-access-token-1',
      token_type: 'Bearer',
      expires_in: 60,
    });

    const result = await secretTester(secretAuth.oauth2Config.refreshAccessToken, {
      authData,
    });
    expect(result).toEqual({
      access_token: 'new-access-token-1',
      refresh_token: REFRESH_TOKEN,
    });
  });

  it.each([
    [400, { error: 'invalid_grant' }],
    [401, { error: 'refresh token revoked' }],
  ])(
    'asks the user to reconnect when the refresh token is refused (%i)',
    async (status, body) => {
      tokenEndpoint().post('/api/oauth/token').reply(status, body);

      const error = await failureOf(
        secretTester(secretAuth.oauth2Config.refreshAccessToken, { authData }),
      );
      expect(error.name).toBe('ExpiredAuthError');
      expect(error.message).toMatch(/Reconnect your landing-page account/);
      expect(error.message).not.toContain(REFRESH_TOKEN);
    },
  );

  it.each([
    [
      'a code with error_description',
      {
        error: 'invalid_grant',
        error_description: 'the refresh token was revoked or already used',
      },
      'the refresh token was revoked or already used',
    ],
    [
      'the sentence in error',
      { error: 'invalid_grant: the refresh token was revoked or already used' },
      'the refresh token was revoked or already used',
    ],
    [
      'a bare code',
      { error: 'invalid_grant' },
      'the authorization code or refresh token is invalid, expired, revoked or was already used',
    ],
  ])(
    'says why a refresh was refused, given as %s, never as a bare code',
    async (_shape, body, said) => {
      tokenEndpoint().post('/api/oauth/token').reply(400, body);

      const error = await failureOf(
        secretTester(secretAuth.oauth2Config.refreshAccessToken, { authData }),
      );
      expect(error.name).toBe('ExpiredAuthError');
      expect(shownMessage(error)).toBe(
        'Your landing-page connection has expired or was revoked: the service no longer ' +
          `accepts its refresh token (HTTP 400: "${said}"). Reconnect your landing-page ` +
          'account in Zapier so your Zaps keep receiving leads.',
      );
    },
  );

  it('reports a refresh refused for the free plan, given as a code, as the paid-plan refusal', async () => {
    tokenEndpoint().post('/api/oauth/token').reply(400, {
      error: 'invalid_grant',
      error_description: 'OAuth is available only to projects on a paid plan',
    });

    const error = await failureOf(
      secretTester(secretAuth.oauth2Config.refreshAccessToken, { authData }),
    );
    expect(envelopeOf(error).code).toBe('paid_plan_required');
    expect(shownMessage(error)).not.toContain('invalid_grant');
  });

  it('quotes a server error’s description, not its code', async () => {
    tokenEndpoint().post('/api/oauth/token').reply(503, {
      error: 'temporarily_unavailable',
      error_description: 'maintenance until 14:00',
    });

    const error = await failureOf(
      secretTester(secretAuth.oauth2Config.refreshAccessToken, { authData }),
    );
    expect(shownMessage(error)).toContain('The service said: "maintenance until 14:00".');
    expect(shownMessage(error)).not.toContain('temporarily_unavailable');
  });

  it('asks the user to reconnect when there is no refresh token at all', async () => {
    const error = await failureOf(
      secretTester(secretAuth.oauth2Config.refreshAccessToken, {
        authData: { access_token: ACCESS_TOKEN },
      }),
    );
    expect(error.name).toBe('ExpiredAuthError');
  });

  it('reports a project moved to the free plan as the paid-plan refusal', async () => {
    tokenEndpoint()
      .post('/api/oauth/token')
      .reply(400, { error: 'This project is on the free plan' });

    const error = await failureOf(
      secretTester(secretAuth.oauth2Config.refreshAccessToken, { authData }),
    );
    expect(envelopeOf(error).code).toBe('paid_plan_required');
  });

  it('reports a server error as temporary, keeping the connection', async () => {
    tokenEndpoint().post('/api/oauth/token').reply(503, { error: 'maintenance' });

    const error = await failureOf(
      secretTester(secretAuth.oauth2Config.refreshAccessToken, { authData }),
    );
    expect(envelopeOf(error)).toEqual({
      message:
        'The landing-page service had a problem while renewing access to your landing-page ' +
        'account (HTTP 503). The service said: "maintenance". This is usually temporary: try ' +
        'again in a few minutes.',
      code: 'service_unavailable',
      status: 503,
    });
  });
});

/**
 * Zapier's rule of 2025-09-08: a 4xx from a refresh, but 408, 409, 423, 425
 * and 429, marks the connection stale and emails the user to reconnect. Only
 * a refused grant may say so; the rest is temporary (Zapier tries again) or
 * the integration's own fault (reconnecting cannot help).
 */
describe("refresh answers, as Zapier's rule for stale connections reads them", () => {
  const refreshing = () =>
    failureOf(secretTester(secretAuth.oauth2Config.refreshAccessToken, { authData }));

  it.each([
    'invalid_request',
    'invalid_client',
    'unauthorized_client',
    'unsupported_grant_type',
    'invalid_scope',
  ])(
    "reports %s as the integration's fault, never as an expired connection",
    async (code) => {
      tokenEndpoint().post('/api/oauth/token').reply(400, { error: code });
      const error = await refreshing();
      expect(error.name).not.toBe('ExpiredAuthError');
      expect(envelopeOf(error)).toMatchObject({
        code: 'token_request_refused',
        status: 400,
      });
      expect(shownMessage(error)).toMatch(
        /refused the integration's request while renewing access .* \(HTTP 400: ".+"\)\. This is a problem in the integration's OAuth settings, not in your account/,
      );
    },
  );

  it.each([408, 409, 423, 425])(
    'reports %i as temporary, keeping its status, never as an expired connection',
    async (status) => {
      tokenEndpoint().post('/api/oauth/token').reply(status, { error: 'try later' });
      const error = await refreshing();
      expect(error.name).not.toBe('ExpiredAuthError');
      expect(envelopeOf(error)).toEqual({
        message:
          'The landing-page service could not finish while renewing access to your ' +
          `landing-page account just now (HTTP ${status}). The service said: "try later". ` +
          'This is usually temporary: try again in a few minutes.',
        code: 'service_busy',
        status,
      });
    },
  );

  it('waits as the service asks on 429, in words', async () => {
    tokenEndpoint()
      .post('/api/oauth/token')
      .reply(429, { error: 'slow down' }, { 'Retry-After': '45' });
    const error = await refreshing();
    expect(error.name).toBe('ThrottledError');
    expect(JSON.parse(error.message)).toEqual({
      message:
        'Renewing access to your landing-page account: the landing-page service asked Zapier ' +
        'to slow down (HTTP 429). Zapier tries again shortly; nothing needs doing.',
      delay: 45,
    });
  });

  it.each([502, 504])('reports %i as temporary, with its status', async (status) => {
    tokenEndpoint().post('/api/oauth/token').reply(status, '');
    const error = await refreshing();
    expect(envelopeOf(error)).toMatchObject({ code: 'service_unavailable', status });
  });

  it.each(['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT'])(
    'reports a request that got no answer (%s) as temporary, with no status',
    async (code) => {
      tokenEndpoint()
        .post('/api/oauth/token')
        .replyWithError(Object.assign(new Error(`${code} here`), { code }));
      const error = await refreshing();
      expect(error.name).not.toBe('ExpiredAuthError');
      const envelope = envelopeOf(error);
      expect(envelope.code).toBe('service_unreachable');
      expect(envelope.status).toBeUndefined();
      expect(envelope.message).toMatch(
        new RegExp(
          `^Zapier could not reach the landing-page service while renewing access to your landing-page account \\(${code}\\): .*This is usually temporary: try again in a few minutes\\.$`,
        ),
      );
      expect(error.message).not.toContain(REFRESH_TOKEN);
      expect(error.message).not.toContain(TEST_ENV.CLIENT_SECRET);
    },
  );

  it('reports an unreadable 200 as what it is, never as an expired connection', async () => {
    tokenEndpoint().post('/api/oauth/token').reply(200, '<html>maintenance</html>', {
      'Content-Type': 'text/html',
    });
    const error = await refreshing();
    expect(envelopeOf(error)).toMatchObject({ code: 'unreadable_answer', status: 200 });
  });
});

describe('connection test and label', () => {
  it('calls userinfo with the bearer token and returns what it says, with the label', async () => {
    oauthHost({
      reqheaders: { authorization: `Bearer ${ACCESS_TOKEN}`, accept: 'application/json' },
    })
      .get('/api/oauth/userinfo')
      .reply(200, USER_INFO);

    const result = await secretTester(secretAuth.test, { authData });

    expect(result).toEqual({
      ...USER_INFO,
      connection_label: 'Ada Lovelace (ada@example.org) · Spring Launch',
    });
  });

  it('labels the connection from what the test returns', () => {
    // Zapier (and `zapier-platform invoke auth label`) fill the template from the test result.
    expect(secretAuth.connectionLabel).toBe('{{connection_label}}');
    expect(secretModeApp.authentication?.connectionLabel).toBe('{{connection_label}}');
  });

  it.each([
    [
      { user: { email: 'ada@example.org' }, project: { name: 'Spring Launch' } },
      'ada@example.org · Spring Launch',
    ],
    [{ user: { firstName: 'Ada', lastName: ' ' } }, 'Ada'],
    [{ project: { id: 'prj_1', name: 'Spring Launch' } }, 'Spring Launch'],
    [{ user: { id: 'usr_1' }, project: { id: 'prj_1' } }, 'Landing-page account'],
    ['not an object', 'Landing-page account'],
  ])('builds the label from the parts it has: %j', (info, expected) => {
    expect(labelFor(info)).toBe(expected);
  });

  it('lets core refresh on 401', async () => {
    oauthHost().get('/api/oauth/userinfo').reply(401, { error: 'token expired' });

    const error = await failureOf(secretTester(secretAuth.test, { authData }));
    expect(error.name).toBe('RefreshAuthError');
  });

  it.each(['ECONNREFUSED'])(
    'explains a connection test that got no answer (%s)',
    async (code) => {
      oauthHost()
        .get('/api/oauth/userinfo')
        .replyWithError(Object.assign(new Error('refused'), { code }));
      const error = await failureOf(secretTester(secretAuth.test, { authData }));
      expect(envelopeOf(error).code).toBe('service_unreachable');
    },
  );

  it('lets core throttle on 429, honouring Retry-After', async () => {
    oauthHost()
      .get('/api/oauth/userinfo')
      .reply(429, { error: 'slow down' }, { 'Retry-After': '30' });

    const error = await failureOf(secretTester(secretAuth.test, { authData }));
    expect(error.name).toBe('ThrottledError');
    expect(JSON.parse(error.message)).toMatchObject({ delay: 30 });
  });

  it('explains a missing scope', async () => {
    oauthHost()
      .get('/api/oauth/userinfo')
      .reply(403, { error: 'Missing scope user.read' });

    const error = await failureOf(secretTester(secretAuth.test, { authData }));
    expect(envelopeOf(error).code).toBe('access_refused');
    expect(shownMessage(error)).toBe(
      'The landing-page service refused access while checking your landing-page connection ' +
        '(HTTP 403). The service said: "Missing scope user.read". Reconnect your landing-page ' +
        'account and approve every permission the app asks for.',
    );
  });

  it('names the status when an error has no explanation', async () => {
    oauthHost()
      .get('/api/oauth/userinfo')
      .reply(404, '', { 'Content-Type': 'text/plain' });

    const error = await failureOf(secretTester(secretAuth.test, { authData }));
    expect(shownMessage(error)).toMatch(
      /refused while checking .* \(HTTP 404\) and sent no explanation \(text\/plain\)/,
    );
  });

  it('never puts a token into a message, even when the service echoes it', async () => {
    oauthHost()
      .get('/api/oauth/userinfo')
      .reply(400, {
        error: `bad token ${ACCESS_TOKEN}`,
        error_description: `refresh ${REFRESH_TOKEN}`,
      });

    const error = await failureOf(secretTester(secretAuth.test, { authData }));
    expect(error.message).not.toContain(ACCESS_TOKEN);
    expect(error.message).not.toContain(REFRESH_TOKEN);
    expect(shownMessage(error)).toContain('bad token [redacted]: refresh [redacted]');
  });
});
