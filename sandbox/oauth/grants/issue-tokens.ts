/**
 * What both grants answer: a new access token, and a refresh token of the
 * same family (all the tokens one authorization code produced). OAuth is for
 * projects on a paid plan (service-interface.md#access), checked at every grant.
 */
import type { SandboxContext } from '../../context';
import { randomId } from '../../random-id';
import type { Token } from '../../store';
import { invalidGrant } from '../errors';

/** The token response (service-interface.md#token-exchange): `scope` in the answer to the exchange only. */
export const TOKEN_RESPONSE = {
  type: 'object',
  required: ['access_token', 'token_type', 'expires_in', 'refresh_token'],
  properties: {
    access_token: { type: 'string' },
    token_type: { type: 'string' },
    expires_in: { type: 'integer' },
    refresh_token: { type: 'string' },
    scope: { type: 'string' },
  },
  additionalProperties: false,
} as const;

export interface TokenAnswer {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope?: string;
}

export type Family = Pick<Token, 'clientId' | 'userId' | 'scopes' | 'pkce' | 'fromCode'>;

const NOT_ROTATED = { revokedAt: null, rotatedAt: null, replacedBy: null };

export function requirePaidPlan(context: SandboxContext, userId: string): void {
  const user = context.store.accounts.user(userId);
  const project =
    user === undefined ? undefined : context.store.accounts.project(user.projectId);
  if (project?.plan !== 'paid') {
    throw invalidGrant('OAuth is available only to projects on a paid plan');
  }
}

function accessTokenOf(context: SandboxContext, family: Family): Token {
  return {
    ...family,
    ...NOT_ROTATED,
    token: randomId('at', 24),
    kind: 'access',
    expiresAt: context.now() + context.settings.accessTokenTtlSeconds * 1000,
  };
}

function answer(
  context: SandboxContext,
  access: Token,
  refreshToken: string,
): TokenAnswer {
  return {
    access_token: access.token,
    token_type: 'Bearer',
    expires_in: context.settings.accessTokenTtlSeconds,
    refresh_token: refreshToken,
  };
}

/** A new access and refresh token of `family`; `rotating`, the refresh token they replace. */
export function issueTokens(
  context: SandboxContext,
  family: Family,
  rotating?: Token,
): TokenAnswer {
  const access = accessTokenOf(context, family);
  const refresh: Token = {
    ...family,
    ...NOT_ROTATED,
    token: randomId('rt', 24),
    kind: 'refresh',
    expiresAt: null,
  };
  context.store.clientsAndTokens.addTokens(
    [access, refresh],
    rotating === undefined ? undefined : { token: rotating.token, at: context.now() },
  );
  return answer(context, access, refresh.token);
}

/** A new access token of `family`, beside the refresh token `refreshToken` it already has. */
export function issueAccessToken(
  context: SandboxContext,
  family: Family,
  refreshToken: string,
): TokenAnswer {
  const access = accessTokenOf(context, family);
  context.store.clientsAndTokens.addTokens([access]);
  return answer(context, access, refreshToken);
}
