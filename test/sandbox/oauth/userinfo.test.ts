/** sandbox/oauth/userinfo.ts: who connected and which project (service-interface.md#user-information). */
import { ADAS_USERINFO, useSandbox } from '../helpers';
import { bearer, connect, get } from '../../../harness/sandbox-client';
import type { TestSandbox } from '../helpers';

const fixture = useSandbox(
  { settings: { accessTokenTtlSeconds: 60 }, listen: false },
  { connected: false },
);
let sandbox: TestSandbox;
beforeEach(() => {
  ({ sandbox } = fixture);
});

describe('GET /api/oauth/userinfo', () => {
  it('answers who and which project', async () => {
    const response = await get(
      sandbox,
      '/api/oauth/userinfo',
      bearer(await connect(sandbox)),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(ADAS_USERINFO);
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
