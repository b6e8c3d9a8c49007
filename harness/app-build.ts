import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { eventually } from './eventually';

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
 * The lock of `appDir`'s build: a folder beside the system's temporary
 * files, holding the builder's process id (`pid`), so that a clone's
 * tree holds nothing of it.
 */
export function buildLockOf(appDir: string): string {
  const id = createHash('sha256').update(resolve(appDir)).digest('hex').slice(0, 16);
  return join(tmpdir(), `app-build-${id}.lock`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The process holding `lock`, or undefined when it let go meanwhile. */
function holderOf(lock: string): number | undefined {
  try {
    return Number(readFileSync(join(lock, 'pid'), 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Takes `appDir`'s build lock, waiting while another running process holds
 * it; a lock whose process is gone (killed mid-build) is taken over.
 * Taking it is one rename of a folder that already holds this process's
 * id: two processes cannot both succeed. Answers its release.
 */
async function takeBuildLock(appDir: string): Promise<() => void> {
  const lock = buildLockOf(appDir);
  for (;;) {
    const mine = `${lock}.${process.pid}.${randomBytes(4).toString('hex')}`;
    mkdirSync(mine);
    writeFileSync(join(mine, 'pid'), String(process.pid));
    try {
      renameSync(mine, lock);
      return () => rmSync(lock, { recursive: true, force: true });
    } catch (error) {
      rmSync(mine, { recursive: true, force: true });
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST') {
        throw error;
      }
    }
    const holder = holderOf(lock);
    if (holder !== undefined && !isRunning(holder)) {
      rmSync(lock, { recursive: true, force: true });
    } else if (holder !== undefined) {
      await eventually(() => (holderOf(lock) === holder ? undefined : true), {
        timeoutMs: APP_BUILD_TIMEOUT_MS,
        what: `process ${holder}'s build of ${appDir} (its lock: ${lock})`,
      });
    }
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
    execFileSync(
      process.execPath,
      [require.resolve('typescript/bin/tsc'), '-p', join(appDir, 'tsconfig.build.json')],
      { stdio: 'inherit' },
    );
    return 'built';
  } finally {
    release();
  }
}
