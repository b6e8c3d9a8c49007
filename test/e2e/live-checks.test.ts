/**
 * `zapier-publishing-checks --live` on the built app against the sandbox
 * (docs/publishing.md#live-checks-against-the-sandbox): a connection made by
 * the sandbox's own OAuth flow, written to an env file as `zapier-platform
 * invoke auth start` writes it; its access token expired; the run refreshes
 * it, decides every live-data check, and appends the rotated refresh token,
 * the only one the sandbox still takes.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { lint, readEnvFile } from 'zapier-publishing-checks';
import { APP_BUILD_TIMEOUT_MS, ensureAppBuilt } from '../../harness/app-build';
import { connect, presentRefreshToken } from '../../harness/sandbox-client';
import { envBlock } from '../../sandbox/main';
import { startSandbox } from '../../sandbox/server';
import type { Sandbox } from '../../sandbox/server';
import { DEFAULT_SETTINGS } from '../../sandbox/settings';

const APP_DIR = join(__dirname, '..', '..');
const LIVE_CHECKS = ['T002', 'T003', 'T004', 'T005', 'T006', 'Z001'];

jest.setTimeout(APP_BUILD_TIMEOUT_MS + 30_000);

let sandbox: Sandbox;
let folder: string;
/** The sandbox's clock: real time, moved forward by the test. */
let offset = 0;

beforeAll(() => ensureAppBuilt(APP_DIR));

beforeEach(async () => {
  offset = 0;
  sandbox = await startSandbox({
    now: () => Date.now() + offset,
    // Idle connections of the app's client stay open until close().
    keepAliveTimeoutMs: 600_000,
    // Strict rotation: a rotated refresh token never works again.
    settings: { refreshTokenGraceSeconds: 0 },
  });
  folder = mkdtempSync(join(tmpdir(), 'live-checks-'));
});

afterEach(async () => {
  await sandbox.close();
  rmSync(folder, { recursive: true, force: true });
});

it('decides the live-data checks on a refreshed connection, and keeps the rotated token', async () => {
  const tokens = await connect(sandbox);
  const env = join(folder, '.env');
  writeFileSync(
    env,
    [
      ...envBlock(sandbox),
      `authData_access_token=${tokens.access_token}`,
      `authData_refresh_token=${tokens.refresh_token}`,
      '',
    ].join('\n'),
  );
  offset = (DEFAULT_SETTINGS.accessTokenTtlSeconds + 60) * 1000;

  const result = await lint(APP_DIR, {
    live: true,
    env,
    deliveries: { new_lead: join(APP_DIR, 'src', 'samples', 'lead-delivery.json') },
  });

  const live = result.results.filter((each) => LIVE_CHECKS.includes(each.meta.id));
  expect(live.map((each) => [each.meta.id, each.status])).toEqual(
    LIVE_CHECKS.map((id) => [id, 'pass']),
  );
  expect(result.results.filter((each) => each.status !== 'pass')).toEqual([]);
  expect(result.live).toEqual({
    env,
    connectionTest: 'passed',
    written: ['authData_access_token', 'authData_refresh_token'],
  });
  const rotated = readEnvFile(env, '--env').authData;
  expect(rotated.refresh_token).not.toBe(tokens.refresh_token);
  // The connection survives on the token written back; the old one is dead.
  expect(await presentRefreshToken(sandbox, String(rotated.refresh_token), false)).toBe(
    200,
  );
  expect(await presentRefreshToken(sandbox, tokens.refresh_token, false)).toBe(400);
  expect(JSON.stringify(result)).not.toContain(tokens.refresh_token);
  expect(JSON.stringify(result)).not.toContain(sandbox.client.secret);
});
