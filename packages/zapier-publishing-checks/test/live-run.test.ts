/**
 * `--live` on a scratch app whose API is a stand-in on 127.0.0.1 with known
 * faults (./live-stand-in.js): the live-data checks decided on what came
 * back, a refused key named per step, a call that never answers given up at
 * its (shortened) bound, an expired OAuth token refreshed and the rotated
 * credentials appended to .env, no secret in any output; without --live, no
 * request leaves.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

import { main } from '../src/cli';
import type { LintResult } from '../src/lint';
import { lint } from '../src/lint';
import { readEnvFile } from '../src/read/env-file';
import { callsStillWaiting } from '../src/read/bounded-call';
import type { Finding, RuleResult } from '../src/rule';
import type { StandIn } from './live-stand-in';
import { API_KEY, startStandIn, writeStandInApp } from './live-stand-in';
import { scratchApp } from './scratch-app';

const FIRST_REFRESH_TOKEN = 'refresh-6d0c1b2a9e8f';
const STALE_ACCESS_TOKEN = 'stale-access-4e5f6a7b';

let standIn: StandIn;
let appDir: string;
let out: string[];
let err: string[];
const output = {
  out: (line: string) => out.push(line),
  err: (line: string) => err.push(line),
};

beforeEach(async () => {
  standIn = await startStandIn(FIRST_REFRESH_TOKEN);
  appDir = scratchApp('live-');
  out = [];
  err = [];
});
afterEach(async () => {
  await standIn.close();
  rmSync(appDir, { recursive: true, force: true });
});

const writeEnv = (lines: string[]) =>
  writeFileSync(
    join(appDir, '.env'),
    `${[`BASE_URL=${standIn.url}`, ...lines].join('\n')}\n`,
  );

const resultOf = (result: LintResult, id: string): RuleResult => {
  const found = result.results.find((each) => each.meta.id === id);
  if (found === undefined) {
    throw new Error(`no result for ${id}`);
  }
  return found;
};

const findings = (
  result: LintResult,
  id: string,
): Pick<Finding, 'status' | 'place' | 'message'>[] =>
  resultOf(result, id).findings.map(({ status, place, message }) => ({
    status,
    place,
    message,
  }));

const liveLint = (options: Parameters<typeof lint>[1] = {}) =>
  lint(appDir, {
    live: true,
    deliveries: { new_order: join(appDir, 'delivery.json') },
    inputs: { find_contact: join(appDir, 'search.json') },
    schema: false,
    ...options,
  });

describe('on an API key, with every fault', () => {
  let result: LintResult;
  beforeEach(async () => {
    writeStandInApp(appDir, 'key', true);
    writeEnv([`authData_api_key=${API_KEY}`]);
    result = await liveLint({ stepTimeoutMs: 1_000 });
  });

  it('decides T002 on an item without its id', () => {
    expect(findings(result, 'T002')).toEqual([
      expect.objectContaining({
        status: 'deferred',
        place: { step: 'triggers.new_event' },
      }),
      {
        status: 'publishing-task',
        place: { step: 'triggers.new_contact' },
        message: 'perform item 1: return "id" with every item',
      },
    ]);
  });

  it('decides T003 on a date in another form', () => {
    expect(findings(result, 'T003')).toContainEqual({
      status: 'warning',
      place: { step: 'triggers.new_contact', field: 'created_at' },
      message:
        'perform created_at: "14/03/2026 09:26": return dates as ISO 8601 with a zone, e.g. 2026-03-14T09:26:53Z',
    });
  });

  it('decides T004 on a sample key that never comes back, and names the steps left out', () => {
    const t004 = findings(result, 'T004');
    expect(t004).toContainEqual({
      status: 'publishing-task',
      place: { step: 'triggers.new_contact' },
      message: 'perform never returns "vip"; drop them from the sample or return them',
    });
    expect(t004).toContainEqual({
      status: 'deferred',
      place: { step: 'creates.add_contact' },
      message:
        "perform: not run live (a create never runs live: it would make a record in the connection's account); Zapier decides this on its own run",
    });
    // The search ran on the input given, and its items carry its sample's keys.
    expect(t004.filter((each) => each.place.step === 'searches.find_contact')).toEqual(
      [],
    );
    expect(standIn.requests).toContainEqual({
      method: 'GET',
      path: '/api/contacts/search',
    });
    expect(standIn.requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('decides T005 on a typed field holding another type', () => {
    expect(findings(result, 'T005')).toContainEqual({
      status: 'publishing-task',
      place: { step: 'triggers.new_contact', field: 'score' },
      message:
        'perform item 1: "score" is of type integer but holds string "seven"; make the code and the output fields agree',
    });
  });

  it("decides Z001 on a hook's listed items, and T006 on keys deliveries lack", () => {
    expect(findings(result, 'Z001')).toEqual([
      {
        status: 'publishing-task',
        place: { step: 'triggers.new_order', field: 'total' },
        message:
          'performList item 0: "total" is of type number but holds string "12.50"; make the code and the output fields agree',
      },
    ]);
    expect(findings(result, 'T006')).toEqual([
      {
        status: 'publishing-task',
        place: { step: 'triggers.new_order' },
        message:
          'performList returns "internal_note" that no delivery brings; give both the same shape',
      },
    ]);
  });

  it('gives up a call the API never answers at its bound, and says so', () => {
    expect(findings(result, 'T005')).toContainEqual({
      status: 'deferred',
      place: { step: 'triggers.new_event' },
      message:
        'perform: not judged live (the API did not answer within 1 s, where Zapier stops a step); Zapier decides this on its own run',
    });
    expect(result.live).toEqual({ env: '.env', connectionTest: 'passed', written: [] });
  });

  it('puts no secret in the result', () => {
    expect(JSON.stringify(result)).not.toContain(API_KEY);
  });
});

it('names the refused key on each step, and judges the others', async () => {
  writeStandInApp(appDir, 'key', false);
  writeEnv(["authData_api_key='wrong-key-0a1b2c3d'"]);
  const code = await main(
    [
      '--app-dir',
      appDir,
      '--live',
      '--format',
      'json',
      '--skip-schema',
      '--delivery',
      `new_order=${join(appDir, 'delivery.json')}`,
    ],
    output,
  );
  expect(code).toBe(0);
  const report = JSON.parse(out.join('\n')) as {
    results: { id: string; status: string; step?: string; message: string }[];
    live: { env: string; connectionTest?: string; written: string[] } | null;
    verdict: { promotion: { verdict: string; connection: string | null } };
  };
  // The verdict names the failed connection: CI's log says why promotion is undecided.
  expect(report.verdict.promotion).toEqual(
    expect.objectContaining({
      verdict: 'undecided',
      connection: expect.stringMatching(
        /^the connection in \.env failed its test \(.*401 invalid API key.*\)$/,
      ) as unknown,
    }),
  );
  expect(report.live).toEqual({
    env: '.env',
    connectionTest: expect.stringContaining('401 invalid API key') as unknown,
    written: [],
  });
  const refused =
    'the API refused the connection in .env (authData_api_key): 401 invalid API key';
  expect(report.results.filter((each) => each.id === 'T005')).toEqual([
    expect.objectContaining({
      status: 'deferred',
      step: 'triggers.new_contact',
      message: `perform: not judged live (${refused}); Zapier decides this on its own run`,
    }),
  ]);
  expect(report.results.filter((each) => each.id === 'Z001')).toEqual([
    expect.objectContaining({
      status: 'deferred',
      message: `performList: not judged live (${refused}); Zapier decides this on its own run`,
    }),
  ]);
  // The hook's perform ran on its delivery, without the API: T004 judged it.
  expect(
    report.results.filter(
      (each) => each.id === 'T004' && each.step === 'triggers.new_order',
    ),
  ).toEqual([]);
  expect(err).toContain(
    `zapier-publishing-checks: --live: the connection in .env failed its test: ${refused}`,
  );
  // Each call that may take 30 s is named before it starts, on stderr.
  expect(err).toEqual(
    expect.arrayContaining([
      'zapier-publishing-checks: --live: running authentication.test',
      'zapier-publishing-checks: --live: running triggers.new_contact.operation.perform',
      'zapier-publishing-checks: --live: running triggers.new_order.operation.performList',
    ]),
  );
  expect(out.join('\n')).not.toContain('--live: running');
  expect([...out, ...err].join('\n')).not.toContain('wrong-key-0a1b2c3d');
});

describe('a connection test that never gets an answer, or cannot reach the API', () => {
  let api: Server;
  /** Each request the API got: it answers none. */
  let received: string[];
  let calls: string[];
  beforeEach(async () => {
    received = [];
    calls = [];
    api = createServer((request) => received.push(`${request.method} ${request.url}`));
    await new Promise<void>((listening) => api.listen(0, '127.0.0.1', listening));
    writeStandInApp(appDir, 'key', true);
  });
  afterEach(
    () =>
      new Promise<void>((closed) => {
        api.closeAllConnections();
        api.close(() => closed());
      }),
  );

  const useApi = (port: number) =>
    writeFileSync(
      join(appDir, '.env'),
      `BASE_URL=http://127.0.0.1:${port}\nauthData_api_key=${API_KEY}\n`,
    );
  const deferred = (result: LintResult) =>
    result.results.flatMap((each) =>
      each.findings
        .filter((finding) => / live \(/.test(finding.message))
        .map((finding) => `${each.meta.id} ${finding.place.step}: ${finding.message}`),
    );
  const create =
    "T004 creates.add_contact: perform: not run live (a create never runs live: it would make a record in the connection's account); Zapier decides this on its own run";

  it('calls no step after it, and says why on each', async () => {
    useApi((api.address() as AddressInfo).port);
    const result = await liveLint({
      stepTimeoutMs: 1_000,
      onLiveCall: (method) => calls.push(method),
    });
    expect(received).toEqual(['GET /api/me']);
    expect(calls).toEqual(['authentication.test']);
    expect(result.live).toEqual({
      env: '.env',
      connectionTest:
        'the API did not answer within 1 s, where Zapier stops a step; no step was run',
      written: [],
    });
    const stopped = (where: string) =>
      `${where}: not run live (the connection test got no answer within 1 s); Zapier decides this on its own run`;
    expect(deferred(result).sort()).toEqual(
      [
        create,
        stopped('T004 searches.find_contact: perform'),
        stopped('T005 triggers.new_contact: perform'),
        stopped('T005 triggers.new_event: perform'),
        stopped('T005 triggers.new_order: perform'),
        stopped('Z001 triggers.new_order: performList'),
      ].sort(),
    );
  });

  it('calls no step after it when nothing listens, and says why on each', async () => {
    const { port } = api.address() as AddressInfo;
    await new Promise<void>((closed) => api.close(() => closed()));
    useApi(port);
    const result = await liveLint({ onLiveCall: (method) => calls.push(method) });
    expect(calls).toEqual(['authentication.test']);
    const stopped = deferred(result).filter((line) => line !== create);
    expect(stopped).toHaveLength(5);
    for (const line of stopped) {
      expect(line).toMatch(
        /^\w+ \S+: perform(List)?: not run live \(the connection test could not reach the API: request to http:\/\/127\.0\.0\.1:\d+\/api\/me failed, reason: .*ECONNREFUSED.*\); Zapier decides this on its own run$/,
      );
    }
    expect(JSON.stringify(result)).not.toContain(API_KEY);
  });
});

