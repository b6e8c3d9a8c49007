/**
 * Exactly once per Zap. Zapier deduplicates polling triggers only: a REST
 * hook runs the Zap for every item `perform` returns, so a lead the service
 * sends again (a retry after a timeout, an at-least-once queue) would run the
 * Zap again. Each lead is claimed for the Zap in Zapier's cache with
 * set-if-absent; only the call that stored the claim passes the lead on.
 *
 * Never loses a lead to this: without a live Zap, or when the cache does not
 * answer, the lead is passed on and the reason logged.
 */
import { createHash } from 'node:crypto';

import type { Bundle, ZObject } from 'zapier-platform-core';

import { redact } from '../errors';
import type { Lead } from './fields';

/**
 * How long a redelivery is recognised: 7 days. Senders retry for hours to
 * days (three days is common) and queues replay after an outage, a weekend
 * included; a new submission carries a new id (or new content), so a long
 * window never hides a new lead.
 */
export const REDELIVERY_WINDOW_SECONDS = 7 * 24 * 60 * 60;

/** Short, fixed-length keys: a hash of the Zap and the lead's identity. */
export function claimKey(zapId: string, leadId: string): string {
  const digest = createHash('sha256').update(`${zapId}\n${leadId}`).digest('base64url');
  return `new_lead:${digest.slice(0, 32)}`;
}

type Claim = 'new' | 'seen' | 'unknown';

async function claim(
  z: ZObject,
  bundle: Bundle,
  key: string,
  lead: Lead,
): Promise<Claim> {
  let stored: unknown;
  try {
    stored = await z.cache.set(key, 1, REDELIVERY_WINDOW_SECONDS, undefined, true);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    z.console.log(
      `New Lead passed lead ${lead.id} on without checking for a redelivery: Zapier's cache ` +
        `did not answer (${redact(reason, bundle).slice(0, 200)}). If the service sent it ` +
        'before, the Zap may run for it twice.',
    );
    return 'unknown';
  }
  // Only `true` means this call stored the claim; `false` or `null` (Redis'
  // answer to SET NX on an existing key) means the Zap already had the lead.
  if (stored === true) {
    return 'new';
  }
  if (stored === false || stored === null) {
    return 'seen';
  }
  z.console.log(
    `New Lead passed lead ${lead.id} on without checking for a redelivery: Zapier's cache ` +
      `gave an answer it does not understand (${typeof stored}).`,
  );
  return 'unknown';
}

/** The leads this Zap has not received before, in their order. */
export async function withoutRedeliveries(
  z: ZObject,
  bundle: Bundle,
  leads: Lead[],
): Promise<Lead[]> {
  if (leads.length === 0) {
    return leads;
  }
  const zapId: unknown = bundle.meta?.zap?.id;
  if ((typeof zapId !== 'string' && typeof zapId !== 'number') || String(zapId) === '') {
    z.console.log(
      `New Lead passed ${leads.length} lead(s) on without checking for redeliveries: this ` +
        'run belongs to no live Zap (a test in the Zap editor).',
    );
    return leads;
  }
  const keys = leads.map((lead) => claimKey(String(zapId), lead.id));
  // A lead twice in one delivery is claimed once, by its first appearance.
  const firstIndex = new Map<string, number>();
  keys.forEach((key, index) => {
    if (!firstIndex.has(key)) {
      firstIndex.set(key, index);
    }
  });
  const claims = await Promise.all(
    leads.map((lead, index) =>
      firstIndex.get(keys[index]!) === index
        ? claim(z, bundle, keys[index]!, lead)
        : Promise.resolve<Claim>('seen'),
    ),
  );
  return leads.filter((lead, index) => {
    if (claims[index] !== 'seen') {
      return true;
    }
    z.console.log(
      `New Lead skipped lead ${lead.id}: this Zap already received it (the service sent it again).`,
    );
    return false;
  });
}
