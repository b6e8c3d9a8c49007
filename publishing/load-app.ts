/**
 * Loads an app the way Zapier's runtime does (`index.js` at the app's root,
 * with the app's own zapier-platform-core) and builds its definition with
 * core's `definition` command, as the CLI does for `validate` and `build`.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

import type { AppDefinition } from './definition';
import { isRecord } from './definition';
import type { CoreRuntime } from './local-run';

export interface LoadedApp {
  app: object;
  core: CoreRuntime;
  definition: AppDefinition;
}

/** The app, its core or its definition could not be read; the message says which and why. */
export class AppLoadError extends Error {
  override name = 'AppLoadError';
}

const reasonOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';

function load(path: string, what: string): unknown {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require(path) as unknown;
  } catch (error) {
    throw new AppLoadError(`cannot load ${what} (${path}): ${reasonOf(error)}`);
  }
}

/** The definition of an app object, as core's `definition` command serialises it. */
export async function definitionOf(
  core: CoreRuntime,
  app: object,
): Promise<AppDefinition> {
  let results: unknown;
  try {
    ({ results } = await core.createAppHandler(app)({
      command: 'definition',
      calledFromCli: true,
    }));
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

export async function loadApp(appDir: string): Promise<LoadedApp> {
  const dir = resolve(appDir);
  const entry = join(dir, 'index.js');
  if (!existsSync(entry)) {
    throw new AppLoadError(`${dir} has no index.js, the file Zapier loads the app from`);
  }
  let corePath: string;
  try {
    corePath = require.resolve('zapier-platform-core', { paths: [dir] });
  } catch {
    throw new AppLoadError(
      `zapier-platform-core is not installed for ${dir}: run npm ci there`,
    );
  }
  const core = load(corePath, 'zapier-platform-core');
  if (!isRecord(core) || typeof core.createAppHandler !== 'function') {
    throw new AppLoadError(
      `${corePath} is not zapier-platform-core (no createAppHandler)`,
    );
  }
  const app = load(entry, "the app's index.js");
  if (!isRecord(app)) {
    throw new AppLoadError(
      `${entry} exports ${JSON.stringify(app)}, not an app definition object`,
    );
  }
  const runtime = core as unknown as CoreRuntime;
  return { app, core: runtime, definition: await definitionOf(runtime, app) };
}
