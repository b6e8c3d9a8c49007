/**
 * Loads any app the way zapier-platform-cli loads it (src/utils/local.js), with
 * the app's own zapier-platform-core, and builds its definition with core's
 * `definition` command:
 * - `require()` of the app's folder (its package.json `main`, else `index.js`),
 *   the module's `default` unwrapped (an app may export it either way);
 * - an ES module app that `require()` cannot load is imported through its
 *   package.json `exports` (else `main`, else `index.js`), as the CLI's
 *   zapierwrapper.mjs does;
 * - core's handler is called as it takes it: `(event, context, callback)`
 *   before core 17, `(event)` since.
 * A definition with no trigger, search or create and no authentication is not
 * an app: refused, never checked (it would pass every check).
 */
import type { Dirent } from 'node:fs';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

import type { AppDefinition } from '../shared/definition';
import { isRecord } from '../shared/definition';
import { CannotCheckError, codeOf, messageOf } from '../shared/messages';
import type { LambdaHandler } from './lambda-handler';

export interface LoadedApp {
  handler: LambdaHandler;
  definition: AppDefinition;
  /** The app's own zapier-platform-core (its entry file), which brings its zapier-platform-schema. */
  corePath: string;
}

/** The app, its core or its definition could not be read; the message says which and why. */
export class AppLoadError extends CannotCheckError {
  override name = 'AppLoadError';
}

const reasonOf = (error: unknown) => messageOf(error).split('\n')[0] ?? '';

/**
 * `import()` as Node runs it. TypeScript compiles this project to CommonJS,
 * where a written `import()` would become `require()`: ES modules need the
 * real one.
 */
// eslint-disable-next-line @typescript-eslint/no-implied-eval -- see above
const importModule = new Function('specifier', 'return import(specifier)') as (
  specifier: string,
) => Promise<unknown>;

type RawHandler = (...args: unknown[]) => unknown;

/** Core's handler with one calling convention, whichever core the app brings. */
export function asAppHandler(raw: RawHandler): LambdaHandler {
  if (raw.length === 3) {
    // Before core 17: handler(event, context, callback); core sets properties on context.
    return (event) =>
      new Promise((resolvePromise, reject) => {
        raw(
          { ...event, calledFromCli: true },
          {},
          (error: unknown, response: unknown) => {
            if (error) {
              reject(error instanceof Error ? error : new Error(reasonOf(error)));
            } else {
              resolvePromise(
                isRecord(response)
                  ? { results: response.results }
                  : { results: undefined },
              );
            }
          },
        );
      });
  }
  return async (event) =>
    (await raw({ ...event, calledFromCli: true }, {})) as { results: unknown };
}

interface Core {
  path: string;
  createAppHandler: (app: object) => RawHandler;
}

function loadCore(dir: string): Core {
  let corePath: string;
  try {
    corePath = require.resolve('zapier-platform-core', { paths: [dir] });
  } catch {
    throw new AppLoadError(
      `zapier-platform-core is not installed for ${dir}: run npm ci there`,
    );
  }
  let core: unknown;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    core = require(corePath) as unknown;
  } catch (error) {
    throw new AppLoadError(
      `cannot load zapier-platform-core (${corePath}): ${reasonOf(error)}`,
    );
  }
  if (!isRecord(core) || typeof core.createAppHandler !== 'function') {
    throw new AppLoadError(
      `${corePath} is not zapier-platform-core (no createAppHandler)`,
    );
  }
  const loaded = core as Pick<Core, 'createAppHandler'>;
  return { path: corePath, createAppHandler: (app) => loaded.createAppHandler(app) };
}

/** The file an ES module package exports as `.`: `import`, `node` or `default` conditions. */
function exportedEntry(exports: unknown): string | undefined {
  if (typeof exports === 'string') {
    return exports;
  }
  if (!isRecord(exports)) {
    return undefined;
  }
  const root = '.' in exports ? exports['.'] : exports;
  if (typeof root === 'string') {
    return root;
  }
  if (isRecord(root)) {
    for (const condition of ['import', 'node', 'default', 'require']) {
      const target = exportedEntry(root[condition]);
      if (target !== undefined) {
        return target;
      }
    }
  }
  return undefined;
}

function packageJsonOf(dir: string): Record<string, unknown> {
  const path = join(dir, 'package.json');
  if (!existsSync(path)) {
    return {};
  }
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    return isRecord(parsed) ? parsed : {};
  } catch (error) {
    throw new AppLoadError(`cannot read ${path}: ${reasonOf(error)}`);
  }
}

/** Whether `require(dir)` failed because the folder itself has no entry (not a missing dependency). */
function folderHasNoEntry(error: unknown, dir: string): boolean {
  return codeOf(error) === 'MODULE_NOT_FOUND' && reasonOf(error).includes(`'${dir}'`);
}

