/**
 * Bodies as an attacker sends them: keys that would poison prototypes, nesting
 * without end, values of the wrong type. Each is a 400 with {error}, and the
 * sandbox works as before afterwards.
 */
import { FREE_PROJECT } from '../../../sandbox/seed';
import { REAL_IO_TEST_MS, testSandbox } from '../helpers';
import {
  getAuthorizationCode,
  bearer,
  connect,
  exchange,
  get,
  listed,
  postJson,
} from '../../../harness/sandbox-client';
import type { TestSandbox } from '../helpers';
import type { Tokens } from '../../../harness/sandbox-client';

// Real sockets and SQLite: on a busy machine a test may outlast jest's 5 s.
jest.setTimeout(REAL_IO_TEST_MS);

let sandbox: TestSandbox;
let tokens: Tokens;

beforeEach(async () => {
  sandbox = await testSandbox();
  tokens = await connect(sandbox);
});

afterEach(async () => {
  await sandbox.close();
});

function postRawJson(path: string, body: string) {
  return fetch(sandbox.url(path), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body,
  });
}

function postRawForm(path: string, body: string) {
  return fetch(sandbox.url(path), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body,
    redirect: 'manual',
  });
}

/** What a poisoned prototype would open: the API without a token. */
async function expectTokenStillRequired() {
  expect((await get(sandbox, '/api/oauth/userinfo')).status).toBe(401);
  const webhook = await postJson(sandbox, '/api/webhook', {
    url: 'https://hooks.example/a',
    triggers: ['lead.created'],
  });
  expect(webhook.status).toBe(401);
}

describe('prototype pollution through form bodies', () => {
  it('refuses __proto__[authorization] and still asks every API call for a token', async () => {
    const response = await postRawForm(
      '/_sandbox/leads',
      `email=a%40example.org&__proto__%5Bauthorization%5D=${encodeURIComponent(`Bearer ${tokens.access_token}`)}`,
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error:
        'Form field names cannot contain [ or ] ("__proto__[authorization]"): send nested fields as JSON',
    });
    await expectTokenStillRequired();
  });

  it('refuses constructor[entries] and still exchanges codes and takes leads', async () => {
    const response = await postRawForm(
      '/_sandbox/leads',
      'email=a%40example.org&constructor%5Bentries%5D=x',
    );
    expect(response.status).toBe(400);
    expect((await exchange(sandbox, await getAuthorizationCode(sandbox))).status).toBe(
      200,
    );
    expect(
      (await postJson(sandbox, '/_sandbox/leads', { email: 'b@example.org' })).status,
    ).toBe(201);
  });

  it('refuses __proto__[content-type] and the token endpoint still reads forms', async () => {
    const response = await postRawForm(
      '/_sandbox/leads',
      'email=a%40example.org&__proto__%5Bcontent-type%5D=text%2Fplain',
    );
    expect(response.status).toBe(400);
    expect((await exchange(sandbox, await getAuthorizationCode(sandbox))).status).toBe(
      200,
    );
  });

  it.each(['__proto__', 'constructor', 'prototype'])(
    'refuses a plain form field named %s',
    async (name) => {
      const response = await postRawForm(
        '/_sandbox/leads',
        `email=a%40example.org&${name}=x`,
      );
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: `The body uses the key ${name}, which is refused`,
      });
      expect(await listed(sandbox, 'leads')).toEqual([]);
    },
  );

  it('refuses fields=2&fields[a]=1 with 400, not 500', async () => {
    const response = await postRawForm(
      '/_sandbox/leads',
      'email=a%40example.org&fields=2&fields%5Ba%5D=1',
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error:
        'Form field names cannot contain [ or ] ("fields[a]"): send nested fields as JSON',
    });
  });
});

