/**
 * Every test starts from the same, fully offline configuration. Tests that
 * check configuration errors change these values themselves.
 */
import nock from 'nock';

export const TEST_ENV = {
  BASE_URL: 'https://api.pages.test/v1',
  APP_URL: 'https://app.pages.test',
  CLIENT_ID: 'client-123',
  CLIENT_SECRET: 'secret-abcdef-0123456789',
} as const;

for (const key of ['BASE_URL', 'APP_URL', 'CLIENT_ID', 'CLIENT_SECRET', 'OAUTH_PKCE']) {
  delete process.env[key];
}
Object.assign(process.env, TEST_ENV);

nock.disableNetConnect();

// Every scope a test declares must have been used, and nothing else called.
afterEach(() => {
  const pending = nock.pendingMocks();
  nock.cleanAll();
  expect(pending).toEqual([]);
});