it('refreshes an expired OAuth2 token, appends the rotated one to .env, and prints neither', async () => {
  writeStandInApp(appDir, 'oauth2', false);
  writeEnv([
    `authData_access_token=${STALE_ACCESS_TOKEN}`,
    `authData_refresh_token=${FIRST_REFRESH_TOKEN}`,
  ]);
  const code = await main(
    [
      '--app-dir',
      appDir,
      '--live',
      '--skip-schema',
      '--delivery',
      `new_order=${join(appDir, 'delivery.json')}`,
    ],
    output,
  );
  const { authData } = readEnvFile(join(appDir, '.env'), '--env');
  expect(authData.refresh_token).not.toBe(FIRST_REFRESH_TOKEN);
  expect(authData.access_token).not.toBe(STALE_ACCESS_TOKEN);
  // One refresh for the run: the rotated token is the one that works now.
  expect(
    standIn.requests.filter((request) => request.path === '/oauth/token'),
  ).toHaveLength(1);
  expect(readFileSync(join(appDir, '.env'), 'utf8')).toMatch(
    /\nauthData_access_token='[0-9a-f]{24}'\nauthData_refresh_token='[0-9a-f]{24}'\n$/,
  );
  expect(code).toBe(1);
  const text = out.join('\n');
  // What a live run leaves open is not called "offline".
  expect(text).toMatch(/, \d+ not decided on this live run\.$/m);
  expect(text).not.toContain('not decided offline');
  expect(text).toMatch(
    /✖ T002 +publishing task triggers\.new_contact: perform item 1: return "id"/,
  );
  expect(text).toMatch(
    /✖ T006 +publishing task triggers\.new_order: performList returns "internal_note"/,
  );
  expect(err).toEqual(
    expect.arrayContaining([
      'zapier-publishing-checks: --live: the connection in .env passed its test',
      'zapier-publishing-checks: --live: the connection was refreshed; authData_access_token, authData_refresh_token appended to .env, as zapier-platform invoke auth refresh writes them',
    ]),
  );
  const printed = [...out, ...err].join('\n');
  for (const secret of [
    STALE_ACCESS_TOKEN,
    FIRST_REFRESH_TOKEN,
    String(authData.access_token),
    String(authData.refresh_token),
  ]) {
    expect(printed).not.toContain(secret);
  }
});

