/**
 * From a webhook delivery to clean, labelled lead items.
 *
 * The spec does not show the delivery payload (§6), so this accepts what a
 * real sender plausibly sends: one lead, an array of leads, a lead inside an
 * envelope (`data`, `lead`, `leads`, `payload`, with or without an event
 * name), or form-encoded fields. Every lead becomes one item and nothing in
 * it is lost: nested values are flattened into readable keys, and envelope
 * details are kept under `delivery__`.
 */
import { createHash } from 'node:crypto';

import { LEAD_CREATED, isJsonObject } from './api';
import type { JsonObject } from './api';

export type Scalar = string | number | boolean | null;
export type FieldValue = Scalar | Scalar[];

export interface Lead {
  /** The lead's own id, or `hash-…` derived from its content when it has none. */
  id: string;
  /** True only for the sample the Zap editor shows. */
  is_sample: boolean;
  [key: string]: FieldValue;
}

export class UnreadableDeliveryError extends Error {
  constructor(problem: string) {
    super(
      `The landing-page service sent a delivery that the New Lead trigger cannot read: ${problem}. ` +
        'No lead was lost on our side: the delivery is shown here so it can be checked.',
    );
    this.name = 'UnreadableDeliveryError';
  }
}

interface FoundLead {
  lead: JsonObject;
  /** Envelope fields around the lead (delivery id, timestamp, ...). */
  envelope: JsonObject;
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
const ENVELOPE_KEYS = new Set<string>([
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

function parseText(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === '') {
    throw new UnreadableDeliveryError('it was empty');
  }
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return JSON.parse(trimmed) as unknown;
    } catch {
      throw new UnreadableDeliveryError('it looks like JSON but is not valid JSON');
    }
  }
  if (trimmed.includes('=')) {
    const fields: Record<string, string | string[]> = {};
    for (const [key, value] of new URLSearchParams(trimmed)) {
      const existing = fields[key];
      fields[key] =
        existing === undefined
          ? value
          : [...(Array.isArray(existing) ? existing : [existing]), value];
    }
    return fields;
  }
  throw new UnreadableDeliveryError('it is neither JSON nor form fields');
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
    if (typeof value === 'string' && /^\s*[[{]/.test(value)) {
      try {
        return [key, JSON.parse(value) as unknown];
      } catch {
        // Text that only looks like JSON: an ordinary field of the lead.
      }
    }
  }
  return undefined;
}

function collect(value: unknown, envelope: JsonObject, contents: DeliveryContents): void {
  if (typeof value === 'string') {
    collect(parseText(value), envelope, contents);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item) => collect(item, envelope, contents));
    return;
  }
  if (!isJsonObject(value)) {
    throw new UnreadableDeliveryError(
      `it holds ${JSON.stringify(value)} where a lead was expected`,
    );
  }
  if (Object.keys(value).length === 0) {
    throw new UnreadableDeliveryError(
      'it holds an empty object where a lead was expected',
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
    return;
  }
  const rest = Object.fromEntries(
    Object.entries(value).filter(
      ([key]) => key !== event?.[0] && !(isEnvelope && key === wrapped?.[0]),
    ),
  );
  if (isEnvelope && wrapped !== undefined) {
    collect(wrapped[1], { ...envelope, ...rest }, contents);
  } else {
    contents.leads.push({ lead: rest, envelope });
  }
}

/** Every lead a delivery carries, in order, with its envelope. */
export function readDelivery(body: unknown): DeliveryContents {
  const contents: DeliveryContents = { leads: [], ignoredEvents: [] };
  if (body === undefined || body === null) {
    throw new UnreadableDeliveryError('it was empty');
  }
  collect(body, {}, contents);
  return contents;
}

/* ------------------------------------------------------------------------ */
/* Flattening                                                                */

/** "First Name" → first_name, createdAt → created_at, page[name] → page__name. */
export function fieldKey(raw: string): string {
  const key = raw
    .replace(/\[([^\]]*)\]/g, '__$1')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split('__')
    .map((part) =>
      part
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/[^a-z0-9]+/g, '_')
        .replace(/^_+|_+$/g, ''),
    )
    .filter((part) => part !== '')
    .join('__');
  return key === '' ? 'field' : key;
}