describe('prototype pollution through JSON bodies', () => {
  it.each([
    [
      '__proto__ at the top',
      `{"email":"a@example.org","__proto__":{"authorization":"Bearer x"}}`,
      '__proto__',
    ],
    [
      '__proto__ nested',
      `{"email":"a@example.org","fields":{"__proto__":{"x":1}}}`,
      '__proto__',
    ],
    [
      'constructor.prototype',
      `{"email":"a@example.org","constructor":{"prototype":{"x":1}}}`,
      'constructor',
    ],
    [
      'constructor',
      `{"email":"a@example.org","constructor":{"entries":"x"}}`,
      'constructor',
    ],
    [
      'prototype in a list',
      `{"email":"a@example.org","tags":[{"prototype":1}]}`,
      'prototype',
    ],
  ])('refuses %s', async (_name, body, key) => {
    const response = await postRawJson(
      '/_sandbox/leads',
      body.replace('Bearer x', `Bearer ${tokens.access_token}`),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: `The body uses the key ${key}, which is refused`,
    });
    await expectTokenStillRequired();
    expect(await listed(sandbox, 'leads')).toEqual([]);
  });

  it('refuses forbidden keys on the webhook API too', async () => {
    const response = await fetch(sandbox.url('/api/webhook'), {
      method: 'POST',
      headers: { ...bearer(tokens), 'Content-Type': 'application/json' },
      body: '{"url":"https://hooks.example/a","triggers":["lead.created"],"__proto__":{"x":1}}',
    });
    expect(response.status).toBe(400);
    expect(await listed(sandbox, 'webhooks')).toEqual([]);
  });
});

describe('depth and types', () => {
  const nested = (levels: number) => `${'{"a":'.repeat(levels)}"x"${'}'.repeat(levels)}`;

  it('refuses JSON nested 4,097 levels with 400, and the leads stay listable', async () => {
    const response = await postRawJson(
      '/_sandbox/leads',
      `{"email":"a@example.org","deep":${nested(4097)}}`,
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'The body nests deeper than 32 levels',
    });
    expect(await listed(sandbox, 'leads')).toEqual([]);
  });

  it('takes a lead nested 32 levels, refuses 33, and lists what it took', async () => {
    const ok = await postRawJson(
      '/_sandbox/leads',
      `{"email":"a@example.org","deep":${nested(31)}}`,
    );
    expect(ok.status).toBe(201);
    const tooDeep = await postRawJson(
      '/_sandbox/leads',
      `{"email":"a@example.org","deep":${nested(32)}}`,
    );
    expect(tooDeep.status).toBe(400);
    expect(await listed(sandbox, 'leads')).toHaveLength(1);
  });

  it('refuses deep JSON on the webhook API with 400', async () => {
    const response = await fetch(sandbox.url('/api/webhook'), {
      method: 'POST',
      headers: { ...bearer(tokens), 'Content-Type': 'application/json' },
      body: `{"url":"https://hooks.example/a","triggers":["lead.created"],"x":${nested(5000)}}`,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'The body nests deeper than 32 levels',
    });
  });

  it.each([
    [
      { email: 'a@example.org', project_id: [FREE_PROJECT.id] },
      'body/project_id must be string',
    ],
    [{ email: 'a@example.org', project_id: 5 }, 'body/project_id must be string'],
    [
      { email: 'a@example.org', project_id: { id: FREE_PROJECT.id } },
      'body/project_id must be string',
    ],
    [
      { email: 'a@example.org', page_id: ['page_webinar'] },
      'body/page_id must be string',
    ],
    [{ email: ['a@example.org'] }, 'body/email must be string'],
  ])(
    'refuses a value of the wrong type instead of filing it elsewhere: %j',
    async (lead, error) => {
      const response = await postJson(sandbox, '/_sandbox/leads', lead);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error });
      expect(await listed(sandbox, 'leads')).toEqual([]);
    },
  );

  it('refuses a repeated form field where one value is expected', async () => {
    const repeated = await postRawForm(
      '/_sandbox/leads',
      `email=a%40example.org&project_id=${FREE_PROJECT.id}&project_id=prj_spring`,
    );
    expect(repeated.status).toBe(400);
    expect(await repeated.json()).toEqual({
      error: 'project_id was sent more than once: send each parameter once',
    });
  });

  it('treats SQL in a value as text', async () => {
    const response = await postJson(sandbox, '/_sandbox/leads', {
      email: 'a@example.org',
      project_id: "prj_spring' OR '1'='1",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: "Unknown project_id prj_spring' OR '1'='1",
    });
  });
});
