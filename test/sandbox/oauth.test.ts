import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

import { FREE_USER } from '../../sandbox/seed';
import { redirectQuery, testSandbox } from './helpers';
import {
  REDIRECT_URI,
  approve,
  authorizeParams,
  bearer,
  connect,
  exchange,
  get,
  postForm,
  postJson,
} from '../../harness/sandbox-client';
import { consentIdOf } from '../../harness/consent';
import type { TestSandbox } from './helpers';
import type { Tokens } from '../../harness/sandbox-client';

let sandbox: TestSandbox;

beforeEach(async () => {
  sandbox = await testSandbox({ settings: { accessTokenTtlSeconds: 60 } });
});

afterEach(async () => {
  await sandbox.close();
});

describe('GET /oauth/authorize', () => {
  it('shows a consent page with the project, the user and the requested scopes', async () => {
    const response = await get(
      sandbox,
      `/oauth/authorize?${authorizeParams(sandbox).toString()}`,
    );
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html).toContain(
      'Zapier wants to access <span id="project">Spring Launch</span>',
    );
    expect(html).toContain('Ada Lovelace');
    expect(html).toContain(
      'Read your name and email address <span class="muted">(user.read)</span>',
    );
    expect(html).toContain('Read your leads <span class="muted">(leads.read)</span>');
    expect(html).toMatch(/value="approve">Approve<\/button>/);
    expect(html).toMatch(/value="deny">Deny<\/button>/);
  });

  it('can be neither framed nor cached (RFC 6749 §10.13)', async () => {
    const response = await get(
      sandbox,
      `/oauth/authorize?${authorizeParams(sandbox).toString()}`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toBe(
      "frame-ancestors 'none'",
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('escapes what the request says, never reflecting it as HTML', async () => {
    const script = '<script>alert(1)</script>';
    const response = await get(
      sandbox,
      `/oauth/authorize?${authorizeParams(sandbox, { state: script, as: `usr_ada${script}` }).toString()}`,
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).not.toContain('<script>');
    const consent = await get(
      sandbox,
      `/oauth/authorize?${authorizeParams(sandbox, { state: script }).toString()}&x=${encodeURIComponent(script)}`,
    );
    expect(consent.status).toBe(200);
    expect(await consent.text()).not.toContain('<script>');
    // The one page that shows a value from the request: the lead just submitted.
    const home = await (
      await get(sandbox, `/_sandbox?lead=${encodeURIComponent(script)}`)
    ).text();
    expect(home).toContain('Lead <strong>&lt;script&gt;alert(1)&lt;/script&gt;</strong>');
    expect(home).not.toContain('<script>');
  });

  it('answers a repeated parameter with an error page, never a redirect', async () => {
    const response = await get(
      sandbox,
      `/oauth/authorize?${authorizeParams(sandbox).toString()}&redirect_uri=${encodeURIComponent('https://evil.example/cb')}`,
    );
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toContain('querystring/redirect_uri must be string');
  });

  it.each([
    'http://localhost:9000/callback',
    'http://localhost:9000?x=1',
    'http://localhost:9000#frag',
    'http://localhost:9001',
    'https://localhost:9000',
    'http://LOCALHOST:9000',
    'http://127.0.0.1:9000',
    'http://localhost:9000.evil.example',
    'http://localhost:9000@evil.example',
    'http://user@localhost:9000',
    'http://localhost:9000/..',
    'http://localhost:9000/%2e%2e',
    'http://localhost',
    ' http://localhost:9000',
    'http://localhost:9000 ',
    '//localhost:9000',
    'localhost:9000',
    'javascript:alert(1)',
  ])('refuses the redirect URI variant %j without redirecting', async (variant) => {
    const response = await get(
      sandbox,
      `/oauth/authorize?${authorizeParams(sandbox, { redirect_uri: variant }).toString()}`,
    );
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).toMatch(/Redirect address not allowed/);
  });

  it.each([
    ['an unknown client', { client_id: 'nobody' }, /Unknown application/],
    ['a missing client', { client_id: undefined }, /Unknown application/],
    [
      'a redirect URI not on the list',
      { redirect_uri: 'https://evil.example/cb' },
      /Redirect address not allowed/,
    ],
    [
      'a missing redirect URI',
      { redirect_uri: undefined },
      /Redirect address not allowed/,
    ],
  ])(
    'shows an error page and never redirects for %s',
    async (_name, overrides, message) => {
      const response = await get(
        sandbox,
        `/oauth/authorize?${authorizeParams(sandbox, overrides).toString()}`,
      );
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      expect(await response.text()).toMatch(message);
    },
  );

  it.each([
    [
      'response_type other than code',
      { response_type: 'token' },
      'unsupported_response_type',
    ],
    ['no scope', { scope: undefined }, 'invalid_request'],
    ['an unknown scope', { scope: 'user.read,admin' }, 'invalid_scope'],
    [
      'a plain PKCE method',
      { code_challenge: 'x'.repeat(43), code_challenge_method: 'plain' },
      'invalid_request',
    ],
    [
      'a PKCE method without challenge',
      { code_challenge_method: 'S256' },
      'invalid_request',
    ],
    [
      'a malformed challenge',
      { code_challenge: 'short', code_challenge_method: 'S256' },
      'invalid_request',
    ],
  ])('redirects back with an error for %s', async (_name, overrides, error) => {
    const response = await get(
      sandbox,
      `/oauth/authorize?${authorizeParams(sandbox, overrides).toString()}`,
    );
    expect(redirectQuery(response)).toMatchObject({ error, state: 'state-123' });
  });

  it('redirects with invalid_request and no state when state is missing', async () => {
    const response = await get(
      sandbox,
      `/oauth/authorize?${authorizeParams(sandbox, { state: undefined }).toString()}`,
    );
    const query = redirectQuery(response);
    expect(query.error).toBe('invalid_request');
    expect(query).not.toHaveProperty('state');
  });

  it('sends a free-plan project back with access_denied, saying why, and the state (§4.1.2.1)', async () => {
    const params = authorizeParams(sandbox);
    params.set('as', FREE_USER.id);
    const response = await get(sandbox, `/oauth/authorize?${params.toString()}`);
    expect(redirectQuery(response)).toEqual({
      error: 'access_denied',
      error_description:
        'OAuth is available only to projects on a paid plan: Hobby Page is on the free plan',
      state: 'state-123',
    });
  });
});

describe('POST /oauth/authorize (the consent decision)', () => {
  async function openConsent(): Promise<string> {
    const page = await get(
      sandbox,
      `/oauth/authorize?${authorizeParams(sandbox).toString()}`,
    );
    return consentIdOf(await page.text());
  }

  it('Approve redirects with a code and the same state', async () => {
    const response = await postForm(sandbox, '/oauth/authorize', {
      consent_id: await openConsent(),
      decision: 'approve',
    });
    const query = redirectQuery(response);
    expect(query.state).toBe('state-123');
    expect(query.code).toMatch(/^code_/);
  });

  it('Deny redirects with access_denied and the same state', async () => {
    const response = await postForm(sandbox, '/oauth/authorize', {
      consent_id: await openConsent(),
      decision: 'deny',
    });
    expect(redirectQuery(response)).toMatchObject({
      error: 'access_denied',
      state: 'state-123',
    });
  });

  it('lets a consent expire: an old page cannot be approved', async () => {
    const id = await openConsent();
    sandbox.advance(601);
    const response = await postForm(sandbox, '/oauth/authorize', {
      consent_id: id,
      decision: 'approve',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).toContain('This request has expired');
  });

  it('takes a consent answered in time', async () => {
    const id = await openConsent();
    sandbox.advance(599);
    const response = await postForm(sandbox, '/oauth/authorize', {
      consent_id: id,
      decision: 'approve',
    });
    expect(redirectQuery(response).code).toMatch(/^code_/);
  });

  it('keeps at most maxPendingConsents pages awaiting an answer, dropping the oldest', async () => {
    const small = await testSandbox({ settings: { maxPendingConsents: 3 } });
    try {
      const ids: string[] = [];
      for (let i = 0; i < 4; i += 1) {
        const page = await get(
          small,
          `/oauth/authorize?${authorizeParams(small).toString()}`,
        );
        ids.push(consentIdOf(await page.text()));
      }
      const answer = (id: string) =>
        postForm(small, '/oauth/authorize', { consent_id: id, decision: 'approve' });
      expect((await answer(ids[0]!)).status).toBe(400);
      expect(redirectQuery(await answer(ids[1]!)).code).toMatch(/^code_/);
      expect(redirectQuery(await answer(ids[3]!)).code).toMatch(/^code_/);
    } finally {
      await small.close();
    }
  });

  it('counts consent pages stored before consents expired as expired', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'sandbox-consents-'));
    try {
      const database = join(directory, 'sandbox.db');
      // A sandbox from before: its consents table had no expires_at.
      const old = new DatabaseSync(database);
      old.exec(
        `CREATE TABLE consents (id TEXT PRIMARY KEY, client_id TEXT NOT NULL, user_id TEXT NOT NULL,
           redirect_uri TEXT NOT NULL, scopes TEXT NOT NULL, state TEXT NOT NULL, code_challenge TEXT);
         INSERT INTO consents VALUES ('consent_old', '${sandbox.client.id}', 'usr_ada',
           '${REDIRECT_URI}', '["user.read"]', 'state-old', NULL);`,
      );
      old.close();
      const upgraded = await testSandbox({ database });
      try {
        const response = await postForm(upgraded, '/oauth/authorize', {
          consent_id: 'consent_old',
          decision: 'approve',
        });
        expect(response.status).toBe(400);
        expect(response.headers.get('location')).toBeNull();
      } finally {
        await upgraded.close();
      }
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('answers a consent only once', async () => {
    const id = await openConsent();
    const first = await postForm(sandbox, '/oauth/authorize', {
      consent_id: id,
      decision: 'approve',
    });
    expect(redirectQuery(first).code).toMatch(/^code_/);
    const again = await postForm(sandbox, '/oauth/authorize', {
      consent_id: id,
      decision: 'approve',
    });
    expect(again.status).toBe(400);
    expect(again.headers.get('location')).toBeNull();
  });
});

describe('POST /api/oauth/token, authorization code', () => {
  it('exchanges a code with the client secret (§4.4)', async () => {
    const response = await exchange(sandbox, await approve(sandbox));
    const body = (await response.json()) as Tokens;
    expect(response.status).toBe(200);
    expect(body).toEqual({
      access_token: expect.stringMatching(/^at_/) as unknown,
      token_type: 'Bearer',
      expires_in: 60,
      refresh_token: expect.stringMatching(/^rt_/) as unknown,
      scope: 'user.read leads.read',
    });
  });

  it('requires exactly one client authentication method', async () => {
    const approval = await approve(sandbox);
    const both = await exchange(sandbox, approval, { code_verifier: 'v'.repeat(43) });
    expect(both.status).toBe(400);
    expect(await both.json()).toEqual({
      error: 'invalid_request',
      error_description:
        'Send exactly one client authentication method: client_secret or code_verifier',
    });
    const neither = await postForm(sandbox, '/api/oauth/token', {
      grant_type: 'authorization_code',
      code: approval.code,
      redirect_uri: REDIRECT_URI,
      client_id: sandbox.client.id,
    });
    expect(neither.status).toBe(400);
  });

  it('refuses a wrong client secret with 401', async () => {
    const response = await exchange(sandbox, await approve(sandbox), {
      client_secret: 'wrong',
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: 'invalid_client',
      error_description: 'Client authentication failed: wrong client_secret',
    });
  });

  it('makes codes single-use, and revokes what the first use produced', async () => {
    const approval = await approve(sandbox);
    const first = (await (await exchange(sandbox, approval)).json()) as Tokens;
    const second = await exchange(sandbox, approval);
    expect(second.status).toBe(400);
    expect(await second.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'the authorization code was already used',
    });
    const userinfo = await get(sandbox, '/api/oauth/userinfo', bearer(first));
    expect(userinfo.status).toBe(401);
  });

  it.each([
    ['a verifier instead of the secret', { verifier: 'v'.repeat(43) }, {}],
    ['a wrong secret', {}, { client_secret: 'wrong' }],
  ])(
    'lets a used code presented with %s revoke nothing',
    async (_what, approvalChange, extra) => {
      const approval = await approve(sandbox);
      const first = (await (await exchange(sandbox, approval)).json()) as Tokens;
      const replay = await exchange(sandbox, { ...approval, ...approvalChange }, extra);
      expect([400, 401]).toContain(replay.status);
      const userinfo = await get(sandbox, '/api/oauth/userinfo', bearer(first));
      expect(userinfo.status).toBe(200);
    },
  );

  it('does not burn a code presented without the client authentication it needs', async () => {
    const approval = await approve(sandbox);
    const withVerifier = await exchange(sandbox, {
      ...approval,
      verifier: 'v'.repeat(43),
    });
    expect(withVerifier.status).toBe(400);
    expect((await exchange(sandbox, approval)).status).toBe(200);
  });

  it('lets codes expire', async () => {
    const approval = await approve(sandbox);
    sandbox.advance(61);
    const response = await exchange(sandbox, approval);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'the authorization code has expired',
    });
  });

  it('binds a code to the client it was issued to', async () => {
    const other = {
      id: 'other-app',
      secret: 'other-app-secret',
      name: 'Other App',
      redirectUris: [REDIRECT_URI],
    };
    sandbox.context.store.oauth.addClient(other);
    const approval = await approve(sandbox);
    const response = await exchange(sandbox, { ...approval, client: other });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'unknown authorization code',
    });
    expect((await exchange(sandbox, approval)).status).toBe(200);
  });

  it('requires the same redirect URI as the authorization', async () => {
    const response = await exchange(sandbox, await approve(sandbox), {
      redirect_uri: 'https://zapier.com/dashboard/auth/oauth/return/App000000CLIAPI/',
    });
    expect(response.status).toBe(400);
  });

  it.each(['code', 'redirect_uri', 'client_id'])('requires %s', async (name) => {
    const approval = await approve(sandbox);
    const fields: Record<string, string> = {
      grant_type: 'authorization_code',
      code: approval.code,
      redirect_uri: REDIRECT_URI,
      client_id: sandbox.client.id,
      client_secret: sandbox.client.secret,
    };
    delete fields[name];
    const response = await postForm(sandbox, '/api/oauth/token', fields);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'invalid_request',
      error_description: `${name} is required`,
    });
  });

  it('takes form bodies only, and known grant types only', async () => {
    const json = await postJson(sandbox, '/api/oauth/token', {
      grant_type: 'refresh_token',
    });
    expect(json.status).toBe(400);
    const unknown = await postForm(sandbox, '/api/oauth/token', {
      grant_type: 'password',
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({
      error: 'unsupported_grant_type',
      error_description: 'grant_type must be authorization_code or refresh_token',
    });
  });
});

