/**
 * Reading items (samples and results) against their output fields: nested
 * values, types, primary keys and dates. Shared by the sample checks (D0xx)
 * and the local-run checks (T0xx, Z001).
 */
import type { Item } from '../input';
import type {
  AppDefinition,
  FieldDefinition,
  OperationDefinition,
  Step,
} from './definition';
import { isRecord, staticFields, visibleSteps } from './definition';
import { endsInIdWord } from './ids';

/**
 * The value of `key` in an item; Zapier names nested values with `__`
 * (`page__id` is `page.id`), so a key absent at the top is looked up nested.
 */
export function valueAt(item: Item, key: string): unknown {
  if (key in item) {
    return item[key];
  }
  let current: unknown = item;
  for (const part of key.split('__')) {
    if (!isRecord(current) || !(part in current)) {
      return undefined;
    }
    current = current[part];
  }
  return current;
}

export function hasKey(item: Item, key: string): boolean {
  return valueAt(item, key) !== undefined;
}

/**
 * A step's sample as Zapier shows it: the operation's `sample`, with each
 * static output field's own `sample` (core 18.3+) set at the field's key,
 * the field's value winning. A `__` key (`company__name`) is set nested, as
 * Zapier names nested values. Undefined when neither gives a value.
 */
export function sampleOf(operation: OperationDefinition | undefined): Item | undefined {
  const sample: Item = isRecord(operation?.sample)
    ? structuredClone(operation.sample)
    : {};
  for (const field of staticFields(operation?.outputFields)) {
    if (field.key === undefined || !('sample' in field)) {
      continue;
    }
    const path = field.key in sample ? [field.key] : field.key.split('__');
    let parent = sample;
    for (const part of path.slice(0, -1)) {
      const child = parent[part];
      parent = isRecord(child) ? child : (parent[part] = {});
    }
    parent[path.at(-1) ?? field.key] = field.sample;
  }
  return Object.keys(sample).length > 0 ? sample : undefined;
}

/** Every key of an item, nested ones written with `__` as Zapier flattens them. */
export function flatKeys(item: Item, prefix = ''): string[] {
  return Object.entries(item).flatMap(([key, value]) =>
    isRecord(value) && Object.keys(value).length > 0
      ? flatKeys(value, `${prefix}${key}__`)
      : [`${prefix}${key}`],
  );
}

const STRING_TYPES = new Set([
  'string',
  'text',
  'password',
  'code',
  'copy',
  'file',
  'datetime',
]);

function matchesType(value: unknown, type: string): boolean {
  if (STRING_TYPES.has(type)) {
    return typeof value === 'string';
  }
  switch (type) {
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    default:
      return true;
  }
}

function describe(value: unknown): string {
  if (Array.isArray(value)) {
    return 'a list';
  }
  if (value === null) {
    return 'null';
  }
  return typeof value === 'object'
    ? 'an object'
    : `${typeof value} ${JSON.stringify(value)}`;
}

export interface OutputFieldProblem {
  /** The output field's key. */
  key: string;
  problem: string;
}

/** A list's elements are single values (not line items, which are objects). */
const isListOfValues = (value: unknown[]) =>
  value.length > 0 &&
  value.every((element) => !isRecord(element) && !Array.isArray(element));

/**
 * How a sample is read against its output fields. Zapier's D024 (its
 * verdicts, docs/rules/D024.md) takes a field without a type as a string,
 * and flattens a `list` field's list of single values to one string; its
 * checks of live results (T005, Z001) are not known to do either.
 */
export interface OutputFieldReading {
  untypedIsString: boolean;
  valuesListIsString: boolean;
}

const LIVE_READING: OutputFieldReading = {
  untypedIsString: false,
  valuesListIsString: false,
};

/**
 * What in an item breaks its output fields: a required field missing, or a
 * value of another type than its field's (a `list` field holds a list, a
 * `dict` field an object; a field with `children`, line items, is not
 * compared). Null stands for "no value" and is accepted where the field is
 * not required.
 */
