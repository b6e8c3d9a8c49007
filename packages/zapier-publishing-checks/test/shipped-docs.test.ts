/**
 * The docs the package ships (README.md, docs/) stand alone in the
 * tarball: every relative link leads to a file the tarball holds, and a
 * file or script of the source repository that the tarball lacks is named
 * only where the text says it is in the source repository. And
 * docs/rules.md links every rule's page; the pages beside the rules' own
 * stay a short read.
 */
import { existsSync, readFileSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

import { RULES } from '../src/registry';
import { pageOf } from '../src/rule';

const PACKAGE = join(__dirname, '..');
const REPOSITORY = join(PACKAGE, '..', '..');

/** What npm packs: package.json's `files`, and the files npm always adds. */
const manifest = JSON.parse(readFileSync(join(PACKAGE, 'package.json'), 'utf8')) as {
  files: string[];
};
const SHIPPED = [...manifest.files, 'package.json'];

/** Whether a path of the package is in the tarball: under an entry of `files`. */
function ships(path: string): boolean {
  const inPackage = relative(PACKAGE, path);
  return SHIPPED.some((entry) => {
    if (/[*?[\]{}!]/.test(entry)) {
      throw new Error(`"files" entry ${entry} is a pattern: read it as npm does`);
    }
    return inPackage === entry || inPackage.startsWith(`${entry}${sep}`);
  });
}

function markdownIn(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory()
      ? markdownIn(path)
      : name.endsWith('.md')
        ? [path]
        : [];
  });
}

const DOCS = [join(PACKAGE, 'README.md'), ...markdownIn(join(PACKAGE, 'docs'))];

it('ships every page it checks', () => {
  expect(DOCS.length).toBeGreaterThan(RULES.length);
  expect(DOCS.filter((page) => !ships(page))).toEqual([]);
});

/** The pages a reader reads beside the per-rule pages: README.md and docs/*.md. */
const PAGES_LIMIT_BYTES = 20_000;

it(`keeps the pages other than the rules' own at most ${PAGES_LIMIT_BYTES / 1000} KB`, () => {
  const pages = DOCS.filter((page) => dirname(page) !== join(PACKAGE, 'docs', 'rules'));
  expect(pages.length).toBeGreaterThanOrEqual(4);
  const bytes = pages.reduce((sum, page) => sum + statSync(page).size, 0);
  expect(bytes).toBeLessThanOrEqual(PAGES_LIMIT_BYTES);
});

/** The text outside fenced code blocks, where links and code spans are prose. */
const prose = (markdown: string) => markdown.replace(/^```[\s\S]*?^```/gm, '');
/** The prose without its code spans either: where a link is a link. */
const withoutCode = (markdown: string) => prose(markdown).replace(/`[^`\n]*`/g, '');

/** Each relative link of a page (not in code): its target without `#…`. */
const relativeLinks = (page: string) =>
  [...withoutCode(readFileSync(page, 'utf8')).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z]+:/i.test(target) && !target.startsWith('#'))
    .map((target) => target.split('#')[0]!);

it.each(DOCS.map((page) => [relative(PACKAGE, page), page]))(
  '%s links only to files the tarball holds',
  (_, page) => {
    const outside = relativeLinks(page).filter((target) => {
      const path = resolve(dirname(page), target);
      return !existsSync(path) || !ships(path);
    });
    expect(outside).toEqual([]);
  },
);

/**
 * A page's paragraphs, each with the headings it is under: a mention of
 * the source repository holds for its paragraph, or for a whole section
 * whose heading names it (and the sections within).
 */
function paragraphs(page: string): { headings: string; text: string }[] {
  const headings: string[] = [];
  return prose(readFileSync(page, 'utf8'))
    .split(/\n\s*\n/)
    .flatMap((text) => {
      const level = /^(#+) /.exec(text)?.[1]?.length;
      if (level !== undefined) {
        headings.splice(level - 1, headings.length, text);
        return [];
      }
      return [{ headings: headings.join('\n'), text }];
    });
}

/**
 * What a code span or link names of the source repository that the
 * tarball lacks: a path there (from the page's folder, the package's, or
 * the repository's root) that does not ship, or an `npm run` script.
 */
function repositoryOnly(page: string, named: string): boolean {
  if (/^npm run /.test(named)) {
    return true;
  }
  const path = named.replace(/:\d+$/, '').replace(/[…/]+$/, '');
  if (!path.includes('/') || /^[a-z]+:/i.test(path)) {
    return false;
  }
  return [dirname(page), PACKAGE, REPOSITORY]
    .map((base) => resolve(base, path))
    .filter((found) => existsSync(found))
    .map((found) => realpathSync(found))
    .some((found) => !(found.startsWith(`${PACKAGE}${sep}`) && ships(found)));
}

it.each(DOCS.map((page) => [relative(PACKAGE, page), page]))(
  '%s names what the tarball lacks only as in the source repository',
  (_, page) => {
    const unsaid = paragraphs(page).flatMap(({ headings, text }) => {
      if (/source repository/i.test(`${headings}\n${text}`)) {
        return [];
      }
      const named = [
        ...[...text.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!),
        ...[...withoutCode(text).matchAll(/\]\(([^)\s#]+)/g)].map((match) => match[1]!),
      ];
      return named.filter((each) => repositoryOnly(page, each));
    });
    expect(unsaid).toEqual([]);
  },
);

it("docs/rules.md links every rule's page", () => {
  const rulesPage = join(PACKAGE, 'docs', 'rules.md');
  const linked = relativeLinks(rulesPage)
    .map((target) => relative(PACKAGE, resolve(dirname(rulesPage), target)))
    .filter((path) => path.startsWith(`docs${sep}rules${sep}`));
  expect(linked.sort()).toEqual(RULES.map((rule) => pageOf(rule.meta.id)).sort());
});
