/**
 * `npm run build`: compiles src/ into dist/ when the sources changed since
 * the last build, else says it is up to date and does nothing. One build at
 * a time: a second waits for the first, then finds dist/ up to date, so two
 * `npm run checks` at once never run a half-written dist/. dist/ is cleared
 * before it is written (a deleted source never ships), and the command's
 * file is made executable, as npm makes a bin at install.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import {
  chmodSync,
  existsSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

import { lock } from 'proper-lockfile';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, 'dist');
const stamp = join(dist, '.sources');

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

/**
 * The build lock (proper-lockfile): one build at a time, a second waiting
 * up to two minutes for the first; a lock untouched for 20 s (its build was
 * killed) is taken over. The holder touches it every 10 s while the
 * compiler runs in a child process.
 */
const LOCK = {
  lockfilePath: join(here, '.build.lock'),
  realpath: false,
  stale: 20_000,
  retries: { retries: 480, factor: 1, minTimeout: 250, maxTimeout: 250 },
};

/** `tsc -p tsconfig.json`, in a child process. */
async function compile() {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const child = spawn(process.execPath, [tsc, '-p', join(here, 'tsconfig.json')], {
    stdio: 'inherit',
  });
  const [code, signal] = await once(child, 'exit');
  if (code !== 0) {
    throw new Error(
      `tsc -p ${join(here, 'tsconfig.json')} failed (${signal ?? `exit ${code}`})`,
    );
  }
}

let release;
try {
  release = await lock(here, LOCK);
} catch (error) {
  throw new Error(
    `cannot take the build lock ${LOCK.lockfilePath} within two minutes: another build holds it`,
    { cause: error },
  );
}
try {
  const hash = sourcesHash();
  if (upToDate(hash)) {
    process.stderr.write('zapier-publishing-checks: dist/ is up to date\n');
  } else {
    rmSync(dist, { recursive: true, force: true });
    await compile();
    chmodSync(join(dist, 'cli.js'), 0o755);
    writeFileSync(stamp, hash);
  }
} finally {
  await release();
}
