/** sandbox/oauth/authorize.ts: the consent page and the person's decision (service-interface.md#authorization). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

import { FREE_USER } from '../../../sandbox/seed';
import { redirectQuery, testSandbox, useSandbox } from '../helpers';
import {
  REDIRECT_URI,
  authorizeParams,
  get,
  postForm,
} from '../../../harness/sandbox-client';
import { consentIdOf } from '../../../harness/consent';
import type { TestSandbox } from '../helpers';

const fixture = useSandbox(
  { settings: { accessTokenTtlSeconds: 60 }, listen: false },
  { connected: false },
);
let sandbox: TestSandbox;
beforeEach(() => {
  ({ sandbox } = fixture);
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

  it.each([
    ['no scope', undefined],
    ['an empty scope', ''],
    ['only commas', ' , '],
  ])(
    'grants the default scope, user.read, for %s (RFC 6749 §3.3)',
    async (_name, scope) => {
      const response = await get(
        sandbox,
        `/oauth/authorize?${authorizeParams(sandbox, { scope }).toString()}`,
      );
      const html = await response.text();
      expect(response.status).toBe(200);
      const granted = /<ul id="scopes">([\s\S]*?)<\/ul>/.exec(html)?.[1];
      expect(granted).toBe(
        '<li>Read your name and email address <span class="muted">(user.read)</span></li>',
      );
    },
  );

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
      `/oauth/authorize?${authorizeParams(sandbox, { state: script, client_id: `zapier${script}` }).toString()}`,
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
    expect(await response.text()).toContain(
      'redirect_uri was sent more than once: parameters must not be included more than once (RFC 6749 §3.1)',
    );
  });

  it('sends a repeated parameter back as invalid_request once the client and redirect URI check out', async () => {
    const response = await get(
      sandbox,
      `/oauth/authorize?${authorizeParams(sandbox).toString()}&scope=leads.read`,
    );
    expect(redirectQuery(response)).toEqual({
      error: 'invalid_request',
      error_description:
        'scope was sent more than once: parameters must not be included more than once (RFC 6749 §3.1)',
      state: authorizeParams(sandbox).get('state'),
    });
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

  it.each([
    ['state', 'x'.repeat(6000)],
    ['scope', `user.read,${'x'.repeat(2048)}`],
    ['response_type', 'c'.repeat(2049)],
    ['code_challenge', 'c'.repeat(2049)],
    ['code_challenge_method', 'S'.repeat(2049)],
    ['as', 'u'.repeat(2049)],
  ])(
    'sends an over-long %s back as invalid_request, with the state as sent',
    async (name, value) => {
      const params = authorizeParams(sandbox, { [name]: value });
      const response = await get(sandbox, `/oauth/authorize?${params.toString()}`);
      expect(redirectQuery(response)).toEqual({
        error: 'invalid_request',
        error_description: `${name} is longer than the 2048 characters the sandbox takes`,
        state: params.get('state'),
      });
    },
  );

  it.each(['client_id', 'redirect_uri'])(
    'shows an error page and never redirects for an over-long %s',
    async (name) => {
      const response = await get(
        sandbox,
        `/oauth/authorize?${authorizeParams(sandbox, { [name]: 'x'.repeat(2049) }).toString()}`,
      );
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      expect(await response.text()).toContain(
        `${name} is longer than the 2048 characters the sandbox takes`,
      );
    },
  );

  it('sends a user the sandbox does not have back as access_denied, with the state', async () => {
    const response = await get(
      sandbox,
      `/oauth/authorize?${authorizeParams(sandbox, { as: 'usr_nobody' }).toString()}`,
    );
    expect(redirectQuery(response)).toEqual({
      error: 'access_denied',
      error_description:
        'the sandbox has no such user to sign in as: as= takes usr_ada, usr_grace',
      state: 'state-123',
    });
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

  it('sends a free-plan project back with access_denied, saying why, and the state (RFC 6749 §4.1.2.1)', async () => {
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
    sandbox.stopClock(); // 599 s stay 599 s, however slow the requests
    const id = await openConsent();
    sandbox.advance(599);
    const response = await postForm(sandbox, '/oauth/authorize', {
      consent_id: id,
      decision: 'approve',
    });
    expect(redirectQuery(response).code).toMatch(/^code_/);
  });

  it('keeps at most maxPendingConsents pages awaiting an answer, dropping the oldest', async () => {
    const small = await testSandbox({
      settings: { maxPendingConsents: 3 },
      listen: false,
    });
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
      const upgraded = await testSandbox({ database, listen: false });
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

  it.each([
    [
      'a repeated decision',
      (id: string) => `consent_id=${id}&decision=approve&decision=deny`,
      'decision was sent more than once: parameters must not be included more than once (RFC 6749 §3.1)',
    ],
    [
      'an over-long decision',
      (id: string) => `consent_id=${id}&decision=${'a'.repeat(2049)}`,
      'decision is longer than the 2048 characters the sandbox takes',
    ],
  ])(
    'sends %s back as invalid_request with the state, and the consent is answered',
    async (_name, form, description) => {
      const id = await openConsent();
      const post = () =>
        sandbox.fetch(sandbox.url('/oauth/authorize'), {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: form(id),
          redirect: 'manual',
        });
      expect(redirectQuery(await post())).toEqual({
        error: 'invalid_request',
        error_description: description,
        state: 'state-123',
      });
      const again = await postForm(sandbox, '/oauth/authorize', {
        consent_id: id,
        decision: 'approve',
      });
      expect(again.status).toBe(400);
      expect(await again.text()).toContain('This request has expired');
    },
  );

  it.each([
    [
      'a repeated consent_id',
      (id: string) => `consent_id=${id}&consent_id=${id}&decision=approve`,
    ],
    ['an over-long consent_id', () => `consent_id=${'c'.repeat(2049)}&decision=approve`],
    ['an unknown consent_id', () => 'consent_id=consent_nobody&decision=approve'],
  ])('shows an error page for %s: no redirect URI is known', async (_name, form) => {
    const id = await openConsent();
    const response = await sandbox.fetch(sandbox.url('/oauth/authorize'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form(id),
      redirect: 'manual',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
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
