/**
 * `npm run sandbox`: the sandbox for manual work, with its state in a file so
 * that the OAuth client (and its secret) and pending deliveries survive
 * restarts. Settings: see ./settings.ts.
 */
import { startSandbox } from './server';
import type { Sandbox } from './server';
import { settingsFromEnvironment } from './settings';
import type { EnvironmentSettings } from './settings';

let settings: EnvironmentSettings | undefined;

/** The lines the banner prints for `.env`: the app's settings for this sandbox. */
export function envBlock(sandbox: Sandbox): string[] {
  return [
    `BASE_URL=${sandbox.apiBaseUrl}`,
    `APP_URL=${sandbox.appUrl}`,
    `CLIENT_ID=${sandbox.client.id}`,
    `CLIENT_SECRET=${sandbox.client.secret}`,
  ];
}

async function main(): Promise<void> {
  settings = settingsFromEnvironment(process.env);
  const sandbox = await startSandbox({
    database: settings.database,
    port: settings.port,
    settings: {
      accessTokenTtlSeconds: settings.accessTokenTtlSeconds,
      refreshTokenGraceSeconds: settings.refreshTokenGraceSeconds,
    },
    ...(settings.redirectUris ? { redirectUris: settings.redirectUris } : {}),
  });
  const { accounts } = sandbox.context.store;
  const lines = [
    `Landing-page sandbox listening on ${sandbox.appUrl}`,
    '',
    'Projects:',
    ...accounts.projects().map((project) => {
      const user = accounts
        .users()
        .find((candidate) => candidate.projectId === project.id);
      return `  ${project.name} (${project.plan} plan, ${project.id}), user ${user?.email ?? '-'} (${user?.id ?? '-'})`;
    }),
    '',
    `OAuth client: ${sandbox.client.id}`,
    `Allowed redirect URIs: ${sandbox.client.redirectUris.join(', ')}`,
    '',
    'For .env (zapier-platform invoke):',
    ...envBlock(sandbox),
    '',
    `Submit leads at ${sandbox.appUrl}/_sandbox · Ctrl-C stops.`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);

  const stop = () => {
    void sandbox.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/**
 * Why the start failed, and which setting to change: a port another program
 * holds or one the sandbox may not bind (SANDBOX_PORT), a database file that
 * cannot be opened or written, or a file that is no SQLite database (SANDBOX_DB).
 */
export function startFailure(
  error: unknown,
  settings: EnvironmentSettings | undefined,
): string {
  const reason =
    typeof error === 'object' && error !== null && 'message' in error
      ? String(error.message)
      : String(error);
  const code =
    typeof error === 'object' && error !== null && 'code' in error
      ? error.code
      : undefined;
  if (settings === undefined) {
    return reason;
  }
  if (code === 'EADDRINUSE') {
    return (
      `port ${settings.port} is in use by another program: stop it, or set SANDBOX_PORT ` +
      'to a free port (0 picks one)'
    );
  }
  if (code === 'EACCES') {
    return (
      `port ${settings.port} may not be opened by this user (ports below 1024 need ` +
      'administrator rights): set SANDBOX_PORT to a port from 1024 to 65535 (0 picks a free one)'
    );
  }
  if (/file is not a database|database disk image is malformed/i.test(reason)) {
    return (
      `${settings.database} is not a SQLite database the sandbox can read (${reason}): set ` +
      'SANDBOX_DB to another file (a new one is created), or move that file away'
    );
  }
  if (/unable to open database|readonly database|disk I\/O error/i.test(reason)) {
    return (
      `the database ${settings.database} cannot be opened or written (${reason}): set ` +
      'SANDBOX_DB to a file in a folder you can write to'
    );
  }
  return reason;
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(
      `The sandbox could not start: ${startFailure(error, settings)}\n`,
    );
    process.exit(1);
  });
}