export function outputFieldProblems(
  item: Item,
  fields: FieldDefinition[],
  reading: OutputFieldReading = LIVE_READING,
): OutputFieldProblem[] {
  const problems: OutputFieldProblem[] = [];
  const add = (key: string, problem: string) => problems.push({ key, problem });
  for (const field of fields) {
    if (field.key === undefined) {
      continue;
    }
    const value = valueAt(item, field.key);
    if (value === undefined || value === null) {
      if (field.required === true) {
        add(field.key, `required output field "${field.key}" is missing`);
      }
      continue;
    }
    if (field.children !== undefined) {
      continue;
    }
    const type = field.type ?? (reading.untypedIsString ? 'string' : undefined);
    if (field.list === true) {
      if (!Array.isArray(value)) {
        add(field.key, `"${field.key}" is a list field but holds ${describe(value)}`);
      } else if (reading.valuesListIsString && isListOfValues(value)) {
        add(
          field.key,
          `"${field.key}" is a list field, but its list of values reads as one string to Zapier ("string" in sample while "list" in the definition)`,
        );
      }
    } else if (field.dict === true) {
      if (!isRecord(value)) {
        add(field.key, `"${field.key}" is a dict field but holds ${describe(value)}`);
      }
    } else if (type !== undefined && !matchesType(value, type)) {
      add(
        field.key,
        field.type === undefined
          ? `"${field.key}" has no type, which Zapier takes as string, but holds ${describe(value)}`
          : `"${field.key}" is of type ${type} but holds ${describe(value)}`,
      );
    }
  }
  return problems;
}

/** The keys that identify an item: the output fields marked `primary`, else `id`. */
export function primaryKeys(fields: FieldDefinition[]): string[] {
  const marked = fields.filter(
    (field) => field.primary === true && field.key !== undefined,
  );
  return marked.length > 0 ? marked.map((field) => field.key as string) : ['id'];
}

/**
 * ISO 8601 as APIs write it (RFC 3339's profile): `YYYY-MM-DD`, or with
 * `THH:MM[:SS[.fraction]]` and a zone, `Z` or `±HH[:]MM`; a fraction of at
 * most six digits, microseconds, as Zapier parses it (a seven-digit one was
 * fixed for its validation: docs/rules/D023.md). The parts are captured to be
 * checked as a calendar and a clock, not matched as a shape.
 */
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(Z|[+-](\d{2}):?(\d{2})))?$/;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Whether a text is an ISO 8601 date, or date and time with a zone, that
 * exists: a month 01–12, a day the month has (29 February in leap years
 * only), hours 00–23, minutes 00–59, seconds 00–60 (a leap second), a zone
 * offset within ±23:59.
 */
export function isIso8601(value: string): boolean {
  const match = ISO_DATE_TIME.exec(value);
  if (match === null) {
    return false;
  }
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = match
    .slice(1, 7)
    .map((part) => Number(part ?? 0));
  const [zoneHours = 0, zoneMinutes = 0] = match
    .slice(8)
    .map((part) => Number(part ?? 0));
  return (
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month) &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 60 &&
    zoneHours <= 23 &&
    zoneMinutes <= 59
  );
}

/** A zone as ISO 8601 writes it: `Z` for UTC (by name too), else `±HH:MM`; undefined for another name (CET: its offset depends on the date). */
function isoZone(zone: string): string | undefined {
  if (/^(?:Z|UTC?|GMT)$/i.test(zone)) {
    return 'Z';
  }
  const offset = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
  return offset === null ? undefined : `${offset[1]}${offset[2]}:${offset[3] ?? '00'}`;
}

/** A date and time as APIs write them, the zone after a space or joined: 2026-03-14 09:26:53 GMT. */
const DATE_TIME_ZONED =
  /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?) ?([Zz]|[+-]\d{2}(?::?\d{2})?|UTC?|GMT)$/;

const MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** RFC 2822's date and time: Tue, 14 Mar 2026 09:26:53 GMT (or +0100). */
const RFC_2822 =
  /^(?:([A-Z][a-z]{2}), )?(\d{1,2}) ([A-Z][a-z]{2}) (\d{4}) (\d{2}:\d{2}(?::\d{2})?) (UTC?|GMT|Z|[+-]\d{4})$/;

