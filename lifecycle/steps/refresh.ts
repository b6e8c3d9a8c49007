/**
 * The access token expires: two Zap runs refresh at the same moment, the
 * refresh token rotates once and both runs go on; after the grace, the
 * rotated-out token is refused and its family revoked.
 */
import type { Sandbox } from '../../sandbox/server';
import { fingerprint } from '../fingerprint';
import { presentRefreshToken } from '../../harness/sandbox-client';
import type { StepOutcome } from '../transcript';
import type { Rotation, ZapierAuth } from '../../harness/zapier/auth';
import type { BundleAuthData, BuiltApp } from '../../harness/zapier/built-app';
import { sleep } from '../../harness/eventually';

/** Zap runs that find the access token expired at the same moment. */
const RUNS_AT_ONCE = 2;

/**
 * Waits out the access token, sees the 401, and refreshes in two runs at
 * once with the same refresh token: both must get working tokens.
 */
export async function refreshExpiredToken(
  app: BuiltApp,
  auth: ZapierAuth,
): Promise<StepOutcome<Rotation>> {
  await sleep(auth.msUntilExpiry() + 250);
  const test = (authData: BundleAuthData) => app.testConnection(authData);
  if (!(await auth.isRefused(test))) {
    throw new Error('the sandbox still accepted the expired access token');
  }
  const before = auth.current;
  const answers = await auth.refreshAtOnce(RUNS_AT_ONCE);
  const rotatedTo = new Set(answers.map((answer) => answer.refresh_token));
  if (rotatedTo.has(before.refresh_token)) {
    throw new Error('the refresh token was not rotated');
  }
  if (rotatedTo.size !== 1) {
    throw new Error(`the runs were given ${rotatedTo.size} different refresh tokens`);
  }
  for (const answer of answers) {
    await test(answer);
  }
  const after = auth.current;
  return {
    value: { before, after },
    line:
      `Access token expired (401): ${RUNS_AT_ONCE} Zap runs refreshed at the same moment with ` +
      `${fingerprint(before.refresh_token)}; each got a working access token and the one new ` +
      `refresh token ${fingerprint(after.refresh_token)}: the connection stays live`,
  };
}

/**
 * Presents the refresh token rotation replaced, once the grace has passed
 * (the sandbox's clock is moved on): refused, and the whole family with it
 * (RFC 9700's reuse detection). Last of all, since it ends the connection.
 */
export async function refuseRotatedOutToken(
  sandbox: Sandbox,
  rotation: Rotation,
  pkce: boolean,
  passTheGrace: () => void,
): Promise<StepOutcome<undefined>> {
  const graceSeconds = sandbox.context.settings.refreshTokenGraceSeconds;
  passTheGrace();
  const status = await presentRefreshToken(sandbox, rotation.before.refresh_token, pkce);
  if (status !== 400) {
    throw new Error(`the rotated-out refresh token still works (HTTP ${status})`);
  }
  const current = await presentRefreshToken(sandbox, rotation.after.refresh_token, pkce);
  if (current !== 400) {
    throw new Error(`a reused refresh token left its family working (HTTP ${current})`);
  }
  return {
    value: undefined,
    line:
      `Past the ${graceSeconds} s grace, the rotated-out refresh token ` +
      `${fingerprint(rotation.before.refresh_token)} is refused (HTTP 400), and the ` +
      `connection's newest ${fingerprint(rotation.after.refresh_token)} with it (reuse detection)`,
  };
}
