/**
 * The README stays a front page, the docs stay a read of an hour, and no
 * link between the pages leads nowhere: every relative link names a file
 * that exists and, with `#…`, a heading of it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const README_LIMIT_BYTES = 10 * 1024;
/** Every tracked Markdown file but the changelog and the checks package's own pages. */
const DOCS_LIMIT_BYTES = 60_000;
const OUTSIDE_THE_BUDGET = /^(CHANGELOG\.md|packages\/zapier-publishing-checks\/)/;

/** Tracked files only: a scratch page of someone's is not the project's. */
const pages = execFileSync('git', ['ls-files', '--', '*.md'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter((path) => path !== '')
  .map((path) => join(ROOT, path));

/** The text outside code blocks and code spans: where links are links. */
function prose(markdown: string): string {
  return markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchor for a heading: lowercase, punctuation dropped, spaces as hyphens. */
function slugOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(path: string): Set<string> {
  const headings = prose(readFileSync(path, 'utf8').replace(/`/g, ''))
    .split('\n')
    .filter((line) => /^#{1,6} /.test(line))
    .map((line) => slugOf(line.replace(/^#+ /, '')));
  return new Set(headings);
}

function linksOf(path: string): string[] {
  const found = prose(readFileSync(path, 'utf8')).matchAll(/\]\(([^)\s]+)\)/g);
  return [...found]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z]+:/i.test(target));
}

it(`keeps the README at most ${README_LIMIT_BYTES / 1024} KB`, () => {
  expect(statSync(join(ROOT, 'README.md')).size).toBeLessThanOrEqual(README_LIMIT_BYTES);
});

it(`keeps the docs at most ${DOCS_LIMIT_BYTES / 1000} KB of Markdown`, () => {
  const counted = pages.filter((page) => !OUTSIDE_THE_BUDGET.test(relative(ROOT, page)));
  const bytes = counted.reduce((sum, page) => sum + statSync(page).size, 0);
  expect(bytes).toBeLessThanOrEqual(DOCS_LIMIT_BYTES);
});

it.each(pages.map((page) => [relative(ROOT, page), page]))(
  'links from %s to pages and headings that exist',
  (_name, page) => {
    const broken = linksOf(page).filter((link) => {
      const [file, anchor] = link.split('#');
      const target = file === '' ? page : resolve(dirname(page), file!);
      if (!existsSync(target)) {
        return true;
      }
      return (
        anchor !== undefined && target.endsWith('.md') && !anchorsOf(target).has(anchor)
      );
    });
    expect(broken).toEqual([]);
  },
);

it('reads headings the way GitHub names their anchors', () => {
  expect(slugOf("What is kept in Zapier's cache")).toBe('what-is-kept-in-zapiers-cache');
  expect(slugOf('npm run push')).toBe('npm-run-push');
  expect(slugOf('From a lead’s submission to its delivery')).toBe(
    'from-a-leads-submission-to-its-delivery',
  );
});
