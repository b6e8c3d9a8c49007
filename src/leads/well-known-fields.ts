/** The contact details every CRM wants, found wherever the form put them. */
import type { FieldBag } from './fields';

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

export type WellKnownKey = keyof typeof ALIASES;
const WELL_KNOWN_KEYS = Object.keys(ALIASES) as WellKnownKey[];

function findText(flat: FieldBag, aliases: readonly string[]): string | undefined {
  for (const prefix of PERSON_PREFIXES) {
    for (const alias of aliases) {
      const value = flat.get(prefix + alias);
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

/**
 * Email, first, last and full name, phone and submission time, in that
 * order. A lead with a name gets all three name fields.
 */
export function wellKnownFields(flat: FieldBag): ReadonlyMap<string, string> {
  const found: Partial<Record<WellKnownKey, string>> = {};
  for (const key of WELL_KNOWN_KEYS) {
    const value = findText(flat, ALIASES[key]);
    if (value !== undefined) {
      found[key] = value;
    }
  }
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
  const ordered = new Map<string, string>();
  for (const key of WELL_KNOWN_KEYS) {
    const value = found[key];
    if (value !== undefined) {
      ordered.set(key, value);
    }
  }
  return ordered;
}
