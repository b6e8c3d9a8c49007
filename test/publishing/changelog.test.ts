/**
 * `zapier-platform promote` refuses a version without a CHANGELOG.md
 * section: read the changelog with the CLI's own reader, for the version in
 * package.json.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { version } from '../../package.json';
import { createApp } from '../../src/app';

interface VersionChangelog {
  changelog: string;
  appMetadata?: { app_change_type: string; action_key: string; action_type: string }[];
}

// The CLI's reader, as promote uses it (the CLI ships no types).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { getVersionChangelog } = require('zapier-platform-cli/src/utils/changelog') as {
  getVersionChangelog: (version: string, appDir: string) => Promise<VersionChangelog>;
};

const ROOT = join(__dirname, '..', '..');

const STEP_KINDS: Record<string, 'triggers' | 'searches' | 'creates'> = {
  read: 'triggers',
  search: 'searches',
  write: 'creates',
};

it(`has a section for ${version}, the version in package.json`, async () => {
  const { changelog } = await getVersionChangelog(version, ROOT);
  expect(changelog).not.toBe('');
  // Each entry opens with the verb promote files it by (see CHANGELOG.md's head).
  for (const entry of changelog.split(/\n\s*\n/)) {
    expect(entry).toMatch(/^(Added|Improved|Updated|Fixed) /);
  }
});

it("names only the app's own steps, which promote files the entries under", async () => {
  const { appMetadata = [] } = await getVersionChangelog(version, ROOT);
  const app = createApp({ pkce: false });
  expect(appMetadata.length).toBeGreaterThan(0);
  for (const { action_key: key, action_type: type } of appMetadata) {
    const group = STEP_KINDS[type];
    expect(group !== undefined && key in (app[group] ?? {})).toBe(true);
  }
});

it('would fail for a version without a section (the reader answers an empty changelog)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'changelog-'));
  try {
    writeFileSync(
      join(dir, 'CHANGELOG.md'),
      '# Changelog\n\n## 0.9.0\n\nAdded a thing.\n',
    );
    expect((await getVersionChangelog(version, dir)).changelog).toBe('');
    expect((await getVersionChangelog('0.9.0', dir)).changelog).toBe('Added a thing.');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
