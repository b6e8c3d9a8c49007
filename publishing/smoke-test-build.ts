/**
 * `npm run test:build`: unzips build/build.zip and runs it as Zapier's
 * Lambda would, through the zip's own `zapierwrapper.js` handler (the zip's
 * zapier-platform-core): the connection test against a local stand-in of the
 * service's userinfo endpoint on 127.0.0.1, and New Lead's `perform` on the
 * sample delivery shipped in the zip. Exits non-zero when either does not
 * give what the source gives.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { messageOf } from '../harness/error-message';
import { listenOnLoopback } from '../harness/loopback';
import type { LambdaHandler } from '../harness/zapier/lambda-handler';
import { isJsonObject } from '../src/json';

// The CLI's own unzipper, the one its build test uses (it keeps the zip's symlinks).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const decompress = require('zapier-platform-cli/src/utils/decompress') as (
  zip: string,
  dir: string,
) => Promise<unknown>;

const ACCESS_TOKEN = randomBytes(16).toString('hex');
const USER_INFO = {
  user: {
    id: 'usr_1',
    email: 'ada@example.org',
    firstName: 'Ada',
    lastName: 'Lovelace',
    image: '',
  },
  project: { id: 'prj_spring', name: 'Spring Launch' },
};
const EXPECTED_LABEL = 'Ada Lovelace (ada@example.org) · Spring Launch';

class SmokeTestFailure extends Error {}

/** The service's userinfo endpoint, answering only the bearer token it was given. */
async function startUserInfoStandIn(): Promise<{
  base: string;
  requests: string[];
  close(): Promise<void>;
}> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(`${request.method ?? '?'} ${request.url ?? '?'}`);
    const authorised = request.headers.authorization === `Bearer ${ACCESS_TOKEN}`;
    if (request.method === 'GET' && request.url === '/api/oauth/userinfo' && authorised) {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(USER_INFO));
    } else {
      response.writeHead(authorised ? 404 : 401, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ error: authorised ? 'not found' : 'unauthorized' }));
    }
  });
  const listening = await listenOnLoopback(server);
  return { base: listening.origin, requests, close: listening.close };
}

function expectThat(condition: boolean, failure: string): void {
  if (!condition) {
    throw new SmokeTestFailure(failure);
  }
}

type UserInfoStandIn = Awaited<ReturnType<typeof startUserInfoStandIn>>;

const AUTH_DATA = { access_token: ACCESS_TOKEN, refresh_token: 'smoke-test-refresh' };

/** Unzips the build into `dir`, as Zapier deploys it; says which core it carries. */
async function unzipBuild(zipPath: string, dir: string): Promise<void> {
  if (!existsSync(zipPath)) {
    throw new SmokeTestFailure(`${zipPath} does not exist: run npm run package first`);
  }
  await decompress(zipPath, dir);
  const size = statSync(zipPath).size.toLocaleString('en');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const core = require(
    join(dir, 'node_modules', 'zapier-platform-core', 'package.json'),
  ) as {
    version: string;
  };
  process.stdout.write(
    `✔ ${zipPath} (${size} bytes) unzipped; zapier-platform-core ${core.version} from the zip, Node.js ${process.version}\n`,
  );
}

/** The zip's own handler (`zapierwrapper.js`), its settings pointing at the stand-in. */
function zipHandler(dir: string, standIn: UserInfoStandIn): LambdaHandler {
  Object.assign(process.env, {
    BASE_URL: `${standIn.base}/v1`,
    APP_URL: standIn.base,
    CLIENT_ID: 'smoke-test-client',
    CLIENT_SECRET: randomBytes(16).toString('hex'),
  });
  delete process.env.OAUTH_PKCE;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require(join(dir, 'zapierwrapper.js')) as { handler: LambdaHandler }).handler;
}

/** The connection test asks userinfo, once, and labels the connection. */
async function checkConnectionTest(
  handler: LambdaHandler,
  standIn: UserInfoStandIn,
): Promise<void> {
  const tested = await handler({
    command: 'execute',
    method: 'authentication.test',
    bundle: { authData: AUTH_DATA, inputData: {} },
  });
  const label = isJsonObject(tested.results)
    ? tested.results.connection_label
    : undefined;
  expectThat(
    label === EXPECTED_LABEL,
    `authentication.test labelled the connection ${JSON.stringify(label)}, expected "${EXPECTED_LABEL}"`,
  );
  expectThat(
    standIn.requests.join(',') === 'GET /api/oauth/userinfo',
    `authentication.test sent ${standIn.requests.join(', ') || 'no request'}, expected GET /api/oauth/userinfo`,
  );
  process.stdout.write(
    `✔ authentication.test against ${standIn.base}: "${EXPECTED_LABEL}"\n`,
  );
}

/** New Lead's perform turns the zip's sample delivery into its one lead. */
async function checkNewLeadPerform(handler: LambdaHandler, dir: string): Promise<void> {
  const delivery: unknown = JSON.parse(
    readFileSync(join(dir, 'dist', 'samples', 'lead-delivery.json'), 'utf8'),
  );
  const performed = await handler({
    command: 'execute',
    method: 'triggers.new_lead.operation.perform',
    bundle: { authData: AUTH_DATA, inputData: {}, cleanedRequest: delivery, meta: {} },
  });
  const leads = Array.isArray(performed.results)
    ? performed.results.filter(isJsonObject)
    : [];
  const [lead] = leads;
  expectThat(
    leads.length === 1 &&
      lead?.id === 'sample-lead-0001' &&
      lead.email === 'ada.lovelace@example.org' &&
      lead.is_sample === false,
    `triggers.new_lead perform on the sample delivery returned ${JSON.stringify(performed.results)}, expected the lead sample-lead-0001`,
  );
  process.stdout.write(
    `✔ triggers.new_lead perform on the sample delivery: 1 lead (${String(lead?.id)}, ${Object.keys(lead ?? {}).length} fields)\n`,
  );
}

async function smokeTest(zipPath: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'build-zip-'));
  const standIn = await startUserInfoStandIn();
  try {
    await unzipBuild(zipPath, dir);
    const handler = zipHandler(dir, standIn);
    await checkConnectionTest(handler, standIn);
    await checkNewLeadPerform(handler, dir);
  } finally {
    await standIn.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  const zipPath = resolve(process.argv[2] ?? join('build', 'build.zip'));
  smokeTest(zipPath).then(
    () => {
      process.stdout.write("The built app works on Zapier's runtime.\n");
    },
    (error: unknown) => {
      process.stderr.write(`test:build: ${messageOf(error)}\n`);
      process.exitCode = 1;
    },
  );
}
