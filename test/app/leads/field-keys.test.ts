/** src/leads/field-keys.ts: a field's name as a key. */
import { fieldKey } from '../../../src/leads/field-keys';

describe('field keys', () => {
  it.each([
    ['firstName', 'first_name'],
    ['First Name', 'first_name'],
    ['page[name]', 'page__name'],
    ['fields[Company Name]', 'fields__company_name'],
    ['Téléphone', 'telephone'],
    ['UTM-Source', 'utm_source'],
    ['???', 'field'],
  ])('%s → %s', (raw, expected) => {
    expect(fieldKey(raw)).toBe(expected);
  });
});