/**
 * A date and time whose zone the value itself gives (`Z`, an offset, UTC or
 * GMT by name), as ISO 8601 writes it: `2026-03-14T09:26:53Z`; undefined
 * when the value gives no zone, names one by an abbreviation, or is no date
 * that exists (a weekday that is not the date's among them).
 */
export function isoWithZone(value: string): string | undefined {
  const zoned = DATE_TIME_ZONED.exec(value);
  const rfc = zoned === null ? RFC_2822.exec(value) : null;
  let written: string | undefined;
  if (zoned !== null) {
    const [, date = '', time = '', zone = ''] = zoned;
    const iso = isoZone(zone);
    written = iso === undefined ? undefined : `${date}T${time}${iso}`;
  } else if (rfc !== null) {
    const [, weekday, day = '', monthName = '', year = '', time = '', zone = ''] = rfc;
    const month = MONTHS.indexOf(monthName) + 1;
    const iso = isoZone(zone);
    const date = `${year}-${String(month).padStart(2, '0')}-${day.padStart(2, '0')}`;
    const dayOfWeek = WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()];
    written =
      month === 0 || iso === undefined || (weekday !== undefined && weekday !== dayOfWeek)
        ? undefined
        : `${date}T${time}${iso}`;
  }
  return written !== undefined && isIso8601(written) ? written : undefined;
}

/** A date and time with no zone, as ISO 8601 would write it in UTC: the author's to confirm. */
export function isoAsUtc(value: string): string | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?)$/.exec(
    value,
  );
  const written = match === null ? undefined : `${match[1]}T${match[2]}Z`;
  return written !== undefined && isIso8601(written) ? written : undefined;
}

/**
 * Text shaped as an ISO date, alone or followed by a time: a value meant as
 * a date, valid or not ("2026-13-01", "2026-03-14T123:00:00Z"). The time may
 * have a 12-hour clock's AM or PM, and a zone joined to it (`Z`, `+01:00`)
 * or written after a space, as an offset or a zone's name (`+0100`, `GMT`,
 * `CET`, `EST`: a status such as `DONE` is none).
 * Not text that starts with one and goes on: a file name
 * ("2026-03-14-report.pdf"), an ID ("2026-03-14T09:26:53Z-7f3a").
 */
const ISO_SHAPED =
  /^\d{4}-\d{1,2}-\d{1,2}(?:[Tt ][\d:.,]+(?: ?[AaPp][Mm])?(?:[Zz]|[+-][\d:]+| (?:[+-][\d:]+|UTC?|GMT|[A-Z]{1,4}T))?)?$/;

const MONTH = '(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*';
/** A weekday's name, with its comma: "Tue, ", "Tuesday ". */
const WEEKDAY = '(mon|tue|wed|thu|fri|sat|sun)[a-z]*';
const WEEKDAY_BEFORE = `(${WEEKDAY},? +)?`;
/** A day of the month, maybe ordinal: 14, 14th, 1st. */
const DAY = '\\d{1,2}(st|nd|rd|th)?';
const TIME = '\\d{1,2}:\\d{2}(:\\d{2}(\\.\\d+)?)?';
/** Text that is a date (or a date and time) as a whole, in the forms APIs send. */
const DATE_LIKE = [
  ISO_SHAPED, // 2026-03-14, 2026-03-14 09:26, 2026-03-14T09:26:53Z, 2026-03-14 09:26 GMT
  new RegExp(`^\\d{4}/\\d{1,2}/\\d{1,2}([ T]${TIME}.*)?$`), // 2026/03/14
  new RegExp(`^${WEEKDAY} +${MONTH} +\\d{1,2} +${TIME} +[+-]\\d{4} +\\d{4}$`, 'i'), // Tue Sep 04 15:55:52 +0000 2012
  // 14 March 2026, Tue, 14 Mar 2026 09:26:53 GMT (RFC 2822), 1st Mar 2026
  new RegExp(`^${WEEKDAY_BEFORE}${DAY} +${MONTH},? +\\d{4}( +${TIME}.*)?$`, 'i'),
  // March 14, 2026, Tuesday, March 14th, 2026
  new RegExp(`^${WEEKDAY_BEFORE}${MONTH} +${DAY},? +\\d{4}( +${TIME}.*)?$`, 'i'),
  new RegExp(`^${DAY}-${MONTH}-\\d{2,4}( +${TIME}.*)?$`, 'i'), // 14-Mar-2026
];
/** 03/14/2026, 14.03.2026, 14-03-26: one of day and month may be above 12, never 0. */
const NUMERIC_DATE = new RegExp(
  `^(\\d{1,2})([/.-])(\\d{1,2})\\2(\\d{4}|\\d{2})([ T]${TIME}.*)?$`,
);

