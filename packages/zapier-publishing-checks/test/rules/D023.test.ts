import { checkApp } from '../../src/check-app';
import rule from '../../src/rules/D023-sample-dates-are-iso-8601';
import type { TestInput } from '../rule-tester';
import { changed, runItem, sample, step, testRule } from '../rule-tester';

/**
 * A change that sets `key` in New Contact's sample; a new key comes in its
 * local run too, empty, so that only the sample's value is new (T004).
 */
const withSampleValue =
  (key: string, value: unknown) =>
  (input: TestInput): void => {
    sample(input, 'triggers.new_contact')[key] = value;
    runItem(input, 'triggers.new_contact', 'perform')[key] ??= null;
  };

/** The finding for the value at `key` (a flat key) of New Contact's sample. */
const notIso = (key: string, value: unknown) => ({
  at: `triggers.new_contact ${key}`,
  message: `the sample's ${key}: ${JSON.stringify(value)}: write it as ISO 8601 with a zone, e.g. 2026-03-14T09:26:53Z`,
});

testRule(rule, {
  valid: [
    ...(
      [
        ['version', '0.1.15'],
        ['phone', '01.11.11.11.11'],
        ['build', '2.10.2026.4'],
        ['duration_time', 30],
      ] as const
    ).map(([key, value]) => ({
      name: `${key} ${JSON.stringify(value)} is no date`,
      change: withSampleValue(key, value),
    })),
    ...(
      [
        ['zip', '1472069465'],
        ['order_number', 1472069465],
      ] as const
    ).map(([key, value]) => ({
      name: `digits under ${key}: no moment is named`,
      change: withSampleValue(key, value),
    })),
    ...(
      [
        ['createdAt', 1472069465],
        ['created', 1472069465123],
        ['scheduledFor', 1472069465],
        ['sent_on', 1472069465000],
        ['createdAt', '1472069465'],
        ['updated_at', '1472069465000'],
      ] as const
    ).map(([key, value]) => ({
      name: `an epoch is no date format Zapier reads: ${key} ${JSON.stringify(value)}`,
      change: withSampleValue(key, value),
    })),
    {
      name: "an epoch under a datetime output field is no date either (its type is D024's)",
      change: withSampleValue('created_at', 1472069465),
      alsoChanges: ['D024'],
    },
    ...(
      [
        ['event_id', '03/14/2026'],
        ['id', '20260314-0915-a7'],
        ['visitId', '14.03.2026'],
        ['order_uid', 'Tue Sep 04 15:55:52 +0000 2012'],
      ] as const
    ).map(([key, value]) => ({
      name: `a value under a key naming an ID is an ID: ${key} ${JSON.stringify(value)}`,
      change: withSampleValue(key, value),
    })),
    ...['2026-03-14T09:26:53Z-7f3a', '2026-03-14T09:26:53Z.json'].map((value) => ({
      name: `text that starts as an ISO date and goes on is none: "${value}"`,
      change: withSampleValue('reference', value),
    })),
    ...['2026-01-01T00:00:00.000Z', '2026-03-14T09:26:53.123456+01:00'].map((value) => ({
      name: `a fraction of up to six digits: "${value}", as Zapier took it`,
      change: withSampleValue('created_at', value),
    })),
    ...['2024-02-29', '2026-03-14T23:59:60+05:30', '2026-12-31T00:00Z'].map((value) => ({
      name: `"${value}": a date and time that exists, with its zone`,
      change: withSampleValue('created_at', value),
    })),
    {
      name: 'a file name that starts with a date',
      change: withSampleValue('file_name', '2026-03-14-report.pdf'),
    },
    ...(
      [
        ['status', '2026-03-14 09:26 DONE'],
        ['zip', '12345-6789'],
        ['phone', '+1 555-123-4567'],
        ['amount', '1,234.56'],
        ['release', 'v2026.03.14'],
        ['note', 'March 14th was a Tuesday'],
      ] as const
    ).map(([key, value]) => ({
      name: `${key} ${JSON.stringify(value)} does not read as a date as a whole`,
      change: withSampleValue(key, value),
    })),
    {
      name: 'the hidden step it leaves alone: a sample no user sees',
      change: (input) => {
        step(input, 'triggers.new_contact').display!.hidden = true;
        sample(input, 'triggers.new_contact').created_at = '03/14/2026 09:26';
      },
    },
  ],
  invalid: [
    {
      name: 'a date written month first, without a zone',
      change: withSampleValue('created_at', '03/14/2026 09:26'),
      findings: [notIso('created_at', '03/14/2026 09:26')],
    },
    {
      name: 'a time without a zone',
      change: withSampleValue('visits', '2026-03-14T09:26:53'),
      findings: [notIso('visits', '2026-03-14T09:26:53')],
    },
    {
      name: 'a date in a list',
      change: withSampleValue('visits', ['03/14/2026']),
      findings: [notIso('visits', '03/14/2026')],
    },
    {
      name: 'a date inside an object in a list',
      change: withSampleValue('visits', [{ at: '03/14/2026 09:26' }]),
      findings: [notIso('visits__at', '03/14/2026 09:26')],
    },
    ...(
      [
        ['updatedAt', 'Tue Sep 04 15:55:52 +0000 2012'],
        ['visit_date', '14.03.2026'],
        ['starts', '2026-03-14 09:26:53'],
      ] as const
    ).map(([key, value]) => ({
      name: `${key}: ${JSON.stringify(value)} is a date, not ISO 8601`,
      change: withSampleValue(key, value),
      findings: [notIso(key, value)],
    })),
    ...(
      [
        ['lastRun', '2017-10-07 20:05:00 GMT'],
        ['nextRun', '2026-03-14T09:26:53 UTC'],
        ['sent_at', '2026-03-14 09:26:53 +0100'],
        ['start', '2026-03-14 9:26 PM'],
        ['ends', '2026-03-14 09:26 CET'],
      ] as const
    ).map(([key, value]) => ({
      name: `${key}: ${JSON.stringify(value)}, an ISO date and a time whose zone or clock is written apart, is not ISO 8601`,
      change: withSampleValue(key, value),
      findings: [notIso(key, value)],
    })),
    ...(
      [
        ['due', 'Tuesday, March 14, 2026'],
        ['due', 'March 14th, 2026'],
        ['due', '1st Mar 2026'],
        ['due', '14-Mar-2026'],
        ['due', '14-Mar-2026 09:26:53'],
      ] as const
    ).map(([key, value]) => ({
      name: `${JSON.stringify(value)}: a weekday, an ordinal day or a day-month-year with dashes is a date`,
      change: withSampleValue(key, value),
      findings: [notIso(key, value)],
    })),
    {
      name: 'a fraction of seven digits is not ISO 8601 as Zapier parses it',
      change: withSampleValue('created_at', '2020-09-16T13:27:02.6487445-04:00'),
      findings: [notIso('created_at', '2020-09-16T13:27:02.6487445-04:00')],
    },
    {
      name: 'a key naming an ID whose output field says it is a datetime',
      change: (input) => {
        withSampleValue('event_id', '03/14/2026')(input);
        step(input, 'triggers.new_contact').operation!.outputFields!.push({
          key: 'event_id',
          type: 'datetime',
        });
      },
      findings: [notIso('event_id', '03/14/2026')],
    },
    {
      name: 'one finding per key: the dates of a list are one key, said with the first',
      change: withSampleValue('visits', ['03/14/2026', '04/01/2026', '2026-04-02']),
      findings: [notIso('visits', '03/14/2026')],
    },
    {
      name: 'one finding per key: the objects of a list too',
      change: withSampleValue('visits', [
        { at: '03/14/2026 09:26' },
        { at: '04/01/2026 10:00' },
      ]),
      findings: [notIso('visits__at', '03/14/2026 09:26')],
    },
    ...[
      '2026-03-14T123:00:00Z',
      '2026-02-30T09:26:53Z',
      '2026-02-29',
      '2026-03-14T09:61Z',
    ].map((value) => ({
      // Under a key no output field types: read for its shape alone.
      name: `"${value}" is shaped as a date and time that does not exist`,
      change: withSampleValue('starts', value),
      findings: [notIso('starts', value)],
    })),
  ],
  output: [
    {
      name: 'a zone the value gives, after a space: rewritten as ISO 8601, the comment kept',
      change: withSampleValue('synced', '2026-03-14 09:26:53 GMT'),
      code: [
        'module.exports = {',
        "  key: 'new_contact',",
        "  operation: { sample: { id: 1, synced: '2026-03-14 09:26:53 GMT' /* UTC */ } },",
        '};',
        '',
      ].join('\n'),
      output: [
        'module.exports = {',
        "  key: 'new_contact',",
        "  operation: { sample: { id: 1, synced: '2026-03-14T09:26:53Z' /* UTC */ } },",
        '};',
        '',
      ].join('\n'),
    },
    {
      name: 'RFC 2822 with an offset, in a TypeScript step: its offset kept',
      change: withSampleValue('sent_at', 'Sat, 14 Mar 2026 09:26:53 +0100'),
      file: 'src/triggers/contact.ts',
      code: [
        'export default { key: \'new_contact\', operation: { sample: { sent_at: "Sat, 14 Mar 2026 09:26:53 +0100" } } };',
        '',
      ].join('\n'),
      output: [
        'export default { key: \'new_contact\', operation: { sample: { sent_at: "2026-03-14T09:26:53+01:00" } } };',
        '',
      ].join('\n'),
    },
  ],
});