describe('PKCE (S256)', () => {
  it('exchanges a PKCE code with its verifier and no secret', async () => {
    const response = await exchange(sandbox, await approve(sandbox, { pkce: true }));
    expect(response.status).toBe(200);
  });

  it('refuses a verifier that does not match the challenge', async () => {
    const approval = await approve(sandbox, { pkce: true });
    const response = await exchange(sandbox, {
      code: approval.code,
      verifier: 'w'.repeat(43),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'code_verifier does not match the code_challenge',
    });
  });

  it('lets a used PKCE code with a wrong verifier revoke nothing, and burns no unused one', async () => {
    const approval = await approve(sandbox, { pkce: true });
    const first = (await (await exchange(sandbox, approval)).json()) as Tokens;
    const replay = await exchange(sandbox, { ...approval, verifier: 'w'.repeat(43) });
    expect(replay.status).toBe(400);
    expect((await get(sandbox, '/api/oauth/userinfo', bearer(first))).status).toBe(200);

    const unused = await approve(sandbox, { pkce: true });
    const wrong = await exchange(sandbox, { ...unused, verifier: 'w'.repeat(43) });
    expect(wrong.status).toBe(400);
    expect((await exchange(sandbox, unused)).status).toBe(200);
  });

  it('refuses the client secret for a PKCE code, and a verifier for a plain one', async () => {
    const pkce = await approve(sandbox, { pkce: true });
    const withSecret = await exchange(sandbox, { code: pkce.code });
    expect(withSecret.status).toBe(400);
    const plain = await approve(sandbox);
    const withVerifier = await exchange(sandbox, {
      code: plain.code,
      verifier: 'v'.repeat(43),
    });
    expect(withVerifier.status).toBe(400);
  });
});