/** What to add when a file the app needs is missing: a TypeScript app's output is built, not written. */
const unbuiltHint = (dir: string) =>
  existsSync(join(dir, 'tsconfig.json'))
    ? '; it is a TypeScript app (tsconfig.json): build it first (npm run build, or npx tsc), then run the checks'
    : '';

/** The module a `require()` could not find: Jest's error names it; Node's message starts with it in either loader's words. */
function wantedModuleOf(error: unknown): string | undefined {
  if (isRecord(error) && typeof error.moduleName === 'string') {
    return error.moduleName;
  }
  return /Cannot find module '([^']+)'/.exec(messageOf(error))?.[1];
}

/** The requiring file, when the error carries it as an absolute path (Node's and Jest's `requireStack`). */
function requiringFileOf(error: unknown): string | undefined {
  const stack = isRecord(error) ? error.requireStack : undefined;
  const first: unknown = Array.isArray(stack) ? stack[0] : undefined;
  return typeof first === 'string' && isAbsolute(first) ? first : undefined;
}

/** At most this many of the app's folders are searched for the requiring file's: a hint is not worth a long walk. */
const MOST_FOLDERS_SEARCHED = 2_000;

/** The app's own folders, its root first: neither node_modules nor a hidden folder. */
function appFolders(appDir: string): string[] {
  const folders = [appDir];
  for (
    let index = 0;
    index < folders.length && folders.length < MOST_FOLDERS_SEARCHED;
    index += 1
  ) {
    const folder = folders[index] as string;
    let entries: Dirent[];
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (
        entry.isDirectory() &&
        entry.name !== 'node_modules' &&
        !entry.name.startsWith('.')
      ) {
        folders.push(join(folder, entry.name));
      }
    }
  }
  return folders.slice(0, MOST_FOLDERS_SEARCHED);
}

/** The names a require of `name` may mean: the file as written, with a code extension, or a folder. */
const CODE_EXTENSIONS = ['', '.js', '.cjs', '.mjs', '.json', '.ts'];

/**
 * In `folder`, a file (or folder) a require of `name` would load on a
 * case-insensitive disk and does not load on Linux: its name differs only in
 * capitals, and nothing has the name exactly.
 */
function otherCapitalsIn(folder: string, name: string): string | undefined {
  let entries: string[];
  try {
    entries = readdirSync(folder);
  } catch {
    return undefined;
  }
  const wanted = CODE_EXTENSIONS.map((extension) => `${name}${extension}`);
  if (entries.some((entry) => wanted.includes(entry))) {
    return undefined;
  }
  const lower = wanted.map((each) => each.toLowerCase());
  const found = entries.find((entry) => lower.includes(entry.toLowerCase()));
  return found === undefined ? undefined : join(folder, found);
}

/**
 * What to add when a relative `require()` names a file that exists with
 * other capitals (`./abstract` for `Abstract.js`): it loads on macOS and
 * Windows, not on Zapier's Linux, where names are case-sensitive.
 *
 * The requiring file's folder is taken from the error's `requireStack` when
 * that holds an absolute path (Node and Jest both set it); otherwise every
 * folder of the app is tried. No path is read out of the message, whose
 * words and relative paths differ between Node, Jest and other loaders.
 */
export function caseHint(error: unknown, appDir: string): string {
  const wanted = wantedModuleOf(error);
  if (wanted === undefined || !/^\.{1,2}\//.test(wanted)) {
    return '';
  }
  const requiring = requiringFileOf(error);
  const folders = requiring === undefined ? appFolders(appDir) : [dirname(requiring)];
  const name = basename(wanted);
  const found = [
    ...new Set(
      folders.flatMap(
        (folder) => otherCapitalsIn(resolve(folder, dirname(wanted)), name) ?? [],
      ),
    ),
  ];
  return found.length === 0
    ? ''
    : `; ${found.join(', ')} exist${found.length === 1 ? 's' : ''} with other capitals: file names are case-sensitive where Zapier runs (Linux), so require it as written on disk`;
}

async function importAsModule(dir: string): Promise<unknown> {
  const manifest = packageJsonOf(dir);
  const entry =
    exportedEntry(manifest.exports) ??
    (typeof manifest.main === 'string' ? manifest.main : undefined) ??
    'index.js';
  const path = resolve(dir, entry);
  if (!existsSync(path)) {
    throw new AppLoadError(
      `${dir} has no app to load: no index.js, and no package.json "exports" or "main" naming a file that exists (looked for ${path})${unbuiltHint(dir)}`,
    );
  }
  try {
    return await importModule(pathToFileURL(path).href);
  } catch (error) {
    throw new AppLoadError(`cannot import the app's entry (${path}): ${reasonOf(error)}`);
  }
}

/**
 * What Zapier's runtime loads: for a CommonJS app, `index.js` at its root (the
 * `zapierwrapper.js` core puts into the build requires exactly that, whatever
 * package.json's `main` says); else the folder, through its `main`.
 */
