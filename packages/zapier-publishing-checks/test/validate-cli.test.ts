/**
 * `npm run validate` on apps it cannot read, a CLI that fails, and an app
 * that breaks a rule: it says which, and exits non-zero.
 */
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { ALL_CHECKS } from '../src/checks';
import { main } from '../src/cli';

/** The repository, whose node_modules holds a zapier-platform-core for the apps written here. */
const REPOSITORY = join(__dirname, '..', '..', '..');

let appDir: string;
let out: string[];
let err: string[];
const output = {
  out: (line: string) => out.push(line),
  err: (line: string) => err.push(line),
};

beforeEach(() => {
  appDir = mkdtempSync(join(tmpdir(), 'validate-'));
  symlinkSync(join(REPOSITORY, 'node_modules'), join(appDir, 'node_modules'));
  writeFileSync(
    join(appDir, 'package.json'),
    JSON.stringify({
      name: 'app',
      version: '1.0.0',
      dependencies: { 'zapier-platform-core': '19.1.0' },
    }),
  );
  writeFileSync(
    join(appDir, 'listing.json'),
    JSON.stringify({
      title: 'Things',
      description: 'Things is a list keeper for everything you want to track at work.',
    }),
  );
  out = [];
  err = [];
});
afterEach(() => rmSync(appDir, { recursive: true, force: true }));

function writeApp(
  label: string,
  description: string,
  perform = "() => [{ id: '1' }]",
): void {
  writeFileSync(
    join(appDir, 'index.js'),
    `const zapier = require('zapier-platform-core');
module.exports = {
  version: '1.0.0',
  platformVersion: zapier.version,
  triggers: {
    new_thing: {
      key: 'new_thing',
      noun: 'Thing',
      display: { label: ${JSON.stringify(label)}, description: ${JSON.stringify(description)} },
      operation: { perform: ${perform}, sample: { id: '1' } },
    },
  },
};
`,
  );
}

const run = (...args: string[]) => main(['--app-dir', appDir, ...args], output);

it('says the app has nothing to load', async () => {
  expect(await run()).toBe(2);
  expect(err).toEqual([
    `zapier-publishing-checks: ${appDir} has no app to load: no index.js, and no package.json "exports" or "main" naming a file that exists (looked for ${join(appDir, 'index.js')})`,
  ]);
});

it('says the app cannot be loaded, and why', async () => {
  writeFileSync(join(appDir, 'index.js'), "throw new Error('half-written app');");
  expect(await run()).toBe(2);
  expect(err.join('\n')).toMatch(/cannot load the app \(.*\): half-written app/);
});

it('says which delivery file it cannot read', async () => {
  writeApp('New Thing', 'Triggers when a thing is added.');
  expect(await run('--delivery', 'new_thing=missing.json')).toBe(2);
  expect(err.join('\n')).toMatch(
    /cannot read the delivery for new_thing from .*missing\.json/,
  );
});

it("stops when Zapier's schema validation fails, and says so", async () => {
  writeApp('N', 'Triggers when a thing is added.');
  expect(await run()).toBe(2);
  expect(out.join('\n')).toMatch(/does not meet minimum length of 2/);
  expect(err).toEqual([
    'zapier-publishing-checks: zapier-platform validate --without-style failed (exit 1): fix what it reports above',
  ]);
}, 30_000);

it('passes an app that follows every rule, after the schema validation', async () => {
  writeApp('New Thing', 'Triggers when a thing is added.');
  expect(await run()).toBe(0);
  expect(out).toContain('This project is structurally sound!');
  const all = ALL_CHECKS.length;
  expect(out[out.length - 1]).toBe(
    `${all} checks: ${all} passed, 0 with warnings, 0 failed, 0 not decided offline.`,
  );
}, 30_000);

it("gives a local run Zapier's cache, as a live run has it", async () => {
  writeApp(
    'New Thing',
    'Triggers when a thing is added.',
    "async (z) => { await z.cache.set('seen', '1'); return [{ id: await z.cache.get('seen') }]; }",
  );
  expect(await run('--skip-schema')).toBe(0);
  expect(out.at(-1)).toMatch(
    /^\d+ checks: \d+ passed, 0 with warnings, 0 failed, 0 not decided offline\.$/,
  );
});

it('reads --listing and --delivery from the current directory, as any command does', async () => {
  writeApp('New Thing', 'Triggers when a thing is added.');
  const elsewhere = mkdtempSync(join(tmpdir(), 'listing-'));
  try {
    writeFileSync(
      join(elsewhere, 'mine.json'),
      JSON.stringify({
        title: 'Things',
        description: 'Things is a list keeper for the work you track.',
      }),
    );
    const cwd = process.cwd();
    process.chdir(elsewhere);
    try {
      expect(await run('--skip-schema', '--listing', 'mine.json')).toBe(0);
    } finally {
      process.chdir(cwd);
    }
  } finally {
    rmSync(elsewhere, { recursive: true, force: true });
  }
});

it('exits 1 on a failing check, with its ID, what to change and the link', async () => {
  writeApp('New Thing', 'Fires when a thing is added.');
  expect(await run('--skip-schema')).toBe(1);
  expect(out).toContain(
    '✖ D021 failure triggers.new_thing: write the description as "Triggers when … ." ' +
      '(it is "Fires when a thing is added."). ' +
      'https://docs.zapier.com/platform/publish/integration-checks-reference#D021',
  );
  expect(out).toContainEqual(expect.stringMatching(/^✔ D018 pass +.*#D018$/));
});