it('says the refresh failed when the refresh token is refused, and keeps .env as it was', async () => {
  writeStandInApp(appDir, 'oauth2', false);
  writeEnv([
    `authData_access_token=${STALE_ACCESS_TOKEN}`,
    "authData_refresh_token='used-up-token-1234'",
  ]);
  const before = readFileSync(join(appDir, '.env'), 'utf8');
  const result = await liveLint({ inputs: {} });
  expect(findings(result, 'T005')).toEqual([
    {
      status: 'deferred',
      place: { step: 'triggers.new_contact' },
      message:
        'perform: not judged live (the API refused the connection in .env (authData_access_token, authData_refresh_token): 401, a stale token; refreshing it failed: authentication.oauth2Config.refreshAccessToken: the API answered 400 invalid_grant); Zapier decides this on its own run',
    },
  ]);
  expect(readFileSync(join(appDir, '.env'), 'utf8')).toBe(before);
  expect(JSON.stringify(result)).not.toMatch(/used-up-token-1234|stale-access/);
});

it('sends nothing without --live', async () => {
  writeStandInApp(appDir, 'key', false);
  writeEnv([`authData_api_key=${API_KEY}`]);
  const result = await lint(appDir, { schema: false });
  expect(standIn.requests).toEqual([]);
  expect(result.live).toBeUndefined();
  expect(resultOf(result, 'T002').status).toBe('deferred');
});

it.each([
  [['--env', 'x.env'], '--env is for a live run: add --live, or leave --env out'],
  [
    ['--input', 'find_contact=x.json'],
    '--input is for a live run: add --live, or leave --input out',
  ],
  [
    ['--live', '--input', 'add_contact=search.json'],
    "--input add_contact: a create never runs live (it would make a record in the connection's account)",
  ],
  [['--live', '--env', 'missing.env'], /^--env: cannot read .*missing\.env \(ENOENT/],
])('refuses %j, naming what was wrong', async (args, message) => {
  writeStandInApp(appDir, 'key', false);
  const inApp = args.map((arg) =>
    arg.replace(
      /^(\w+=)?(\w+\.\w+)$/,
      (_, key: string | undefined, file: string) => `${key ?? ''}${join(appDir, file)}`,
    ),
  );
  expect(await main(['--app-dir', appDir, '--skip-schema', ...inApp], output)).toBe(2);
  expect(err.join('\n').replace('zapier-publishing-checks: ', '')).toMatch(message);
  expect(standIn.requests).toEqual([]);
});

afterAll(() => {
  // Every call given up at its bound has settled once its server closed.
  expect(callsStillWaiting()).toBe(0);
});
