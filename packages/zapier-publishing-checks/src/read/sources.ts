/**
 * The app's own code, as text, for the rules that read it (D007, D026,
 * local:curlies-in-request): the files its entry loads, each once.
 *
 * - From the entry (`entryFileOf`), every relative `require()`, `import` and
 *   `export … from` is followed; a `require(`./triggers/${name}`)` reads the
 *   whole folder it names. A file Node.js loaded while the app was loaded
 *   (`require.cache`) is one too.
 * - A TypeScript app's build output is read as its sources: a file under
 *   tsconfig.json's `outDir` becomes the `.ts` its source map names, else
 *   the same name under `rootDir` (unset: `src`, then the app's). A stale
 *   build's leftover files are loaded by nothing, so never read.
 * - An app whose entry cannot be found (or that loads nothing) is read as
 *   its folder: its code files but dependencies, build output, tests and
 *   tooling.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

import type { SourceFile } from '../input';
import { isRecord } from '../shared/definition';
import { codeFileAt, entryFileOf } from './load-app';

const CODE = /\.(?:[cm]?js|[cm]?ts|tsx)$/;
const TEST_FILE = /\.(?:test|spec)\.[cm]?[jt]sx?$/;
/** Folders no app's code is in, when the folder is read whole. */
const NOT_THE_APPS = new Set(
  [
    'node_modules build dist out coverage test tests __tests__ __mocks__',
    'scripts tools bin docs examples example fixtures',
  ]
    .join(' ')
    .split(' '),
);
/** Bounds on what is read: an app's code is far smaller; a folder past them is not an app's. */
const MOST_FILES = 2_000;
const MOST_BYTES = 512 * 1024;

