/**
 * src/triggers/page-list.ts: the hidden trigger behind New Lead's Page
 * dropdown, fed by live deliveries, through core's Lambda handler against the
 * stand-in of Zapier's cache, which keeps each connected account's keys apart
 * as Zapier does.
 */
import { DEFAULT_CONNECTION } from '../../../harness/zapier/runtime';
import type { ZapierRuntime } from '../../../harness/zapier/runtime';
import { createApp } from '../../../src/app';
import type { Lead } from '../../../src/leads/fields';
import type { PageChoice } from '../../../src/triggers/page-list';
import { RECENT_LEADS_KEY, RECENT_LEADS_VERSION } from '../../../src/leads/recent-leads';
import { deliveryOf, leadNamed, liveZap } from '../../exactly-once-scenarios';
import { newLeadPerform, useZapierRuntime } from '../helpers';

const PAGE_LIST = 'triggers.page_list.operation.perform';

const app = createApp({ pkce: false });
const zapier = useZapierRuntime();
let runtime: ZapierRuntime;
beforeEach(() => {
  runtime = zapier.runtime;
});

const perform = newLeadPerform(zapier, app);
const pageDropdown = (connection = DEFAULT_CONNECTION) =>
  runtime.invoke<PageChoice[]>(app, PAGE_LIST, {}, connection);
const ids = (items: Lead[]) => items.map((item) => item.id);

describe('the Page dropdown', () => {
  it("lists the pages of the connection's leads, newest first, one each", async () => {
    await perform(
      deliveryOf(
        leadNamed('lead_1'),
        leadNamed('lead_2', 'Webinar Signup'),
        leadNamed('lead_3'),
      ),
    );
    await perform(
      deliveryOf({
        id: 'lead_4',
        email: 'a@example.org',
        page: {
          id: 'page_pricing',
          name: 'Pricing',
          url: 'https://pages.example.org/pricing',
        },
      }),
    );
    expect(await pageDropdown()).toEqual([
      { id: 'page_pricing', name: 'Pricing', url: 'https://pages.example.org/pricing' },
      { id: 'page_spring_launch', name: 'Spring Launch' },
      { id: 'page_webinar_signup', name: 'Webinar Signup' },
    ]);
  });

  it('names a page by its address or id when its leads give no name', async () => {
    await perform(deliveryOf({ id: 'lead_1', page_url: 'https://pages.example.org/a' }));
    expect(await pageDropdown()).toEqual([
      {
        id: 'https://pages.example.org/a',
        name: 'https://pages.example.org/a',
        url: 'https://pages.example.org/a',
      },
    ]);
  });

  it('is empty, and says why, before any lead', async () => {
    expect(await pageDropdown()).toEqual([]);
    expect(runtime.consoleLines).toContain(
      "New Lead has no pages to offer yet: no lead that named its page reached a live Zap of this connection in the last 4 days. Type the page's name, address or ID instead.",
    );
  });

  it("offers ids New Lead's Page filter accepts", async () => {
    await perform(deliveryOf(leadNamed('lead_1'), leadNamed('lead_2', 'Webinar Signup')));
    const [webinar] = (await pageDropdown()).filter(
      (page) => page.name === 'Webinar Signup',
    );
    const zap = { ...liveZap('wh_2'), inputData: { page: webinar!.id } };
    const again = deliveryOf(leadNamed('lead_3'), leadNamed('lead_4', 'Webinar Signup'));
    expect(ids(await perform(again, zap))).toEqual(['lead_4']);
  });

  it('offers a page with a very long address as a choice that still finds its leads', async () => {
    const url = `https://pages.example.org/lp/${'x'.repeat(600)}`;
    await perform(deliveryOf({ id: 'lead_1', email: 'a@example.org', page_url: url }));
    const [choice] = await pageDropdown();
    expect(choice!.id).toHaveLength(500);
    const zap = { ...liveZap('wh_2'), inputData: { page: choice!.id } };
    const again = deliveryOf({ id: 'lead_2', email: 'b@example.org', page_url: url });
    expect(ids(await perform(again, zap))).toEqual(['lead_2']);
  });

  it('lists one page for addresses that differ only in their query', async () => {
    for (const [id, gclid] of [
      ['lead_1', '1'],
      ['lead_2', '2'],
    ]) {
      await perform(
        deliveryOf({ id: id!, page_url: `https://pages.example.org/a?gclid=${gclid!}` }),
      );
    }
    expect(await pageDropdown()).toHaveLength(1);
  });

  it('cuts a page name read from the cache to 500 characters, whoever wrote it', async () => {
    runtime.storeText(
      RECENT_LEADS_KEY,
      JSON.stringify({
        version: RECENT_LEADS_VERSION,
        leads: [],
        pages: [{ at: zapier.now(), value: { id: 'page_1', name: 'n'.repeat(100_000) } }],
      }),
      ['auth'],
    );
    const [page] = await pageDropdown();
    expect(page!.name).toHaveLength(500);
  });
});
