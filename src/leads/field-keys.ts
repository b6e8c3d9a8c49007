/** Field names as people type them, turned into keys Zapier shows well. */

const ALREADY_CLEAN = /^[a-z0-9]+(?:_[a-z0-9]+)*$/;
const NON_ASCII = /[^\u0020-\u007e]/;

function cleanSegment(segment: string): string {
  const ascii = NON_ASCII.test(segment)
    ? segment.normalize('NFKD').replace(/[\u0300-\u036f]/g, '')
    : segment;
  // After the first replace no run of underscores is longer than one, so the
  // trim below cannot backtrack.
  return ascii.replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');
}

/**
 * "First Name" → first_name, createdAt → created_at, page[name] → page__name.
 * Cleaning a key twice changes nothing; a name with no letter or digit is `field`.
 */
export function fieldKey(raw: string): string {
  if (ALREADY_CLEAN.test(raw)) {
    return raw;
  }
  const key = raw
    .replace(/\[([^\]]*)\]/g, '__$1')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split('__')
    .map(cleanSegment)
    .filter((segment) => segment !== '')
    .join('__');
  return key === '' ? 'field' : key;
}
