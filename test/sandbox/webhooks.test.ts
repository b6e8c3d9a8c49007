import { startHookReceiver } from '../../harness/hook-receiver';
import type { HookReceiver } from '../../harness/hook-receiver';
import type { LeadCreatedPayload } from '../../sandbox/delivery';
import { FREE_PROJECT, PAID_PROJECT, PAID_USER } from '../../sandbox/seed';
import { testSandbox } from './helpers';
import {
  REDIRECT_URI,
  bearer,
  connect,
  get,
  listed,
  postJson,
} from '../../harness/sandbox-client';
import type { TestSandbox } from './helpers';
import type { Tokens } from '../../harness/sandbox-client';

let sandbox: TestSandbox;
let tokens: Tokens;
let receivers: HookReceiver[] = [];

async function receiver(respond?: (n: number) => number): Promise<HookReceiver> {
  const started = await startHookReceiver(respond);
  receivers.push(started);
  return started;
}

beforeEach(async () => {
  sandbox = await testSandbox({
    delivery: { baseDelayMs: 20, maxDelayMs: 50, maxAttempts: 4, timeoutMs: 2000 },
  });
  tokens = await connect(sandbox);
});

afterEach(async () => {
  await sandbox.close();
  await Promise.all(receivers.map((started) => started.close()));
  receivers = [];
});

function createWebhook(body: unknown, headers = bearer(tokens)) {
  return postJson(sandbox, '/api/webhook', body, headers);
}

function deleteWebhook(id: string, headers = bearer(tokens)) {
  return fetch(sandbox.url(`/api/webhook/${encodeURIComponent(id)}`), {
    method: 'DELETE',
    headers,
  });
}

function submitLead(lead: Record<string, unknown>) {
  return postJson(sandbox, '/_sandbox/leads', lead);
}

