/**
 * scripts/stage-build.sh after `zapier-platform build` failed: when the CLI
 * gave up loading the zip it wrote (its 5 s limit, an empty "Error:"), the
 * script loads it without a limit and fails only if it does not load; any
 * other failure is the build's. A stand-in CLI writes the zips and fails as
 * the CLI does.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import AdmZip from 'adm-zip';

import { emptyApp } from './helpers';

const ROOT = join(__dirname, '..', '..');

/** A zip of `files`, as the CLI's build.zip holds an app. */
function zipOf(files: Record<string, string>): Buffer {
  const zip = new AdmZip();
  for (const [name, text] of Object.entries(files)) {
    zip.addFile(name, Buffer.from(text));
  }
  return zip.toBuffer();
}

let folder: string;
let app: string;
let standIn: string;

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'stage-build-'));
  app = emptyApp(folder);
  // Writes the zips it was given, then fails as the CLI does: its steps, then the error.
  standIn = join(folder, 'zapier-platform');
  writeFileSync(
    standIn,
    `#!/usr/bin/env bash
mkdir -p build
cp "${folder}/build.zip" "${folder}/source.zip" build/
echo "- Zipping project and dependencies"
echo "- Testing build"
echo " ›   Error: $STAND_IN_ERROR" >&2
exit 2
`,
  );
  chmodSync(standIn, 0o755);
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

function stageBuild(index: string, error = '') {
  const zip = zipOf({
    'zapierwrapper.js': "require('./index.js');\n",
    'index.js': index,
  });
  writeFileSync(join(folder, 'build.zip'), zip);
  writeFileSync(join(folder, 'source.zip'), zip);
  return spawnSync(
    'bash',
    [join(ROOT, 'scripts', 'stage-build.sh'), app, join(folder, 'out')],
    {
      encoding: 'utf8',
      env: { ...process.env, ZAPIER_PLATFORM_BIN: standIn, STAND_IN_ERROR: error },
    },
  );
}

it('loads the zip itself when the CLI gave up loading it, and keeps the build if it loads', () => {
  const run = stageBuild('module.exports = { version: "1.0.0" };\n');
  expect(run.stdout).toContain(
    'zapier-platform build gave up loading build.zip after its 5 s; loading it again without a limit:\nbuild.zip loads.\n',
  );
  expect(run.status).toBe(0);
  expect(existsSync(join(folder, 'out', 'build.zip'))).toBe(true);
}, 60_000);

it('fails when the zip does not load', () => {
  const run = stageBuild("throw new Error('the app does not load');\n");
  expect(run.stderr).toContain('the app does not load');
  expect(run.status).not.toBe(0);
  expect(existsSync(join(folder, 'out', 'build.zip'))).toBe(false);
}, 60_000);

it('fails as the CLI did when it said why', () => {
  const run = stageBuild(
    'module.exports = {};\n',
    "Detected a missing file in build.zip: 'lib/x.js'",
  );
  expect(run.status).toBe(2);
  expect(run.stdout).not.toContain('loading it again');
  expect(existsSync(join(folder, 'out', 'build.zip'))).toBe(false);
}, 60_000);
