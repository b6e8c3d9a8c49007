/** src/leads/identity.ts: the lead's own id, or a hash of its content. */
import { onlyLead } from '../helpers';

describe('lead ids', () => {
  it("uses the lead's own id", () => {
    expect(onlyLead({ id: 'lead_1', email: 'a@x.org' }).id).toBe('lead_1');
    expect(onlyLead({ leadId: 7, email: 'a@x.org' })).toEqual({
      id: '7',
      email: 'a@x.org',
      is_sample: false,
    });
  });

  it('derives a stable id from the content when the lead has none', () => {
    const first = onlyLead({ email: 'a@x.org', fields: { b: 1, a: 2 } });
    const again = onlyLead({ fields: { a: 2, b: 1 }, email: 'a@x.org' });
    const other = onlyLead({ email: 'b@x.org', fields: { b: 1, a: 2 } });
    expect(first.id).toMatch(/^hash-[0-9a-f]{32}$/);
    expect(again.id).toBe(first.id);
    expect(other.id).not.toBe(first.id);
  });

  it('keeps the id stable when only the envelope changes between retries', () => {
    const lead = { email: 'a@x.org' };
    const first = onlyLead({ event: 'lead.created', sent_at: 1773480413, data: lead });
    const retry = onlyLead({ event: 'lead.created', sent_at: 1773480999, data: lead });
    expect(retry.id).toBe(first.id);
  });

  it('keeps a lead field called is_sample without confusing it with the sample marker', () => {
    expect(onlyLead({ id: 'x', is_sample: 'yes' })).toEqual({
      id: 'x',
      is_sample_2: 'yes',
      is_sample: false,
    });
  });
});
