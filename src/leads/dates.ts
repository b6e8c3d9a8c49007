/** Date-like values under date-like names become ISO 8601; anything else is kept as sent. */
import type { Scalar } from './fields';

const DATE_NAME =
  /(^|_)(at|date|time|timestamp|on)$|^(date|timestamp|created|submitted|updated)$/;
const ZONELESS_DATE_TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const EPOCH_DIGITS = /^\d{9,13}$/;
/**
 * The last instant ISO 8601 writes with a four-digit year (9999-12-31). Past
 * it `toISOString` needs a six-digit year, and past 8.64e15 it throws.
 */
const MAX_DATE_MILLIS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** True for the last segment of a key that names a date: `created_at`, `date`, `submitted`. */
export function isDateName(segment: string): boolean {
  return DATE_NAME.test(segment);
}

function millisOf(value: string | number): number | undefined {
  if (typeof value === 'number' || EPOCH_DIGITS.test(value)) {
    const number = Number(value);
    // Seconds since 1970 until the year 5138; milliseconds beyond.
    return number > 1e11 ? number : number * 1000;
  }
  if (ZONELESS_DATE_TIME.test(value)) {
    return Date.parse(`${value.replace(' ', 'T')}Z`);
  }
  if (/\d{4}/.test(value)) {
    return Date.parse(value);
  }
  return undefined;
}

/**
 * ISO 8601 (UTC) for a date-like value under a date-like name. A date
 * without a time stays as it is; a value that is no valid date (text, a
 * number outside the calendar) is kept as sent.
 */
export function asIsoDate(nameSegment: string, value: Scalar): Scalar {
  if (
    !isDateName(nameSegment) ||
    typeof value === 'boolean' ||
    value === null ||
    (typeof value === 'string' && DATE_ONLY.test(value))
  ) {
    return value;
  }
  const millis = millisOf(value);
  return millis !== undefined &&
    Number.isFinite(millis) &&
    millis > 0 &&
    millis <= MAX_DATE_MILLIS
    ? new Date(millis).toISOString()
    : value;
}
