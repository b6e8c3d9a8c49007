/** The access token expires: Zapier refreshes, the refresh token rotates, the old one is refused. */
import type { Sandbox } from '../../sandbox/server';
import { fingerprint } from '../fingerprint';
import { presentRefreshToken } from '../../harness/sandbox-client';
import type { StepOutcome } from '../transcript';
import type { Rotation, ZapierAuth } from '../../harness/zapier/auth';
import type { AuthData, BuiltApp } from '../../harness/zapier/built-app';
import { sleep } from '../../harness/eventually';

/** Waits out the access token, sees the 401, refreshes, and uses the new token. */
export async function refreshExpiredToken(
  app: BuiltApp,
  auth: ZapierAuth,
): Promise<StepOutcome<Rotation>> {
  await sleep(auth.msUntilExpiry() + 250);
  const test = (authData: AuthData) => app.testConnection(authData);
  if (!(await auth.isRefused(test))) {
    throw new Error('the sandbox still accepted the expired access token');
  }
  const rotation = await auth.refresh();
  if (rotation.after.refresh_token === rotation.before.refresh_token) {
    throw new Error('the refresh token was not rotated');
  }
  await test(auth.current);
  return {
    value: rotation,
    line:
      `Access token expired (401): refreshed, refresh token rotated ${fingerprint(rotation.before.refresh_token)} → ` +
      `${fingerprint(rotation.after.refresh_token)}; the new access token works`,
  };
}

/**
 * Presents the refresh token rotation replaced. Last of all: a server may
 * revoke the whole connection when a rotated-out token comes back.
 */
export async function refuseRotatedOutToken(
  sandbox: Sandbox,
  rotation: Rotation,
  pkce: boolean,
): Promise<StepOutcome<undefined>> {
  const status = await presentRefreshToken(sandbox, rotation.before.refresh_token, pkce);
  if (status !== 400) {
    throw new Error(`the rotated-out refresh token still works (HTTP ${status})`);
  }
  return {
    value: undefined,
    line: `The rotated-out refresh token ${fingerprint(rotation.before.refresh_token)} is refused (HTTP 400)`,
  };
}
