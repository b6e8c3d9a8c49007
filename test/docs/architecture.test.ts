/**
 * docs/architecture.md names every file of the code's folders and every
 * configuration file at the top, and no file that is gone; every test file
 * mirrors a module, or is named there as a test of more than one.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const CODE_FOLDERS = [
  'src',
  'sandbox',
  'harness',
  'lifecycle',
  'publishing',
  'bench',
  'scripts',
  'test',
  '.ci',
];
/** What the tests' mirror rule maps each suite folder onto. */
const MIRRORS: Record<string, string> = {
  'test/app/': 'src/',
  'test/sandbox/': 'sandbox/',
  'test/publishing/': 'publishing/',
};

const page = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');

/** The paths in the first cell of the page's tables: `| \`src/app.ts\` | … |`. */
const named = [...page.matchAll(/^\|\s*`([^`]+)`\s*\|/gm)]
  .map((match) => match[1]!)
  .filter((path) => !path.endsWith('/'));

/** Files git has or would add (tracked, and untracked but not ignored). */
const files = execFileSync(
  'git',
  ['ls-files', '--cached', '--others', '--exclude-standard'],
  {
    cwd: ROOT,
    encoding: 'utf8',
  },
)
  .split('\n')
  .filter((path) => path !== '' && existsSync(join(ROOT, path)));

const isTestFile = (path: string) => path.endsWith('.test.ts');
const isTopLevelFile = (path: string) =>
  !path.includes('/') && !path.endsWith('.md') && path !== 'package-lock.json';
const inCodeFolder = (path: string) =>
  CODE_FOLDERS.some((folder) => path.startsWith(`${folder}/`));

describe('docs/architecture.md', () => {
  it('names files that exist', () => {
    expect(named.filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
  });

  it('names each file once', () => {
    expect(named.filter((path, index) => named.indexOf(path) !== index)).toEqual([]);
  });

  it('names every file of the code folders and every configuration file at the top', () => {
    const unnamed = files.filter(
      (path) =>
        (inCodeFolder(path) || isTopLevelFile(path)) &&
        !isTestFile(path) &&
        !named.includes(path),
    );
    expect(unnamed).toEqual([]);
  });

  it('has every test file mirror a module, or name it as a test of more than one', () => {
    const unmirrored = files.filter((path) => {
      if (!isTestFile(path) || named.includes(path)) {
        return false;
      }
      const suite = Object.keys(MIRRORS).find((prefix) => path.startsWith(prefix));
      if (suite === undefined) {
        return true;
      }
      const module = `${MIRRORS[suite]}${path.slice(suite.length).replace(/\.test\.ts$/, '.ts')}`;
      return !existsSync(join(ROOT, module));
    });
    expect(unmirrored).toEqual([]);
  });
});
