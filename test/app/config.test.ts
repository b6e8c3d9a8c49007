import zapier from 'zapier-platform-core';
import type { ZObject } from 'zapier-platform-core';

import { createApp } from '../../src/app';
import { createAuthentication } from '../../src/authentication';
import {
  ConfigurationError,
  apiBaseUrl,
  oauthClient,
  pkceRequested,
} from '../../src/config';
import { isTokenEndpoint } from '../../src/middleware';
import { newLeadOperation } from '../../src/triggers/new-lead';
import { TEST_ENV, api, appTester, authData, failureOf, shownMessage } from './helpers';

describe('BASE_URL and APP_URL', () => {
  it.each([
    ['https://api.pages.test/v1/', 'https://api.pages.test/v1'],
    ['https://api.pages.test', 'https://api.pages.test'],
    ['http://localhost:4010/', 'http://localhost:4010'],
    ['http://127.0.0.1:4010/api', 'http://127.0.0.1:4010/api'],
    ['  https://api.pages.test  ', 'https://api.pages.test'],
  ])('accepts %j as %j', (value, expected) => {
    expect(apiBaseUrl({ BASE_URL: value })).toBe(expected);
  });

  it.each([
    [undefined, /BASE_URL is missing/],
    ['', /BASE_URL is missing/],
    ['api.pages.test', /BASE_URL is not a valid URL/],
    [
      'http://api.pages.test',
      /BASE_URL must be an https:\/\/ URL .*localhost and 127\.0\.0\.1/,
    ],
    ['ftp://api.pages.test', /BASE_URL must be an https:\/\/ URL/],
    ['https://api.pages.test/?x=1', /BASE_URL must not carry a query/],
  ])('refuses %j, naming the variable', (value, message) => {
    expect(() => apiBaseUrl({ BASE_URL: value })).toThrow(ConfigurationError);
    expect(() => apiBaseUrl({ BASE_URL: value })).toThrow(message);
  });

  it('says the problem is in the integration, not in the user account', () => {
    expect(() => apiBaseUrl({})).toThrow(
      /not set up correctly: BASE_URL is missing\. This is a problem in the integration itself/,
    );
  });
});

describe('OAuth client', () => {
  const env = {
    APP_URL: 'https://app.pages.test/',
    CLIENT_ID: 'id',
    CLIENT_SECRET: 'secret',
  };

  it('needs a client secret without PKCE', () => {
    expect(oauthClient(false, env)).toEqual({
      appUrl: 'https://app.pages.test',
      clientId: 'id',
      clientSecret: 'secret',
      pkce: false,
    });
    expect(() => oauthClient(false, { ...env, CLIENT_SECRET: undefined })).toThrow(
      /CLIENT_SECRET is missing/,
    );
  });

  it('needs no client secret with PKCE', () => {
    expect(oauthClient(true, { ...env, CLIENT_SECRET: undefined })).toEqual({
      appUrl: 'https://app.pages.test',
      clientId: 'id',
      pkce: true,
    });
  });

  it('names a missing client id or OAuth host', () => {
    expect(() => oauthClient(true, { ...env, CLIENT_ID: ' ' })).toThrow(
      /CLIENT_ID is missing/,
    );
    expect(() => oauthClient(true, { ...env, APP_URL: undefined })).toThrow(
      /APP_URL is missing/,
    );
  });
});

describe('OAUTH_PKCE', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['FALSE', false],
    ['true', true],
    [' True ', true],
  ])('%j means PKCE %s', (value, expected) => {
    expect(pkceRequested({ OAUTH_PKCE: value })).toBe(expected);
  });

  it('refuses anything else when the app definition is built', () => {
    expect(() => pkceRequested({ OAUTH_PKCE: 'yes' })).toThrow(
      /OAUTH_PKCE must be "true" or "false", got "yes"/,
    );
    process.env.OAUTH_PKCE = '1';
    expect(() => createApp()).toThrow(ConfigurationError);
    process.env.OAUTH_PKCE = 'true';
    expect(createApp().authentication?.oauth2Config?.enablePkce).toBe(true);
    delete process.env.OAUTH_PKCE;
    expect(createApp().authentication?.oauth2Config?.enablePkce).toBe(false);
  });
});

