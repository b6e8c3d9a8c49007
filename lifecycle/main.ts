/**
 * `npm start [-- --pkce]`: builds the app if needed, then runs the whole Zap
 * lifecycle against the sandbox. Exits 0 when every step passed, 1 otherwise.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

import type * as Run from './run';

const APP_DIR = resolve(__dirname, '..', '..');

function newestSourceTime(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((newest, entry) => {
    const path = join(dir, entry.name);
    const time = entry.isDirectory() ? newestSourceTime(path) : statSync(path).mtimeMs;
    return Math.max(newest, time);
  }, 0);
}

/** Compiles src/ into dist/ when dist/ is missing or older than a source file. */
function ensureAppBuilt(): string {
  const entry = join(APP_DIR, 'dist', 'index.js');
  if (
    existsSync(entry) &&
    statSync(entry).mtimeMs >= newestSourceTime(join(APP_DIR, 'src'))
  ) {
    return 'App build in dist/ is up to date';
  }
  execFileSync(
    process.execPath,
    [require.resolve('typescript/bin/tsc'), '-p', join(APP_DIR, 'tsconfig.build.json')],
    { stdio: 'inherit' },
  );
  return 'App built into dist/';
}

/**
 * Loads the runner after marking this process as a test harness: core then
 * applies its strict checks to every result (as under jest and `invoke`) and
 * keeps its per-invocation memory report out of the transcript.
 */
function loadRunner(): typeof Run {
  process.env.NODE_ENV ??= 'test';
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('./run') as typeof Run;
}

async function main(args: string[]): Promise<number> {
  const unknown = args.filter((arg) => arg !== '--pkce');
  if (unknown.length > 0) {
    process.stderr.write(
      `Unknown option ${unknown.join(' ')}. Usage: npm start [-- --pkce]\n`,
    );
    return 2;
  }
  const pkce = args.includes('--pkce');
  const { readable, runLifecycle } = loadRunner();
  const started = Date.now();
  process.stdout.write(
    `Zap lifecycle against the local sandbox, ${pkce ? 'PKCE' : 'client-secret'} mode\n`,
  );
  try {
    process.stdout.write(`✔ ${ensureAppBuilt()}\n`);
    await runLifecycle({ pkce, appDir: APP_DIR });
  } catch (error) {
    process.stdout.write(`✘ ${readable(error)}\n`);
    return 1;
  }
  process.stdout.write(
    `All steps passed in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`,
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
