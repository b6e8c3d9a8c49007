/**
 * build.mjs, the package's build: one build at a time (proper-lockfile), a
 * second finding dist/ up to date; a killed build's lock taken over. Run on
 * a copy of the script in a scratch package, so that the package's own
 * dist/, which other test files run, is left alone.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const PACKAGE = join(__dirname, '..');
/** The node_modules that holds the script's typescript and proper-lockfile. */
const NODE_MODULES = dirname(dirname(require.resolve('proper-lockfile/package.json')));

jest.setTimeout(120_000);

let scratch: string;

beforeEach(() => {
  scratch = mkdtempSync(join(tmpdir(), 'checks-build-'));
  copyFileSync(join(PACKAGE, 'build.mjs'), join(scratch, 'build.mjs'));
  symlinkSync(NODE_MODULES, join(scratch, 'node_modules'));
  writeFileSync(join(scratch, 'package.json'), '{"name":"scratch","version":"1.0.0"}');
  writeFileSync(
    join(scratch, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { rootDir: 'src', outDir: 'dist', module: 'commonjs', types: [] },
      include: ['src/**/*.ts'],
    }),
  );
  mkdirSync(join(scratch, 'src'));
  writeFileSync(join(scratch, 'src', 'cli.ts'), 'export const built = true;\n');
});
afterEach(() => rmSync(scratch, { recursive: true, force: true }));

/** `node build.mjs` in the scratch package: its exit code and what it wrote to stderr. */
async function build(): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [join(scratch, 'build.mjs')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, stderr };
}

const UP_TO_DATE = 'zapier-publishing-checks: dist/ is up to date\n';

it('builds once for two builds at once: the second waits, and finds dist/ up to date', async () => {
  const [first, second] = await Promise.all([build(), build()]);

  expect([first.code, second.code]).toEqual([0, 0]);
  expect([first.stderr, second.stderr].sort()).toEqual(['', UP_TO_DATE]);
  expect(readFileSync(join(scratch, 'dist', 'cli.js'), 'utf8')).toContain('built = true');
  expect(statSync(join(scratch, 'dist', 'cli.js')).mode & 0o111).toBe(0o111);
  expect(existsSync(join(scratch, '.build.lock'))).toBe(false);
});

it("takes over a killed build's lock (untouched for longer than 20 s), and builds", async () => {
  mkdirSync(join(scratch, '.build.lock'));
  const killedAt = new Date(Date.now() - 60_000);
  utimesSync(join(scratch, '.build.lock'), killedAt, killedAt);

  const { code, stderr } = await build();

  expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  expect(existsSync(join(scratch, 'dist', 'cli.js'))).toBe(true);
  expect(existsSync(join(scratch, '.build.lock'))).toBe(false);
});
