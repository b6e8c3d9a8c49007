/** The record of recent leads as data: what is read back, and what a delivery adds. */
import type { Lead } from '../../../src/leads/fields';
import {
  MOST_RECENT_PAGES,
  RECENT_LEADS_VERSION,
  readRecord,
  withDelivered,
} from '../../../src/leads/recent-leads';

const NOW = Date.UTC(2026, 10, 22);
const lead = (id: string, page: string): Lead => ({
  id,
  is_sample: false,
  page__id: `page_${page}`,
  page__name: page,
});
const dated = <T>(value: T, at = NOW) => ({ at, value });

describe('reading the record back', () => {
  it('drops entries dated in the future, or not dated', () => {
    const record = readRecord(
      {
        version: RECENT_LEADS_VERSION,
        leads: [
          dated(lead('later', 'A'), NOW + 10 * 60_000),
          { value: lead('undated', 'A') },
          dated(lead('now', 'A')),
        ],
        pages: [],
      },
      NOW,
    );
    expect(record.leads.map((entry) => entry.value.id)).toEqual(['now']);
  });

  it('drops pages whose name or address is not text', () => {
    const record = readRecord(
      {
        version: RECENT_LEADS_VERSION,
        leads: [],
        pages: [
          dated({ id: 'page_a', name: 7 }),
          dated({ id: 'page_b', url: ['x'] }),
          dated({ id: 'page_c', name: 'C' }),
          dated({ id: '' }),
        ],
      },
      NOW,
    );
    expect(record.pages.map((entry) => entry.value.id)).toEqual(['page_c']);
  });
});

describe('adding a delivery', () => {
  const empty = readRecord(undefined, NOW);

  it(`keeps at most ${MOST_RECENT_PAGES} pages, the newest`, () => {
    const leads = Array.from({ length: MOST_RECENT_PAGES + 5 }, (_, index) =>
      lead(`lead_${index}`, `P${index}`),
    );
    const { record } = withDelivered(empty, leads, NOW);
    expect(record.pages).toHaveLength(MOST_RECENT_PAGES);
    expect(record.pages[0]!.value.name).toBe(`P${MOST_RECENT_PAGES + 4}`);
  });

  it('lists a page once whatever way its id is written', () => {
    const first = withDelivered(empty, [lead('lead_1', 'A')], NOW).record;
    const { record } = withDelivered(
      first,
      [{ ...lead('lead_2', 'A'), page__id: ' PAGE_A ' }],
      NOW + 1,
    );
    expect(record.pages.map((entry) => entry.value.id)).toEqual(['PAGE_A']);
  });

  it('cuts a very long page name short', () => {
    const long = 'n'.repeat(2_000);
    const { record } = withDelivered(empty, [lead('lead_1', long)], NOW);
    expect(record.pages[0]!.value.name).toHaveLength(500);
  });
});

describe('adding a large batch', () => {
  it('keeps its newest leads and every page, sizing only the leads it keeps', () => {
    const leads = Array.from({ length: 5_000 }, (_, index) =>
      lead(`lead_${index}`, `P${index % 60}`),
    );
    const stringify = jest.spyOn(JSON, 'stringify');
    const { record } = withDelivered(readRecord(undefined, NOW), leads, NOW);
    expect(stringify.mock.calls.length).toBeLessThanOrEqual(10);
    stringify.mockRestore();
    expect(record.leads.map((entry) => entry.value.id).slice(0, 2)).toEqual([
      'lead_4999',
      'lead_4998',
    ]);
    expect(record.leads).toHaveLength(10);
    expect(record.pages).toHaveLength(50);
  });
});
