/**
 * `npm run build`: compiles src/ into dist/ when the sources changed since
 * the last build, else says it is up to date and does nothing. One build at
 * a time: a second waits for the first, then finds dist/ up to date, so two
 * `npm run checks` at once never run a half-written dist/. dist/ is cleared
 * before it is written (a deleted source never ships), and the command's
 * file is made executable, as npm makes a bin at install.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, 'dist');
const stamp = join(dist, '.sources');
const lock = join(here, '.build.lock');

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      yield* files(path);
    } else if (entry.name.endsWith('.ts')) {
      yield path;
    }
  }
}

/** What dist/ is built from: every source, the compiler's options and the package's manifest. */
function sourcesHash() {
  const hash = createHash('sha256');
  const inputs = [
    ...files(join(here, 'src')),
    join(here, 'tsconfig.json'),
    join(here, 'package.json'),
  ];
  for (const path of inputs.sort()) {
    hash
      .update(relative(here, path))
      .update('\0')
      .update(readFileSync(path))
      .update('\0');
  }
  return hash.digest('hex');
}

const upToDate = (hash) => existsSync(stamp) && readFileSync(stamp, 'utf8') === hash;

/** Whether the build that holds the lock is gone (killed): its process no longer runs. */
function lockIsStale() {
  try {
    process.kill(Number(readFileSync(join(lock, 'pid'), 'utf8')), 0);
    return false;
  } catch (error) {
    // No pid yet: its holder has just made the lock and is writing it.
    return error.code === 'ESRCH';
  }
}

/**
 * Runs `work` holding the build lock (a directory: made by one process
 * only), waiting up to two minutes for a build that runs, taking over from
 * one that was killed.
 */
function withLock(work) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if (error.code !== 'EEXIST' || Date.now() > deadline) {
        throw new Error(
          `cannot take the build lock ${lock}: if no build runs, remove it`,
          {
            cause: error,
          },
        );
      }
      if (lockIsStale()) {
        rmSync(lock, { recursive: true, force: true });
        continue;
      }
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
    }
  }
  try {
    return work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

withLock(() => {
  const hash = sourcesHash();
  if (upToDate(hash)) {
    process.stderr.write('zapier-publishing-checks: dist/ is up to date\n');
    return;
  }
  rmSync(dist, { recursive: true, force: true });
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', join(here, 'tsconfig.json')], {
    stdio: 'inherit',
  });
  chmodSync(join(dist, 'cli.js'), 0o755);
  writeFileSync(stamp, hash);
});
