/**
 * A step's run is bounded as Zapier bounds it: given up at its time, or as
 * soon as it can never finish. On real Node, an app whose code leaves a
 * promise that never settles, with nothing else to wait for, would end the
 * command with exit code 0 and no report: the run goes on without it, and
 * an app whose loading never finishes is said (exit 2).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { lint } from '../src/lint';
import { REPOSITORY, scratchApp, writeThingApp } from './scratch-app';

const PACKAGE = join(__dirname, '..');
const NODE = join(REPOSITORY, 'node_modules', '.bin', 'node');

jest.setTimeout(60_000);

let appDir: string;

beforeAll(() => {
  // The command as npm runs it: dist/, built by the package's own build.
  execFileSync(NODE, [join(PACKAGE, 'build.mjs')], { stdio: 'pipe' });
});
beforeEach(() => {
  appDir = scratchApp('bounded-runs-');
});
afterEach(() => rmSync(appDir, { recursive: true, force: true }));

const checkOnNode = (...options: string[]) =>
  spawnSync(
    NODE,
    [join(PACKAGE, 'dist', 'cli.js'), '--app-dir', appDir, '--skip-schema', ...options],
    { encoding: 'utf8', env: { ...process.env, DISABLE_ZAPIER_ANALYTICS: '1' } },
  );

const NEVER_SETTLES =
  "it never finished: the app's code left a promise that never settles";

it('reports a step whose promise never settles, and judges the rest', () => {
  writeThingApp(appDir, { perform: '() => new Promise(() => {})' });

  const run = checkOnNode('--format', 'json');

  expect(run.stderr).toBe('');
  const report = JSON.parse(run.stdout) as {
    results: { id: string; status: string; message: string }[];
    summary: { checks: number } | null;
  };
  expect(report.summary?.checks).toBeGreaterThan(30);
  expect(report.results).toContainEqual(
    expect.objectContaining({
      id: 'T005',
      status: 'deferred',
      message: expect.stringContaining(NEVER_SETTLES) as unknown,
    }),
  );
  expect(run.status).toBe(0);
});

it('says so when the app never finishes loading, and exits 2', () => {
  writeFileSync(
    join(appDir, 'package.json'),
    JSON.stringify({ name: 'app', version: '1.0.0', type: 'module' }),
  );
  writeFileSync(join(appDir, 'index.js'), 'await new Promise(() => {});\n');

  const run = checkOnNode();

  expect(run.stdout).toBe('');
  expect(run.stderr).toContain(
    "zapier-publishing-checks: the app's code left the run waiting on a promise that never settles",
  );
  expect(run.status).toBe(2);
});

it('gives up a step at its bound where something else keeps the process alive', async () => {
  writeThingApp(appDir, { perform: '() => new Promise(() => {})' });

  const result = await lint(appDir, { schema: false, stepTimeoutMs: 200 });

  const t005 = result.results.find((each) => each.meta.id === 'T005');
  expect(t005?.findings).toEqual([
    expect.objectContaining({
      status: 'deferred',
      message: expect.stringContaining(
        'it did not finish within 0.2 s, where Zapier stops a step',
      ) as unknown,
    }),
  ]);
});