/** A relative module an import names, whole or up to a `${` / `+` (a folder read whole). */
const IMPORTS =
  /(?:\brequire\s*\(\s*|\bimport\s*\(\s*|\bfrom\s+|^\s*import\s+)(['"`])(\.{1,2}\/[^'"`$]*)(\$\{)?\1?/gm;
const CONCATENATED = /\brequire\s*\(\s*(['"])(\.{1,2}\/[^'"]*)\1\s*\+/g;

/** A JSON file's object (a tsconfig may have comments and trailing commas), or undefined. */
function readJson(path: string): Record<string, unknown> | undefined {
  if (!existsSync(path)) {
    return undefined;
  }
  const text = readFileSync(path, 'utf8')
    .replace(/\/\*[\s\S]*?\*\/|(?<![:"'\w])\/\/.*$/gm, '')
    .replace(/,(\s*[}\]])/g, '$1');
  try {
    const parsed: unknown = JSON.parse(text);
    return isRecord(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

interface Build {
  /** Where the compiler writes, absolute. */
  outDir: string;
  /**
   * Where its sources may be, absolute, the likeliest first: tsconfig's
   * `rootDir`; else `src` and the app's folder (tsc's default is the folder
   * common to its inputs, which is `src` or the app's, as `include` says).
   */
  rootDirs: string[];
}

/** A TypeScript app's build: the `outDir` and `rootDir` of its tsconfig.json, or its tsconfig.build.json. */
function buildOf(dir: string): Build | undefined {
  const options = ['tsconfig.json', 'tsconfig.build.json']
    .map((name) => readJson(join(dir, name))?.compilerOptions)
    .find((each) => isRecord(each) && typeof each.outDir === 'string');
  if (!isRecord(options) || typeof options.outDir !== 'string') {
    return undefined;
  }
  const rootDirs =
    typeof options.rootDir === 'string'
      ? [resolve(dir, options.rootDir)]
      : [join(dir, 'src'), dir];
  return { outDir: resolve(dir, options.outDir), rootDirs };
}

const inside = (folder: string, path: string) => {
  const part = relative(folder, path);
  return part !== '' && !part.startsWith('..') && !isAbsolute(part);
};

const TYPESCRIPT = ['.ts', '.tsx', '.mts', '.cts'];

/** The source a built file's source map names (`x.js.map` beside it), if it exists. */
function mappedSourceOf(path: string): string | undefined {
  const map = readJson(`${path}.map`);
  if (map === undefined || !Array.isArray(map.sources)) {
    return undefined;
  }
  const [first] = map.sources as unknown[];
  const root = typeof map.sourceRoot === 'string' ? map.sourceRoot : '';
  if (typeof first !== 'string' || /^[a-z][\w+.-]*:/i.test(root + first)) {
    return undefined;
  }
  const source = resolve(dirname(path), root, first);
  return TYPESCRIPT.some((ext) => source.endsWith(ext)) && existsSync(source)
    ? source
    : undefined;
}

/**
 * The source a built file was compiled from (`dist/x.js` → `src/x.ts`): the
 * one its source map names, else the same name under a root folder; else
 * the file itself.
 */
function sourceOf(path: string, build: Build | undefined): string {
  if (build === undefined || !inside(build.outDir, path)) {
    return path;
  }
  const stem = relative(build.outDir, path).replace(/\.[cm]?js$/, '');
  return (
    mappedSourceOf(path) ??
    build.rootDirs
      .flatMap((root) => TYPESCRIPT.map((ext) => join(root, stem + ext)))
      .find(existsSync) ??
    path
  );
}

/** A module a file names, as a file: TypeScript's `./x.js` may be `./x.ts`. */
function resolveImport(from: string, specifier: string): string | undefined {
  const target = resolve(dirname(from), specifier);
  return (
    codeFileAt(target) ??
    (/\.[cm]?js$/.test(target)
      ? codeFileAt(target.replace(/\.([cm]?)js$/, '.$1ts'))
      : undefined)
  );
}

function codeFilesIn(folder: string): string[] {
  if (!existsSync(folder) || !statSync(folder).isDirectory()) {
    return [];
  }
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      return NOT_THE_APPS.has(entry.name) || entry.name.startsWith('.')
        ? []
        : codeFilesIn(path);
    }
    return CODE.test(entry.name) && !TEST_FILE.test(entry.name) ? [path] : [];
  });
}

/** The files a file loads: each relative module it names, a folder it loads by a name built at run time. */
function importsOf(path: string, text: string): string[] {
  const named = Array.from(text.matchAll(IMPORTS), ([, , specifier = '', built]) =>
    built === undefined
      ? [resolveImport(path, specifier)]
      : codeFilesIn(resolve(dirname(path), specifier.replace(/[^/]*$/, ''))),
  ).flat();
  const concatenated = Array.from(text.matchAll(CONCATENATED), ([, , prefix = '']) =>
    codeFilesIn(resolve(dirname(path), prefix.replace(/[^/]*$/, ''))),
  ).flat();
  return [...named, ...concatenated].filter((file): file is string => file !== undefined);
}

/** This package's own folder: in a workspace it may lie inside the app's. */
const OWN_PACKAGE = resolve(__dirname, '..', '..');

/** The app's files Node.js loaded (CommonJS), its dependencies and this package left out. */
function loadedByNode(dir: string): string[] {
  return Object.keys(require.cache).filter(
    (path) =>
      inside(dir, path) &&
      !inside(OWN_PACKAGE, path) &&
      !path.split(sep).includes('node_modules') &&
      CODE.test(path),
  );
}

const readable = (path: string) => statSync(path).size <= MOST_BYTES;

/** Every file of the app's folder that may be its code, when no entry says which. */
function folderOf(dir: string, build: Build | undefined): string[] {
  return codeFilesIn(dir).filter(
    (path) => build === undefined || !inside(build.outDir, path),
  );
}

/** A built file of the app older than the source it is built from. */
export interface StaleFile {
  /** Relative to the app's folder. */
  built: string;
  source: string;
}

/**
 * The built files Node.js loaded for the app (a CommonJS build) whose
 * source changed after they were built: the checks read the built app, so
 * they do not see the change.
 */
export function staleBuildOf(appDir: string): StaleFile[] {
  const dir = resolve(appDir);
  const build = buildOf(dir);
  if (build === undefined) {
    return [];
  }
  return loadedByNode(dir)
    .filter((built) => inside(build.outDir, built))
    .flatMap((built) => {
      const source = sourceOf(built, build);
      return source !== built && statSync(source).mtimeMs > statSync(built).mtimeMs
        ? [{ built: relative(dir, built), source: relative(dir, source) }]
        : [];
    });
}

export function readSources(appDir: string): SourceFile[] {
  const dir = resolve(appDir);
  const build = buildOf(dir);
  const seen = new Set<string>();
  const queue = [entryFileOf(dir), ...loadedByNode(dir)].flatMap((path) =>
    path === undefined ? [] : [sourceOf(path, build)],
  );
  const found: SourceFile[] = [];
  while (queue.length > 0 && found.length < MOST_FILES) {
    const path = queue.shift() ?? '';
    if (seen.has(path) || !inside(dir, path) || !CODE.test(path) || !readable(path)) {
      continue;
    }
    seen.add(path);
    const text = readFileSync(path, 'utf8');
    found.push({ path: relative(dir, path), text });
    queue.push(...importsOf(path, text).map((file) => sourceOf(file, build)));
  }
  if (found.length > 0) {
    return found;
  }
  return folderOf(dir, build)
    .filter(readable)
    .slice(0, MOST_FILES)
    .map((path) => ({ path: relative(dir, path), text: readFileSync(path, 'utf8') }));
}

/**
 * Whether a file of the app (relative to its folder) is a TypeScript
 * app's build output (under tsconfig's `outDir`): the fixes edit its sources.
 */
export function isBuildOutput(appDir: string, file: string): boolean {
  const dir = resolve(appDir);
  const build = buildOf(dir);
  return build !== undefined && inside(build.outDir, resolve(dir, file));
}
