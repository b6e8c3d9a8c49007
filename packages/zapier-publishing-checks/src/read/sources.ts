/**
 * The app's own code, as text, for the checks that must read it (D026: is a
 * domain the user typed validated before it becomes a URL?). Its JavaScript
 * and TypeScript files, not its dependencies, build output or tests.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

import type { SourceFile } from '../input';

const CODE = /\.(?:[cm]?js|[cm]?ts)$/;
const NOT_THE_APPS = new Set([
  'node_modules',
  '.git',
  'build',
  'coverage',
  'test',
  'tests',
  '__tests__',
]);
const TEST_FILE = /\.(?:test|spec)\.[cm]?[jt]s$/;
/** Bounds on what is read: an app's code is far smaller; a folder past them is not an app's. */
const MOST_FILES = 2_000;
const MOST_BYTES = 512 * 1024;

export function readSources(appDir: string): SourceFile[] {
  const found: SourceFile[] = [];
  const visit = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      if (found.length >= MOST_FILES || NOT_THE_APPS.has(name) || name.startsWith('.')) {
        continue;
      }
      const path = join(dir, name);
      const stat = statSync(path);
      if (stat.isDirectory()) {
        visit(path);
      } else if (CODE.test(name) && !TEST_FILE.test(name) && stat.size <= MOST_BYTES) {
        found.push({ path: relative(appDir, path), text: readFileSync(path, 'utf8') });
      }
    }
  };
  visit(appDir);
  return found;
}
