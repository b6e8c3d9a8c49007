/**
 * scripts/promote.sh (`npm run promote VERSION`): `zapier-platform promote`
 * without analytics, then, only once it succeeded, the version's definition
 * recorded as the public one. Run on a copy of the repository's publishing
 * layout, with a stand-in CLI that records what it was given.
 */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

let folder: string;
let report: string;
let standIn: string;
let pushed: string;
let promoted: string;

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'promote-'));
  mkdirSync(join(folder, 'scripts'));
  mkdirSync(join(folder, 'publishing'));
  copyFileSync(
    join(ROOT, 'scripts', 'promote.sh'),
    join(folder, 'scripts', 'promote.sh'),
  );
  pushed = join(folder, 'publishing', 'pushed-definition.json');
  promoted = join(folder, 'publishing', 'promoted-definition.json');
  writeFileSync(pushed, JSON.stringify({ version: '1.2.0', triggers: {} }));
  writeFileSync(promoted, JSON.stringify({ version: '1.1.0', triggers: {} }));
  report = join(folder, 'report.txt');
  standIn = join(folder, 'zapier-platform');
  writeFileSync(
    standIn,
    `#!/usr/bin/env bash
echo "analytics=\${DISABLE_ZAPIER_ANALYTICS:-unset} args=$*" > "${report}"
exit "\${STAND_IN_EXIT:-0}"
`,
  );
  chmodSync(standIn, 0o755);
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

function promote(args: string[], exitCode = 0) {
  return spawnSync('bash', [join(folder, 'scripts', 'promote.sh'), ...args], {
    encoding: 'utf8',
    env: {
      ...process.env,
      ZAPIER_PLATFORM_BIN: standIn,
      STAND_IN_EXIT: String(exitCode),
    },
  });
}

const promotedVersion = () =>
  (JSON.parse(readFileSync(promoted, 'utf8')) as { version: string }).version;

it('promotes without analytics, then records the pushed definition as the promoted one', () => {
  const run = promote(['1.2.0', '--yes']);
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  expect(readFileSync(report, 'utf8')).toBe('analytics=1 args=promote 1.2.0 --yes\n');
  expect(readFileSync(promoted, 'utf8')).toBe(readFileSync(pushed, 'utf8'));
  expect(run.stdout).toBe(
    'Recorded version 1.2.0 in publishing/promoted-definition.json: commit it.\n',
  );
});

it('records nothing when the promotion fails', () => {
  const run = promote(['1.2.0'], 1);
  expect(run.status).toBe(1);
  expect(existsSync(report)).toBe(true);
  expect(promotedVersion()).toBe('1.1.0');
  expect(run.stdout).toBe('');
});

it.each([
  [
    'a version other than the one pushed last',
    ['1.1.5'],
    'publishing/pushed-definition.json is version 1.2.0, not 1.1.5: promote the version npm run push uploaded last, whose definition this records.\n',
  ],
  [
    'no version',
    [],
    'usage: npm run promote VERSION (the version npm run push uploaded last)\n',
  ],
])('refuses %s before running the CLI', (_case, args, message) => {
  const run = promote(args);
  expect(run.status).toBe(2);
  expect(run.stderr).toBe(message);
  expect(existsSync(report)).toBe(false);
  expect(promotedVersion()).toBe('1.1.0');
});
