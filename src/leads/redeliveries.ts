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
 * or when the cache gives no answer in time (../cache-calls.ts), the lead is
 * passed on and the reason logged.
 */
import { createHash, randomBytes } from 'node:crypto';

import type { Bundle, ZObject } from 'zapier-platform-core';

import { mapWithLimit } from '../map-with-limit';
import { readCache, writeCache } from '../cache';
import { whyUnanswered } from '../cache-calls';
import type { CacheCalls } from '../cache-calls';
import { logCapped } from '../capped-log';
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
 * Claims under way at once. Each is one or two RPCs to Zapier's cache, each
 * holding a socket while it waits (core's RPC client reuses idle ones), so
 * this many sockets at most: an eighth of the 1,024 file descriptors of a
 * Lambda process, leaving room for the runtime, the log stream, and calls a
 * run gave up on that Zapier has not closed yet; a few megabytes of the 450
 * MB past which core recycles a process. Waiting dominates a claim: at 50 ms
 * per call, 128 at once claim 10,000 new leads in about 4 s, where 16 took
 * 33 s (`npm run bench` prints the figures).
 */
export const CLAIMS_AT_ONCE = 128;

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

/**
 * What only one claim stores: 96 random bits for the run, and the lead's place
 * in its delivery, so that a claim can recognise its own write.
 */
function claimMarks(): (index: number) => string {
  const run = randomBytes(12).toString('base64url');
  return (index) => `${run}.${index}`;
}

/**
 * The cache says the key exists. It may be this claim's own write, whose
 * answer was lost and whose retry (core's RPC client tries three times) found
 * it: read the mark back. Only another run's mark proves a redelivery.
 */
async function whoseClaim(
  z: ZObject,
  calls: CacheCalls,
  key: string,
  mark: string,
): Promise<Claim> {
  const read = await calls.ask(() => readCache(z, key, null));
  if (!read.answered) {
    return {
      unchecked: `Zapier's cache did not say who claimed it (${whyUnanswered(read.why)})`,
    };
  }
  if (read.value === mark) {
    return 'new';
  }
  if (read.value === null || read.value === undefined) {
    return { unchecked: "Zapier's cache said it held a claim, then held none" };
  }
  // Another run's mark, a claim of an earlier version (1), or anything else
  // not this run's: the lead was claimed before.
  return 'seen';
}

/** Claims with set-if-absent: one call for a new lead, two for a lead seen before. */
async function claimByWriting(
  z: ZObject,
  calls: CacheCalls,
  key: string,
  mark: string,
): Promise<Claim> {
  const written = await calls.ask(() =>
    writeCache(z, key, mark, REDELIVERY_WINDOW_SECONDS, null, 'if-absent'),
  );
  if (!written.answered) {
    return { unchecked: `Zapier's cache did not answer (${whyUnanswered(written.why)})` };
  }
  if (written.value === true) {
    return 'new';
  }
  if (written.value === false || written.value === null) {
    return whoseClaim(z, calls, key, mark);
  }
  return {
    unchecked: `Zapier's cache gave an answer it does not understand (${typeof written.value})`,
  };
}

/**
 * Reads first: one call for a lead seen before (this run has not written the
 * key, so whatever is there is another run's claim), two for a new one.
 */
async function claimByReading(
  z: ZObject,
  calls: CacheCalls,
  key: string,
  mark: string,
): Promise<Claim> {
  const read = await calls.ask(() => readCache(z, key, null));
  if (!read.answered) {
    return { unchecked: `Zapier's cache did not answer (${whyUnanswered(read.why)})` };
  }
  if (read.value !== null && read.value !== undefined) {
    return 'seen';
  }
  return claimByWriting(z, calls, key, mark);
}

/**
 * How a batch's leads are claimed: by writing first while most leads so far
 * were new (a new lead then costs one call), by reading first once most were
 * seen before (a redelivered batch then costs one call a lead, not two).
 */
class ClaimOrder {
  private news = 0;
  private seens = 0;

  claim(z: ZObject, calls: CacheCalls, key: string, mark: string): Promise<Claim> {
    const claiming = this.seens > this.news ? claimByReading : claimByWriting;
    return claiming(z, calls, key, mark).then((outcome) => {
      if (outcome === 'new') {
        this.news += 1;
      } else if (outcome === 'seen') {
        this.seens += 1;
      }
      return outcome;
    });
  }
}

/** `lead_1, lead_2, lead_3 and 9,997 more` */
function someIds(ids: string[]): string {
  const shown = ids.slice(0, 3).join(', ');
  return ids.length > 3
    ? `${shown} and ${(ids.length - 3).toLocaleString('en-US')} more`
    : shown;
}

/** One line per reason a lead was passed on unchecked, saying how many and which. */
function uncheckedLines(unchecked: Map<string, string[]>): string[] {
  return [...unchecked].map(([reason, ids]) =>
    ids.length === 1
      ? `New Lead passed lead ${ids[0]} on without checking for a redelivery: ${reason}. ` +
        'If the service sent it before, the Zap may run for it twice.'
      : `New Lead passed ${ids.length.toLocaleString('en-US')} leads on without checking for ` +
        `a redelivery (${someIds(ids)}): ${reason}. If the service sent them before, the Zap ` +
        'may run for them twice.',
  );
}

function logClaims(z: ZObject, leads: Lead[], claims: Claim[]): void {
  const skipped: string[] = [];
  const unchecked = new Map<string, string[]>();
  claims.forEach((outcome, index) => {
    const id = leads[index]!.id;
    if (outcome === 'seen') {
      skipped.push(
        `New Lead skipped lead ${id}: this Zap already received it (the service sent it again).`,
      );
    } else if (outcome !== 'new') {
      const ids = unchecked.get(outcome.unchecked);
      if (ids === undefined) {
        unchecked.set(outcome.unchecked, [id]);
      } else {
        ids.push(id);
      }
    }
  });
  logCapped(
    z,
    skipped,
    (count) =>
      `New Lead skipped ${count} more lead(s) of this delivery: this Zap already received them.`,
  );
  logCapped(
    z,
    uncheckedLines(unchecked),
    (count) =>
      `New Lead passed more leads of this delivery on without checking for a redelivery, ` +
      `for ${count} other reasons.`,
  );
}

/**
 * The leads this Zap has not received before, in their order. Never throws,
 * and waits on the cache only as long as `calls` allows.
 */
export async function withoutRedeliveries(
  z: ZObject,
  bundle: Bundle,
  leads: Lead[],
  calls: CacheCalls,
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
  const markOf = claimMarks();
  const order = new ClaimOrder();
  const claims = await mapWithLimit(leads, CLAIMS_AT_ONCE, (_lead, index) =>
    firstIndex.get(keys[index]!) === index
      ? order.claim(z, calls, keys[index]!, markOf(index))
      : Promise.resolve<Claim>('seen'),
  );
  logClaims(z, leads, claims);
  return leads.filter((_lead, index) => claims[index] !== 'seen');
}
