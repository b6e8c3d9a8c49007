import { createApp } from '../../src/app';
import { createAuthentication } from '../../src/authentication';
import {
  ConfigurationError,
  apiBaseUrl,
  oauthClient,
  pkceRequested,
} from '../../src/config';
import { newLeadOperation } from '../../src/triggers/new-lead';
import { TEST_ENV, appTester, authData, failureOf, shownMessage } from './helpers';

describe('BASE_URL and APP_URL', () => {
  it.each([
    ['https://api.pages.test/v1/', 'https://api.pages.test/v1'],
    ['https://api.pages.test', 'https://api.pages.test'],
    ['http://localhost:4010/', 'http://localhost:4010'],
    ['http://127.0.0.1:4010/api', 'http://127.0.0.1:4010/api'],
    ['http://[::1]:4010/api', 'http://[::1]:4010/api'],
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
      /BASE_URL must be an https:\/\/ URL .*localhost, 127\.0\.0\.1 and \[::1\]/,
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
