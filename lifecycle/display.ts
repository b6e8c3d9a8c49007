/** How the transcript shows what must stay secret, and what Zapier shows of a lead. */
import { createHash } from 'node:crypto';

import type { FieldValue, Lead } from '../src/leads/fields';

/** A short, non-reversible name for a token: tokens themselves are never printed. */
export function fingerprint(token: string): string {
  return `#${createHash('sha256').update(token).digest('hex').slice(0, 8)}`;
}

/** `page__name` → `Page › name`, for a key the app gives no label. */
function labelFromKey(key: string): string {
  return key
    .split('__')
    .map((part) => part.replace(/_/g, ' '))
    .join(' › ')
    .replace(/^./, (first) => first.toUpperCase());
}

function valueText(value: FieldValue): string {
  if (Array.isArray(value)) {
    return value.map((item) => valueText(item)).join(', ');
  }
  return value === null ? '' : String(value);
}

/** One `Label: value` line per field of the lead, as the Zap editor lists them. */
export function leadFieldLines(
  lead: Lead,
  labels: ReadonlyMap<string, string>,
): string[] {
  return Object.entries(lead).map(
    ([key, value]) => `${labels.get(key) ?? labelFromKey(key)}: ${valueText(value)}`,
  );
}
