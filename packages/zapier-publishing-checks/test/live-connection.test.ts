/**
 * The connection of a live run: the env file read and written as
 * `zapier-platform invoke` does (src/read/env-file.ts), and a session
 * app's stale session renewed by its sessionConfig.perform (the OAuth2
 * refresh runs against a server in live-run.test.ts).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { LambdaHandler } from '../src/read/lambda-handler';
import { appendAuthData, readEnvFile } from '../src/read/env-file';
import { runStepsLive } from '../src/read/live-run';
import type { AppDefinition } from '../src/shared/definition';

let dir: string;
let env: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'live-connection-'));
  env = join(dir, '.env');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the env file', () => {
  it('reads authData_ fields as invoke does: the last line counts, JSON values parsed', () => {
    writeFileSync(
      env,
      [
        'BASE_URL=https://api.example.org',
        "authData_access_token='first'",
        'authData_scopes=["a","b"]',
        'authData_account={"id":7}',
        'authData_note={not json',
        "authData_access_token='second'",
      ].join('\n'),
    );
    expect(readEnvFile(env, '--env')).toEqual({
      path: env,
      variables: expect.objectContaining({
        BASE_URL: 'https://api.example.org',
      }) as unknown,
      authData: {
        access_token: 'second',
        scopes: ['a', 'b'],
        account: { id: 7 },
        note: '{not json',
      },
    });
  });

  it('appends new fields as invoke auth refresh does, on a line of their own', () => {
    writeFileSync(env, "authData_access_token='old'");
    expect(
      appendAuthData(env, { access_token: 'new', expires: 0, extra: { a: 1 } }),
    ).toEqual(['authData_access_token', 'authData_expires', 'authData_extra']);
    expect(readFileSync(env, 'utf8')).toBe(
      "authData_access_token='old'\nauthData_access_token='new'\nauthData_expires=''\nauthData_extra='{\"a\":1}'\n",
    );
    expect(readEnvFile(env, '--env').authData).toEqual({
      access_token: 'new',
      expires: '',
      extra: { a: 1 },
    });
  });

  it('names the file it cannot read, and how to make it', () => {
    expect(() => readEnvFile(join(dir, 'none.env'), '--env')).toThrow(
      /^--env: cannot read .*none\.env \(ENOENT.*zapier-platform invoke auth start/,
    );
  });
});

const sessionApp = {
  version: '1.0.0',
  platformVersion: '19.1.0',
  authentication: { type: 'session', fields: [{ key: 'password' }] },
  triggers: {
    new_row: {
      key: 'new_row',
      noun: 'Row',
      display: { label: 'New Row', description: 'Triggers when a row is added.' },
      operation: { perform: '$func$2$f$' },
    },
  },
} as unknown as AppDefinition;

/** Core's RefreshAuthError, as the handler throws it (its name is what core and Zapier read). */
const staleSession = () => Object.assign(new Error(''), { name: 'RefreshAuthError' });

it("renews a stale session with the app's sessionConfig.perform, once, and writes it back", async () => {
  writeFileSync(
    env,
    "authData_password='hunter2-long'\nauthData_sessionKey='old-session'\n",
  );
  const calls: { method: string; sessionKey: unknown }[] = [];
  // eslint-disable-next-line @typescript-eslint/require-await -- the handler's contract is a promise
  const handler: LambdaHandler = async (event) => {
    const { method, bundle } = event as {
      method: string;
      bundle: { authData: Record<string, unknown> };
    };
    calls.push({ method, sessionKey: bundle.authData.sessionKey });
    if (method === 'authentication.sessionConfig.perform') {
      return { results: { sessionKey: 'new-session' } };
    }
    if (bundle.authData.sessionKey !== 'new-session') {
      throw staleSession();
    }
    return { results: [{ id: 'r_1' }] };
  };
  const { runs, report } = await runStepsLive(handler, sessionApp, {
    env: readEnvFile(env, '--env'),
    appDir: dir,
    inputs: new Map(),
    deliveries: new Map(),
  });
  expect(runs).toEqual([
    {
      path: 'triggers.new_row',
      method: 'perform',
      outcome: { kind: 'items', items: [{ id: 'r_1' }] },
    },
  ]);
  expect(calls).toEqual([
    { method: 'triggers.new_row.operation.perform', sessionKey: 'old-session' },
    { method: 'authentication.sessionConfig.perform', sessionKey: 'old-session' },
    { method: 'triggers.new_row.operation.perform', sessionKey: 'new-session' },
  ]);
  expect(report.written).toEqual(['authData_sessionKey']);
  expect(readEnvFile(env, '--env').authData.sessionKey).toBe('new-session');
});

