/**
 * The pages New Lead's Page dropdown offers: a hidden trigger (users never
 * pick it as a Zap's trigger) listing the pages this connection's recent
 * leads came from. The service has no page listing (service-interface.md#not-in-the-interface); a page that has
 * sent no lead yet can still be typed into the field.
 */
import { defineTrigger } from 'zapier-platform-core';
import type { PollingTriggerPerform } from 'zapier-platform-core';

import { cacheCallsOf } from '../cache';
import { ZAPIER_CACHE_TIMING } from '../cache-calls';
import type { CacheTiming } from '../cache-calls';
import { RECORD_SECONDS, recentPages } from '../leads/recent-leads';

export const PAGE_LIST_KEY = 'page_list';

/** One choice of the dropdown: the page's id is what the Zap stores. */
export interface PageChoice {
  id: string;
  /** What the dropdown shows: the page's name, or its address or id when it has none. */
  name: string;
  url?: string;
}

const performWith =
  (timing: CacheTiming): PollingTriggerPerform<Record<string, unknown>, PageChoice> =>
  async (z, bundle) => {
    const pages = await recentPages(z, cacheCallsOf(bundle, timing));
    if (pages.length === 0) {
      const days = RECORD_SECONDS / (24 * 60 * 60);
      z.console.log(
        `New Lead has no pages to offer yet: no lead that named its page reached a live Zap ` +
          `of this connection in the last ${days} days. Type the page's name, address or ID instead.`,
      );
    }
    return pages.map((page) => ({
      id: page.id,
      name: page.name ?? page.url ?? page.id,
      ...(page.url === undefined ? {} : { url: page.url }),
    }));
  };

/** The Page dropdown's trigger, with the time it may spend on Zapier's cache. */
export function createPageList(timing: CacheTiming = ZAPIER_CACHE_TIMING) {
  return defineTrigger({
    key: PAGE_LIST_KEY,
    noun: 'Page',
    display: {
      label: 'Pages With Recent Leads',
      description:
        'Lists the landing pages your recent leads came from, for the Page field.',
      hidden: true,
    },
    operation: {
      type: 'polling',
      perform: performWith(timing),
      canPaginate: false,
      sample: {
        id: 'page_spring_launch',
        name: 'Spring Launch – Early Access',
        url: 'https://pages.example.org/spring-launch',
      },
      outputFields: [
        { key: 'id', label: 'Page ID', type: 'string' },
        { key: 'name', label: 'Page Name', type: 'string' },
        { key: 'url', label: 'Page URL', type: 'string' },
      ],
    },
  });
}
