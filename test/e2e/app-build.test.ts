/**
 * harness/app-build.ts: the build the end-to-end files share. One process
 * builds at a time; another that wants it meanwhile waits for that build
 * instead of deleting and compiling dist/ beside it; a killed build's lock
 * is taken over.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { lock } from 'proper-lockfile';

import {
  APP_BUILD_TIMEOUT_MS,
  BUILD_LOCK_STALE_MS,
  buildLockOf,
  ensureAppBuilt,
} from '../../harness/app-build';

jest.setTimeout(APP_BUILD_TIMEOUT_MS);

let app: string;

/** A clean clone of an app of one source file: no dist/ yet. */
beforeEach(() => {
  app = mkdtempSync(join(tmpdir(), 'app-build-'));
  mkdirSync(join(app, 'src'));
  writeFileSync(join(app, 'src', 'index.ts'), 'export const built = true;\n');
  writeFileSync(
    join(app, 'tsconfig.build.json'),
    JSON.stringify({
      compilerOptions: {
        rootDir: 'src',
        outDir: 'dist',
        module: 'commonjs',
        target: 'ES2022',
        types: [],
      },
      include: ['src/**/*.ts'],
    }),
  );
});

afterEach(() => rmSync(app, { recursive: true, force: true }));

/** Writes dist/ as another process's build leaves it. */
function writeOthersBuild(): void {
  mkdirSync(join(app, 'dist'));
  writeFileSync(join(app, 'dist', 'index.js'), '// the other process built this\n');
}

it('waits for the build another holder of the lock is making, and finds it up to date', async () => {
  // Another build, mid-way: it holds the lock, and keeps it fresh.
  const releaseOthers = await lock(app, {
    lockfilePath: buildLockOf(app),
    realpath: false,
  });
  const wanted = ensureAppBuilt(app);
  // The other build ends: its dist/, then its lock let go.
  writeOthersBuild();
  await releaseOthers();

  expect(await wanted).toBe('up to date');
  expect(readFileSync(join(app, 'dist', 'index.js'), 'utf8')).toBe(
    '// the other process built this\n',
  );
});

it('takes over the lock of a build that was killed (untouched for longer than it is kept), and builds', async () => {
  // A killed build's lock: nothing has touched it since.
  mkdirSync(buildLockOf(app));
  const killedAt = new Date(Date.now() - 2 * BUILD_LOCK_STALE_MS);
  utimesSync(buildLockOf(app), killedAt, killedAt);

  expect(await ensureAppBuilt(app)).toBe('built');
  expect(readFileSync(join(app, 'dist', 'index.js'), 'utf8')).toContain('built = true');
  expect(existsSync(buildLockOf(app))).toBe(false);
});

it('builds once for two that want it at once, and leaves no lock', async () => {
  const answers = await Promise.all([ensureAppBuilt(app), ensureAppBuilt(app)]);
  expect(answers.sort()).toEqual(['built', 'up to date']);
  expect(existsSync(buildLockOf(app))).toBe(false);
});

it('says which project failed to compile, and lets the lock go', async () => {
  writeFileSync(join(app, 'src', 'index.ts'), 'export const built: number = "no";\n');

  const failure = ensureAppBuilt(app);

  await expect(failure).rejects.toThrow(
    `tsc -p ${join(app, 'tsconfig.build.json')} failed (exit 2):`,
  );
  await expect(failure).rejects.toThrow(
    "error TS2322: Type 'string' is not assignable to type 'number'.",
  );
  expect(existsSync(buildLockOf(app))).toBe(false);
});
