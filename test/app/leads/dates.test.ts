/** src/leads/dates.ts: date-like values to ISO 8601, anything else as sent. */
import { flatten as flattenToBag } from '../../../src/leads/flatten';
import type { JsonObject } from '../../../src/json';

const flatten = (object: JsonObject) => flattenToBag(object).toObject();

describe('dates', () => {
  it.each([
    ['2026-03-14T10:26:53+01:00', '2026-03-14T09:26:53.000Z'],
    ['2026-03-14 09:26:53', '2026-03-14T09:26:53.000Z'],
    ['Sat, 14 Mar 2026 09:26:53 GMT', '2026-03-14T09:26:53.000Z'],
    [1773480413, '2026-03-14T09:26:53.000Z'],
    [1773480413000, '2026-03-14T09:26:53.000Z'],
    ['1773480413', '2026-03-14T09:26:53.000Z'],
    ['2026-03-14', '2026-03-14'],
    ['yesterday', 'yesterday'],
    ['not 2026 at all', 'not 2026 at all'],
    [true, true],
  ])('created_at %j becomes %j', (value, expected) => {
    expect(flatten({ created_at: value }).created_at).toBe(expected);
  });

  it('recognises date keys by their name only', () => {
    expect(
      flatten({
        submittedAt: 1773480413,
        event: { date: '2026-03-14 09:26' },
        phone: '1773480413',
      }),
    ).toEqual({
      submitted_at: '2026-03-14T09:26:53.000Z',
      event__date: '2026-03-14T09:26:00.000Z',
      phone: '1773480413',
    });
  });
});
