/**
 * The app's settings as `zapier-platform env:set` would give them, pointed at
 * the sandbox; the process's own values come back when the run ends.
 */
import type { Sandbox } from '../../sandbox/server';

const APP_SETTINGS = [
  'BASE_URL',
  'APP_URL',
  'CLIENT_ID',
  'CLIENT_SECRET',
  'OAUTH_PKCE',
] as const;

/** Sets the app's environment for `sandbox`; returns what puts the previous one back. */
export function pointAppAtSandbox(sandbox: Sandbox, pkce: boolean): () => void {
  const saved = APP_SETTINGS.map((key) => [key, process.env[key]] as const);
  process.env.BASE_URL = sandbox.apiBaseUrl;
  process.env.APP_URL = sandbox.appUrl;
  process.env.CLIENT_ID = sandbox.client.id;
  process.env.OAUTH_PKCE = String(pkce);
  if (pkce) {
    delete process.env.CLIENT_SECRET; // a public client has none
  } else {
    process.env.CLIENT_SECRET = sandbox.client.secret;
  }
  return () => {
    for (const [key, value] of saved) {
      if (value === undefined) {
        delete process.env[key];
      } else {
        process.env[key] = value;
      }
    }
  };
}