const DATE_KEY =
  /(^|_)(at|date|time|timestamp|on)$|^(date|timestamp|created|submitted|updated)$/;
const ZONELESS_DATE_TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** ISO 8601 for a date-like value under a date-like key; the value unchanged otherwise. */
function asIsoDate(key: string, value: Scalar): Scalar {
  const lastSegment = key.split('__').pop() ?? key;
  if (!DATE_KEY.test(lastSegment) || typeof value === 'boolean' || value === null) {
    return value;
  }
  let millis: number;
  if (typeof value === 'number' || /^\d{9,13}$/.test(value)) {
    const number = Number(value);
    // Seconds since 1970 until the year 5138; milliseconds beyond.
    millis = number > 1e11 ? number : number * 1000;
  } else if (DATE_ONLY.test(value)) {
    return value;
  } else if (ZONELESS_DATE_TIME.test(value)) {
    millis = Date.parse(`${value.replace(' ', 'T')}Z`);
  } else if (/\d{4}/.test(value)) {
    millis = Date.parse(value);
  } else {
    return value;
  }
  return Number.isFinite(millis) && millis > 0 ? new Date(millis).toISOString() : value;
}

function isScalar(value: unknown): value is Scalar {
  return ['string', 'number', 'boolean'].includes(typeof value) || value === null;
}

/** `[{name: "Company", value: "Acme"}]` → a field per name. */
function namedValueKey(item: unknown): string | undefined {
  if (!isJsonObject(item) || !('value' in item)) {
    return undefined;
  }
  const name = item.name ?? item.key ?? item.label ?? item.field;
  return typeof name === 'string' && name.trim() !== '' ? fieldKey(name) : undefined;
}

function putUnique(
  target: Record<string, FieldValue>,
  key: string,
  value: FieldValue,
): void {
  let candidate = key;
  for (let n = 2; candidate in target || RESERVED_KEYS.has(candidate); n += 1) {
    candidate = `${key}_${n}`;
  }
  target[candidate] = value;
}

const RESERVED_KEYS = new Set(['is_sample']);

function flattenInto(
  target: Record<string, FieldValue>,
  key: string,
  value: unknown,
): void {
  if (isScalar(value)) {
    putUnique(target, key, asIsoDate(key, value));
  } else if (Array.isArray(value)) {
    if (value.every(isScalar)) {
      putUnique(
        target,
        key,
        value.map((item) => asIsoDate(key, item)),
      );
    } else if (value.every((item) => namedValueKey(item) !== undefined)) {
      for (const item of value as JsonObject[]) {
        flattenInto(target, `${key}__${namedValueKey(item)!}`, item.value);
      }
    } else {
      value.forEach((item, index) => flattenInto(target, `${key}__${index + 1}`, item));
    }
  } else if (isJsonObject(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0 && key !== '') {
      putUnique(target, key, null);
    }
    for (const [childKey, child] of entries) {
      flattenInto(
        target,
        key === '' ? fieldKey(childKey) : `${key}__${fieldKey(childKey)}`,
        child,
      );
    }
  } else {
    // `undefined`: the only other value a parsed JSON body or form can hold.
    putUnique(target, key, null);
  }
}

export function flatten(object: JsonObject): Record<string, FieldValue> {
  const target: Record<string, FieldValue> = {};
  flattenInto(target, '', object);
  return target;
}

/* ------------------------------------------------------------------------ */
/* Well-known fields                                                         */

/** Where a person's details may sit: at the top, or in the form's fields or a contact block. */
const PERSON_PREFIXES = ['', 'fields__', 'contact__', 'person__', 'customer__', 'lead__'];

