/**
 * Exactly once per Zap. Zapier deduplicates polling triggers only: a REST
 * hook runs the Zap for every item `perform` returns, so a lead the service
 * sends again (a retry after a timeout, an at-least-once queue) would run the
 * Zap again. Each lead is claimed in Zapier's cache with set-if-absent, for
 * the webhook the Zap subscribed (what `performSubscribe` returned comes
 * back as `bundle.subscribeData`); only a run that stored the claim passes
 * the lead on.
 *
 * Never loses a lead to this: a lead is dropped only when the cache proves
 * that another run claimed it. Without a subscription (or Zap) to claim for,
 * or when the cache does not answer, the lead is passed on and the reason
 * logged.
 */
import { createHash, randomBytes } from 'node:crypto';

import type { Bundle, ZObject } from 'zapier-platform-core';

import { mapWithLimit } from '../bounded';
import { cacheFailure, readCache, writeCache } from '../cache';
import { logLines } from '../log-lines';
import { readIdentifier } from '../responses';
import type { Lead } from './fields';

/**
 * How long a redelivery is recognised: 7 days. Senders retry for hours to
 * days (three days is common) and queues replay after an outage, a weekend
 * included; a new submission carries a new id (or new content), so a long
 * window never hides a new lead.
 */
export const REDELIVERY_WINDOW_SECONDS = 7 * 24 * 60 * 60;

/**
 * Claims under way at once. Each is one or two calls to Zapier's cache over
 * connections the runtime keeps alive and reuses: a batch of 10,000 leads
 * holds 17 sockets (the claims' and the log stream's), not 10,000 (a Lambda
 * process has 1,024 file descriptors). `npm run bench` prints what a batch
 * costs.
 */
export const CLAIMS_AT_ONCE = 16;

/**
 * For whom a lead is claimed. The webhook of the live Zap: one per Zap, and
 * a Zap turned off and on gets a new one, with the hook URL it was created
 * for (Zapier's, unique to the Zap), since the spec does not say a webhook id
 * is unique across accounts. Only when Zapier hands over no subscription, the
 * Zap's id, which core 19 marks deprecated.
 */
export interface Claimant {
  kind: 'webhook' | 'zap';
  id: string;
  /** The webhook's hook URL; absent for a subscription made before it was kept. */
  hookUrl?: string;
}

export function claimantOf(bundle: Bundle): Claimant | undefined {
  const webhook = readIdentifier(bundle.subscribeData?.id);
  if (webhook !== undefined) {
    const subscription: Record<string, unknown> = bundle.subscribeData ?? {};
    const hookUrl = subscription[SUBSCRIBED_HOOK_URL];
    return {
      kind: 'webhook',
      id: webhook,
      ...(typeof hookUrl === 'string' && hookUrl !== '' ? { hookUrl } : {}),
    };
  }
  // Deprecated in core 19's types, and Zapier says not to rely on it: a fallback only.
  const zap = readIdentifier(bundle.meta?.zap?.id);
  return zap === undefined ? undefined : { kind: 'zap', id: zap };
}

/**
 * Where the subscription keeps the hook URL it was created for
 * (`performSubscribe` returns it with the webhook; Zapier hands it back as
 * `bundle.subscribeData`).
 */
export const SUBSCRIBED_HOOK_URL = 'target_url';

/**
 * Short, fixed-length keys: a hash of the claimant and the lead's identity.
 * A subscription without a hook URL keys as before hook URLs were kept, so
 * that a Zap live across an update keeps its claims.
 */
export function claimKey(claimant: Claimant, leadId: string): string {
  const who =
    claimant.hookUrl === undefined
      ? `${claimant.kind}:${claimant.id}`
      : `${claimant.kind}:${claimant.id} ${claimant.hookUrl}`;
  const digest = createHash('sha256').update(`${who}\n${leadId}`).digest('base64url');
  return `new_lead:${digest.slice(0, 32)}`;
}

/** New, seen before, or passed on without a check (and why). */
type Claim = 'new' | 'seen' | { unchecked: string };

/** What only this claim stores: 96 random bits, so that the claim can recognise its own write. */
function claimMark(): string {
  return randomBytes(12).toString('base64url');
}

/**
 * The cache says the key exists. It may be this claim's own write, whose
 * answer was lost and whose retry found it: read the mark back. Only another
 * run's mark proves a redelivery.
 */
async function whoseClaim(
  z: ZObject,
  bundle: Bundle,
  key: string,
  mark: string,
): Promise<Claim> {
  let stored: unknown;
  try {
    stored = await readCache(z, key, null);
  } catch (error) {
    return {
      unchecked: `Zapier's cache did not say who claimed it (${cacheFailure(error, bundle)})`,
    };
  }
  if (stored === mark) {
    return 'new';
  }
  if (stored === null || stored === undefined) {
    return { unchecked: "Zapier's cache said it held a claim, then held none" };
  }
  // Another run's mark, a claim of an earlier version (1), or anything else
  // not this run's: the lead was claimed before.
  return 'seen';
}

async function claim(z: ZObject, bundle: Bundle, key: string): Promise<Claim> {
  const mark = claimMark();
  let stored: unknown;
  try {
    stored = await writeCache(z, key, mark, REDELIVERY_WINDOW_SECONDS, null, 'if-absent');
  } catch (error) {
    return {
      unchecked: `Zapier's cache did not answer (${cacheFailure(error, bundle)})`,
    };
  }
  if (stored === true) {
    return 'new';
  }
  if (stored === false || stored === null) {
    return whoseClaim(z, bundle, key, mark);
  }
  return {
    unchecked: `Zapier's cache gave an answer it does not understand (${typeof stored})`,
  };
}

function logClaims(z: ZObject, leads: Lead[], claims: Claim[]): void {
  const skipped: string[] = [];
  const unchecked: string[] = [];
  claims.forEach((outcome, index) => {
    const id = leads[index]!.id;
    if (outcome === 'seen') {
      skipped.push(
        `New Lead skipped lead ${id}: this Zap already received it (the service sent it again).`,
      );
    } else if (outcome !== 'new') {
      unchecked.push(
        `New Lead passed lead ${id} on without checking for a redelivery: ${outcome.unchecked}. ` +
          'If the service sent it before, the Zap may run for it twice.',
      );
    }
  });
  logLines(
    z,
    skipped,
    (count) =>
      `New Lead skipped ${count} more lead(s) of this delivery: this Zap already received them.`,
  );
  logLines(
    z,
    unchecked,
    (count) =>
      `New Lead passed ${count} more lead(s) of this delivery on without checking for a ` +
      'redelivery, for the same reasons.',
  );
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
  const claimant = claimantOf(bundle);
  if (claimant === undefined) {
    z.console.log(
      `New Lead passed ${leads.length} lead(s) on without checking for redeliveries: this ` +
        'run belongs to no live Zap (a test in the Zap editor).',
    );
    return leads;
  }
  const keys = leads.map((lead) => claimKey(claimant, lead.id));
  // A lead twice in one delivery is claimed once, by its first appearance.
  const firstIndex = new Map<string, number>();
  keys.forEach((key, index) => {
    if (!firstIndex.has(key)) {
      firstIndex.set(key, index);
    }
  });
  const claims = await mapWithLimit(leads, CLAIMS_AT_ONCE, (_lead, index) =>
    firstIndex.get(keys[index]!) === index
      ? claim(z, bundle, keys[index]!)
      : Promise.resolve<Claim>('seen'),
  );
  logClaims(z, leads, claims);
  return leads.filter((_lead, index) => claims[index] !== 'seen');
}
