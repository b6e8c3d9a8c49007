/**
 * New Lead: an instant (REST hook) trigger. Turning a Zap on registers a
 * webhook for `lead.created`; turning it off deletes it (service-interface.md#webhooks); each
 * delivery becomes one item per lead, once per Zap. The test step shows the
 * connection's own recent leads when there are any.
 */
import { defineTrigger, errors } from 'zapier-platform-core';
import type {
  BasicHookOperation,
  Bundle,
  PlainOutputField,
  WebhookTriggerPerform,
  WebhookTriggerPerformList,
  WebhookTriggerPerformSubscribe,
  WebhookTriggerPerformUnsubscribe,
  ZObject,
} from 'zapier-platform-core';

import { LEAD_CREATED } from '../api';
import type {
  CreateWebhookRequest,
  CreateWebhookResponse,
  DeleteWebhookResponse,
} from '../api';
import { cacheCallsOf } from '../cache';
import { ZAPIER_CACHE_TIMING } from '../cache-calls';
import type { CacheTiming } from '../cache-calls';
import { apiBaseUrl } from '../config';
import { failureFor, orUnreachable } from '../errors';
import { isJsonObject } from '../json';
import { logCapped } from '../capped-log';
import type { Lead } from '../leads/fields';
import { leadsFrom } from '../leads/items';
import { isFromPage, wantedPage } from '../leads/page-filter';
import {
  RECENT_LEAD_SECONDS,
  recentLeads,
  rememberDelivered,
} from '../leads/recent-leads';
import {
  SUBSCRIBED_HOOK_URL,
  claimantOf,
  withoutRedeliveries,
} from '../leads/redeliveries';
import { readIdentifier, readJsonObject } from '../responses';
import { PAGE_LIST_KEY } from './page-list';
import sampleDelivery from '../samples/lead-delivery.json';

const SUBSCRIBING = 'turning on New Lead (creating its webhook)';
const UNSUBSCRIBING = 'turning off New Lead (deleting its webhook)';

/**
 * The Zap editor's sample: a realistic delivery (the sandbox's shape, see
 * docs/sandbox.md) read like any other, and marked `is_sample: true`.
 */
export const SAMPLE_LEAD: Lead = sampleLeadFrom(sampleDelivery);

function sampleLeadFrom(delivery: unknown): Lead {
  const [lead] = leadsFrom(delivery).leads;
  if (lead === undefined) {
    throw new Error('The sample delivery holds no lead');
  }
  return { ...lead, is_sample: true };
}

export interface UnsubscribeResult {
  id: string;
  success: true;
  /** The webhook was already gone (404 or 410), which counts as unsubscribed. */
  alreadyGone: boolean;
}

const performSubscribe: WebhookTriggerPerformSubscribe<
  Record<string, unknown>,
  CreateWebhookResponse
> = async (z, bundle) => {
  const targetUrl = bundle.targetUrl;
  if (!targetUrl) {
    throw new errors.Error(
      'Zapier did not provide the address where new leads should be sent, so New Lead could ' +
        'not be turned on. Turn the Zap off and on again.',
      'missing_target_url',
    );
  }
  const body: CreateWebhookRequest = { url: targetUrl, triggers: [LEAD_CREATED] };
  const response = await orUnreachable(
    () =>
      z.request({
        method: 'POST',
        url: `${apiBaseUrl()}/webhook`,
        headers: { 'Content-Type': 'application/json' },
        body,
        middlewareData: { action: SUBSCRIBING },
      }),
    SUBSCRIBING,
  );
  const answer = readJsonObject(response, SUBSCRIBING);
  const id = readIdentifier(answer.id);
  if (id === undefined) {
    // Without an id Zapier could never delete this webhook: refuse to store it.
    throw new errors.Error(
      'The landing-page service accepted the New Lead webhook but did not return its id, so ' +
        'Zapier could not turn it off later. The Zap was not turned on. Try again; if this ' +
        "keeps happening, ask the landing-page service's support to remove the webhook that " +
        `points at ${targetUrl}.`,
      'missing_webhook_id',
      response.status,
    );
  }
  // The hook URL goes with the webhook: claims key on both (leads/redeliveries.ts).
  return { ...answer, id, [SUBSCRIBED_HOOK_URL]: targetUrl };
};

const performUnsubscribe: WebhookTriggerPerformUnsubscribe<
  Record<string, unknown>,
  UnsubscribeResult