describe('POST /api/oauth/token, refresh', () => {
  function refresh(tokens: Tokens, extra: Record<string, string> = {}) {
    return postForm(sandbox, '/api/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: sandbox.client.id,
      ...extra,
    });
  }

  it('rotates the refresh token and revokes the old one (§4.5)', async () => {
    const tokens = await connect(sandbox);
    const response = await refresh(tokens, { client_secret: sandbox.client.secret });
    const renewed = (await response.json()) as Tokens;
    expect(response.status).toBe(200);
    expect(renewed).toEqual({
      access_token: expect.stringMatching(/^at_/) as unknown,
      token_type: 'Bearer',
      expires_in: 60,
      refresh_token: expect.stringMatching(/^rt_/) as unknown,
    });
    expect(renewed.refresh_token).not.toBe(tokens.refresh_token);

    const next = await refresh(renewed, { client_secret: sandbox.client.secret });
    expect(next.status).toBe(200);
  });

  it.each([
    ['client-secret', false],
    ['PKCE', true],
  ])(
    'revokes the whole family when a rotated refresh token is used again (%s)',
    async (_mode, pkce) => {
      const secret: Record<string, string> = pkce
        ? {}
        : { client_secret: sandbox.client.secret };
      const first = await connect(sandbox, { pkce });
      const second = (await (await refresh(first, secret)).json()) as Tokens;
      const newest = (await (await refresh(second, secret)).json()) as Tokens;
      expect((await get(sandbox, '/api/oauth/userinfo', bearer(newest))).status).toBe(
        200,
      );

      const replay = await refresh(first, secret);
      expect(replay.status).toBe(400);
      expect(await replay.json()).toEqual({
        error: 'invalid_grant',
        error_description: 'the refresh token was revoked or already used',
      });
      const userinfo = await get(sandbox, '/api/oauth/userinfo', bearer(newest));
      expect(userinfo.status).toBe(401);
      expect(await userinfo.json()).toEqual({ error: 'Invalid access token' });
      expect((await refresh(newest, secret)).status).toBe(400);
    },
  );

  it('keeps other families working when one is revoked', async () => {
    const secret = { client_secret: sandbox.client.secret };
    const stolen = await connect(sandbox);
    const other = await connect(sandbox);
    await refresh(stolen, secret);
    expect((await refresh(stolen, secret)).status).toBe(400);
    expect((await get(sandbox, '/api/oauth/userinfo', bearer(other))).status).toBe(200);
    expect((await refresh(other, secret)).status).toBe(200);
  });

  it('does not let a reused token without the client secret revoke a client-secret family', async () => {
    const secret = { client_secret: sandbox.client.secret };
    const first = await connect(sandbox);
    const renewed = (await (await refresh(first, secret)).json()) as Tokens;
    expect((await refresh(first)).status).toBe(401);
    expect((await get(sandbox, '/api/oauth/userinfo', bearer(renewed))).status).toBe(200);
  });

  it('needs the client secret when PKCE was not used', async () => {
    const response = await refresh(await connect(sandbox));
    expect(response.status).toBe(401);
  });

  it('needs no client secret when PKCE was used', async () => {
    const response = await refresh(await connect(sandbox, { pkce: true }));
    expect(response.status).toBe(200);
  });

  it('refuses an unknown refresh token', async () => {
    const response = await postForm(sandbox, '/api/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: 'rt_nope',
      client_id: sandbox.client.id,
      client_secret: sandbox.client.secret,
    });
    expect(response.status).toBe(400);
  });
});

