/**
 * Standard output is the report's: what an app prints while it is loaded
 * (a `console.log` in its entry) goes to standard error, so `--format json`
 * stays one object; standard output is given back afterwards, whether the
 * app loaded or not.
 */
import { Console } from 'node:console';
import { rmSync } from 'node:fs';

import { main } from '../src/cli';
import { lint } from '../src/lint';
import { withAppOutputOnStderr } from '../src/read/load-app';
import { CannotCheckError } from '../src/shared/messages';
import { scratchApp, writeThingApp } from './scratch-app';

let appDir: string;
let stdoutWrites: jest.SpyInstance;
let stderrWrites: jest.SpyInstance;
// eslint-disable-next-line no-console -- put back after each test
const quietLog = console.log;

/** Standard output's write method as it is now, to compare (never called). */
const stdoutWrite = (): unknown => Reflect.get(process.stdout, 'write');

/** What reached a spied stream, as text. */
const written = (spy: jest.SpyInstance) =>
  spy.mock.calls.map(([chunk]) => String(chunk)).join('');

beforeEach(() => {
  appDir = scratchApp('app-output-');
  // Node's own console, writing to process.stdout as it is when called
  // (the suite's setup silences console.log, and Jest's console is its own).
  const node = new Console(process.stdout, process.stderr);
  // eslint-disable-next-line no-console -- the app's console.log, as Node gives it
  console.log = node.log.bind(node);
  stdoutWrites = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
  stderrWrites = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
});

afterEach(() => {
  stdoutWrites.mockRestore();
  stderrWrites.mockRestore();
  // eslint-disable-next-line no-console -- put back
  console.log = quietLog;
  rmSync(appDir, { recursive: true, force: true });
});

const writeApp = (after = '') =>
  writeThingApp(appDir, {
    before: "console.log('loading…');\nprocess.stdout.write('loading more…\\n');\n",
    after,
  });

it('sends what the app prints while loaded to stderr, not stdout, and gives stdout back', async () => {
  writeApp();
  const write = stdoutWrite();
  const result = await lint(appDir, { schema: false });
  expect(result.results.length).toBeGreaterThan(0);
  expect(written(stderrWrites)).toBe('loading…\nloading more…\n');
  expect(stdoutWrites).not.toHaveBeenCalled();
  expect(stdoutWrite()).toBe(write);
  process.stdout.write('after\n');
  expect(written(stdoutWrites)).toBe('after\n');
});

it('gives stdout back when the app cannot be loaded', async () => {
  writeApp("throw new Error('half-written');");
  const write = stdoutWrite();
  await expect(lint(appDir, { schema: false })).rejects.toThrow(CannotCheckError);
  expect(written(stderrWrites)).toBe('loading…\nloading more…\n');
  expect(stdoutWrites).not.toHaveBeenCalled();
  expect(stdoutWrite()).toBe(write);
});

it('--format json: the one line out is the report, an object', async () => {
  writeApp();
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(['--app-dir', appDir, '--skip-schema', '--format', 'json'], {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  expect(code).toBe(0);
  expect(out).toHaveLength(1);
  expect(JSON.parse(out[0] ?? '')).toEqual(expect.objectContaining({ error: null }));
  expect(stdoutWrites).not.toHaveBeenCalled();
  expect(written(stderrWrites)).toBe('loading…\nloading more…\n');
});

describe('withAppOutputOnStderr', () => {
  it("puts back stdout's own write method, or none when it had none", async () => {
    stdoutWrites.mockRestore();
    const hadOwn = Object.hasOwn(process.stdout, 'write');
    const before = stdoutWrite();
    await withAppOutputOnStderr(async () => {
      process.stdout.write('during\n');
      await Promise.resolve();
    });
    expect(Object.hasOwn(process.stdout, 'write')).toBe(hadOwn);
    expect(stdoutWrite()).toBe(before);
    expect(written(stderrWrites)).toBe('during\n');
  });

  it('puts it back when the work throws', async () => {
    const before = stdoutWrite();
    await expect(
      withAppOutputOnStderr(() => Promise.reject(new Error('the app broke'))),
    ).rejects.toThrow('the app broke');
    expect(stdoutWrite()).toBe(before);
    expect(stdoutWrites).not.toHaveBeenCalled();
  });
});
