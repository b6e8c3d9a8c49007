import type { Lead } from '../../../src/leads/fields';
import {
  isFromPage,
  pageKey,
  pagesNamedBy,
  wantedPage,
} from '../../../src/leads/page-filter';

const lead = (fields: Record<string, string | number>): Lead => ({
  id: 'lead_1',
  is_sample: false,
  ...fields,
});
const springLead = lead({
  page__id: 'page_spring',
  page__name: 'Spring Launch – Early Access',
  page__url: 'https://pages.example.org/spring-launch',
});

describe('the Page filter', () => {
  it.each([
    'page_spring',
    'PAGE_SPRING',
    'spring launch – early access',
    '  Spring Launch – Early Access ',
    'https://pages.example.org/spring-launch',
    'pages.example.org/spring-launch/',
    'http://www.pages.example.org/spring-launch',
  ])('keeps a lead whose page is %j', (typed) => {
    expect(isFromPage(springLead, wantedPage(typed)!)).toBe(true);
  });

  it.each(['Spring', 'page_spring_2', 'pages.example.org', 'Webinar Signup'])(
    'does not keep it for %j',
    (typed) => {
      expect(isFromPage(springLead, wantedPage(typed)!)).toBe(false);
    },
  );

  it('reads the page from flat keys, lists and the envelope too', () => {
    expect(
      pagesNamedBy(lead({ page_id: 7, delivery__page__name: 'Pricing' })).sort(),
    ).toEqual(['7', 'Pricing']);
    expect(isFromPage(lead({ landing_page: 'Pricing' }), 'pricing')).toBe(true);
  });

  it('keeps nothing for a lead that names no page', () => {
    expect(isFromPage(lead({ email: 'a@x.org' }), 'pricing')).toBe(false);
  });

  it.each([undefined, null, '', '   ', {}])('wants every page for %j', (input) => {
    expect(wantedPage(input)).toBeUndefined();
  });

  it('compares ids, names and addresses the same forgiving way', () => {
    expect(pageKey('HTTPS://WWW.Example.org/A//')).toBe('example.org/a');
  });
});