/** New Contact's D023 finding for a sample value: its fix and suggestions. */
function fixOf(value: string) {
  const input = changed(withSampleValue('starts', value));
  const [finding] =
    checkApp(input, [rule]).find((result) => result.meta.id === 'D023')?.findings ?? [];
  return { fix: finding?.fix, suggestions: finding?.suggestions };
}

describe('the fix: only where the value gives its zone', () => {
  it.each([
    ['2024-01-02 10:00:00Z', '2024-01-02T10:00:00Z'],
    ['2024-01-02 10:00:00+01:00', '2024-01-02T10:00:00+01:00'],
    ['2024-01-02T10:00:00 GMT', '2024-01-02T10:00:00Z'],
    ['2024-01-02 10:00 UTC', '2024-01-02T10:00Z'],
    ['2024-01-02 10:00:00 -0500', '2024-01-02T10:00:00-05:00'],
    ['2024-01-02t10:00:00.123z', '2024-01-02T10:00:00.123Z'],
    ['Tue, 02 Jan 2024 10:00:00 GMT', '2024-01-02T10:00:00Z'],
    ['2 Jan 2024 10:00 +0100', '2024-01-02T10:00+01:00'],
  ])('%s: --fix writes %s', (value, text) => {
    expect(fixOf(value)).toEqual({
      fix: { path: 'triggers.new_contact.operation.sample.starts', value, text },
      suggestions: undefined,
    });
  });

  it.each([
    [
      '2024-01-02 10:00 CET',
      'a zone by an abbreviation, whose offset depends on the date',
    ],
    ['Wed, 02 Jan 2024 10:00:00 GMT', 'a weekday that is not the date’s'],
    ['2024-02-30 10:00:00 GMT', 'a date that does not exist'],
    ['2024-01-02 9:00 PM', 'a 12-hour clock'],
    ['03/14/2026 09:26', 'no ISO date'],
  ])('%s: no fix (%s), no suggestion', (value) => {
    expect(fixOf(value)).toEqual({ fix: undefined, suggestions: undefined });
  });

  it('a time without its zone: no fix, a suggestion', () => {
    expect(fixOf('2024-01-02 10:00:00')).toEqual({
      fix: undefined,
      suggestions: [
        {
          description: 'if the time is UTC, say so: the value gives no zone',
          path: 'triggers.new_contact.operation.sample.starts',
          text: '"2024-01-02T10:00:00Z"',
        },
      ],
    });
  });
});
