/** sandbox/oauth/token.ts: the code exchange, PKCE and refresh with rotation (service-interface.md#oauth). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

import { testSandbox, useSandbox } from '../helpers';
import {
  REDIRECT_URI,
  getAuthorizationCode,
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
  { settings: { accessTokenTtlSeconds: 60 }, listen: false },
  { connected: false },
);
let sandbox: TestSandbox;
beforeEach(() => {
  ({ sandbox } = fixture);
});

describe('POST /api/oauth/token, authorization code', () => {
  it('exchanges a code with the client secret', async () => {
    const response = await exchange(sandbox, await getAuthorizationCode(sandbox));
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
    const approval = await getAuthorizationCode(sandbox);
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
    const response = await exchange(sandbox, await getAuthorizationCode(sandbox), {
      client_secret: 'wrong',
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: 'invalid_client',
      error_description: 'Client authentication failed: wrong client_secret',
    });
  });

  it('makes codes single-use, and revokes what the first use produced', async () => {
    const approval = await getAuthorizationCode(sandbox);
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
      const approval = await getAuthorizationCode(sandbox);
      const first = (await (await exchange(sandbox, approval)).json()) as Tokens;
      const replay = await exchange(sandbox, { ...approval, ...approvalChange }, extra);
      expect([400, 401]).toContain(replay.status);
      const userinfo = await get(sandbox, '/api/oauth/userinfo', bearer(first));
      expect(userinfo.status).toBe(200);
    },
  );

  it('does not burn a code presented without the client authentication it needs', async () => {
    const approval = await getAuthorizationCode(sandbox);
    const withVerifier = await exchange(sandbox, {
      ...approval,
      verifier: 'v'.repeat(43),
    });
    expect(withVerifier.status).toBe(400);
    expect((await exchange(sandbox, approval)).status).toBe(200);
  });

  it('lets codes expire', async () => {
    const approval = await getAuthorizationCode(sandbox);
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
    const approval = await getAuthorizationCode(sandbox);
    const response = await exchange(sandbox, { ...approval, client: other });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'unknown authorization code',
    });
    expect((await exchange(sandbox, approval)).status).toBe(200);
  });

  it('requires the same redirect URI as the authorization', async () => {
    const response = await exchange(sandbox, await getAuthorizationCode(sandbox), {
      redirect_uri: 'https://zapier.com/dashboard/auth/oauth/return/App000000CLIAPI/',
    });
    expect(response.status).toBe(400);
  });

  it.each(['code', 'redirect_uri', 'client_id'])('requires %s', async (name) => {
    const approval = await getAuthorizationCode(sandbox);
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
    const response = await exchange(
      sandbox,
      await getAuthorizationCode(sandbox, { pkce: true }),
    );
    expect(response.status).toBe(200);
  });

  it('refuses a verifier that does not match the challenge', async () => {
    const approval = await getAuthorizationCode(sandbox, { pkce: true });
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
    const approval = await getAuthorizationCode(sandbox, { pkce: true });
    const first = (await (await exchange(sandbox, approval)).json()) as Tokens;
    const replay = await exchange(sandbox, { ...approval, verifier: 'w'.repeat(43) });
    expect(replay.status).toBe(400);
    expect((await get(sandbox, '/api/oauth/userinfo', bearer(first))).status).toBe(200);

    const unused = await getAuthorizationCode(sandbox, { pkce: true });
    const wrong = await exchange(sandbox, { ...unused, verifier: 'w'.repeat(43) });
    expect(wrong.status).toBe(400);
    expect((await exchange(sandbox, unused)).status).toBe(200);
  });

  it('refuses the client secret for a PKCE code, and a verifier for a plain one', async () => {
    const pkce = await getAuthorizationCode(sandbox, { pkce: true });
    const withSecret = await exchange(sandbox, { code: pkce.code });
    expect(withSecret.status).toBe(400);
    const plain = await getAuthorizationCode(sandbox);
    const withVerifier = await exchange(sandbox, {
      code: plain.code,
      verifier: 'v'.repeat(43),
    });
    expect(withVerifier.status).toBe(400);
  });
});

/** The sandbox's default grace for a rotated refresh token. */
const GRACE_SECONDS = 30;

