/** src/leads/well-known-fields.ts: email, names, phone and submission time, whatever a form calls them. */
import { onlyLead } from '../helpers';

describe('well-known fields', () => {
  it('splits a full name into first and last', () => {
    expect(onlyLead({ email: 'a@x.org', name: 'Ada King Lovelace' })).toMatchObject({
      first_name: 'Ada',
      last_name: 'King Lovelace',
      full_name: 'Ada King Lovelace',
    });
  });

  it('joins first and last into a full name', () => {
    expect(onlyLead({ firstName: 'Ada', lastName: 'Lovelace' })).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      full_name: 'Ada Lovelace',
    });
  });

  it('gives all three even for a one-word name', () => {
    expect(onlyLead({ first_name: 'Cher' })).toMatchObject({
      first_name: 'Cher',
      last_name: '',
      full_name: 'Cher',
    });
    expect(onlyLead({ name: 'Prince' })).toMatchObject({
      first_name: 'Prince',
      last_name: '',
      full_name: 'Prince',
    });
  });

  it('finds contact details inside the form fields', () => {
    const lead = onlyLead({
      fields: { 'E-mail Address': 'x@y.org', Phone: '+1 555 0100' },
    });
    expect(lead).toMatchObject({
      email: 'x@y.org',
      phone: '+1 555 0100',
      fields__e_mail_address: 'x@y.org',
    });
  });

  it('does not take the page name for the person', () => {
    const lead = onlyLead({ email: 'a@x.org', page: { name: 'Spring Launch' } });
    expect(lead).not.toHaveProperty('full_name');
    expect(lead.page__name).toBe('Spring Launch');
  });

  it('puts the well-known fields first, in a fixed order', () => {
    const lead = onlyLead({
      zip: '75001',
      phone: '1',
      name: 'Ada Lovelace',
      email: 'a@x.org',
    });
    expect(Object.keys(lead)).toEqual([
      'id',
      'email',
      'first_name',
      'last_name',
      'full_name',
      'phone',
      'zip',
      'name',
      'is_sample',
    ]);
  });
});
