/**
 * `npm run sandbox` as a person or a process manager runs it: it says at once
 * that it is compiling, and stops (its port free, no process left) on SIGINT
 * or SIGTERM, whether the signal reaches npm or the sandbox's own process.
 */
import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { settledWithin, sleep } from '../../harness/eventually';
import { startFailure } from '../../sandbox/main';
import { startSandbox } from '../../sandbox/server';

const ROOT = join(__dirname, '..', '..');
/** A first run compiles every tool (about 3 s on an idle 2-core machine; far more on a busy one). */
const STARTUP_MS = 60_000;
/** A stop takes under a second on an idle machine (its grace for requests is 2 s). */
const STOP_MS = 30_000;

jest.setTimeout(STARTUP_MS + STOP_MS + 10_000);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function portIsOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** The pids of a process's children (Linux `ps`). */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map((line) => Number(line.trim()))
      .filter((child) => child > 0);
  } catch {
    return []; // ps exits 1 when there is none
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

interface Running {
  npm: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

let folder: string;
let running: Running | undefined;

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'sandbox-start-stop-'));
});

afterEach(() => {
  // npm runs in a process group of its own: whatever a failed test left
  // running (npm, the shell, tsc, the sandbox) goes with the group.
  const pid = running?.npm.pid;
  if (pid !== undefined) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // the group is gone already
    }
  }
  running = undefined;
  rmSync(folder, { recursive: true, force: true });
});

/** Starts `npm run sandbox` on `port`; resolves once it listens. */
async function startNpmRunSandbox(port: number): Promise<Running> {
  const npm = spawn('npm', ['run', 'sandbox'], {
    cwd: ROOT,
    env: {
      ...process.env,
      SANDBOX_PORT: String(port),
      SANDBOX_DB: join(folder, 'sandbox.db'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString('utf8');
  };
  npm.stdout?.on('data', collect);
  npm.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => npm.once('exit', resolve));
  running = { npm, output: () => output, exited };
  const deadline = Date.now() + STARTUP_MS;
  while (!output.includes('Landing-page sandbox listening on')) {
    if (Date.now() > deadline) {
      throw new Error(`the sandbox did not start within ${STARTUP_MS} ms:\n${output}`);
    }
    await sleep(50);
  }
  return running;
}

/** Waits for the process to end, at most STOP_MS. */
async function ended(
  exited: Promise<number | null>,
): Promise<number | null | 'still running'> {
  return settledWithin(exited, STOP_MS, 'still running' as const);
}

it('says at once that it compiles, before it listens', async () => {
  const port = await freePort();
  const { output } = await startNpmRunSandbox(port);
  const text = output();
  expect(text).toMatch(/Compiling the tools/);
  expect(text.indexOf('Compiling the tools')).toBeLessThan(
    text.indexOf('Landing-page sandbox listening on'),
  );
});

it.each(['SIGTERM', 'SIGINT'] as const)(
  'stops on %s sent to npm: the port is free and no process is left',
  async (signal) => {
    const port = await freePort();
    const { npm, exited } = await startNpmRunSandbox(port);
    const children = childrenOf(npm.pid!);
    expect(children.length).toBeGreaterThan(0);
    expect(await portIsOpen(port)).toBe(true);

    npm.kill(signal);

    expect(await ended(exited)).not.toBe('still running');
    expect(children.filter(isAlive)).toEqual([]);
    expect(await portIsOpen(port)).toBe(false);
  },
);

it.each(['SIGTERM', 'SIGINT'] as const)(
  'stops on %s sent to the sandbox itself, and npm ends with it',
  async (signal) => {
    const port = await freePort();
    const { npm, exited } = await startNpmRunSandbox(port);
    const [sandbox] = childrenOf(npm.pid!);
    expect(sandbox).toBeDefined();

    process.kill(sandbox!, signal);

    expect(await ended(exited)).toBe(0);
    expect(isAlive(sandbox!)).toBe(false);
    expect(await portIsOpen(port)).toBe(false);
  },
);

describe('a start that fails, said with the setting to change', () => {
  const settings = {
    database: '/read-only/sandbox.db',
    port: 4010,
    accessTokenTtlSeconds: 3600,
    refreshTokenGraceSeconds: 30,
  };

  it('names the port and SANDBOX_PORT when the port is taken', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const error = await startSandbox({ port }).then(
        () => new Error('the sandbox started on a taken port'),
        (failure: unknown) => failure,
      );
      expect(startFailure(error, { ...settings, port })).toBe(
        `port ${port} is in use by another program: stop it, or set SANDBOX_PORT to a free port (0 picks one)`,
      );
    } finally {
      taken.close();
    }
  });

  it('names the port and SANDBOX_PORT when the port may not be bound', () => {
    // What Node's listen() rejects with for a port below 1024 without
    // privileges (these tests may run as root, which may bind any port).
    const refused = Object.assign(
      new Error('listen EACCES: permission denied 127.0.0.1:80'),
      {
        code: 'EACCES',
        syscall: 'listen',
      },
    );
    expect(startFailure(refused, { ...settings, port: 80 })).toBe(
      'port 80 may not be opened by this user (ports below 1024 need administrator rights): ' +
        'set SANDBOX_PORT to a port from 1024 to 65535 (0 picks a free one)',
    );
  });

  it('names the file and SANDBOX_DB when the file is not a database', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'sandbox-db-'));
    try {
      const database = join(folder, 'notes.txt');
      writeFileSync(
        database,
        'Not a database, but long enough to be read as a header.\n'.repeat(4),
      );
      const error = await startSandbox({ database }).then(
        () => new Error('the sandbox opened a text file as its database'),
        (failure: unknown) => failure,
      );
      expect(startFailure(error, { ...settings, database })).toBe(
        `${database} is not a SQLite database the sandbox can read (file is not a database): ` +
          'set SANDBOX_DB to another file (a new one is created), or move that file away',
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('names the database and SANDBOX_DB when the file cannot be opened', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'sandbox-db-'));
    try {
      const database = join(folder, 'missing-folder', 'sandbox.db');
      const error = await startSandbox({ database }).then(
        () => new Error('the sandbox opened a database in a folder that does not exist'),
        (failure: unknown) => failure,
      );
      expect(startFailure(error, { ...settings, database })).toMatch(
        new RegExp(
          `^the database ${database.replace(/[.]/g, '\\.')} cannot be opened or written \\(.+\\): set SANDBOX_DB to a file in a folder you can write to$`,
        ),
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
