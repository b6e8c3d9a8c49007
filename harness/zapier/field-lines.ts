/** A lead's fields as the Zap editor lists them: `Label: value`. */
import type { FieldValue, Lead } from '../../src/leads/fields';

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

/** One `Label: value` line per field of the lead, with the app's output labels. */
export function leadFieldLines(
  lead: Lead,
  labels: ReadonlyMap<string, string>,
): string[] {
  return Object.entries(lead).map(
    ([key, value]) => `${labels.get(key) ?? labelFromKey(key)}: ${valueText(value)}`,
  );
}
