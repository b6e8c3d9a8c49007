/**
 * Every zapier-platform command the project runs is told not to post usage
 * analytics, and the staged build copies no .env, even when the build fails.
 * A stand-in CLI records what it was given.
 */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { main } from 'zapier-publishing-checks';
import { emptyApp } from './helpers';

const ROOT = join(__dirname, '..', '..');
const SECRET = 'client-secret-that-must-not-travel-8f2a';

let folder: string;
let report: string;
let standIn: string;

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'no-analytics-'));
  report = join(folder, 'report.txt');
  standIn = join(folder, 'zapier-platform');
  // Writes what it saw, then fails as a broken build would.
  writeFileSync(
    standIn,
    `#!/usr/bin/env bash
{
  echo "analytics=\${DISABLE_ZAPIER_ANALYTICS:-unset}"
  echo "cwd=$PWD"
  ls -A "$PWD"
  grep -rl "${SECRET}" "$PWD" 2>/dev/null | sed 's/^/secret-in=/'
} > "${report}"
exit "\${STAND_IN_EXIT:-1}"
`,
  );
  chmodSync(standIn, 0o755);
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

function appWithSecrets(): string {
  const app = emptyApp(folder);
  writeFileSync(join(app, '.env'), `CLIENT_SECRET=${SECRET}\n`);
  writeFileSync(join(app, '.env.local'), `CLIENT_SECRET=${SECRET}\n`);
  return app;
}

it('stages a build without analytics and without any .env, and leaves no stage behind when it fails', () => {
  const app = appWithSecrets();
  const run = spawnSync(
    'bash',
    [join(ROOT, 'scripts', 'stage-build.sh'), app, join(folder, 'out')],
    {
      encoding: 'utf8',
      env: { ...process.env, ZAPIER_PLATFORM_BIN: standIn },
    },
  );

  expect(run.status).not.toBe(0);
  const seen = readFileSync(report, 'utf8');
  expect(seen).toMatch(/^analytics=1$/m);
  expect(seen).toMatch(/^index\.js$/m);
  expect(seen).not.toMatch(/^\.env/m);
  expect(seen).not.toMatch(/^secret-in=/m);
  const stage = /^cwd=(.*)$/m.exec(seen)?.[1];
  expect(stage).toBeDefined();
  expect(existsSync(stage!)).toBe(false);
}, 60_000);

it("validates the schema with the app's own zapier-platform-schema, starting no zapier-platform command", async () => {
  const app = appWithSecrets();
  symlinkSync(join(ROOT, 'node_modules'), join(app, 'node_modules'));
  writeFileSync(
    join(app, 'index.js'),
    `module.exports = { version: '1.0.0', platformVersion: require('zapier-platform-core').version,
  triggers: { new_thing: { key: 'new_thing', noun: 'Thing', display: { label: 'New Thing', description: 'Triggers when a thing is added.' },
  operation: { perform: () => [{ id: '1' }], sample: { id: '1' } } } } };\n`,
  );
  const saved = { bin: process.env.ZAPIER_PLATFORM_BIN, path: process.env.PATH };
  // A zapier-platform that would record being run, wherever it is looked for.
  process.env.ZAPIER_PLATFORM_BIN = standIn;
  process.env.PATH = `${folder}:${saved.path ?? ''}`;
  const out: string[] = [];
  try {
    await main(['--app-dir', app], {
      out: (line) => out.push(line),
      err: () => undefined,
    });
  } finally {
    process.env.PATH = saved.path;
    if (saved.bin === undefined) {
      delete process.env.ZAPIER_PLATFORM_BIN;
    } else {
      process.env.ZAPIER_PLATFORM_BIN = saved.bin;
    }
  }
  expect(out[0]).toMatch(
    /^==> schema: zapier-platform-schema \d+\.\d+\.\d+ .*: no structural errors$/,
  );
  expect(existsSync(report)).toBe(false);
});
