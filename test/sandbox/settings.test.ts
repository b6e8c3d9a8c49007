/** sandbox/settings.ts: settings that cannot work are refused before the start. */
import { startSandbox } from '../../sandbox/server';
import { settingsFromEnvironment } from '../../sandbox/settings';

describe('settings, checked at start', () => {
  it.each([
    [
      'https://zapier.com/return/,,http://localhost:9000',
      'SANDBOX_REDIRECT_URIS entry 2 is empty: list absolute URLs separated by commas',
    ],
    [
      '',
      'SANDBOX_REDIRECT_URIS entry 1 is empty: list absolute URLs separated by commas',
    ],
    [
      'https://zapier.com/return/,',
      'SANDBOX_REDIRECT_URIS entry 2 is empty: list absolute URLs separated by commas',
    ],
    [
      '/relative/path',
      'SANDBOX_REDIRECT_URIS entry 1 (/relative/path) is not an absolute URL',
    ],
    [
      'javascript:alert(1)',
      'SANDBOX_REDIRECT_URIS entry 1 (javascript:alert(1)) must be an http:// or https:// URL',
    ],
    [
      'http:evil',
      'SANDBOX_REDIRECT_URIS entry 1 (http:evil) must be an http:// or https:// URL',
    ],
    [
      'https://zapier.com/return/#x',
      'SANDBOX_REDIRECT_URIS entry 1 (https://zapier.com/return/#x) must not have a fragment',
    ],
  ])('refuses SANDBOX_REDIRECT_URIS=%j', (value, message) => {
    expect(() => settingsFromEnvironment({ SANDBOX_REDIRECT_URIS: value })).toThrow(
      message,
    );
  });

  it.each([
    [
      'SANDBOX_PORT',
      '70000',
      'SANDBOX_PORT must be a whole number from 0 to 65535, got "70000"',
    ],
    [
      'SANDBOX_PORT',
      '80a',
      'SANDBOX_PORT must be a whole number from 0 to 65535, got "80a"',
    ],
    [
      'SANDBOX_TOKEN_TTL',
      '0',
      'SANDBOX_TOKEN_TTL must be a whole number from 1 to 31536000, got "0"',
    ],
    [
      'SANDBOX_TOKEN_TTL',
      '1.5',
      'SANDBOX_TOKEN_TTL must be a whole number from 1 to 31536000, got "1.5"',
    ],
  ])('refuses %s=%j', (name, value, message) => {
    expect(() => settingsFromEnvironment({ [name]: value })).toThrow(message);
  });

  it('reads good settings', () => {
    expect(
      settingsFromEnvironment({
        SANDBOX_PORT: '4011',
        SANDBOX_DB: 'other.db',
        SANDBOX_TOKEN_TTL: '3',
        SANDBOX_REDIRECT_URIS: ' https://zapier.com/return/ , http://localhost:9000',
        SANDBOX_REFRESH_GRACE: '0',
      }),
    ).toEqual({
      database: 'other.db',
      port: 4011,
      accessTokenTtlSeconds: 3,
      refreshTokenGraceSeconds: 0,
      redirectUris: ['https://zapier.com/return/', 'http://localhost:9000'],
    });
    expect(settingsFromEnvironment({})).toEqual({
      database: 'sandbox.db',
      port: 4010,
      accessTokenTtlSeconds: 3600,
      refreshTokenGraceSeconds: 30,
    });
  });

  it('does not start with an empty redirect URI', async () => {
    const starting = startSandbox({ redirectUris: ['http://localhost:9000', ''] });
    // Should it start after all, it is stopped, so the failure is told and jest ends.
    await starting.then(
      (started) => started.close(),
      () => undefined,
    );
    await expect(starting).rejects.toThrow('redirectUris entry 2 is empty');
  });
});
