/** sandbox/oauth/token.ts: the code exchange, PKCE and refresh with rotation (§4.4, §4.5). */
import { useSandbox } from '../helpers';
import {
  REDIRECT_URI,
  approve,
  bearer,
  connect,
  exchange,
  get,
  postForm,
  postJson,
} from '../../../harness/sandbox-client';
import type { TestSandbox } from '../helpers';
import type { Tokens } from '../../../harness/sandbox-client';

const fixture = useSandbox(
  { settings: { accessTokenTtlSeconds: 60 } },
  { connected: false },
);
let sandbox: TestSandbox;
beforeEach(() => {
  ({ sandbox } = fixture);
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
    sandbox.context.store.clientsAndTokens.addClient(other);
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
