/** Connecting the account: authorize URL, consent, code exchange, connection test and label. */
import { randomBytes } from 'node:crypto';

import { PAID_PROJECT, ZAPIER_REDIRECT_URI } from '../../sandbox/seed';
import { clickApprove, pkcePair } from '../../harness/consent';
import type { PkcePair } from '../../harness/consent';
import { fingerprint } from '../fingerprint';
import type { StepOutcome } from '../transcript';
import type { BuiltApp } from '../../harness/zapier/built-app';
import { ZapierAuth } from '../../harness/zapier/auth';

/** What Zapier sends the person to, and keeps for the exchange. */
export interface AuthorizeRequest {
  url: URL;
  state: string;
  /** With PKCE: what Zapier adds to the URL and keeps for the exchange. */
  pkce?: PkcePair;
}

export async function buildAuthorizeUrl(
  app: BuiltApp,
): Promise<StepOutcome<AuthorizeRequest>> {
  const state = randomBytes(16).toString('base64url');
  const url = new URL(await app.authorizeUrl(ZAPIER_REDIRECT_URI, state));
  const pkce = app.pkce ? pkcePair() : undefined;
  if (pkce) {
    // What Zapier adds itself when enablePkce is on.
    url.searchParams.set('code_challenge', pkce.challenge);
    url.searchParams.set('code_challenge_method', 'S256');
  }
  return {
    value: { url, state, ...(pkce ? { pkce } : {}) },
    line:
      `Authorize URL ${url.origin}${url.pathname} asks for scope ${url.searchParams.get('scope') ?? '?'}` +
      (pkce ? ' with an S256 code challenge' : ''),
  };
}

/** Ada (the sandbox's default user, on the paid project) clicks Approve. */
export async function adaApproves(
  request: AuthorizeRequest,
): Promise<StepOutcome<string>> {
  const { code, consentPage } = await clickApprove(request.url, ZAPIER_REDIRECT_URI);
  if (!consentPage.includes(PAID_PROJECT.name)) {
    throw new Error(`the consent page did not name the project ${PAID_PROJECT.name}`);
  }
  return {
    value: code,
    line: `Ada Lovelace approved on the consent page of ${PAID_PROJECT.name}; redirected back with a code and the same state`,
  };
}

export async function exchangeCode(
  app: BuiltApp,
  request: AuthorizeRequest,
  code: string,
  accessTokenTtlSeconds: number,
  onAutoRefresh: () => void,
): Promise<StepOutcome<ZapierAuth>> {
  const tokens = await app.exchangeCode({
    code,
    state: request.state,
    redirect_uri: ZAPIER_REDIRECT_URI,
    ...(request.pkce ? { code_verifier: request.pkce.verifier } : {}),
  });
  return {
    value: new ZapierAuth(app, tokens, accessTokenTtlSeconds, onAutoRefresh),
    line:
      `Code exchanged with ${request.pkce ? 'code_verifier' : 'client_secret'}: access token ` +
      `${fingerprint(tokens.access_token)} (expires in ${accessTokenTtlSeconds} s), ` +
      `refresh token ${fingerprint(tokens.refresh_token)}`,
  };
}

export async function testConnection(
  app: BuiltApp,
  auth: ZapierAuth,
): Promise<StepOutcome<string>> {
  const label = await auth.withRefresh(async (authData) =>
    app.connectionLabel(await app.testConnection(authData)),
  );
  return {
    value: label,
    line: `Connection test passed; Zapier labels the connection "${label}"`,
  };
}
