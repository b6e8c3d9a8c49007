/** src/leads/flatten.ts: nested values to flat keys, every value kept. */
import { flatten as flattenToBag } from '../../../src/leads/flatten';
import type { JsonObject } from '../../../src/json';

const flatten = (object: JsonObject) => flattenToBag(object).toObject();

describe('flattening', () => {
  it('joins nested keys with a double underscore', () => {
    expect(flatten({ page: { name: 'Spring', owner: { email: 'o@x.org' } } })).toEqual({
      page__name: 'Spring',
      page__owner__email: 'o@x.org',
    });
  });

  it('keeps lists of plain values as lists', () => {
    expect(flatten({ tags: ['vip', 'webinar'], scores: [1, 2] })).toEqual({
      tags: ['vip', 'webinar'],
      scores: [1, 2],
    });
  });

  it('turns a list of name/value pairs into one field each', () => {
    expect(
      flatten({
        fields: [
          { name: 'Company', value: 'Acme' },
          { label: 'Team size', value: 12 },
          { key: 'address', value: { city: 'Paris' } },
        ],
      }),
    ).toEqual({
      fields__company: 'Acme',
      fields__team_size: 12,
      fields__address__city: 'Paris',
    });
  });

  it('numbers the items of any other list, from 1', () => {
    expect(flatten({ answers: [{ q: 'Why?', a: 'Because' }, 'plain'] })).toEqual({
      answers__1__q: 'Why?',
      answers__1__a: 'Because',
      answers__2: 'plain',
    });
  });

  it('keeps empty objects and missing values as empty fields', () => {
    expect(flatten({ extra: {}, note: undefined, nothing: null })).toEqual({
      extra: null,
      note: null,
      nothing: null,
    });
  });

  it('never loses a value when two keys clean up to the same name', () => {
    expect(flatten({ 'First Name': 'Ada', first_name: 'Grace' })).toEqual({
      first_name: 'Ada',
      first_name_2: 'Grace',
    });
  });
});
