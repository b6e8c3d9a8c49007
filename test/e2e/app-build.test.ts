/**
 * harness/app-build.ts: the build the end-to-end files share. One process
 * builds at a time; another that wants it meanwhile waits for that build
 * instead of deleting and compiling dist/ beside it.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
  APP_BUILD_TIMEOUT_MS,
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

afterEach(() => {
  rmSync(buildLockOf(app), { recursive: true, force: true });
  rmSync(app, { recursive: true, force: true });
});

/** The lock, as another process holding it leaves it. */
function lockAs(pid: number): void {
  mkdirSync(buildLockOf(app));
  writeFileSync(join(buildLockOf(app), 'pid'), String(pid));
}

it('waits for the build another process is making, and finds it up to date', async () => {
  // Another test file's worker, mid-build: running, holding the lock.
  const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
    stdio: 'ignore',
  });
  try {
    lockAs(other.pid!);
    const wanted = ensureAppBuilt(app);
    // The other build ends: its dist/, then its lock let go.
    mkdirSync(join(app, 'dist'));
    writeFileSync(join(app, 'dist', 'index.js'), '// the other process built this\n');
    rmSync(buildLockOf(app), { recursive: true });

    expect(await wanted).toBe('up to date');
    expect(readFileSync(join(app, 'dist', 'index.js'), 'utf8')).toBe(
      '// the other process built this\n',
    );
  } finally {
    other.kill();
  }
});

it('takes over the lock of a build whose process is gone, and builds', async () => {
  const gone = spawnSync(process.execPath, ['-e', '']).pid;
  lockAs(gone);
  expect(await ensureAppBuilt(app)).toBe('built');
  expect(readFileSync(join(app, 'dist', 'index.js'), 'utf8')).toContain('built = true');
  expect(existsSync(buildLockOf(app))).toBe(false);
});

it('builds once for two that want it at once', async () => {
  const answers = await Promise.all([ensureAppBuilt(app), ensureAppBuilt(app)]);
  expect(answers.sort()).toEqual(['built', 'up to date']);
});
