/**
 * `npm run sandbox`: the sandbox for manual work, with its state in a file so
 * that the OAuth client (and its secret) survive restarts.
 *
 *   SANDBOX_PORT  (4010)         SANDBOX_DB  (sandbox.db)
 *   SANDBOX_TOKEN_TTL (3600 s)   SANDBOX_REDIRECT_URIS (comma-separated, first start only)
 */
import { startSandbox } from './server';

function numberFrom(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') {
    return fallback;
  }
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`${name} must be a whole number, got "${raw}"`);
  }
  return value;
}

async function main(): Promise<void> {
  const redirectUris = process.env.SANDBOX_REDIRECT_URIS?.split(',').map((uri) =>
    uri.trim(),
  );
  const sandbox = await startSandbox({
    database: process.env.SANDBOX_DB ?? 'sandbox.db',
    port: numberFrom('SANDBOX_PORT', 4010),
    settings: { accessTokenTtlSeconds: numberFrom('SANDBOX_TOKEN_TTL', 3600) },
    ...(redirectUris ? { redirectUris } : {}),
  });
  const { store } = sandbox.context;
  const lines = [
    `Landing-page sandbox listening on ${sandbox.appUrl}`,
    '',
    'Projects:',
    ...store.projects().map((project) => {
      const user = store.users().find((candidate) => candidate.projectId === project.id);
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
  process.stderr.write(
    `The sandbox could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
