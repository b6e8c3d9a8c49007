/** What of an app's folder the checks read as its own: its code, and its package.json. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { SourceFile } from '../src/input';
import { readSources } from '../src/read/sources';
import { appNameOf } from '../src/shared/app-name';
import { validInput } from './fixtures';

/** The app's name as D011 reads it when the app has no listing. */
const packageNameOf = (sources: SourceFile[]) =>
  appNameOf({
    ...validInput(),
    listing: { found: false, path: 'listing.json', problem: 'none', missing: true },
    sources,
  });

let appDir: string;

beforeEach(() => {
  appDir = mkdtempSync(join(tmpdir(), 'sources-'));
});

afterEach(() => {
  rmSync(appDir, { recursive: true, force: true });
});

it("reads the app's code and its package.json, not its dependencies or tests", () => {
  writeFileSync(join(appDir, 'index.js'), 'module.exports = {};');
  writeFileSync(join(appDir, 'package.json'), '{"name": "crowdin"}');
  mkdirSync(join(appDir, 'node_modules'));
  writeFileSync(join(appDir, 'node_modules', 'dep.js'), '');
  writeFileSync(join(appDir, 'index.test.js'), '');
  const sources = readSources(appDir);
  expect(sources.map((source) => source.path)).toEqual(['index.js', 'package.json']);
  expect(packageNameOf(sources)).toBe('crowdin');
});

it('names no app when package.json is missing or not JSON', () => {
  expect(packageNameOf(readSources(appDir))).toBe('');
  writeFileSync(join(appDir, 'package.json'), '{ not json');
  expect(packageNameOf(readSources(appDir))).toBe('');
});
