/** src/middleware.ts: what every request of the app carries. */
import nock from 'nock';

import { isTokenEndpoint } from '../../src/middleware';
import { TEST_ENV, api, appRequest } from './helpers';

describe('beforeRequest', () => {
  it('sends Accept: application/json and the bearer to every API call', async () => {
    api().matchHeader('accept', 'application/json').get('/anything').reply(200, {});
    await expect(appRequest(`${TEST_ENV.BASE_URL}/anything`)).resolves.toEqual({});
  });

  it('sends no Authorization header without an access token', async () => {
    nock(TEST_ENV.BASE_URL, { badheaders: ['authorization'] })
      .get('/public')
      .reply(200, { ok: true });
    await expect(appRequest(`${TEST_ENV.BASE_URL}/public`, {})).resolves.toEqual({
      ok: true,
    });
  });

  it('sends no bearer to the token endpoint', async () => {
    nock(TEST_ENV.APP_URL, { badheaders: ['authorization'] })
      .get('/api/oauth/token')
      .reply(200, { ok: true });
    await expect(appRequest(`${TEST_ENV.APP_URL}/api/oauth/token`)).resolves.toEqual({
      ok: true,
    });
  });
});

describe('isTokenEndpoint', () => {
  it('recognises the token endpoint, with or without a trailing slash', () => {
    expect(isTokenEndpoint('https://app.pages.test/api/oauth/token')).toBe(true);
    expect(isTokenEndpoint('https://app.pages.test/api/oauth/token/')).toBe(true);
    expect(isTokenEndpoint('https://app.pages.test/api/oauth/userinfo')).toBe(false);
    expect(isTokenEndpoint('not a url')).toBe(false);
  });
});
