/** sandbox/overview/routes.ts: what the sandbox holds, as JSON listings a page at a time. */
import { QUICK_DELIVERY, useSandbox } from '../helpers';
import { get } from '../../../harness/sandbox-client';
import type { TestSandbox } from '../helpers';

const fixture = useSandbox({ delivery: QUICK_DELIVERY, listen: false });
const { submitLead } = fixture;
let sandbox: TestSandbox;
beforeEach(() => {
  ({ sandbox } = fixture);
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

  it('names a query parameter sent twice', async () => {
    const response = await get(sandbox, '/_sandbox/leads?limit=1&limit=2');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'limit was sent more than once: send each parameter once',
    });
  });

  it('answers a JSON lead as JSON whatever the case of its Content-Type', async () => {
    const response = await sandbox.fetch(sandbox.url('/_sandbox/leads'), {
      method: 'POST',
      headers: { 'Content-Type': 'Application/JSON; charset=UTF-8' },
      body: JSON.stringify({ email: 'a@example.org' }),
      redirect: 'manual',
    });
    expect(response.status).toBe(201);
  });
});
