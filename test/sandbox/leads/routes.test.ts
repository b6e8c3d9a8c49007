/** sandbox/leads/routes.ts: a lead submitted on a page, delivered to each webhook of its project. */
import { startHookReceiver } from '../../../harness/hook-receiver';
import type { LeadCreatedPayload } from '../../../sandbox/delivery';
import { FREE_PROJECT, PAID_PROJECT } from '../../../sandbox/seed';
import { QUICK_DELIVERY, REAL_IO_TEST_MS, REAL_IO_WAIT, useSandbox } from '../helpers';
import { get, listed, subscribeHook } from '../../../harness/sandbox-client';
import type { TestSandbox } from '../helpers';

// Real sockets and SQLite: on a busy machine a test may outlast jest's 5 s.
jest.setTimeout(REAL_IO_TEST_MS);

const fixture = useSandbox({ delivery: QUICK_DELIVERY, listen: false });
const { receiver, submitLead } = fixture;
let sandbox: TestSandbox;
beforeEach(() => {
  ({ sandbox } = fixture);
});

describe('leads and deliveries', () => {
  const subscribe = (url: string) => subscribeHook(sandbox, fixture.tokens, url);

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
      const request = await hooks.next(REAL_IO_WAIT.timeoutMs);
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
    const hooks = await startHookReceiver();
    const url = hooks.url;
    await hooks.close();
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
    const response = await sandbox.fetch(sandbox.url('/_sandbox/leads'), {
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
    const payload = JSON.parse(
      (await hooks.next(REAL_IO_WAIT.timeoutMs)).body,
    ) as LeadCreatedPayload;
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
    const response = await sandbox.fetch(sandbox.url('/_sandbox/leads'), {
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
