/**
 * Which lead this is: its own id, or a hash of its content, so the same lead
 * delivered twice has the same id whatever the order of its keys.
 */
import { createHash } from 'node:crypto';
import type { Hash } from 'node:crypto';

import { isJsonObject } from '../json';
import type { JsonObject } from '../json';
import { fieldKey } from './field-keys';

const OWN_ID_KEYS = ['id', 'lead_id', 'leadId', 'uuid'];

type Step = { text: string } | { value: unknown };

/** Feeds `hash` the value as JSON with object keys sorted; iterative, so any depth is read. */
function hashCanonicalJson(hash: Hash, root: unknown): void {
  const steps: Step[] = [{ value: root }];
  for (let step = steps.pop(); step !== undefined; step = steps.pop()) {
    if ('text' in step) {
      hash.update(step.text);
      continue;
    }
    const { value } = step;
    if (Array.isArray(value)) {
      hash.update('[');
      steps.push({ text: ']' });
      for (let index = value.length - 1; index >= 0; index -= 1) {
        steps.push({ value: value[index] as unknown });
        if (index > 0) {
          steps.push({ text: ',' });
        }
      }
    } else if (isJsonObject(value)) {
      hash.update('{');
      steps.push({ text: '}' });
      const keys = Object.keys(value).sort();
      for (let index = keys.length - 1; index >= 0; index -= 1) {
        const key = keys[index]!;
        steps.push({ value: value[key] });
        steps.push({ text: `${index > 0 ? ',' : ''}${JSON.stringify(key)}:` });
      }
    } else {
      hash.update(JSON.stringify(value) ?? 'null');
    }
  }
}

export interface LeadIdentity {
  id: string;
  /** The cleaned key of the lead's own id field, when it has one. */
  ownKey?: string;
}

export function leadIdentity(lead: JsonObject): LeadIdentity {
  for (const key of OWN_ID_KEYS) {
    const value = lead[key];
    if ((typeof value === 'string' && value.trim() !== '') || typeof value === 'number') {
      return { id: String(value), ownKey: fieldKey(key) };
    }
  }
  const hash = createHash('sha256');
  hashCanonicalJson(hash, lead);
  return { id: `hash-${hash.digest('hex').slice(0, 32)}` };
}