describe('POST /api/oauth/token, refresh', () => {
  function refresh(tokens: Tokens, extra: Record<string, string> = {}) {
    return postForm(sandbox, '/api/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: sandbox.client.id,
      ...extra,
    });
  }

  it('rotates the refresh token and revokes the old one', async () => {
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
    'revokes the whole family when a rotated refresh token is used again after the grace (%s)',
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

      sandbox.advance(GRACE_SECONDS + 1);
      const replay = await refresh(first, secret);
      expect(replay.status).toBe(400);
      expect(await replay.json()).toEqual({
        error: 'invalid_grant',
        error_description:
          'the refresh token was already used; every token of this connection is revoked',
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
    sandbox.advance(GRACE_SECONDS + 1);
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

describe('POST /api/oauth/token, a refresh token within its grace', () => {
  const secret = () => ({ client_secret: sandbox.client.secret });
  const refresh = (tokens: Tokens, extra: Record<string, string> = secret()) =>
    postForm(sandbox, '/api/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: sandbox.client.id,
      ...extra,
    });
  const works = async (tokens: Tokens) =>
    (await get(sandbox, '/api/oauth/userinfo', bearer(tokens))).status;

  it.each([2, 10])(
    'answers %i concurrent refreshes with one token: one rotation, every access token works',
    async (count) => {
      const first = await connect(sandbox);
      const answers = await Promise.all(
        Array.from({ length: count }, () => refresh(first)),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(count).fill(200));
      const renewed = (await Promise.all(
        answers.map((answer) => answer.json()),
      )) as Tokens[];
      expect(new Set(renewed.map((tokens) => tokens.refresh_token)).size).toBe(1);
      expect(new Set(renewed.map((tokens) => tokens.access_token)).size).toBe(count);
      expect(await Promise.all(renewed.map(works))).toEqual(Array(count).fill(200));
      // The connection goes on with the one new refresh token.
      expect((await refresh(renewed[0]!)).status).toBe(200);
    },
  );

  it('answers a retry whose first answer was lost, with the same new refresh token', async () => {
    const first = await connect(sandbox);
    sandbox.stopClock(); // GRACE_SECONDS - 1 stays inside the grace, however slow the requests
    await refresh(first); // answered, but the answer never reached the client
    sandbox.advance(GRACE_SECONDS - 1);
    const retried = await refresh(first);
    expect(retried.status).toBe(200);
    const renewed = (await retried.json()) as Tokens;
    expect(await works(renewed)).toBe(200);
    expect((await refresh(renewed)).status).toBe(200);
  });

  it('hands out the newest refresh token of the family when the successor rotated already', async () => {
    const first = await connect(sandbox);
    const second = (await (await refresh(first)).json()) as Tokens;
    const third = (await (await refresh(second)).json()) as Tokens;
    const late = (await (await refresh(first)).json()) as Tokens;
    expect(late.refresh_token).toBe(third.refresh_token);
    expect(await works(late)).toBe(200);
  });

  it('counts the grace from the rotation, not from each use', async () => {
    const first = await connect(sandbox);
    await refresh(first);
    sandbox.advance(GRACE_SECONDS / 2);
    expect((await refresh(first)).status).toBe(200);
    sandbox.advance(GRACE_SECONDS / 2 + 1);
    expect((await refresh(first)).status).toBe(400);
  });

  it('refuses the token to another client, and without the client secret, within the grace', async () => {
    const first = await connect(sandbox);
    await refresh(first);
    expect((await refresh(first, {})).status).toBe(401);
    expect(
      (await refresh(first, { client_id: 'another-client', client_secret: 'x' })).status,
    ).toBe(401);
  });

  it('refuses it once the family is revoked, grace or not', async () => {
    const first = await connect(sandbox);
    const second = (await (await refresh(first)).json()) as Tokens;
    await refresh(second);
    sandbox.advance(GRACE_SECONDS + 1);
    expect((await refresh(second)).status).toBe(400); // reuse: the family goes
    const third = (await (await refresh(first)).json()) as { error?: string };
    expect(third.error).toBe('invalid_grant');
  });
});

describe('POST /api/oauth/token, a grace that outlives a restart', () => {
  it('keeps a rotation and its grace in the database, and reads a database from before it', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'sandbox-grace-'));
    try {
      const database = join(directory, 'sandbox.db');
      // A sandbox from before the grace: its tokens table had no rotation columns.
      const old = new DatabaseSync(database);
      old.exec(`CREATE TABLE tokens (
        token TEXT PRIMARY KEY, kind TEXT NOT NULL, client_id TEXT NOT NULL, user_id TEXT NOT NULL,
        scopes TEXT NOT NULL, pkce INTEGER NOT NULL, from_code TEXT NOT NULL, expires_at INTEGER,
        revoked_at INTEGER)`);
      old.close();
      const refreshWith = (running: TestSandbox, tokens: Tokens) =>
        postForm(running, '/api/oauth/token', {
          grant_type: 'refresh_token',
          refresh_token: tokens.refresh_token,
          client_id: running.client.id,
          client_secret: running.client.secret,
        });
      const before = await testSandbox({ database, listen: false });
      const first = await connect(before);
      const renewed = (await (await refreshWith(before, first)).json()) as Tokens;
      await before.close();
      const after = await testSandbox({ database, listen: false });
      try {
        const retried = (await (await refreshWith(after, first)).json()) as Tokens;
        expect(retried.refresh_token).toBe(renewed.refresh_token);
      } finally {
        await after.close();
      }
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});

describe('POST /api/oauth/token, with no grace (strict rotation)', () => {
  const strict = useSandbox(
    { settings: { refreshTokenGraceSeconds: 0 }, listen: false },
    { connected: false },
  );

  it('revokes the family on the first reuse', async () => {
    const first = await connect(strict.sandbox);
    const rotate = () =>
      postForm(strict.sandbox, '/api/oauth/token', {
        grant_type: 'refresh_token',
        refresh_token: first.refresh_token,
        client_id: strict.sandbox.client.id,
        client_secret: strict.sandbox.client.secret,
      });
    const renewed = (await (await rotate()).json()) as Tokens;
    expect((await rotate()).status).toBe(400);
    expect(
      (await get(strict.sandbox, '/api/oauth/userinfo', bearer(renewed))).status,
    ).toBe(401);
  });
});
