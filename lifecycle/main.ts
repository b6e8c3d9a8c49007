/**
 * `npm start [-- --pkce]`: builds the app if needed, then runs the whole Zap
 * lifecycle against the sandbox. Exits 0 when every step passed, 1 otherwise.
 */
import { resolve } from 'node:path';

import { ensureAppBuilt } from '../harness/app-build';
import { messageOf, shownMessage } from '../harness/error-message';
import type * as Run from './run';

const APP_DIR = resolve(__dirname, '..', '..');

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
  const { runLifecycle } = loadRunner();
  const started = Date.now();
  process.stdout.write(
    `Zap lifecycle against the local sandbox, ${pkce ? 'PKCE' : 'client-secret'} mode\n`,
  );
  try {
    const build = await ensureAppBuilt(APP_DIR);
    process.stdout.write(
      `✔ ${build === 'built' ? 'App built into dist/' : 'App build in dist/ is up to date'}\n`,
    );
    await runLifecycle({ pkce, appDir: APP_DIR });
  } catch (error) {
    process.stdout.write(`✘ ${shownMessage(error)}\n`);
    return 1;
  }
  process.stdout.write(
    `All steps passed in ${seconds(Date.now() - started)} s${wholeRun()}.\n`,
  );
  return 0;
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);

/**
 * The whole command's time, as the person who typed it waited: Node's start
 * and, under `npm start`, compiling the tools first (scripts/tool.sh says how
 * long that took).
 */
function wholeRun(): string {
  const compileMs = Number(process.env.TOOLS_COMPILE_MS);
  const sinceNodeStarted = Date.now() - performance.timeOrigin;
  if (!Number.isFinite(compileMs) || compileMs < 0) {
    return ` (${seconds(sinceNodeStarted)} s since the command started)`;
  }
  return (
    ` (${seconds(compileMs + sinceNodeStarted)} s for the whole command, ` +
    `${seconds(compileMs)} s of it compiling the tools)`
  );
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${messageOf(error)}\n`);
    process.exit(1);
  },
);
