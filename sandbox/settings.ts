/**
 * The sandbox's settings and their defaults, checked before it starts:
 * `npm run sandbox` reads some from the environment, and a wrong one stops
 * the start with a message naming it.
 *
 *   SANDBOX_PORT  (4010)         SANDBOX_DB  (sandbox.db)
 *   SANDBOX_TOKEN_TTL (3600 s)   SANDBOX_REDIRECT_URIS (comma-separated, first start only)
 *   SANDBOX_REFRESH_GRACE (30 s)
 */
export interface SandboxSettings {
  /** Lifetime of access tokens (service-interface.md#token-refresh): short in the demo, so refresh gets exercised. */
  accessTokenTtlSeconds: number;
  /** Lifetime of authorization codes. */
  authorizationCodeTtlSeconds: number;
  /** How long a consent page can be answered. */
  consentTtlSeconds: number;
  /** Consent pages awaiting an answer at most; past that, the oldest are dropped. */
  maxPendingConsents: number;
  /**
   * How long a rotated refresh token still works, from its rotation: a
   * concurrent or retried refresh is answered, a later reuse revokes the
   * family. 30 s, as Okta's default grace period; 0 for strict rotation.
   */
  refreshTokenGraceSeconds: number;
}

export const DEFAULT_SETTINGS: SandboxSettings = {
  accessTokenTtlSeconds: 3600,
  authorizationCodeTtlSeconds: 60,
  consentTtlSeconds: 600,
  maxPendingConsents: 1000,
  refreshTokenGraceSeconds: 30,
};

/** What `npm run sandbox` reads from the environment. */
export interface EnvironmentSettings {
  database: string;
  port: number;
  accessTokenTtlSeconds: number;
  refreshTokenGraceSeconds: number;
  redirectUris?: string[];
}

/**
 * Redirect URIs as RFC 6749 §3.1.2 asks: absolute, without a fragment; and,
 * for Zapier and `invoke`, http or https (never `javascript:` and the like).
 * Throws naming the first that is not.
 */
export function checkRedirectUris(
  uris: readonly string[],
  source = 'redirectUris',
): void {
  if (uris.length === 0) {
    throw new Error(`${source} must list at least one redirect URI`);
  }
  uris.forEach((uri, index) => {
    const where = `${source} entry ${index + 1}`;
    if (uri.trim() === '') {
      throw new Error(`${where} is empty: list absolute URLs separated by commas`);
    }
    let url: URL;
    try {
      url = new URL(uri);
    } catch {
      throw new Error(`${where} (${uri}) is not an absolute URL`);
    }
    if (
      !/^https?:\/\//i.test(uri) ||
      (url.protocol !== 'https:' && url.protocol !== 'http:')
    ) {
      throw new Error(`${where} (${uri}) must be an http:// or https:// URL`);
    }
    if (url.hash !== '' || uri.includes('#')) {
      throw new Error(`${where} (${uri}) must not have a fragment`);
    }
  });
}

function wholeNumber(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  range: { min: number; max: number },
): number {
  const raw = env[name];
  if (raw === undefined || raw === '') {
    return fallback;
  }
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || value < range.min || value > range.max) {
    throw new Error(
      `${name} must be a whole number from ${range.min} to ${range.max}, got "${raw}"`,
    );
  }
  return value;
}

export function settingsFromEnvironment(env: NodeJS.ProcessEnv): EnvironmentSettings {
  const settings: EnvironmentSettings = {
    database: env.SANDBOX_DB || 'sandbox.db',
    port: wholeNumber(env, 'SANDBOX_PORT', 4010, { min: 0, max: 65535 }),
    accessTokenTtlSeconds: wholeNumber(
      env,
      'SANDBOX_TOKEN_TTL',
      DEFAULT_SETTINGS.accessTokenTtlSeconds,
      {
        min: 1,
        max: 365 * 24 * 3600,
      },
    ),
    refreshTokenGraceSeconds: wholeNumber(
      env,
      'SANDBOX_REFRESH_GRACE',
      DEFAULT_SETTINGS.refreshTokenGraceSeconds,
      { min: 0, max: 3600 },
    ),
  };
  const redirectUris = env.SANDBOX_REDIRECT_URIS;
  if (redirectUris !== undefined) {
    const uris = redirectUris.split(',').map((uri) => uri.trim());
    checkRedirectUris(uris, 'SANDBOX_REDIRECT_URIS');
    settings.redirectUris = uris;
  }
  return settings;
}
