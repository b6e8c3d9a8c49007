/**
 * The repository stands alone: what a clone holds is all a reader needs. No
 * tracked file names a path that climbs out of the repository, a Markdown
 * page the repository does not have, or a folder of one machine; and every
 * section of docs/service-interface.md that code cites exists.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';

const ROOT = join(__dirname, '..', '..');

const tracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((path) => path !== '' && path !== 'package-lock.json');
const texts = tracked.map((path) => ({
  path,
  text: readFileSync(join(ROOT, path), 'utf8'),
}));
const pageNames = new Set(
  tracked.filter((path) => path.endsWith('.md')).map((path) => basename(path)),
);

/** GitHub's anchor for a heading (as test/docs/links-and-size.test.ts has it). */
const slugOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');

const found = (pattern: RegExp, keep: (match: string, path: string) => boolean) =>
  texts.flatMap(({ path, text }) =>
    [...text.matchAll(pattern)]
      .map((match) => match[1] ?? match[0])
      .filter((match) => keep(match, path))
      .map((match) => `${path}: ${match}`),
  );

it('names no relative path that climbs out of the repository', () => {
  const outside = found(/(?:\.\.\/)+[\w.@-]+(?:\/[\w.@-]+)*/g, (match, path) =>
    relative(ROOT, resolve(ROOT, dirname(path), match)).startsWith('..'),
  );
  expect(outside).toEqual([]);
});

/** The checks package's corpus quotes other repositories word for word: their pages are theirs. */
const QUOTES = 'packages/zapier-publishing-checks/corpus/';

it('names only Markdown pages the repository has', () => {
  const missing = found(
    /(?<![\w/.:-])(?:[\w.-]+\/)*([\w-]+\.md)\b/g,
    (name, path) => !pageNames.has(name) && !path.startsWith(QUOTES),
  );
  expect(missing).toEqual([]);
});

it("names no folder of one machine's file system", () => {
  const absolute = found(
    /(?<![\w.:/-])\/(?:work|home|Users|root|mnt)\/[\w./-]*/g,
    () => true,
  );
  expect(absolute).toEqual([]);
});

it('cites only sections docs/service-interface.md has', () => {
  const interfacePage = readFileSync(join(ROOT, 'docs', 'service-interface.md'), 'utf8');
  const sections = new Set(
    interfacePage
      .split('\n')
      .filter((line) => /^#{1,6} /.test(line))
      .map((line) => slugOf(line.replace(/^#+ /, '').replace(/`/g, ''))),
  );
  const cited = found(/service-interface\.md#([\w-]+)/g, () => true);
  expect(cited.length).toBeGreaterThan(10);
  const unknown = found(
    /service-interface\.md#([\w-]+)/g,
    (anchor) => !sections.has(anchor),
  );
  expect(unknown).toEqual([]);
});