function commonJsEntry(dir: string): string {
  const rootIndex = join(dir, 'index.js');
  return packageJsonOf(dir).type !== 'module' && existsSync(rootIndex) ? rootIndex : dir;
}

/** A file that exists as written, or with a code extension, or as a folder's index. */
export function codeFileAt(path: string): string | undefined {
  const candidates = [
    path,
    ...['.js', '.cjs', '.mjs', '.ts'].map((extension) => `${path}${extension}`),
    ...['index.js', 'index.cjs', 'index.mjs', 'index.ts'].map((name) => join(path, name)),
  ];
  return candidates.find(
    (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
  );
}

/**
 * The file the app's load starts from, as the runtime picks it: a CommonJS
 * app's root `index.js`, else its package.json `exports` or `main`, else
 * `index.js`; undefined when none exists (an unbuilt TypeScript app).
 */
export function entryFileOf(dir: string): string | undefined {
  const rootIndex = commonJsEntry(dir);
  if (rootIndex !== dir) {
    return rootIndex;
  }
  const manifest = packageJsonOf(dir);
  const entry =
    exportedEntry(manifest.exports) ??
    (typeof manifest.main === 'string' ? manifest.main : undefined) ??
    'index.js';
  return codeFileAt(resolve(dir, entry));
}

async function loadAppModule(dir: string): Promise<unknown> {
  let loaded: unknown;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    loaded = require(commonJsEntry(dir)) as unknown;
  } catch (error) {
    const isModule =
      folderHasNoEntry(error, dir) ||
      ['ERR_REQUIRE_ESM', 'ERR_REQUIRE_ASYNC_MODULE'].includes(codeOf(error) ?? '');
    if (!isModule) {
      const hint =
        codeOf(error) === 'MODULE_NOT_FOUND'
          ? `${caseHint(error, dir)}${unbuiltHint(dir)}`
          : '';
      throw new AppLoadError(`cannot load the app (${dir}): ${reasonOf(error)}${hint}`);
    }
    loaded = await importAsModule(dir);
  }
  // Named exports or a default export: the CLI takes `default` when there is one.
  return isRecord(loaded) && loaded.default !== undefined ? loaded.default : loaded;
}

/** The definition of an app, as core's `definition` command serialises it. */
export async function definitionOf(handler: LambdaHandler): Promise<AppDefinition> {
  let results: unknown;
  try {
    ({ results } = await handler({ command: 'definition' }));
  } catch (error) {
    throw new AppLoadError(
      `zapier-platform-core cannot build the app's definition: ${reasonOf(error)}`,
    );
  }
  if (!isRecord(results)) {
    throw new AppLoadError(
      `zapier-platform-core's definition command returned ${JSON.stringify(results)}, not an object`,
    );
  }
  return results;
}

/**
 * Core builds a definition from whatever it is given; an app's carries the
 * `version` and `platformVersion` every app declares (core's schema requires
 * both). Without them, what was loaded is not an app (its object behind
 * another export name, say): refused, never checked as an empty app. An app
 * with no steps (the `minimal` template) is an app, and is checked.
 */
function refuseNonApp(definition: AppDefinition, dir: string): void {
  if (
    typeof definition.version !== 'string' ||
    typeof definition.platformVersion !== 'string'
  ) {
    throw new AppLoadError(
      `${dir} exports no app: its definition has no version and platformVersion, which every Zapier app declares (is the app's object its default export, or behind another name?)`,
    );
  }
}

/**
 * `work` run with whatever the app writes to standard output (a
 * `console.log` in its entry, a log line of a run) sent to standard error:
 * standard output is the report's, and `--format json` stays one object.
 */
export async function withAppOutputOnStderr<T>(work: () => Promise<T>): Promise<T> {
  const { stdout, stderr } = process;
  const write = Object.getOwnPropertyDescriptor(stdout, 'write');
  stdout.write = stderr.write.bind(stderr);
  try {
    return await work();
  } finally {
    if (write === undefined) {
      // The stream's own method was its prototype's: take the copy away.
      Reflect.deleteProperty(stdout, 'write');
    } else {
      Object.defineProperty(stdout, 'write', write);
    }
  }
}

/**
 * `work` run with `dir` as the working directory, as Zapier runs an app in
 * its own folder: some apps read files relative to it when loaded.
 */
export async function inFolder<T>(dir: string, work: () => Promise<T>): Promise<T> {
  const before = process.cwd();
  process.chdir(dir);
  try {
    return await work();
  } finally {
    process.chdir(before);
  }
}

export async function loadApp(appDir: string): Promise<LoadedApp> {
  const dir = resolve(appDir);
  const core = loadCore(dir);
  const app = await loadAppModule(dir);
  if (!isRecord(app)) {
    throw new AppLoadError(
      `${dir} exports ${JSON.stringify(app)}, not an app definition object`,
    );
  }
  const handler = asAppHandler(core.createAppHandler(app));
  const definition = await definitionOf(handler);
  refuseNonApp(definition, dir);
  return { handler, definition, corePath: core.path };
}