describe('GET /api/oauth/userinfo', () => {
  it('answers who and which project (§4.6)', async () => {
    const response = await get(
      sandbox,
      '/api/oauth/userinfo',
      bearer(await connect(sandbox)),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      user: {
        id: 'usr_ada',
        email: 'ada@example.org',
        firstName: 'Ada',
        lastName: 'Lovelace',
        image: expect.stringMatching(/^https:\/\//) as unknown,
      },
      project: { id: 'prj_spring', name: 'Spring Launch' },
    });
  });

  it('needs the user.read scope', async () => {
    const tokens = await connect(sandbox, { scope: 'leads.read' });
    const response = await get(sandbox, '/api/oauth/userinfo', bearer(tokens));
    expect(response.status).toBe(403);
    expect(response.headers.get('www-authenticate')).toBe(
      'Bearer realm="landing-page-sandbox", error="insufficient_scope", scope="user.read"',
    );
    expect(await response.json()).toEqual({
      error: 'The access token lacks the user.read scope',
    });
  });

  it('refuses a missing, unknown or expired token with 401 and a Bearer challenge (RFC 6750 §3)', async () => {
    const tokens = await connect(sandbox);
    const missing = await get(sandbox, '/api/oauth/userinfo');
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe(
      'Bearer realm="landing-page-sandbox"',
    );
    const unknown = await get(sandbox, '/api/oauth/userinfo', {
      Authorization: 'Bearer at_nope',
    });
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get('www-authenticate')).toBe(
      'Bearer realm="landing-page-sandbox", error="invalid_token"',
    );
    sandbox.advance(61);
    const expired = await get(sandbox, '/api/oauth/userinfo', bearer(tokens));
    expect(expired.status).toBe(401);
    expect(expired.headers.get('www-authenticate')).toBe(
      'Bearer realm="landing-page-sandbox", error="invalid_token"',
    );
    expect(await expired.json()).toEqual({ error: 'The access token has expired' });
  });
});
