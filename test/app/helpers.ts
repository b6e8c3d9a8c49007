import nock from 'nock';
import zapier from 'zapier-platform-core';

import { createApp } from '../../src/app';
import { TEST_ENV } from './setup-env';

export { TEST_ENV };

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

/**
 * What a person sees of an error: core's `z.errors.Error` carries a JSON
 * envelope `{message, code, status}`; other errors are plain.
 */
export function shownMessage(error: unknown): string {
  if (!(error instanceof Error)) {
    throw new Error(`expected an Error, got ${String(error)}`);
  }
  try {
    const parsed = JSON.parse(error.message) as { message?: unknown };
    if (typeof parsed.message === 'string') {
      return parsed.message;
    }
  } catch {
    // not an envelope
  }
  return error.message;
}

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

export function envelopeOf(error: Error): {
  message: string;
  code?: string;
  status?: number;
} {
  return JSON.parse(error.message) as { message: string; code?: string; status?: number };
}