describe('a missing setting stops the step before any request', () => {
  afterEach(() => {
    Object.assign(process.env, TEST_ENV);
  });

  it('subscribe without BASE_URL', async () => {
    delete process.env.BASE_URL;
    const error = await failureOf(
      appTester(newLeadOperation.performSubscribe, {
        authData,
        targetUrl: 'https://hooks.zapier.com/x',
      }),
    );
    expect(shownMessage(error)).toMatch(/BASE_URL is missing/);
    expect(error.message).not.toMatch(/undefined\//);
  });

  it('authorize URL with an http APP_URL that is not local', async () => {
    process.env.APP_URL = 'http://app.pages.test';
    const error = await failureOf(
      appTester(createAuthentication(false).oauth2Config.authorizeUrl, {
        inputData: { redirect_uri: 'https://zapier.com/return', state: 's' },
      }),
    );
    expect(shownMessage(error)).toMatch(/APP_URL must be an https:\/\/ URL/);
  });

  it('connection test without CLIENT_ID', async () => {
    delete process.env.CLIENT_ID;
    const error = await failureOf(
      appTester(createAuthentication(false).test, { authData }),
    );
    expect(shownMessage(error)).toMatch(/CLIENT_ID is missing/);
  });
});

describe('requests of the app', () => {
  it('send Accept: application/json and the bearer to every API call', async () => {
    const scope = api()
      .matchHeader('accept', 'application/json')
      .get('/anything')
      .reply(200, {});
    await appTester((z: ZObject) => z.request({ url: `${TEST_ENV.BASE_URL}/anything` }), {
      authData,
    });
    expect(scope.isDone()).toBe(true);
  });

  it('describe an unnamed request generically when it fails', async () => {
    api().get('/anything').reply(409, { error: 'Conflict' });
    const error = await failureOf(
      appTester((z: ZObject) => z.request({ url: `${TEST_ENV.BASE_URL}/anything` }), {
        authData,
      }),
    );
    expect(shownMessage(error)).toBe(
      'The landing-page service returned an error while talking to the landing-page service ' +
        '(HTTP 409). The service said: "Conflict".',
    );
  });

  it('quote a long service message only in part, and ignore a body that is not an object', async () => {
    api()
      .get('/long')
      .reply(400, { error: 'x'.repeat(500) });
    api().get('/array').reply(400, ['error']);
    const long = await failureOf(
      appTester((z: ZObject) => z.request({ url: `${TEST_ENV.BASE_URL}/long` }), {
        authData,
      }),
    );
    const array = await failureOf(
      appTester((z: ZObject) => z.request({ url: `${TEST_ENV.BASE_URL}/array` }), {
        authData,
      }),
    );
    expect(shownMessage(long)).toContain(`"${'x'.repeat(300)}…"`);
    expect(shownMessage(array)).toMatch(/\(HTTP 400\) and sent no explanation/);
  });

  it('recognise the token endpoint, with or without a trailing slash', () => {
    expect(isTokenEndpoint('https://app.pages.test/api/oauth/token')).toBe(true);
    expect(isTokenEndpoint('https://app.pages.test/api/oauth/token/')).toBe(true);
    expect(isTokenEndpoint('https://app.pages.test/api/oauth/userinfo')).toBe(false);
    expect(isTokenEndpoint('not a url')).toBe(false);
  });

  it('is the package entry the CLI loads', async () => {
    const entry = (await import('../../src/index')) as unknown as { default?: unknown };
    const app = (entry.default ?? entry) as ReturnType<typeof createApp>;
    expect(Object.keys(app.triggers ?? {})).toEqual(['new_lead']);
    expect(app.platformVersion).toBe(zapier.version);
  });
});
