/**
 * `npm run bench`: how the time `leadsFrom` takes grows with the number of
 * fields in a delivery, against a JSON round trip of the same delivery, for
 * ordinary field names and for names that all clean to the same key.
 */
import { fieldKey } from '../src/leads/field-keys';
import { leadsFrom } from '../src/leads/items';
import type { DeliveredLeads } from '../src/leads/items';

const FIELD_COUNTS = [100, 1_000, 10_000, 100_000];
const MIN_MILLIS = 300;
const MIN_REPETITIONS = 5;
const MAX_REPETITIONS = 10_000;
/** Warm-up runs at least once, and for at least this long. */
const WARM_UP_MILLIS = 100;
/** The digits of the index in base 8: every name cleans to `field`, and grows only logarithmically. */
const PUNCTUATION_DIGITS = '!?#$%&*+';

type Kind = 'ordinary' | 'colliding';

function ordinaryName(index: number): string {
  return `Question ${index + 1}`;
}

function collidingName(index: number): string {
  const digits = [...index.toString(8)].map((digit) => PUNCTUATION_DIGITS[Number(digit)]);
  return `Field${digits.join('')}`;
}

function delivery(kind: Kind, fieldCount: number): object {
  const nameOf = kind === 'ordinary' ? ordinaryName : collidingName;
  const fields: Record<string, string> = {};
  for (let index = 0; index < fieldCount; index += 1) {
    const name = nameOf(index);
    if (kind === 'colliding' && fieldKey(name) !== 'field') {
      fail(`${name} cleans to ${fieldKey(name)}, not to field`);
    }
    fields[name] = `answer ${index + 1}`;
  }
  if (Object.keys(fields).length !== fieldCount) {
    fail(`${kind} delivery has fewer than ${fieldCount} distinct field names`);
  }
  return {
    event: 'lead.created',
    id: 'dlv_1',
    created_at: '2026-03-14T09:26:54Z',
    project: { id: 'prj_1', name: 'Spring Launch' },
    data: {
      id: 'lead_1',
      email: 'ada@example.org',
      firstName: 'Ada',
      lastName: 'Lovelace',
      createdAt: '2026-03-14T09:26:53Z',
      page: {
        id: 'page_1',
        name: 'Spring Launch',
        url: 'https://pages.example.org/spring',
      },
      fields,
    },
  };
}

function fail(message: string): never {
  process.stderr.write(`bench: ${message}\n`);
  process.exit(1);
}

/** Every field of the delivery is in the one item, under `fields__`. */
function checkItems(kind: Kind, fieldCount: number, { leads }: DeliveredLeads): void {
  const [item] = leads;
  if (leads.length !== 1 || item === undefined) {
    fail(`${kind}, ${fieldCount} fields: ${leads.length} items instead of 1`);
  }
  const fieldKeys = Object.keys(item).filter((key) => key.startsWith('fields__'));
  if (fieldKeys.length !== fieldCount) {
    fail(`${kind}, ${fieldCount} fields: the item has ${fieldKeys.length} fields__ keys`);
  }
}

interface Timing<T> {
  medianMillis: number;
  /** What the last timed call returned, to check that the work timed was the right one. */
  lastResult: T;
}

/** Median milliseconds per call, after a warm-up. */
function time<T>(call: () => T): Timing<T> {
  const warmUpStarted = performance.now();
  let lastResult: T;
  do {
    lastResult = call();
  } while (performance.now() - warmUpStarted < WARM_UP_MILLIS);
  const times: number[] = [];
  const started = performance.now();
  while (
    times.length < MAX_REPETITIONS &&
    (times.length < MIN_REPETITIONS || performance.now() - started < MIN_MILLIS)
  ) {
    const before = process.hrtime.bigint();
    lastResult = call();
    times.push(Number(process.hrtime.bigint() - before) / 1e6);
  }
  times.sort((a, b) => a - b);
  const middle = Math.floor(times.length / 2);
  const medianMillis =
    times.length % 2 === 1 ? times[middle]! : (times[middle - 1]! + times[middle]!) / 2;
  return { medianMillis, lastResult };
}

function format(value: number, digits: number): string {
  return value.toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

/** Per-field time at the most fields over per-field time at the fewest. */
function growthOf(microsPerField: number[]): number {
  return microsPerField.at(-1)! / microsPerField[0]!;
}

function main(): void {
  process.stdout.write(
    `leadsFrom vs JSON.parse(JSON.stringify(body)), Node ${process.version}\n` +
      `ordinary names: "Question 1" … "Question N"; ` +
      `colliding names: "Field" + the index in base 8 over ${PUNCTUATION_DIGITS} ` +
      `("Field!", "Field?", …), all cleaning to field\n\n` +
      '| kind | fields | leadsFrom (ms, median) | JSON round trip (ms, median) | ratio | µs per field |\n' +
      '|---|---:|---:|---:|---:|---:|\n',
  );
  const growth: string[] = [];
  for (const kind of ['ordinary', 'colliding'] as const) {
    const leadsMicrosPerField: number[] = [];
    const jsonMicrosPerField: number[] = [];
    for (const fieldCount of FIELD_COUNTS) {
      const body = delivery(kind, fieldCount);
      const leads = time(() => leadsFrom(body));
      checkItems(kind, fieldCount, leads.lastResult);
      const leadsMillis = leads.medianMillis;
      const jsonMillis = time(
        () => JSON.parse(JSON.stringify(body)) as unknown,
      ).medianMillis;
      const perField = (leadsMillis * 1000) / fieldCount;
      leadsMicrosPerField.push(perField);
      jsonMicrosPerField.push((jsonMillis * 1000) / fieldCount);
      process.stdout.write(
        `| ${kind} | ${format(fieldCount, 0)} | ${format(leadsMillis, 3)} | ` +
          `${format(jsonMillis, 3)} | ${format(leadsMillis / jsonMillis, 1)} | ` +
          `${format(perField, 3)} |\n`,
      );
    }
    growth.push(
      `${kind} ${format(growthOf(leadsMicrosPerField), 2)} ` +
        `(JSON round trip ${format(growthOf(jsonMicrosPerField), 2)})`,
    );
  }
  process.stdout.write(
    `\nleadsFrom per-field time, ${format(FIELD_COUNTS.at(-1)!, 0)} vs ` +
      `${format(FIELD_COUNTS[0]!, 0)} fields (≈1 means linear): ${growth.join(', ')}\n`,
  );
}

main();
