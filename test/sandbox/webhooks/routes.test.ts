/** sandbox/webhooks/routes.ts: creating and deleting webhooks (service-interface.md#webhooks). */
import { PAID_PROJECT, PAID_USER } from '../../../sandbox/seed';
import { QUICK_DELIVERY, REAL_IO_TEST_MS, useSandbox } from '../helpers';
import {
  REDIRECT_URI,
  bearer,
  connect,
  get,
  listed,
} from '../../../harness/sandbox-client';
import type { TestSandbox } from '../helpers';
import type { Tokens } from '../../../harness/sandbox-client';

// Real sockets and SQLite: on a busy machine a test may outlast jest's 5 s.
jest.setTimeout(REAL_IO_TEST_MS);

const fixture = useSandbox({ delivery: QUICK_DELIVERY, listen: false });
const { createWebhook, deleteWebhook } = fixture;
let sandbox: TestSandbox;
let tokens: Tokens;
beforeEach(() => {
  ({ sandbox, tokens } = fixture);
});

describe('POST /api/webhook', () => {
  it('creates a webhook and answers its id', async () => {
    const response = await createWebhook({
      url: 'https://hooks.example/a',
      triggers: ['lead.created'],
    });
    const body = (await response.json()) as { id: string };
    expect(response.status).toBe(201);
    expect(body).toEqual({ id: expect.stringMatching(/^wh_/) as unknown });
    expect(await listed(sandbox, 'webhooks')).toEqual([
      expect.objectContaining({
        id: body.id,
        projectId: PAID_PROJECT.id,
        url: 'https://hooks.example/a',
        triggers: ['lead.created'],
      }),
    ]);
  });

  it('stores the URL as it will be called: parsed, without stray spaces', async () => {
    const response = await createWebhook({
      url: ' HTTPS://Hooks.Example:443/a b\n',
      triggers: ['lead.created'],
    });
    expect(response.status).toBe(201);
    const [webhook] = await listed(sandbox, 'webhooks');
    expect(webhook?.url).toBe('https://hooks.example/a%20b');
  });

  it('takes a DELETE sent with a JSON Content-Type and no body', async () => {
    const created = await createWebhook({
      url: 'https://hooks.example/a',
      triggers: ['lead.created'],
    });
    const { id } = (await created.json()) as { id: string };
    const response = await sandbox.fetch(sandbox.url(`/api/webhook/${id}`), {
      method: 'DELETE',
      headers: { ...bearer(tokens), 'Content-Type': 'application/json' },
    });
    expect(response.status).toBe(200);
  });

  it.each([
    [{}, 'Missing bearer token: send Authorization: Bearer <access token>'],
    [{ Authorization: 'Bearer at_unknown' }, 'Invalid access token'],
    [
      { Authorization: 'Basic abc' },
      'Missing bearer token: send Authorization: Bearer <access token>',
    ],
  ])('needs a valid bearer token: %j', async (headers, error) => {
    const response = await createWebhook(
      { url: 'https://hooks.example/a', triggers: ['lead.created'] },
      headers,
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error });
  });

  it('asks for the token before it reads the body: 401, not 400, for a bad body without one', async () => {
    const response = await createWebhook({ url: 42 }, {});
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: 'Missing bearer token: send Authorization: Bearer <access token>',
    });
  });

  it.each([
    [[], 'body must be object'],
    [{ triggers: ['lead.created'] }, "body must have required property 'url'"],
    [{ url: 42, triggers: ['lead.created'] }, 'body/url must be string'],
    [{ url: 'ftp://x', triggers: ['lead.created'] }, 'url must be an http or https URL'],
    [
      { url: 'hooks.example/a', triggers: ['lead.created'] },
      'url must be an absolute http or https URL',
    ],
    [{ url: 'https://hooks.example/a' }, "body must have required property 'triggers'"],
    [
      { url: 'https://hooks.example/a', triggers: [] },
      'body/triggers must NOT have fewer than 1 items',
    ],
    [
      { url: 'https://hooks.example/a', triggers: ['lead.deleted'] },
      'body/triggers/0 must be equal to one of the allowed values: lead.created',
    ],
    [
      { url: 'https://user:secret@hooks.example/a', triggers: ['lead.created'] },
      'url must not carry credentials (user:password@): fetch refuses them',
    ],
    [
      { url: 'http://127.0.0.1:6000/hook', triggers: ['lead.created'] },
      'url uses port 6000, which fetch refuses to connect to',
    ],
    [
      { url: 'http://127.0.0.1:0/hook', triggers: ['lead.created'] },
      'url uses port 0, which nothing can be reached on',
    ],
    [
      { url: 'https://hooks.example:25/a', triggers: ['lead.created'] },
      'url uses port 25, which fetch refuses to connect to',
    ],
  ])('answers 400 with {error} for a bad body: %j', async (body, error) => {
    const response = await createWebhook(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error });
  });

  it('answers 400 with {error} for a body that is not JSON', async () => {
    const send = (contentType: string, body: string) =>
      sandbox.fetch(sandbox.url('/api/webhook'), {
        method: 'POST',
        headers: { ...bearer(tokens), 'Content-Type': contentType },
        body,
      });

    const invalid = await send('application/json', '{"url": ');
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({ error: 'The body is not valid JSON' });

    const text = await send('text/plain', 'url=x');
    expect(text.status).toBe(400);
    expect(await text.json()).toEqual({
      error: 'Send the body as application/json or application/x-www-form-urlencoded',
    });

    const xml = await send('application/xml', '<webhook/>');
    expect(xml.status).toBe(400);
    expect(await xml.json()).toEqual({
      error: 'Send the body as application/json or application/x-www-form-urlencoded',
    });
  });

  it('needs the leads.read scope', async () => {
    const userOnly = await connect(sandbox, { scope: 'user.read' });
    const response = await createWebhook(
      { url: 'https://hooks.example/a', triggers: ['lead.created'] },
      bearer(userOnly),
    );
    expect(response.status).toBe(403);
  });
});

