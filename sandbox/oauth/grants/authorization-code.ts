/**
 * service-interface.md#token-exchange, RFC 6749 §4.1.3: the code exchange, as named checks in the order they
 * run. Exactly one client authentication method (the client secret, in the
 * body or with HTTP Basic, or the PKCE verifier); a code is single-use and
 * bound to its client and redirect URI; a replayed code revokes what it
 * produced.
 */
import type { SandboxContext } from '../../context';
import type { AuthorizationCode, RegisteredClient } from '../../store';
import { authenticateClient } from '../client-authentication';
import { invalidGrant, invalidRequest } from '../errors';
import { verifierMatches } from '../pkce';
import { sameRedirectUri } from '../redirect-uri';
import { issueTokens, requirePaidPlan } from './issue-tokens';
import type { TokenAnswer } from './issue-tokens';
import { requireClientId, requireParameters } from './parameters';
import type { TokenRequest } from './parameters';

/** service-interface.md#token-exchange: the client secret or the PKCE verifier, never both, never neither. */
function requireOneAuthenticationMethod(
  secret: string | undefined,
  verifier: string | undefined,
): void {
  if ((secret === undefined) === (verifier === undefined)) {
    throw invalidRequest(
      'Send exactly one client authentication method: client_secret or code_verifier',
    );
  }
}

/** The code, if it exists and was issued to this client (another client's code is unknown to it). */
function findCode(
  context: SandboxContext,
  value: string,
  client: RegisteredClient,
): AuthorizationCode {
  const grant = context.store.clientsAndTokens.code(value);
  if (grant === undefined || grant.clientId !== client.id) {
    throw invalidGrant('unknown authorization code');
  }
  return grant;
}

/**
 * The client proves itself the way the authorization asked before the code
 * is touched: whoever only holds a (leaked) code can neither burn it nor
 * revoke the connection it produced.
 */
function checkPkce(grant: AuthorizationCode, verifier: string | undefined): void {
  if (grant.codeChallenge !== null) {
    if (verifier === undefined) {
      throw invalidGrant('this authorization used PKCE, send code_verifier');
    }
    if (!verifierMatches(verifier, grant.codeChallenge)) {
      throw invalidGrant('code_verifier does not match the code_challenge');
    }
  } else if (verifier !== undefined) {
    throw invalidGrant('this authorization did not use PKCE, send client_secret');
  }
}

/** A replayed code: the tokens it produced are no longer trusted either. Else it is used now. */
function checkReplay(context: SandboxContext, grant: AuthorizationCode): void {
  const now = context.now();
  if (grant.usedAt !== null) {
    context.store.clientsAndTokens.revokeFamily(grant.code, now);
    throw invalidGrant('the authorization code was already used');
  }
  context.store.clientsAndTokens.markCodeUsed(grant.code, now);
}

function checkExpiry(context: SandboxContext, grant: AuthorizationCode): void {
  if (grant.expiresAt <= context.now()) {
    throw invalidGrant('the authorization code has expired');
  }
}

function checkRedirectUri(grant: AuthorizationCode, redirectUri: string): void {
  if (!sameRedirectUri(grant.redirectUri, redirectUri)) {
    throw invalidGrant('redirect_uri differs from the authorization request');
  }
}

export function authorizationCodeGrant(
  context: SandboxContext,
  request: TokenRequest,
): TokenAnswer {
  const { code, redirect_uri: redirectUri } = requireParameters(request.parameters, [
    'code',
    'redirect_uri',
  ]);
  const presented = requireClientId(request);
  const verifier = request.parameters.code_verifier;
  requireOneAuthenticationMethod(presented.secret, verifier);
  const client = authenticateClient(context.store, presented);
  const grant = findCode(context, code, client);
  checkPkce(grant, verifier);
  checkReplay(context, grant);
  checkExpiry(context, grant);
  checkRedirectUri(grant, redirectUri);
  requirePaidPlan(context, grant.userId);
  return {
    ...issueTokens(context, {
      clientId: client.id,
      userId: grant.userId,
      scopes: grant.scopes,
      pkce: grant.codeChallenge !== null,
      fromCode: grant.code,
    }),
    scope: grant.scopes.join(' '),
  };
}
