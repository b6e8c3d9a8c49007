/**
 * What the Zap editor shows of the user's own leads. The service has no
 * endpoint that lists leads or pages (service-interface.md#not-in-the-interface), so each live delivery leaves its
 * newest leads, and the pages they came from, in Zapier's cache, in the
 * connected account's own part of it (`scope: ['auth']`): New Lead's test
 * step shows them, and the Page dropdown lists those pages. Another
 * connection never sees them.
 *
 * Never at a lead's cost: remembering is best-effort, beside the claims and
 * inside the same time for the cache (../cache-calls.ts). A cache that fails,
 * answers late or answers something unexpected is logged; what it held that
 * this version cannot read counts as nothing remembered.
 */
import type { ZObject } from 'zapier-platform-core';

import { CONNECTION_SCOPE, readCache, writeCache } from '../cache';
import { whyUnanswered } from '../cache-calls';
import type { CacheCalls } from '../cache-calls';
import { isJsonObject } from '../json';
import { logCapped } from '../capped-log';
import type { FieldValue, Lead } from './fields';
import { pageKey, pageOf, shortPageText } from './page-filter';
import type { LeadPage } from './page-filter';

const HOUR_SECONDS = 60 * 60;

/**
 * How long a lead is kept for the test step: 3 days. Long enough for a test
 * submission on Friday to be there when the Zap is built on Monday morning;
 * short, because a lead is someone's personal data.
 */
export const RECENT_LEAD_SECONDS = 72 * HOUR_SECONDS;

/**
 * How long a page stays in the dropdown after its last lead, while the record
 * lives: 7 days (a page's name is not personal data).
 */
export const RECENT_PAGE_SECONDS = 7 * 24 * HOUR_SECONDS;

/**
 * How long the record lives after the last delivery that wrote it: 4 days.
 * A delivery keeps only the leads younger than 3 days, so no lead stays in
 * Zapier's cache more than 7 days (3 shown, then at most 4 until the record
 * expires or the next delivery drops it).
 */
export const RECORD_SECONDS = 7 * 24 * HOUR_SECONDS - RECENT_LEAD_SECONDS;

/** At most this many leads are kept: what a test step shows. */
export const MOST_RECENT_LEADS = 10;

/** At most this many pages are kept for the dropdown. */
export const MOST_RECENT_PAGES = 50;

/**
 * A lead larger than this (its JSON, in UTF-8 bytes) is not kept for the test
 * step, so the cached record stays well under a megabyte (10 such leads, and
 * 50 pages of at most 3 × 500 characters); its page still is.
 */
export const LARGEST_KEPT_LEAD_BYTES = 32 * 1024;

/** The key of the connection's record; its layout has this version. */
export const RECENT_LEADS_KEY = 'new_lead:recent';
export const RECENT_LEADS_VERSION = 1;

interface Dated<T> {
  /** When this run remembered it, in milliseconds since the epoch. */
  at: number;
  value: T;
}

interface RecentRecord {
  version: typeof RECENT_LEADS_VERSION;
  /** Newest first. */
  leads: Dated<Lead>[];
  /** Newest first, one per page. */
  pages: Dated<LeadPage>[];
}

const EMPTY: RecentRecord = { version: RECENT_LEADS_VERSION, leads: [], pages: [] };

function isFieldValue(value: unknown): value is FieldValue {
  const isScalar = (item: unknown) =>
    item === null || ['string', 'number', 'boolean'].includes(typeof item);
  return isScalar(value) || (Array.isArray(value) && value.every(isScalar));
}

function asLead(value: unknown): Lead | undefined {
  if (
    !isJsonObject(value) ||
    typeof value.id !== 'string' ||
    value.id === '' ||
    value.is_sample !== false ||
    !Object.values(value).every(isFieldValue)
  ) {
    return undefined;
  }
  return value as Lead;
}

function asPage(value: unknown): LeadPage | undefined {
  if (!isJsonObject(value) || typeof value.id !== 'string' || value.id === '') {
    return undefined;
  }
  const { id, name, url } = value;
  if (
    (name !== undefined && typeof name !== 'string') ||
    (url !== undefined && typeof url !== 'string')
  ) {
    return undefined;
  }
  // Cut on reading too: a record written by anything else may hold any length.
  return shortened({
    id,
    ...(name === undefined ? {} : { name }),
    ...(url === undefined ? {} : { url }),
  });
}

/** The entries of a list that are dated, readable and not older than `lifetimeSeconds`. */
function datedEntries<T>(
  list: unknown,
  read: (value: unknown) => T | undefined,
  lifetimeSeconds: number,
  now: number,
): Dated<T>[] {
  if (!Array.isArray(list)) {
    return [];
  }
  return list.flatMap((entry: unknown) => {
    if (!isJsonObject(entry) || typeof entry.at !== 'number') {
      return [];
    }
    const value = read(entry.value);
    const fresh = entry.at > now - lifetimeSeconds * 1000 && entry.at <= now + 60_000;
    return value !== undefined && fresh ? [{ at: entry.at, value }] : [];
  });
}

/**
 * The record as this version reads it: anything missing, expired, malformed
 * or written by an older (or newer) layout counts as nothing remembered.
 */