> = async (z, bundle) => {
  const id = readIdentifier(bundle.subscribeData?.id);
  if (id === undefined) {
    throw new errors.Error(
      'Zapier has no webhook id for this Zap, so there was nothing to remove in the ' +
        'landing-page service. If leads keep arriving, reconnect the account and turn the Zap ' +
        'on and off again.',
      'missing_webhook_id',
    );
  }
  const response = await orUnreachable(
    () =>
      z.request({
        method: 'DELETE',
        url: `${apiBaseUrl()}/webhook/${encodeURIComponent(id)}`,
        skipThrowForStatus: true,
        middlewareData: { action: UNSUBSCRIBING },
      }),
    UNSUBSCRIBING,
  );
  if (response.status === 404 || response.status === 410) {
    return { id, success: true, alreadyGone: true };
  }
  if (response.status >= 400) {
    throw failureFor(response, bundle);
  }
  if (response.status !== 204 && response.content.trim() !== '') {
    const answer: Partial<Record<keyof DeleteWebhookResponse, unknown>> = readJsonObject(
      response,
      UNSUBSCRIBING,
    );
    if (answer.success === false) {
      throw new errors.Error(
        'The landing-page service did not confirm that it deleted the New Lead webhook ' +
          `(it answered success: false while ${UNSUBSCRIBING}). Try turning the Zap off again.`,
        'webhook_not_deleted',
        response.status,
      );
    }
  }
  return { id, success: true, alreadyGone: false };
};

/** Zapier hands over the parsed body; when it could not parse it, the raw text. */
export function deliveryBody(bundle: Bundle): unknown {
  const cleaned: unknown = bundle.cleanedRequest;
  const looksLikeRawRequest =
    isJsonObject(cleaned) && typeof cleaned.content === 'string' && 'headers' in cleaned;
  if (looksLikeRawRequest) {
    return cleaned.content;
  }
  const isEmpty =
    cleaned === undefined ||
    cleaned === null ||
    (isJsonObject(cleaned) && Object.keys(cleaned).length === 0);
  return isEmpty ? bundle.rawRequest?.content : cleaned;
}

/** What the user set up in the trigger's step. */
export interface NewLeadInput extends Record<string, unknown> {
  /** Optional: only leads from this page (its id, name or address). */
  page?: string;
}

/** The leads from the page the user chose; every lead when no page is chosen. */
function onChosenPage(z: ZObject, bundle: Bundle<NewLeadInput>, leads: Lead[]): Lead[] {
  const wanted = wantedPage(bundle.inputData.page);
  if (wanted === undefined) {
    return leads;
  }
  const page = String(bundle.inputData.page);
  const kept: Lead[] = [];
  const skipped: string[] = [];
  for (const lead of leads) {
    if (isFromPage(lead, wanted)) {
      kept.push(lead);
    } else {
      skipped.push(
        `New Lead skipped lead ${lead.id}: it did not come from the page "${page}" chosen in this Zap.`,
      );
    }
  }
  logCapped(
    z,
    skipped,
    (count) =>
      `New Lead skipped ${count} more lead(s) of this delivery from other pages than "${page}".`,
  );
  return kept;
}

const performWith =
  (timing: CacheTiming): WebhookTriggerPerform<NewLeadInput, Lead> =>
  async (z, bundle) => {
    const calls = cacheCallsOf(bundle, timing);
    const body = deliveryBody(bundle);
    if ((body === undefined || body === '') && bundle.meta?.isLoadingSample) {
      // No delivery at all, while a sample is wanted: what `zapier-platform invoke` does.
      return [SAMPLE_LEAD];
    }
    // Read and normalise every lead before claiming any, so that a delivery
    // that fails to read leaves nothing claimed.
    const { leads, ignoredEvents } = leadsFrom(body);
    for (const event of ignoredEvents) {
      z.console.log(
        `New Lead ignored a "${event}" event: it only handles ${LEAD_CREATED}.`,
      );
    }
    // Every page's leads, so that the test step and the Page dropdown of any Zap
    // on this connection can show them; beside the claims, in the same time.
    const remembering =
      claimantOf(bundle) === undefined ? undefined : rememberDelivered(z, leads, calls);
    const items = await withoutRedeliveries(
      z,
      bundle,
      onChosenPage(z, bundle, leads),
      calls,
    );
    await remembering;
    return items;
  };

/**
 * The Zap editor's test step: the connection's newest leads from the chosen
 * Page, as live Zaps received them; the marked sample when there are none.
 */
const performListWith =
  (timing: CacheTiming): WebhookTriggerPerformList<NewLeadInput, Lead> =>
  async (z, bundle) => {
    const wanted = wantedPage(bundle.inputData.page);
    const recent = await recentLeads(z, cacheCallsOf(bundle, timing));
    const shown =
      wanted === undefined ? recent : recent.filter((lead) => isFromPage(lead, wanted));
    if (shown.length > 0) {
      return shown;
    }
    const days = RECENT_LEAD_SECONDS / (24 * 60 * 60);
    const fromPage =
      wanted === undefined ? '' : ` from the page "${String(bundle.inputData.page)}"`;
    z.console.log(
      `New Lead shows a sample lead: no lead${fromPage} reached a live Zap of this ` +
        `connection in the last ${days} days.`,
    );
    return [SAMPLE_LEAD];
  };