it('says a session the API still refuses after its renewal is refused, without its values', async () => {
  writeFileSync(env, "authData_password='hunter2-long'\n");
  // eslint-disable-next-line @typescript-eslint/require-await -- the handler's contract is a promise
  const handler: LambdaHandler = async (event) => {
    if ((event as { method: string }).method === 'authentication.sessionConfig.perform') {
      return { results: { sessionKey: 'still-refused' } };
    }
    throw staleSession();
  };
  const { runs } = await runStepsLive(handler, sessionApp, {
    env: readEnvFile(env, '--env'),
    appDir: dir,
    inputs: new Map(),
    deliveries: new Map(),
  });
  expect(runs[0]?.outcome).toEqual({
    kind: 'not run',
    reason:
      'the API refused the connection in .env (authData_password): 401, a stale token, again after a refresh',
    called: true,
  });
});

describe("a trigger's required input", () => {
  const withInput = {
    version: '1.0.0',
    platformVersion: '19.1.0',
    triggers: {
      new_row: {
        key: 'new_row',
        noun: 'Row',
        display: { label: 'New Row', description: 'Triggers when a row is added.' },
        operation: {
          perform: '$func$2$f$',
          inputFields: [{ key: 'sheet_id', required: true }, { key: 'note' }],
        },
      },
    },
  } as unknown as AppDefinition;
  const given: unknown[] = [];
  // eslint-disable-next-line @typescript-eslint/require-await -- the handler's contract is a promise
  const handler: LambdaHandler = async (event) => {
    given.push((event as { bundle: { inputData: unknown } }).bundle.inputData);
    return { results: [{ id: 'r_1' }] };
  };
  const runWith = (inputs: Map<string, Record<string, unknown>>) =>
    runStepsLive(handler, withInput, {
      env: { path: env, variables: {}, authData: {} },
      appDir: dir,
      inputs,
      deliveries: new Map(),
    });
  beforeEach(() => (given.length = 0));

  it('is asked for, and the trigger not run, when --input gives none', async () => {
    const { runs } = await runWith(new Map());
    expect(runs[0]?.outcome).toEqual({
      kind: 'not run',
      reason: 'it needs its required input (sheet_id): pass --input new_row=<file.json>',
    });
    expect(given).toEqual([]);
  });

  it('is given to the run when --input has it', async () => {
    const { runs } = await runWith(new Map([['new_row', { sheet_id: 's_1' }]]));
    expect(runs[0]?.outcome.kind).toBe('items');
    expect(given).toEqual([{ sheet_id: 's_1' }]);
  });
});

describe('what stopped a run, in words', () => {
  const noAuth = { ...sessionApp, authentication: undefined } as AppDefinition;
  const thrown = (name: string, message: string, code?: string) =>
    Object.assign(new Error(message), { name }, code === undefined ? {} : { code });
  it.each([
    [
      'an answer of the API that is an error',
      thrown(
        'ResponseError',
        JSON.stringify({ status: 500, content: '{"message":"database down"}' }),
      ),
      { kind: 'not run', reason: 'the API answered 500 database down', called: true },
    ],
    [
      "the app's own message for the user",
      thrown('AppError', JSON.stringify({ message: 'Pick a sheet first', code: null })),
      {
        kind: 'not run',
        reason: 'the app stopped with its message for the user: Pick a sheet first',
        called: true,
      },
    ],
    [
      'an API that cannot be reached',
      thrown(
        'FetchError',
        'request to http://127.0.0.1:9/rows failed, reason: connect ECONNREFUSED',
        'ECONNREFUSED',
      ),
      {
        kind: 'not run',
        reason:
          'the API could not be reached (request to http://127.0.0.1:9/rows failed, reason: connect ECONNREFUSED)',
        called: true,
      },
    ],
    [
      "the app's own fault",
      thrown('TypeError', "Cannot read properties of undefined (reading 'rows')"),
      { kind: 'failed', error: "Cannot read properties of undefined (reading 'rows')" },
    ],
  ])('%s', async (_, error, outcome) => {
    // eslint-disable-next-line @typescript-eslint/require-await -- the handler's contract is a promise
    const handler: LambdaHandler = async () => {
      throw error;
    };
    const { runs } = await runStepsLive(handler, noAuth, {
      env: { path: env, variables: {}, authData: {} },
      appDir: dir,
      inputs: new Map(),
      deliveries: new Map(),
    });
    expect(runs[0]?.outcome).toEqual(outcome);
  });
});
