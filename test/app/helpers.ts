import nock from 'nock';
import zapier from 'zapier-platform-core';
import type { ZObject } from 'zapier-platform-core';

import { errorEnvelope, shownMessage } from '../../harness/error-message';
import { startZapierRuntime } from '../../harness/zapier/runtime';
import type { ZapierRuntime } from '../../harness/zapier/runtime';
import type { ErrorEnvelope } from '../../harness/error-message';
import { createApp } from '../../src/app';
import type { Lead } from '../../src/leads/fields';
import { leadsFrom } from '../../src/leads/items';
import { liveZap } from '../exactly-once-scenarios';
import { TEST_ENV } from './setup-env';

export { TEST_ENV, shownMessage };

export const ACCESS_TOKEN = 'access-token-5f2b9c71';
export const REFRESH_TOKEN = 'refresh-token-a83d04e2';

export const secretModeApp = createApp({ pkce: false });
export const pkceModeApp = createApp({ pkce: true });
export const appTester = zapier.createAppTester(secretModeApp);

/** An API host answering only what a test declares; bearer required. */
export function api(): nock.Scope {
  return nock(TEST_ENV.BASE_URL, {
    reqheaders: { authorization: `Bearer ${ACCESS_TOKEN}` },
  });
}

/** The OAuth host, for userinfo (bearer) and the token endpoint (no bearer). */
export function oauthHost(options: nock.Options = {}): nock.Scope {
  return nock(TEST_ENV.APP_URL, options);
}

export const authData = { access_token: ACCESS_TOKEN, refresh_token: REFRESH_TOKEN };

/** The error a promise rejects with; fails the test when it resolves. */
export async function failureOf(promise: Promise<unknown>): Promise<Error> {
  let outcome: unknown;
  try {
    outcome = await promise;
  } catch (error) {
    if (error instanceof Error) {
      return error;
    }
    throw new Error(`rejected with a non-Error: ${String(error)}`, { cause: error });
  }
  throw new Error(`expected a failure, got ${JSON.stringify(outcome)}`);
}

/** The envelope of core's `z.errors.Error`; fails the test for a plain error. */
export function envelopeOf(error: Error): ErrorEnvelope {
  const envelope = errorEnvelope(error);
  if (envelope === undefined) {
    throw new Error(
      `expected core's error envelope, got the plain message ${error.message}`,
    );
  }
  return envelope;
}

/** A GET of `url` made by the app, through its middleware, with `authData`: the parsed body. */
export function appRequest(url: string, auth: Record<string, string> = authData) {
  return appTester(
    async (z: ZObject): Promise<unknown> => (await z.request({ url })).data,
    {
      authData: auth,
    },
  );
}

/**
 * Runs `run` and returns what it gave and the lines the app logged meanwhile:
 * under the app tester, core echoes each `z.console.log` line to `console.log`.
 */
export async function withLoggedLines<T>(
  run: () => Promise<T>,
): Promise<{ result: T; logged: string[] }> {
  const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
  try {
    const result = await run();
    const logged = log.mock.calls.map((args) => args.join(' ').replace(/\n$/, ''));
    return { result, logged };
  } finally {
    log.mockRestore();
  }
}

/** The one lead a delivery body carries; fails the test for none or several. */
export function onlyLead(body: unknown): Lead {
  const { leads } = leadsFrom(body);
  expect(leads).toHaveLength(1);
  return leads[0]!;
}

export interface RuntimeFixture {
  /** This test's stand-in of Zapier's runtime. */
  readonly runtime: ZapierRuntime;
  /** The test's clock, in milliseconds: the cache's expiry and `Date.now()` read it. */
  now(): number;
  advance(ms: number): void;
}

/** A stand-in of Zapier's runtime for each test, on a clock the test moves. */
export function useZapierRuntime(): RuntimeFixture {
  let runtime: ZapierRuntime | undefined;
  let clock = 0;
  beforeAll(() => nock.enableNetConnect('127.0.0.1'));
  afterAll(() => nock.disableNetConnect());
  beforeEach(async () => {
    clock = Date.UTC(2026, 10, 22);
    jest.spyOn(Date, 'now').mockImplementation(() => clock);
    runtime = await startZapierRuntime({ now: () => clock });
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    await runtime?.close();
  });
  return {
    get runtime() {
      if (runtime === undefined) {
        throw new Error('the runtime fixture is used outside a test');
      }
      return runtime;
    },
    now: () => clock,
    advance(ms) {
      clock += ms;
    },
  };
}

/** The app's New Lead `perform` on a delivery, in a live Zap (webhook wh_1) unless told otherwise. */
export function newLeadPerform(
  fixture: RuntimeFixture,
  app: ReturnType<typeof createApp>,
) {
  return (delivery: unknown, live: Record<string, unknown> = liveZap('wh_1')) =>
    fixture.runtime.invoke<Lead[]>(app, 'triggers.new_lead.operation.perform', {
      cleanedRequest: delivery,
      ...live,
    });
}
