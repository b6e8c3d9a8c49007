/**
 * The integration's deployment settings. Zapier provides them as environment
 * variables (`zapier-platform env:set`); locally they come from `.env`.
 *
 * Every value is read when it is needed, so a missing or malformed setting
 * fails the step that needs it with a message naming the variable, instead of
 * sending a request to `undefined/...`.
 */

export type SettingName =
  'BASE_URL' | 'APP_URL' | 'CLIENT_ID' | 'CLIENT_SECRET' | 'OAUTH_PKCE';

type Environment = Record<string, string | undefined>;

export class ConfigurationError extends Error {
  constructor(
    readonly setting: SettingName,
    problem: string,
  ) {
    super(
      `The landing-page integration is not set up correctly: ${setting} ${problem}. ` +
        'This is a problem in the integration itself, not in your account: please ' +
        "contact the integration's maintainers.",
    );
    this.name = 'ConfigurationError';
  }
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function readRequired(env: Environment, name: SettingName): string {
  const value = env[name]?.trim();
  if (!value) {
    throw new ConfigurationError(name, 'is missing');
  }
  return value;
}

/**
 * Reads a base URL setting: https, or http on a loopback host (for local
 * development against the sandbox). Returned without a trailing slash so
 * paths can be appended as `${base}/webhook`.
 */
function readBaseUrl(env: Environment, name: 'BASE_URL' | 'APP_URL'): string {
  const raw = readRequired(env, name);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigurationError(name, `is not a valid URL ("${raw}")`);
  }
  const isLoopback = LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback)) {
    throw new ConfigurationError(
      name,
      `must be an https:// URL (http:// is allowed only for localhost, 127.0.0.1 and [::1]), got "${raw}"`,
    );
  }
  if (url.search || url.hash) {
    throw new ConfigurationError(name, `must not carry a query or fragment ("${raw}")`);
  }
  return url.toString().replace(/\/+$/, '');
}

/**
 * `OAUTH_PKCE=true` builds the app in PKCE mode; unset or `false` keeps the
 * client secret. Read when the app definition is built, so `validate`, `build`
 * and `push` reject a value that is neither.
 */
export function pkceRequested(env: Environment = process.env): boolean {
  const raw = env.OAUTH_PKCE?.trim().toLowerCase();
  if (raw === undefined || raw === '' || raw === 'false') {
    return false;
  }
  if (raw === 'true') {
    return true;
  }
  throw new ConfigurationError(
    'OAUTH_PKCE',
    `must be "true" or "false", got "${env.OAUTH_PKCE}"`,
  );
}

export function apiBaseUrl(env: Environment = process.env): string {
  return readBaseUrl(env, 'BASE_URL');
}

/** How the app proves it is the registered OAuth client: exactly one method (service-interface.md#token-exchange). */
export type ClientAuthentication = { pkce: false; clientSecret: string } | { pkce: true };

export type OAuthClient = {
  appUrl: string;
  clientId: string;
} & ClientAuthentication;

/** The OAuth client for the mode the app was built in; a secret is needed only without PKCE. */
export function oauthClient(pkce: boolean, env: Environment = process.env): OAuthClient {
  const appUrl = readBaseUrl(env, 'APP_URL');
  const clientId = readRequired(env, 'CLIENT_ID');
  return pkce
    ? { appUrl, clientId, pkce: true }
    : { appUrl, clientId, pkce: false, clientSecret: readRequired(env, 'CLIENT_SECRET') };
}
