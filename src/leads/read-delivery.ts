/**
 * Reading a webhook delivery: which leads it carries, and what envelope
 * surrounds each.
 *
 * The spec does not show the delivery payload (service-interface.md#lead-delivery), so this accepts what a
 * real sender plausibly sends: one lead, an array of leads, a lead inside an
 * envelope (`data`, `lead`, `leads`, `payload`, with or without an event
 * name), or form-encoded fields. Iterative: any nesting depth is read.
 */
import { LEAD_CREATED } from '../api';
import { describeValue, unreadableDelivery } from '../errors';
import { isJsonObject } from '../json';
import type { JsonObject } from '../json';

/**
 * The envelopes around a lead, innermost first. A chain rather than merged
 * copies, so that deep envelopes cost time in proportion to their size.
 */
export interface Envelope {
  fields: JsonObject;
  outer: Envelope | undefined;
}

export interface FoundLead {
  lead: JsonObject;
  envelope: Envelope | undefined;
}

export interface DeliveryContents {
  leads: FoundLead[];
  /** Event names other than `lead.created`, which this trigger does not handle. */
  ignoredEvents: string[];
}

const WRAPPER_KEYS = ['lead', 'leads', 'data', 'payload'] as const;
const EVENT_KEYS = [
  'event',
  'event_type',
  'eventType',
  'trigger',
  'type',
  'topic',
] as const;
const ENVELOPE_KEYS: ReadonlySet<string> = new Set<string>([
  ...EVENT_KEYS,
  'id',
  'event_id',
  'eventId',
  'delivery_id',
  'deliveryId',
  'webhook_id',
  'webhookId',
  'timestamp',
  'created_at',
  'createdAt',
  'sent_at',
  'sentAt',
  'occurred_at',
  'occurredAt',
  'project',
  'project_id',
  'projectId',
  'attempt',
  'version',
  'api_version',
]);
const DOTTED_EVENT_NAME = /^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/i;
const LOOKS_LIKE_JSON = /^\s*[[{]/;

/** The fields of all envelopes around a lead; an inner envelope's field wins over an outer one's. */
export function envelopeFields(envelope: Envelope | undefined): JsonObject {
  const chain: JsonObject[] = [];
  for (let at = envelope; at !== undefined; at = at.outer) {
    chain.push(at.fields);
  }
  const merged: JsonObject = {};
  for (let index = chain.length - 1; index >= 0; index -= 1) {
    Object.assign(merged, chain[index]);
  }
  return merged;
}

function formFields(text: string): Record<string, string | string[]> {
  const fields = new Map<string, string | string[]>();
  for (const [key, value] of new URLSearchParams(text)) {
    const existing = fields.get(key);
    fields.set(
      key,
      existing === undefined
        ? value
        : [...(Array.isArray(existing) ? existing : [existing]), value],
    );
  }
  return Object.fromEntries(fields);
}

function parseText(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === '') {
    throw unreadableDelivery('it was empty');
  }
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return JSON.parse(trimmed) as unknown;
    } catch {
      throw unreadableDelivery(
        `it looks like JSON but is not valid JSON (${describeValue(text)})`,
      );
    }
  }
  if (trimmed.includes('=')) {
    return formFields(trimmed);
  }
  throw unreadableDelivery(`it is neither JSON nor form fields (${describeValue(text)})`);
}

/**
 * The event an object announces: a dotted name such as `lead.created` under
 * an event key. `type` counts only on an envelope, since a lead may well have
 * a type of its own.
 */
function eventNameOf(
  object: JsonObject,
  isEnvelope: boolean,
): [key: string, name: string] | undefined {
  for (const key of EVENT_KEYS) {
    const value = object[key];
    if (
      (isEnvelope || key !== 'type') &&
      typeof value === 'string' &&
      DOTTED_EVENT_NAME.test(value)
    ) {
      return [key, value];
    }
  }
  return undefined;
}

function wrappedValue(object: JsonObject): [key: string, value: unknown] | undefined {
  for (const key of WRAPPER_KEYS) {
    const value = object[key];
    if (typeof value === 'object' && value !== null) {
      return [key, value];
    }
    if (typeof value === 'string' && LOOKS_LIKE_JSON.test(value)) {
      try {
        return [key, JSON.parse(value) as unknown];
      } catch {
        // Text that only looks like JSON: an ordinary field of the lead.
      }
    }
  }
  return undefined;
}

interface Pending {
  value: unknown;
  envelope: Envelope | undefined;
}

/** Every lead a delivery carries, in order, with its envelope. */
export function readDelivery(body: unknown): DeliveryContents {
  if (body === undefined || body === null) {
    throw unreadableDelivery('it was empty');
  }
  const contents: DeliveryContents = { leads: [], ignoredEvents: [] };
  const stack: Pending[] = [{ value: body, envelope: undefined }];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const { value, envelope } = next;
    if (typeof value === 'string') {
      stack.push({ value: parseText(value), envelope });
      continue;
    }
    if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index -= 1) {
        stack.push({ value: value[index] as unknown, envelope });
      }
      continue;
    }
    if (!isJsonObject(value) || Object.keys(value).length === 0) {
      throw unreadableDelivery(
        `it holds ${describeValue(value)} where a lead was expected`,
      );
    }

    const wrapped = wrappedValue(value);
    const onlyEnvelopeKeys =
      wrapped !== undefined &&
      Object.keys(value).every((key) => key === wrapped[0] || ENVELOPE_KEYS.has(key));
    const event = eventNameOf(value, onlyEnvelopeKeys);
    const isEnvelope = wrapped !== undefined && (onlyEnvelopeKeys || event !== undefined);

    if (event !== undefined && event[1] !== LEAD_CREATED) {
      contents.ignoredEvents.push(event[1]);
      continue;
    }
    const rest = Object.fromEntries(
      Object.entries(value).filter(
        ([key]) => key !== event?.[0] && !(isEnvelope && key === wrapped?.[0]),
      ),
    );
    if (isEnvelope) {
      stack.push({ value: wrapped[1], envelope: { fields: rest, outer: envelope } });
    } else {
      contents.leads.push({ lead: rest, envelope });
    }
  }
  if (contents.leads.length === 0 && contents.ignoredEvents.length === 0) {
    throw unreadableDelivery(`it contained no lead (${describeValue(body)})`);
  }
  return contents;
}
