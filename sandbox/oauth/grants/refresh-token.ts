/**
 * service-interface.md#token-refresh, RFC 6749 §6: refreshing. Refresh tokens rotate; a rotated one works
 * on for a grace (a concurrent or retried refresh of its own holder), and
 * its reuse after that revokes the whole family (RFC 9700 §4.14.2).
 */
import type { SandboxContext } from '../../context';
import type { RegisteredClient, Token } from '../../store';
import { authenticateClient } from '../client-authentication';
import { invalidClient, invalidGrant } from '../errors';
import { issueAccessToken, issueTokens, requirePaidPlan } from './issue-tokens';
import type { Family, TokenAnswer } from './issue-tokens';
import { requireClientId, requireParameters } from './parameters';
import type { TokenRequest } from './parameters';

function findRefreshToken(
  context: SandboxContext,
  value: string,
  client: RegisteredClient,
): Token {
  const token = context.store.clientsAndTokens.token(value, 'refresh');
  if (token === undefined || token.clientId !== client.id) {
    throw invalidGrant('unknown refresh token');
  }
  return token;
}

/** Without PKCE, the client secret is required (and checked before anything is revoked). */
function requireSecretUnlessPkce(token: Token, secret: string | undefined): void {
  if (!token.pkce && secret === undefined) {
    throw invalidClient('Client authentication failed: client_secret is required');
  }
}

/** A revoked token used again: whoever holds the family is not to be trusted. */
function checkRevoked(context: SandboxContext, token: Token): void {
  if (token.revokedAt !== null) {
    context.store.clientsAndTokens.revokeFamily(token.fromCode, context.now());
    throw invalidGrant('the refresh token was revoked or already used');
  }
}

/**
 * A refresh token used again after its rotation. Within the grace (counted
 * from the rotation) it is a concurrent or retried refresh of its own holder.
 * After it, a reuse: the whole family is revoked, since a thief or the
 * victim presented a token the other already used.
 */
function isWithinGrace(context: SandboxContext, token: Token): boolean {
  if (token.rotatedAt === null) {
    return false;
  }
  if (
    context.now() <
    token.rotatedAt + context.settings.refreshTokenGraceSeconds * 1000
  ) {
    return true;
  }
  context.store.clientsAndTokens.revokeFamily(token.fromCode, context.now());
  throw invalidGrant(
    'the refresh token was already used; every token of this connection is revoked',
  );
}

export function refreshTokenGrant(
  context: SandboxContext,
  request: TokenRequest,
): TokenAnswer {
  const { refresh_token: value } = requireParameters(request.parameters, [
    'refresh_token',
  ]);
  const presented = requireClientId(request);
  const client = authenticateClient(context.store, presented);
  const token = findRefreshToken(context, value, client);
  requireSecretUnlessPkce(token, presented.secret);
  checkRevoked(context, token);
  const withinGrace = isWithinGrace(context, token);
  requirePaidPlan(context, token.userId);
  const { userId, scopes, pkce, fromCode } = token;
  const family: Family = { clientId: client.id, userId, scopes, pkce, fromCode };
  if (withinGrace) {
    // The same connection asking again: a new access token, and the refresh
    // token its rotation already issued (the newest of the family).
    const newest = context.store.clientsAndTokens.newestRotationOf(token);
    return issueAccessToken(context, family, newest.token);
  }
  // Rotation: a new refresh token; this one works on only for the grace.
  return issueTokens(context, family, token);
}
