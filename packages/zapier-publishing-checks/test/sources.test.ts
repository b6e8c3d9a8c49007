/** What of an app's folder the checks read as its own: its code. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { readSources } from '../src/read/sources';

let appDir: string;

beforeEach(() => {
  appDir = mkdtempSync(join(tmpdir(), 'sources-'));
});

afterEach(() => {
  rmSync(appDir, { recursive: true, force: true });
});

it("reads the app's code, not its dependencies or tests", () => {
  writeFileSync(join(appDir, 'index.js'), 'module.exports = {};');
  writeFileSync(join(appDir, 'package.json'), '{"name": "crowdin"}');
  mkdirSync(join(appDir, 'node_modules'));
  writeFileSync(join(appDir, 'node_modules', 'dep.js'), '');
  writeFileSync(join(appDir, 'index.test.js'), '');
  const sources = readSources(appDir);
  expect(sources.map((source) => source.path)).toEqual(['index.js']);
});