const ALIASES = {
  email: ['email', 'email_address', 'e_mail', 'e_mail_address', 'work_email', 'mail'],
  first_name: ['first_name', 'firstname', 'given_name', 'fname'],
  last_name: ['last_name', 'lastname', 'surname', 'family_name', 'lname'],
  full_name: ['full_name', 'fullname', 'name'],
  phone: ['phone', 'phone_number', 'mobile', 'telephone', 'tel'],
  created_at: ['created_at', 'submitted_at', 'created', 'submitted', 'date', 'timestamp'],
} as const;

type WellKnownKey = keyof typeof ALIASES;

function findText(
  flat: Record<string, FieldValue>,
  aliases: readonly string[],
): string | undefined {
  for (const prefix of PERSON_PREFIXES) {
    for (const alias of aliases) {
      const value = flat[prefix + alias];
      if (
        (typeof value === 'string' && value.trim() !== '') ||
        typeof value === 'number'
      ) {
        return String(value).trim();
      }
    }
  }
  return undefined;
}

function wellKnownFields(
  flat: Record<string, FieldValue>,
): Partial<Record<WellKnownKey, string>> {
  const found: Partial<Record<WellKnownKey, string>> = {};
  for (const key of Object.keys(ALIASES) as WellKnownKey[]) {
    const value = findText(flat, ALIASES[key]);
    if (value !== undefined) {
      found[key] = value;
    }
  }
  // A lead with a name gets all three: first, last and full.
  if (
    found.full_name === undefined &&
    (found.first_name ?? found.last_name) !== undefined
  ) {
    found.full_name = [found.first_name, found.last_name].filter(Boolean).join(' ');
  }
  if (
    found.full_name !== undefined &&
    found.first_name === undefined &&
    found.last_name === undefined
  ) {
    const [first = '', ...rest] = found.full_name.split(/\s+/);
    found.first_name = first;
    found.last_name = rest.join(' ');
  }
  if (found.full_name !== undefined) {
    found.first_name ??= '';
    found.last_name ??= '';
  }
  const ordered: Partial<Record<WellKnownKey, string>> = {};
  for (const key of Object.keys(ALIASES) as WellKnownKey[]) {
    if (found[key] !== undefined) {
      ordered[key] = found[key];
    }
  }
  return ordered;
}

/* ------------------------------------------------------------------------ */
/* Identity                                                                  */

const OWN_ID_KEYS = ['id', 'lead_id', 'leadId', 'uuid'];

function stableJson(value: unknown): string {
  if (Array.isArray(value)) {
    return `[${value.map(stableJson).join(',')}]`;
  }
  if (isJsonObject(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${stableJson(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The lead's own id, or a hash of its content: the same lead delivered twice gets the same id. */
function leadId(lead: JsonObject): { id: string; ownKey?: string } {
  for (const key of OWN_ID_KEYS) {
    const value = lead[key];
    if ((typeof value === 'string' && value.trim() !== '') || typeof value === 'number') {
      return { id: String(value), ownKey: fieldKey(key) };
    }
  }
  const digest = createHash('sha256').update(stableJson(lead)).digest('hex');
  return { id: `hash-${digest.slice(0, 32)}` };
}

/* ------------------------------------------------------------------------ */

function toLead(found: FoundLead): Lead {
  const { id, ownKey } = leadId(found.lead);
  const flat = flatten(found.lead);
  const known = wellKnownFields(flat);

  const fields: Record<string, FieldValue> = { id };
  for (const [key, value] of Object.entries(known)) {
    fields[key] = value;
  }
  for (const [key, value] of Object.entries(flat)) {
    const alreadyShown = key === ownKey || (key in known && fields[key] === value);
    if (!alreadyShown) {
      putUnique(fields, key, value);
    }
  }
  for (const [key, value] of Object.entries(flatten(found.envelope))) {
    putUnique(fields, `delivery__${key}`, value);
  }
  return { ...fields, id, is_sample: false };
}

/** All `lead.created` leads of a delivery as Zapier items. */
export function leadsFrom(body: unknown): { leads: Lead[]; ignoredEvents: string[] } {
  const contents = readDelivery(body);
  return {
    leads: contents.leads.map((found) => toLead(found)),
    ignoredEvents: contents.ignoredEvents,
  };
}