describe('DELETE /api/webhook/<id>', () => {
  it('deletes a webhook and answers {success: true}', async () => {
    const { id } = (await (
      await createWebhook({ url: 'https://hooks.example/a', triggers: ['lead.created'] })
    ).json()) as { id: string };
    const response = await deleteWebhook(id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    expect(await listed(sandbox, 'webhooks')).toEqual([]);
  });

  it('answers 404 with {error} for an unknown id, and for a second delete', async () => {
    const { id } = (await (
      await createWebhook({ url: 'https://hooks.example/a', triggers: ['lead.created'] })
    ).json()) as { id: string };
    await deleteWebhook(id);
    const again = await deleteWebhook(id);
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({
      error: `No webhook ${id} of this client in this project`,
    });
  });

  it('needs the leads.read scope, like create', async () => {
    const { id } = (await (
      await createWebhook({ url: 'https://hooks.example/a', triggers: ['lead.created'] })
    ).json()) as { id: string };
    const userOnly = await connect(sandbox, { scope: 'user.read' });
    const response = await deleteWebhook(id, bearer(userOnly));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      error: 'The access token lacks the leads.read scope',
    });
    expect((await listed(sandbox, 'webhooks')).map((webhook) => webhook.id)).toEqual([
      id,
    ]);
  });

  it("does not let another client delete this client's webhook", async () => {
    const { id } = (await (
      await createWebhook({ url: 'https://hooks.example/a', triggers: ['lead.created'] })
    ).json()) as { id: string };
    const other = {
      id: 'other-app',
      secret: 'other-app-secret',
      name: 'Other App',
      redirectUris: [REDIRECT_URI],
    };
    sandbox.context.store.clientsAndTokens.addClient(other);
    const otherTokens = await connect(sandbox, { client: other });
    const response = await deleteWebhook(id, bearer(otherTokens));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: `No webhook ${id} of this client in this project`,
    });
    expect((await listed(sandbox, 'webhooks')).map((webhook) => webhook.id)).toEqual([
      id,
    ]);
    expect((await deleteWebhook(id)).status).toBe(200);
  });

  it("does not let a user of another project delete the project's webhook", async () => {
    const { id } = (await (
      await createWebhook({ url: 'https://hooks.example/a', triggers: ['lead.created'] })
    ).json()) as { id: string };
    const { accounts } = sandbox.context.store;
    accounts.addProject({ id: 'prj_other', name: 'Other Launch', plan: 'paid' });
    accounts.addUser({
      ...PAID_USER,
      id: 'usr_other',
      email: 'other@example.org',
      projectId: 'prj_other',
    });
    const otherUser = await connect(sandbox, { as: 'usr_other' });
    const response = await deleteWebhook(id, bearer(otherUser));
    expect(response.status).toBe(404);
    expect((await listed(sandbox, 'webhooks')).map((webhook) => webhook.id)).toEqual([
      id,
    ]);
  });

  it('needs a bearer token', async () => {
    const response = await deleteWebhook('wh_1', {});
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: 'Missing bearer token: send Authorization: Bearer <access token>',
    });
  });

  it('answers 404 for an unknown route, with {error}', async () => {
    const response = await get(sandbox, '/api/webhooks');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'No route for GET /api/webhooks' });
  });
});
