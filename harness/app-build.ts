import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { lock } from 'proper-lockfile';

function newestTime(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((newest, entry) => {
    const path = join(dir, entry.name);
    return Math.max(
      newest,
      entry.isDirectory() ? newestTime(path) : statSync(path).mtimeMs,
    );
  }, 0);
}

/**
 * What `ensureAppBuilt` may take, waiting for another process's build
 * included: compiling took 13 s on two cores at load average 22
 * (`time npx tsc -p tsconfig.build.json`); four times that.
 */
export const APP_BUILD_TIMEOUT_MS = 60_000;

/**
 * A lock its holder has not touched for this long belongs to a build that
 * was killed, and is taken over. The holder touches it every half of that
 * while it builds (proper-lockfile's `update`): the compiler runs in a
 * child process, so this process's timers keep running meanwhile.
 */
export const BUILD_LOCK_STALE_MS = 20_000;

/** How often a process that waits for the lock tries it again. */
const LOCK_RETRY_MS = 250;

/** The lock of `appDir`'s build: a folder in the app's own folder (ignored by git). */
export const buildLockOf = (appDir: string) => join(resolve(appDir), '.build.lock');

/**
 * Takes `appDir`'s build lock (proper-lockfile), waiting while another
 * process holds it, at most APP_BUILD_TIMEOUT_MS; a stale one is taken
 * over. Answers its release, which says whether the lock held throughout.
 */
async function takeBuildLock(appDir: string): Promise<() => Promise<void>> {
  let compromised: Error | undefined;
  const release = await lock(resolve(appDir), {
    lockfilePath: buildLockOf(appDir),
    realpath: false,
    stale: BUILD_LOCK_STALE_MS,
    retries: {
      retries: Math.ceil(APP_BUILD_TIMEOUT_MS / LOCK_RETRY_MS),
      factor: 1,
      minTimeout: LOCK_RETRY_MS,
      maxTimeout: LOCK_RETRY_MS,
    },
    onCompromised: (error) => {
      compromised = error;
    },
  }).catch((error: unknown) => {
    throw new Error(
      `cannot take the build lock of ${appDir} (${buildLockOf(appDir)}) within ${APP_BUILD_TIMEOUT_MS / 1000} s: another build holds it`,
      { cause: error },
    );
  });
  return async () => {
    if (compromised !== undefined) {
      throw new Error(
        `the build lock of ${appDir} was lost while building (${compromised.message}): build again`,
      );
    }
    await release();
  };
}

/** `tsc -p <project>`, in a child process; its failure thrown with what the compiler said. */
async function compile(project: string): Promise<void> {
  const child = spawn(
    process.execPath,
    [require.resolve('typescript/bin/tsc'), '-p', project],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let said = '';
  const keep = (chunk: Buffer) => {
    said += chunk.toString();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const [code, signal] = (await once(child, 'close')) as [number | null, string | null];
  if (code !== 0) {
    throw new Error(
      `tsc -p ${project} failed (${signal ?? `exit ${code}`}):\n${said.trim()}`,
    );
  }
}

/**
 * Compiles src/ into a fresh dist/ when dist/ is missing or older than a
 * source file: nothing compiled from a deleted source stays behind. One
 * process at a time looks and builds: two test files (or a test run and
 * `npm start`) that want the app at once on a clean clone do not race; the
 * later waits for the other's build and finds it up to date.
 */
export async function ensureAppBuilt(appDir: string): Promise<'up to date' | 'built'> {
  const release = await takeBuildLock(appDir);
  try {
    const entry = join(appDir, 'dist', 'index.js');
    if (existsSync(entry) && statSync(entry).mtimeMs >= newestTime(join(appDir, 'src'))) {
      return 'up to date';
    }
    rmSync(join(appDir, 'dist'), { recursive: true, force: true });
    await compile(join(appDir, 'tsconfig.build.json'));
    return 'built';
  } finally {
    await release();
  }
}