describe('POST /api/webhook (§4.1)', () => {
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
    const response = await fetch(sandbox.url(`/api/webhook/${id}`), {
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
      fetch(sandbox.url('/api/webhook'), {
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

describe('DELETE /api/webhook/<id> (§4.2)', () => {
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
    sandbox.context.store.oauth.addClient(other);
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

describe('leads and deliveries', () => {
  async function subscribe(url: string): Promise<string> {
    const response = await createWebhook({ url, triggers: ['lead.created'] });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  }

  it('delivers lead.created to every webhook of the lead project, with the documented payload', async () => {
    const first = await receiver();
    const second = await receiver();
    await subscribe(first.url);
    await subscribe(second.url);

    const response = await submitLead({
      project_id: PAID_PROJECT.id,
      email: 'grace@example.org',
      firstName: 'Grace',
      fields: { company: 'Navy' },
    });
    expect(response.status).toBe(201);
    const { lead } = (await response.json()) as {
      lead: { id: string; createdAt: string };
    };

    for (const hooks of [first, second]) {
      const request = await hooks.next(5000);
      expect(request.method).toBe('POST');
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['x-sandbox-event']).toBe('lead.created');
      const payload = JSON.parse(request.body) as LeadCreatedPayload;
      expect(payload).toEqual({
        event: 'lead.created',
        id: request.headers['x-sandbox-delivery'],
        created_at: lead.createdAt,
        project: { id: PAID_PROJECT.id, name: PAID_PROJECT.name },
        data: {
          id: lead.id,
          page: {
            id: 'page_spring_launch',
            name: 'Spring Launch – Early Access',
            url: 'https://pages.example.org/spring-launch',
          },
          email: 'grace@example.org',
          firstName: 'Grace',
          fields: { company: 'Navy' },
          createdAt: lead.createdAt,
        },
      });
    }
    await sandbox.context.deliverer.idle();
    const attempts = (await (
      await get(sandbox, `/_sandbox/deliveries?lead_id=${lead.id}`)
    ).json()) as {
      outcome: string;
      statusCode: number;
    }[];
    expect(attempts.map(({ outcome, statusCode }) => [outcome, statusCode])).toEqual([
      ['delivered', 200],
      ['delivered', 200],
    ]);
  });

  it('does not deliver to webhooks of another project', async () => {
    const hooks = await receiver();
    await subscribe(hooks.url);
    const submitted = await submitLead({
      project_id: FREE_PROJECT.id,
      email: 'x@example.org',
    });
    expect(submitted.status).toBe(201);
    await sandbox.context.deliverer.idle();
    expect(hooks.received).toEqual([]);
  });

  it('retries 5xx answers with backoff until one succeeds', async () => {
    const hooks = await receiver((n) => (n < 3 ? 503 : 200));
    await subscribe(hooks.url);
    await submitLead({ email: 'a@example.org' });
    await sandbox.context.deliverer.idle();
    const attempts = await listed(sandbox, 'deliveries');
    expect(
      attempts.map(({ attempt, statusCode, outcome }) => [attempt, statusCode, outcome]),
    ).toEqual([
      [1, 503, 'retrying'],
      [2, 503, 'retrying'],
      [3, 200, 'delivered'],
    ]);
    const times = attempts.map((attempt) => Date.parse(attempt.at));
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(15);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(35);
  });

  it('retries network errors a bounded number of times', async () => {
    const hooks = await receiver();
    const url = hooks.url;
    await hooks.close();
    receivers = [];
    await subscribe(url);
    await submitLead({ email: 'a@example.org' });
    await sandbox.context.deliverer.idle();
    const attempts = await listed(sandbox, 'deliveries');
    expect(attempts.map(({ outcome }) => outcome)).toEqual([
      'retrying',
      'retrying',
      'retrying',
      'failed',
    ]);
    expect(
      attempts.every(({ statusCode, error }) => statusCode === null && error !== null),
    ).toBe(true);
  });

  it('does not retry other 4xx answers', async () => {
    const hooks = await receiver(() => 400);
    await subscribe(hooks.url);
    await submitLead({ email: 'a@example.org' });
    await sandbox.context.deliverer.idle();
    expect((await listed(sandbox, 'deliveries')).map(({ outcome }) => outcome)).toEqual([
      'failed',
    ]);
  });

  it('deletes the webhook when the receiver answers 410 Gone', async () => {
    const hooks = await receiver(() => 410);
    const id = await subscribe(hooks.url);
    await submitLead({ email: 'a@example.org' });
    await sandbox.context.deliverer.idle();
    expect(
      (await listed(sandbox, 'deliveries')).map(({ webhookId, outcome }) => [
        webhookId,
        outcome,
      ]),
    ).toEqual([[id, 'gone']]);
    expect(await listed(sandbox, 'webhooks')).toEqual([]);
  });

  it('takes leads from the page form and shows them on the page', async () => {
    const response = await fetch(sandbox.url('/_sandbox/leads'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        project_id: PAID_PROJECT.id,
        email: 'ada@example.org',
        company: 'Engines',
      }),
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    const [lead] = await listed(sandbox, 'leads');
    expect(lead?.data).toMatchObject({
      email: 'ada@example.org',
      company: 'Engines',
    });
    const page = await get(sandbox, response.headers.get('location')!);
    expect(await page.text()).toContain(`Lead <strong>${lead!.id}</strong> submitted`);
  });

  it('files a lead under the page chosen, and keeps its own id, page and time', async () => {
    const hooks = await receiver();
    await subscribe(hooks.url);
    const response = await submitLead({
      page_id: 'page_webinar',
      email: 'ada@example.org',
      id: 'lead_forged',
      page: 'forged',
      createdAt: 'forged',
    });
    expect(response.status).toBe(201);
    const { lead } = (await response.json()) as { lead: { id: string } };
    const payload = JSON.parse((await hooks.next(5000)).body) as LeadCreatedPayload;
    expect(payload.project.id).toBe(PAID_PROJECT.id);
    expect(payload.data).toMatchObject({
      id: lead.id,
      page: {
        id: 'page_webinar',
        name: 'Webinar Signup',
        url: 'https://pages.example.org/webinar',
      },
    });
    expect(payload.data.createdAt).not.toBe('forged');
    expect(lead.id).not.toBe('lead_forged');
  });

  it('keeps its own id, page and time for a lead from the form too', async () => {
    const response = await fetch(sandbox.url('/_sandbox/leads'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        page_id: 'page_pricing',
        email: 'ada@example.org',
        id: 'lead_forged',
        page: 'forged',
        createdAt: 'forged',
      }),
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    const [lead] = await listed(sandbox, 'leads');
    expect(lead!.id).not.toBe('lead_forged');
    expect(lead!.createdAt).not.toBe('forged');
    expect(lead!.data).toEqual({
      email: 'ada@example.org',
      page: {
        id: 'page_pricing',
        name: 'Pricing Enquiry',
        url: 'https://pages.example.org/pricing',
      },
    });
  });

  it('offers every page of every project on the lead page', async () => {
    const html = await (await get(sandbox, '/_sandbox')).text();
    for (const name of [
      'Spring Launch – Early Access',
      'Webinar Signup',
      'Pricing Enquiry',
    ]) {
      expect(html).toContain(`>${name}</option>`);
    }
  });

  it.each([
    [{ email: '@' }, 'email must be an email address'],
    [{ email: 'a b@example.org' }, 'email must be an email address'],
    [{ firstName: 'NoEmail' }, "body must have required property 'email'"],
    [{ email: 'no-at-sign' }, 'email must be an email address'],
    [{ email: 'a@example.org', project_id: 'prj_nope' }, 'Unknown project_id prj_nope'],
    [{ email: 'a@example.org', page_id: 'page_nope' }, 'Unknown page_id page_nope'],
    [
      { email: 'a@example.org', project_id: FREE_PROJECT.id, page_id: 'page_webinar' },
      'Page page_webinar is not a page of Hobby Page',
    ],
  ])('refuses a bad lead: %j', async (lead, error) => {
    const response = await submitLead(lead);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error });
  });
});

describe('what the sandbox holds, a page at a time', () => {
  it('pages leads with X-Total-Count and a Link to the next page', async () => {
    for (const email of ['a@example.org', 'b@example.org', 'c@example.org']) {
      expect((await submitLead({ email })).status).toBe(201);
    }
    const first = await get(sandbox, '/_sandbox/leads?limit=2');
    expect(first.headers.get('x-total-count')).toBe('3');
    expect(first.headers.get('link')).toBe(
      '</_sandbox/leads?limit=2&offset=2>; rel="next"',
    );
    const firstLeads = (await first.json()) as { data: { email: string } }[];
    expect(firstLeads.map((lead) => lead.data.email)).toEqual([
      'a@example.org',
      'b@example.org',
    ]);
    const last = await get(sandbox, '/_sandbox/leads?limit=2&offset=2');
    expect(last.headers.get('link')).toBeNull();
    const lastLeads = (await last.json()) as { data: { email: string } }[];
    expect(lastLeads.map((lead) => lead.data.email)).toEqual(['c@example.org']);
  });

  it('answers at most 10 leads at once, whatever is asked', async () => {
    const response = await get(sandbox, '/_sandbox/leads?limit=11');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'limit must be from 1 to 10' });
  });

  it.each(['limit=abc', 'offset=-1', 'limit=0'])(
    'refuses %s with 400 {error}',
    async (query) => {
      const response = await get(sandbox, `/_sandbox/deliveries?${query}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: expect.any(String) as unknown });
    },
  );

  it('answers a JSON lead as JSON whatever the case of its Content-Type', async () => {
    const response = await fetch(sandbox.url('/_sandbox/leads'), {
      method: 'POST',
      headers: { 'Content-Type': 'Application/JSON; charset=UTF-8' },
      body: JSON.stringify({ email: 'a@example.org' }),
      redirect: 'manual',
    });
    expect(response.status).toBe(201);
  });
});