export function readRecord(stored: unknown, now: number): RecentRecord {
  if (!isJsonObject(stored) || stored.version !== RECENT_LEADS_VERSION) {
    return EMPTY;
  }
  return {
    version: RECENT_LEADS_VERSION,
    leads: datedEntries(stored.leads, asLead, RECENT_LEAD_SECONDS, now).slice(
      0,
      MOST_RECENT_LEADS,
    ),
    pages: datedEntries(stored.pages, asPage, RECENT_PAGE_SECONDS, now).slice(
      0,
      MOST_RECENT_PAGES,
    ),
  };
}

function shortened(page: LeadPage): LeadPage {
  return {
    id: shortPageText(page.id),
    ...(page.name === undefined ? {} : { name: shortPageText(page.name) }),
    ...(page.url === undefined ? {} : { url: shortPageText(page.url) }),
  };
}

/** Newest first, without a second entry for the same key. */
function newestFirst<T>(
  fresh: Dated<T>[],
  kept: Dated<T>[],
  keyOf: (value: T) => string,
  most: number,
): Dated<T>[] {
  const seen = new Set<string>();
  return [...fresh, ...kept]
    .filter((entry) => {
      const key = keyOf(entry.value);
      const first = !seen.has(key);
      seen.add(key);
      return first;
    })
    .slice(0, most);
}

/**
 * The record with a delivery's leads added: its later leads count as newer;
 * a lead already remembered keeps its place (a redelivery is not new).
 */
export function withDelivered(
  record: RecentRecord,
  leads: Lead[],
  now: number,
): { record: RecentRecord; tooLarge: Lead[] } {
  const tooLarge: Lead[] = [];
  const known = new Set(record.leads.map((entry) => entry.value.id));
  const freshLeads: Dated<Lead>[] = [];
  const freshPages: Dated<LeadPage>[] = [];
  for (const lead of [...leads].reverse()) {
    const page = pageOf(lead);
    if (page !== undefined) {
      freshPages.push({ at: now, value: shortened(page) });
    }
    // Every lead names its page; only the newest few leads are kept.
    if (freshLeads.length === MOST_RECENT_LEADS || known.has(lead.id)) {
      continue;
    }
    if (Buffer.byteLength(JSON.stringify(lead), 'utf8') > LARGEST_KEPT_LEAD_BYTES) {
      tooLarge.push(lead);
      continue;
    }
    known.add(lead.id);
    freshLeads.push({ at: now, value: lead });
  }
  return {
    record: {
      version: RECENT_LEADS_VERSION,
      leads: [...freshLeads, ...record.leads].slice(0, MOST_RECENT_LEADS),
      pages: newestFirst(
        freshPages,
        record.pages,
        (page) => pageKey(page.id),
        MOST_RECENT_PAGES,
      ),
    },
    tooLarge,
  };
}

/**
 * Remembers a live delivery's leads for the Zap editor. Never throws, and
 * waits on the cache only as long as `calls` allows: a failure is logged, and
 * the leads go out all the same.
 */
export async function rememberDelivered(
  z: ZObject,
  leads: Lead[],
  calls: CacheCalls,
): Promise<void> {
  if (leads.length === 0) {
    return;
  }
  const notKept = (why: string) =>
    z.console.log(
      `New Lead could not keep this delivery's leads for the Zap editor's test step: ${why}. ` +
        'The leads themselves went out as usual.',
    );
  const stored = await calls.ask(() => readCache(z, RECENT_LEADS_KEY, CONNECTION_SCOPE));
  if (!stored.answered) {
    notKept(`Zapier's cache did not answer (${whyUnanswered(stored.why)})`);
    return;
  }
  const now = Date.now();
  const { record, tooLarge } = withDelivered(readRecord(stored.value, now), leads, now);
  logCapped(
    z,
    tooLarge.map(
      (lead) =>
        `New Lead did not keep lead ${lead.id} for the Zap editor's test step: it is larger ` +
        `than ${LARGEST_KEPT_LEAD_BYTES / 1024} KB. Its page is still listed.`,
    ),
    (count) =>
      `New Lead did not keep ${count} more lead(s) of this delivery for the test step: ` +
      'each is too large.',
  );
  const written = await calls.ask(() =>
    writeCache(z, RECENT_LEADS_KEY, record, RECORD_SECONDS, CONNECTION_SCOPE),
  );
  if (!written.answered) {
    notKept(`Zapier's cache did not answer (${whyUnanswered(written.why)})`);
  } else if (written.value !== true) {
    notKept(
      `Zapier's cache did not confirm it stored them (it answered ${typeof written.value})`,
    );
  }
}

/**
 * What the connection remembers; nothing when there is nothing, or when the
 * cache gives no answer in time (logged, never thrown).
 */
async function remembered(z: ZObject, calls: CacheCalls): Promise<RecentRecord> {
  const stored = await calls.ask(() => readCache(z, RECENT_LEADS_KEY, CONNECTION_SCOPE));
  if (!stored.answered) {
    z.console.log(
      `New Lead could not read the leads it keeps for the Zap editor: Zapier's cache did ` +
        `not answer (${whyUnanswered(stored.why)}).`,
    );
    return EMPTY;
  }
  return readRecord(stored.value, Date.now());
}

/** The connection's newest leads, newest first, each as perform made it. */
export async function recentLeads(z: ZObject, calls: CacheCalls): Promise<Lead[]> {
  return (await remembered(z, calls)).leads.map((entry) => entry.value);
}

/** The pages the connection's leads came from, the most recent first. */
export async function recentPages(z: ZObject, calls: CacheCalls): Promise<LeadPage[]> {
  return (await remembered(z, calls)).pages.map((entry) => entry.value);
}