function isNumericDate(text: string): boolean {
  const match = NUMERIC_DATE.exec(text);
  if (match === null) {
    return false;
  }
  const [first, second] = [Number(match[1]), Number(match[3])];
  return (
    first >= 1 &&
    second >= 1 &&
    first <= 31 &&
    second <= 31 &&
    (first <= 12 || second <= 12)
  );
}

/** A key whose last word names an identifier: `id`, `event_id`, `uid`, `guids`. */
const namesAnId = (key: string) => endsInIdWord(key.split('__').at(-1) ?? key);

/**
 * Values that are dates, ISO or not: what the output field says is a
 * datetime, and text that reads as a date as a whole (so a version `0.1.15`
 * or a phone number `01.11.11.11.11` is none). A number is no date format:
 * an epoch (`createdAt: 1472069465`) is left alone, as Zapier's page shows
 * only text. A value under a key that names an ID is none, unless its field
 * is a datetime.
 */
export function looksLikeDate(
  key: string,
  value: unknown,
  field?: FieldDefinition,
): boolean {
  if (field?.type === 'datetime' && typeof value === 'string') {
    return true;
  }
  // An ID is an ID whatever it starts with (`id: "20260314-0915-a7"`).
  if (typeof value !== 'string' || namesAnId(key)) {
    return false;
  }
  const text = value.trim();
  return isNumericDate(text) || DATE_LIKE.some((pattern) => pattern.test(text));
}

/**
 * Every value of an item with its flat key, lists included: an element is
 * named by its list's key (`visits__at` for `visits: [{ at }]`).
 */
function* leavesOf(value: unknown, key: string): Generator<[string, unknown]> {
  if (Array.isArray(value)) {
    for (const element of value) {
      yield* leavesOf(element, key);
    }
  } else if (isRecord(value) && Object.keys(value).length > 0) {
    for (const [childKey, child] of Object.entries(value)) {
      yield* leavesOf(child, key === '' ? childKey : `${key}__${childKey}`);
    }
  } else {
    yield [key, value];
  }
}

/**
 * Every key of an item with a date-like value that is not ISO 8601 with a
 * zone, once (the elements of a list are one key: `visits__at`), with the
 * first such value as JSON.
 */
export function nonIsoDates(
  item: Item,
  fields: FieldDefinition[],
): { key: string; value: string }[] {
  const fieldByKey = new Map(fields.map((field) => [field.key, field]));
  const found = new Map<string, string>();
  for (const [key, value] of leavesOf(item, '')) {
    if (
      !found.has(key) &&
      looksLikeDate(key, value, fieldByKey.get(key)) &&
      !(typeof value === 'string' && isIso8601(value))
    ) {
      found.set(key, JSON.stringify(value));
    }
  }
  return Array.from(found, ([key, value]) => ({ key, value }));
}

/** Each visible step that has a sample (see `sampleOf`), with it. */
export function visibleSamples(
  definition: AppDefinition,
): { step: Step; sample: Item }[] {
  return visibleSteps(definition).flatMap((step) => {
    const sample = sampleOf(step.definition.operation);
    return sample === undefined ? [] : [{ step, sample }];
  });
}
