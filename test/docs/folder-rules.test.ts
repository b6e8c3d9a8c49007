/**
 * Each folder of code has a README saying what lives there, what it may
 * import and where its tests are; this holds the "may import" part for every
 * tracked file, so a change that crosses a line fails here, not in review.
 */
import { execFileSync } from 'node:child_process';
import { builtinModules } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/** The folders of code, and which of the repository's folders each may import from. */
const CHECKS_PACKAGE = 'packages/zapier-publishing-checks';
const MAY_IMPORT: Record<string, readonly string[]> = {
  src: ['src'],
  sandbox: ['sandbox'],
  harness: ['harness', 'src', 'sandbox'],
  lifecycle: ['lifecycle', 'harness', 'src', 'sandbox'],
  bench: ['bench', 'harness', 'src', 'sandbox'],
  publishing: ['publishing', 'harness', 'src'],
  // A package of its own: it imports nothing of the project's.
  [CHECKS_PACKAGE]: [CHECKS_PACKAGE],
};
const FOLDERS = Object.keys(MAY_IMPORT);

/** Tracked files only: a scratch file of someone's is not the project's. */
function trackedTypeScript(folder: string): string[] {
  return execFileSync('git', ['ls-files', '--', `${folder}/*.ts`], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((path) => path !== '' && existsSync(join(ROOT, path)));
}

/** The module specifiers a file imports (`import … from`, `export … from`, `require()`, `import()`). */
function importsOf(path: string): string[] {
  const text = readFileSync(join(ROOT, path), 'utf8');
  const found = text.matchAll(
    /(?:\bfrom\s+|\brequire\(\s*|\bimport\(\s*|^import\s+)['"]([^'"]+)['"]/gm,
  );
  return [...found].map((match) => match[1]!);
}

/** The folder of code a relative specifier lands in (or `package.json`, or another top folder). */
function folderOf(from: string, specifier: string): string {
  const target = normalize(relative(ROOT, join(ROOT, dirname(from), specifier)));
  if (target === 'package.json') {
    return target;
  }
  return (
    FOLDERS.find((folder) => target === folder || target.startsWith(`${folder}/`)) ??
    target.split('/')[0]!
  );
}

const isNodeBuiltin = (specifier: string) =>
  specifier.startsWith('node:') || builtinModules.includes(specifier);

describe.each(Object.entries(MAY_IMPORT))('%s/', (folder, allowed) => {
  const files = trackedTypeScript(folder);

  it('has a README saying what lives there, what it may import, where its tests are', () => {
    expect(existsSync(join(ROOT, folder, 'README.md'))).toBe(true);
    expect(files.length).toBeGreaterThan(0);
  });

  it(`imports only from ${allowed.join(', ')}${folder === 'src' ? ', package.json' : ''} and packages`, () => {
    const crossings = files.flatMap((path) =>
      importsOf(path)
        .filter((specifier) => specifier.startsWith('.'))
        .map((specifier) => ({ path, specifier, folder: folderOf(path, specifier) }))
        .filter(
          (found) =>
            !allowed.includes(found.folder) &&
            !(folder === 'src' && found.folder === 'package.json'),
        )
        .map((found) => `${found.path} imports ${found.specifier}`),
    );
    expect(crossings).toEqual([]);
  });
});

it('keeps src/ to zapier-platform-core and Node.js: what build.zip carries', () => {
  const packages = trackedTypeScript('src').flatMap((path) =>
    importsOf(path)
      .filter((specifier) => !specifier.startsWith('.') && !isNodeBuiltin(specifier))
      .filter((specifier) => specifier !== 'zapier-platform-core')
      .map((specifier) => `${path} imports ${specifier}`),
  );
  expect(packages).toEqual([]);
});

/** sandbox/'s route groups, each a plugin that `routes.ts` registers. */
const ROUTE_GROUPS = ['oauth', 'webhooks', 'leads', 'overview'];
/** What composes the route groups into a server. */
const SANDBOX_TOP = ['sandbox/routes.ts', 'sandbox/server.ts', 'sandbox/main.ts'];
const inRouteGroup = (path: string) =>
  ROUTE_GROUPS.some((group) => path.startsWith(`sandbox/${group}/`));

it("keeps what the sandbox's routes share from importing a route group", () => {
  const shared = trackedTypeScript('sandbox').filter(
    (path) => !inRouteGroup(path) && !SANDBOX_TOP.includes(path),
  );
  const upward = shared.flatMap((path) =>
    importsOf(path)
      .filter((specifier) => specifier.startsWith('.'))
      .filter((specifier) =>
        inRouteGroup(normalize(relative(ROOT, join(ROOT, dirname(path), specifier)))),
      )
      .map((specifier) => `${path} imports ${specifier}`),
  );
  expect(upward).toEqual([]);
});
