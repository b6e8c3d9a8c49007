/**
 * `npm run sandbox`: the sandbox for manual work, with its state in a file so
 * that the OAuth client (and its secret) and pending deliveries survive
 * restarts. Settings: see ./settings.ts.
 */
import { startSandbox } from './server';
import { settingsFromEnvironment } from './settings';

async function main(): Promise<void> {
  const settings = settingsFromEnvironment(process.env);
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
    `BASE_URL=${sandbox.apiBaseUrl}`,
    `APP_URL=${sandbox.appUrl}`,
    `CLIENT_ID=${sandbox.client.id}`,
    `CLIENT_SECRET=${sandbox.client.secret}`,
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

main().catch((error: unknown) => {
  const reason = error instanceof Error ? error.message : String(error);
  process.stderr.write(`The sandbox could not start: ${reason}\n`);
  process.exit(1);
});