/** The labels of every field a lead has in the sample; the Zap editor shows them. */
export const LEAD_OUTPUT_FIELDS = [
  { key: 'id', label: 'Lead ID', type: 'string' },
  { key: 'email', label: 'Email', type: 'string' },
  { key: 'first_name', label: 'First Name', type: 'string' },
  { key: 'last_name', label: 'Last Name', type: 'string' },
  { key: 'full_name', label: 'Full Name', type: 'string' },
  { key: 'phone', label: 'Phone', type: 'string' },
  { key: 'created_at', label: 'Submitted At', type: 'datetime' },
  { key: 'page__id', label: 'Page ID', type: 'string' },
  { key: 'page__name', label: 'Page Name', type: 'string' },
  { key: 'page__url', label: 'Page URL', type: 'string' },
  { key: 'fields__company', label: 'Fields Company', type: 'string' },
  { key: 'fields__message', label: 'Fields Message', type: 'string' },
  { key: 'utm__source', label: 'UTM Source', type: 'string' },
  { key: 'utm__medium', label: 'UTM Medium', type: 'string' },
  { key: 'utm__campaign', label: 'UTM Campaign', type: 'string' },
  { key: 'consent', label: 'Consent Given', type: 'boolean' },
  { key: 'delivery__id', label: 'Delivery ID', type: 'string' },
  { key: 'delivery__created_at', label: 'Delivered At', type: 'datetime' },
  { key: 'delivery__project__id', label: 'Project ID', type: 'string' },
  { key: 'delivery__project__name', label: 'Project Name', type: 'string' },
  { key: 'is_sample', label: 'Is Sample', type: 'boolean' },
] as const satisfies readonly PlainOutputField[];

/** `fields__budget_range` → `Fields Budget Range`, as the labels above read. */
export function labelOfKey(key: string): string {
  return key
    .split(/_+/)
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * Labels for the fields of the chosen Page's recent leads that the sample
 * does not have (a form's own questions: _Fields Budget_), so the Zap editor
 * offers them by name before a lead is mapped.
 */
const recentFieldLabelsWith =
  (timing: CacheTiming) =>
  async (z: ZObject, bundle: Bundle<NewLeadInput>): Promise<PlainOutputField[]> => {
    const wanted = wantedPage(bundle.inputData.page);
    const labelled = new Set<string>(LEAD_OUTPUT_FIELDS.map((field) => field.key));
    const unlabelled = new Set<string>();
    for (const lead of await recentLeads(z, cacheCallsOf(bundle, timing))) {
      if (wanted !== undefined && !isFromPage(lead, wanted)) {
        continue;
      }
      for (const key of Object.keys(lead)) {
        if (!labelled.has(key)) {
          unlabelled.add(key);
        }
      }
    }
    return [...unlabelled].map((key) => ({ key, label: labelOfKey(key) }));
  };

/**
 * New Lead's operation with the time it may spend on Zapier's cache: Zapier's
 * (`ZAPIER_CACHE_TIMING`) unless a test asks for less.
 */
export function newLeadOperationWith(timing: CacheTiming) {
  return {
    type: 'hook' as const,
    performSubscribe,
    performUnsubscribe,
    perform: performWith(timing),
    performList: performListWith(timing),
    inputFields: [
      {
        key: 'page',
        label: 'Page',
        type: 'string',
        required: false,
        dynamic: `${PAGE_LIST_KEY}.id.name`,
        helpText:
          'Only leads from this landing page start the Zap. Pick one of the pages your ' +
          'recent leads came from, or type the page name, its web address or its ID, as ' +
          'shown in the landing-page service (capitals do not matter). Leave empty for ' +
          'leads from every page of the project.',
      },
    ],
    sample: SAMPLE_LEAD,
    outputFields: [...LEAD_OUTPUT_FIELDS, recentFieldLabelsWith(timing)],
  } satisfies BasicHookOperation;
}

/** New Lead, with the time it may spend on Zapier's cache. */
export function createNewLead(timing: CacheTiming = ZAPIER_CACHE_TIMING) {
  return defineTrigger({
    key: 'new_lead',
    noun: 'Lead',
    display: {
      label: 'New Lead',
      description: 'Triggers when someone submits a form on one of your landing pages.',
      directions:
        'Each lead arrives within seconds with its contact details (email, first, last and full ' +
        'name, phone), when it was submitted, the page it came from, every form field ' +
        '(as "Fields …") and any UTM tags. Leads from every page of the connected project are ' +
        'sent, or only those from the Page you choose. Each lead starts the Zap once, even when ' +
        'the service sends it again. The test step shows your newest leads once a live Zap of ' +
        'this account has received some, and a sample lead (Is Sample: true) until then.',
    },
    operation: newLeadOperationWith(timing),
  });
}

export const newLead = createNewLead();
export const newLeadOperation = newLeadOperationWith(ZAPIER_CACHE_TIMING);
